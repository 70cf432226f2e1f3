import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/InvalidTransitionListeners.kt: listeners reading `it.fromState` and `it.event` where the
// transition may be invalid; a function-typed parameter called with `invoke`; `++validCount` used as a value. The values
// are written as Swift writes them.

private final class Lines: TapController.Collaborators {
    var lines: [String] = []
    var notified: [String] = []
    var validCount = 0
    var notify: (String) -> Void { { [unowned self] in notified.append($0) } }
    func record(_ line: String) { lines.append(line) }
}

/// Values are written as Kotlin writes them: `Open(litres=3)` for a data class; the plain object `Idle` is an identity
/// in Kotlin (`Tap$Idle@1b6d3586`), its name in the port.
@Suite struct InvalidTransitionListenerTests {
    @Test func everyListenerReadsTheValidTransition() throws {
        let owner = Lines()
        let machine = StateMachine(definition: TapController.definition(owner))
        try machine.transition(.open(litres: 3))
        #expect(owner.lines == [
            "any: Open(litres=3) in Idle",
            "when: valid Open(litres=3)",
            "if: valid Running(litres=3)",
            "guard: valid Idle",
            "null check: valid Running(litres=3), 1 so far",
        ])
        #expect(owner.validCount == 1)
    }

    @Test func everyListenerReadsTheInvalidTransitionsStateAndEvent() throws {
        let owner = Lines()
        let machine = StateMachine(definition: TapController.definition(owner))
        try machine.transition(.open(litres: 3))
        owner.lines.removeAll()
        _ = machine.tryTransition(.open(litres: 1))
        #expect(owner.lines == [
            "any: Open(litres=1) in Running(litres=3)",
            "when: invalid Open(litres=1) in Running(litres=3)",
            "if: invalid Open(litres=1)",
            "guard: invalid Open(litres=1) in Running(litres=3)",
            "null check: invalid Open(litres=1)",
        ])
        // The invalid transition leaves the count where the valid one put it.
        #expect(owner.validCount == 1)
    }

    @Test func theCountGrowsWithEveryValidTransitionAndTheParameterIsCalledOnEnteringIdle() throws {
        let owner = Lines()
        let machine = StateMachine(definition: TapController.definition(owner))
        try machine.transition(.open(litres: 3))
        #expect(owner.notified.isEmpty)
        try machine.transition(.close)
        #expect(owner.notified == ["idle again"])
        try machine.transition(.open(litres: 2))
        #expect(owner.lines.last == "null check: valid Running(litres=2), 3 so far")
        #expect(owner.validCount == 3)
    }

    /// Kotlin throws `Missing definition for state` to the sender and calls no listener.
    @Test func noListenerRecordsAnErrorThatIsNotAnInvalidTransition() throws {
        let owner = Lines()
        let machine = StateMachine(definition: TapController.definition(owner))
        try machine.transition(.open(litres: 3))
        try machine.transition(.break)
        owner.lines.removeAll()
        let outcome = machine.tryTransition(.close)
        #expect(outcome.error != nil)
        #expect(owner.lines.isEmpty)
    }
}
