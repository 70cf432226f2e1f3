import StateMachine
import Testing

/// The Swift DSL code `statemachine scxml --swift` writes for the documents of Tests/SCXML/pass
/// (Machines/, kept equal to the converter's output by scripts/test-scxml), compiled and run: each
/// machine, made on a manual clock that then advances by an hour (firing its delayed events),
/// ends in its `pass` state, as the fixture of the same document does on both runtimes.
@Suite struct SCXMLMachinesTests {
    static func end<State, Event>(of definition: StateMachine<State, Event, Never>.Definition) -> State {
        let clock = ManualClock()
        let machine = StateMachine(definition: definition, clock: clock)
        clock.advance(by: .seconds(3600))
        return machine.state
    }

    @Test func ancestorTargetReenters() { #expect(Self.end(of: AncestorTargetReenters.definition) == .pass) }
    @Test func compoundDoneAndInitial() { #expect(Self.end(of: CompoundDoneAndInitial.definition) == .pass) }
    @Test func compoundEntryAndExitOrder() { #expect(Self.end(of: CompoundEntryAndExitOrder.definition) == .pass) }
    @Test func compoundEventlessAfterTheState() { #expect(Self.end(of: CompoundEventlessAfterTheState.definition) == .pass) }
    @Test func compoundExternalReenters() { #expect(Self.end(of: CompoundExternalReenters.definition) == .pass) }
    @Test func compoundInternalStays() { #expect(Self.end(of: CompoundInternalStays.definition) == .pass) }
    @Test func dataCounterInConditions() { #expect(Self.end(of: DataCounterInConditions.definition) == .pass) }
    @Test func delayedSendInAStateLeftByFinishing() { #expect(Self.end(of: DelayedSendInAStateLeftByFinishing.definition) == .pass) }
    @Test func delayedSendsAtTheStart() { #expect(Self.end(of: DelayedSendsAtTheStart.definition) == .pass) }
    @Test func descriptors() { #expect(Self.end(of: Descriptors.definition) == .pass) }
    @Test func eventlessBeforeRaised() { #expect(Self.end(of: EventlessBeforeRaised.definition) == .pass) }
    @Test func exitBeforeEntry() { #expect(Self.end(of: ExitBeforeEntry.definition) == .pass) }
    @Test func historyShallowDeepAndDefault() { #expect(Self.end(of: HistoryShallowDeepAndDefault.definition) == .pass) }
    @Test func inConditionsInEntryAndExit() { #expect(Self.end(of: InConditionsInEntryAndExit.definition) == .pass) }
    @Test func initialContentOnlyAtTheDefault() { #expect(Self.end(of: InitialContentOnlyAtTheDefault.definition) == .pass) }
    @Test func internalIntoANestedState() { #expect(Self.end(of: InternalIntoANestedState.definition) == .pass) }
    @Test func parallelDoneWhenEveryRegionFinishes() { #expect(Self.end(of: ParallelDoneWhenEveryRegionFinishes.definition) == .pass) }
    @Test func parallelEntryAndExitOrder() { #expect(Self.end(of: ParallelEntryAndExitOrder.definition) == .pass) }
    @Test func parallelInConditions() { #expect(Self.end(of: ParallelInConditions.definition) == .pass) }
    @Test func parallelPreemption() { #expect(Self.end(of: ParallelPreemption.definition) == .pass) }
    @Test func raiseOrder() { #expect(Self.end(of: RaiseOrder.definition) == .pass) }
    @Test func sendWaitsForRaise() { #expect(Self.end(of: SendWaitsForRaise.definition) == .pass) }
    @Test func targetlessExitsNothing() { #expect(Self.end(of: TargetlessExitsNothing.definition) == .pass) }
    @Test func transitionContentAndSeveralTargets() { #expect(Self.end(of: TransitionContentAndSeveralTargets.definition) == .pass) }
}
