import StateMachine
import Testing

/// Seeds 000 and 001: the definition is a value and `transition(from:on:)` is a pure function,
/// so machine logic is tested without a machine, listeners or mocks.
@Suite struct PureCoreTests {

    @Test func pureTransitionComputesWithoutMutatingAnything() {
        let definition = Matter.definition
        let outcome = definition.transition(from: .solid, on: .melt)
        #expect(outcome.valid?.toState == .liquid)
        #expect(outcome.valid?.sideEffect == .logMelted)
        // Same inputs, same output; the definition did not move.
        #expect(definition.transition(from: .solid, on: .melt).valid?.toState == .liquid)
        #expect(definition.initialState == .solid)
    }

    @Test func pureTransitionReportsInvalidEvents() {
        let outcome = Matter.definition.transition(from: .solid, on: .freeze)
        #expect(outcome.invalid?.fromState == .solid)
        #expect(outcome.invalid?.event == .freeze)
    }

    @Test func pureTransitionRunsNoListeners() {
        let log = CallLog()
        let definition = StateMachine<Matter.State, Matter.Event, Matter.SideEffect>.Definition {
            Matter.initialState(.solid)
            Matter.state(.solid) {
                Matter.onExit { _, _ in log.append("exit") }
                Matter.on(.melt) { Matter.transition(to: .liquid) }
            }
            Matter.onTransition { _ in log.append("transition") }
        }
        _ = definition.transition(from: .solid, on: .melt)
        #expect(log.calls.isEmpty)
        _ = try? StateMachine(definition: definition).transition(.melt)
        #expect(log.calls == ["transition", "exit"])
    }

    @Test func turnstileWithCreditLogicIsTestedWithoutHardware() {
        let definition = TinderTurnstile.definition
        #expect(definition.transition(from: .locked(credit: 20), on: .insertCoin(20)).valid?.toState == .locked(credit: 40))
        #expect(definition.transition(from: .locked(credit: 40), on: .insertCoin(20)).valid?.sideEffect == .openDoors)
        #expect(definition.transition(from: .broken(oldState: .locked(credit: 40)), on: .machineRepairDidComplete).valid?.toState == .locked(credit: 40))
    }

    @Test func machinesFromOneDefinitionShareItAndStayIndependent() throws {
        let first = StateMachine(definition: Matter.definition)
        let second = StateMachine(definition: Matter.definition)
        try first.transition(.melt)
        #expect(first.state == .liquid)
        #expect(second.state == .solid)
    }
}
