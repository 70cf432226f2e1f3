import StateMachine
import Testing

/// Seed 001's composed machines as real tests: the hierarchical turnstile, the keyboard and the
/// generic orthogonal pair.
@Suite struct SeedCompositionTests {

    @Test func hierarchicalTurnstileDelegatesCoinsToTheFunctioningMachine() throws {
        let machine = StateMachine(definition: HierarchicalTurnstile.definition)
        #expect(try machine.transition(.insertCoin(value: 20)).sideEffect == nil)
        #expect(machine.state == .functioning(.locked(credit: 20)))
        #expect(try machine.transition(.insertCoin(value: 30)).sideEffect == .openDoors)
        #expect(machine.state == .functioning(.unlocked))
        #expect(try machine.transition(.admitPerson).sideEffect == .closeDoors)
        #expect(machine.state == .functioning(.locked(credit: 0)))
    }

    @Test func hierarchicalTurnstileReturnsToTheStateItBrokeInByHistory() throws {
        let machine = StateMachine(definition: HierarchicalTurnstile.definition)
        try machine.transition(.insertCoin(value: 20))
        try machine.transition(.machineDidFail)
        #expect(machine.state == .broken)
        #expect(throws: StateMachine<HierarchicalTurnstile.State, HierarchicalTurnstile.Event, HierarchicalTurnstile.SideEffect>.Transition.Invalid.self) {
            try machine.transition(.insertCoin(value: 10))
        }
        try machine.transition(.machineRepairDidComplete)
        #expect(machine.state == .functioning(.locked(credit: 20)))
    }

    @Test func hierarchicalTurnstileRepairedBeforeAnyFailureGoesToTheDefault() {
        let result = HierarchicalTurnstile.definition.transition(from: .broken, on: .machineRepairDidComplete)
        #expect(result.valid?.toState == .functioning(.locked(credit: 0)))
    }

    @Test func pureCoreWithHistoryRemembersTheChildState() {
        var history = StateMachineTypes.History()
        let definition = HierarchicalTurnstile.definition
        _ = definition.transition(from: .functioning(.unlocked), on: .machineDidFail, history: &history)
        let back = definition.transition(from: .broken, on: .machineRepairDidComplete, history: &history)
        #expect(back.valid?.toState == .functioning(.unlocked))
    }

    @Test func functioningTurnstileStaysUsableAlone() throws {
        let machine = StateMachine(definition: FunctioningTurnstile.definition)
        #expect(try machine.transition(.insertCoin(value: 50)).sideEffect == .openDoors)
        #expect(machine.state == .unlocked)
    }

    @Test func keyboardTypesThroughBothKeypads() throws {
        let machine = StateMachine(definition: Keyboard.definition)
        #expect(try machine.transition(.alpha("a")).sideEffect == [.alphaNumeric("a")])
        #expect(try machine.transition(.capsLock).sideEffect == [])
        #expect(try machine.transition(.alpha("a")).sideEffect == [.alphaNumeric("A")])
        #expect(try machine.transition(.number(8)).sideEffect == [.alphaNumeric("8")])
        try machine.transition(.numLock)
        #expect(try machine.transition(.number(8)).sideEffect == [.arrow(.down)])
        #expect(try machine.transition(.number(5)).sideEffect == [])
        #expect(machine.state == Keyboard(main: .capsLockOn, numeric: .numLockOff))
    }

    @Test func genericOrthogonalPairRunsBothMachines() throws {
        let definition = StateMachine<OrthogonalState<MainKeypad.State, NumericKeypad.State>, Keyboard.Key, [Keyboard.Output]>.Definition(
            orthogonal: MainKeypad.definition, events: MainKeypad.Event.init,
            and: NumericKeypad.definition, events: NumericKeypad.Event.init
        )
        let machine = StateMachine(definition: definition)
        #expect(machine.state == OrthogonalState(.capsLockOff, .numLockOn))
        try machine.transition(.capsLock)
        try machine.transition(.numLock)
        #expect(machine.state == OrthogonalState(.capsLockOn, .numLockOff))
        #expect(try machine.transition(.alpha("q")).sideEffect == [.alphaNumeric("Q")])
    }
}
