import StateMachine
import Testing

// Inputs/LoggingListeners.kt: `"text " + value`, `sideEffect?.javaClass?.simpleName` (Kotlin writes "null" for none),
// `sideEffect as Sound` once it is known not to be null, `System.out.println`, and a private function without a written
// result type. Expectations derived by hand from the Kotlin.

private final class Lines: DoorLog.Collaborators {
    var lines: [String] = []
    var log: (String) -> Void { { [unowned self] in lines.append($0) } }

    /// DoorLog's private `loud(force) = force > 5`, whose result the port tells from its expression: `Bool`.
    func loud(_ force: Int) -> Bool { force > 5 }
}

@Suite struct LoggingListenersTests {
    @Test func theListenerLogsTheSideEffectsClassAndFields() throws {
        let lines = Lines()
        let machine = StateMachine(definition: DoorLog.definition(lines))
        _ = try machine.transition(.knob)
        _ = try machine.transition(.knob)
        _ = try machine.transition(.kick(force: 3))
        _ = try machine.transition(.kick(force: 6))
        #expect(lines.lines == ["effect Creak", "creak", "effect null", "effect null", "effect Bang", "bang at 12"])
    }
}
