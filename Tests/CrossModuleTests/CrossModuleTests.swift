import CrossModuleMachines
import StateMachine
import Testing

/// `public` enums defined in another module work in the DSL, through unspecialized generics.
@Suite("Public enums from another module")
struct CrossModuleTests {

    @Test func caseMatcherMatchesAnyPayloadOfAPublicEnum() throws {
        let machine = StateMachine(definition: PublicTurnstile.definition.startingIn(.locked(credit: 30)))
        let result = try machine.transition(.insertCoin(10))
        #expect(result == .init(fromState: .locked(credit: 30), event: .insertCoin(10), toState: .locked(credit: 40), sideEffect: nil))
        #expect(try machine.transition(.insertCoin(10)).sideEffect == .openDoors)
        #expect(machine.state == .unlocked)
    }

    @Test func indirectPublicCaseKeepsItsPayload() throws {
        let machine = StateMachine(definition: PublicTurnstile.definition.startingIn(.locked(credit: 20)))
        try machine.transition(.machineDidFail)
        #expect(machine.state == .broken(oldState: .locked(credit: 20)))
        try machine.transition(.machineRepairDidComplete)
        #expect(machine.state == .locked(credit: 20))
    }

    @Test func payloadAccessByLabelWorksAcrossModules() throws {
        let state = PublicTurnstile.State.locked(credit: 30)
        let credit: Int = try state.credit()
        #expect(credit == 30)
        #expect(throws: StateMachineTypes.IncorrectTypeError.self) { let _: String = try state.credit() }
        let event = PublicTurnstile.Event.insertCoin(5)
        let value: Int = try event.value()
        #expect(value == 5)
    }

    @Test func identifierOfAPublicEnumIsItsCase() {
        #expect(PublicTurnstile.State.locked(credit: 1).hashableIdentifier == .locked)
        #expect(PublicTurnstile.State.broken(oldState: .unlocked).hashableIdentifier == .broken)
        #expect(PublicLight.green.hashableIdentifier == .green)
    }

    @Test func invalidEventOnAPublicEnumCarriesStateAndEvent() {
        let machine = StateMachine(definition: PublicTurnstile.definition.startingIn(.unlocked))
        #expect(throws: StateMachine<PublicTurnstile.State, PublicTurnstile.Event, PublicTurnstile.SideEffect>.Transition.Invalid(fromState: .unlocked, event: .insertCoin(1))) {
            try machine.transition(.insertCoin(1))
        }
    }

    @Test func caseMissingFromAPublicIdentifierListStopsWithWhatToAdd() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = PublicIncomplete.broken(reason: "jam").hashableIdentifier
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("CrossModuleMachines.PublicIncomplete.HashableIdentifier has no identifier for case `broken`: add `case broken` to `enum HashableIdentifier: String { … }` inside CrossModuleMachines.PublicIncomplete."))
    }
}
