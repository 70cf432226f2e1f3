import StateMachine
import Testing

// Inputs/LoggingListeners.kt: `"text " + value`, `sideEffect?.javaClass?.simpleName` (Kotlin writes "null" for none),
// `sideEffect as Sound` once it is known not to be null, `System.out.println`, and a private function without a written
// result type; `logger.debug { "…" }` on a logger of another module, and the transition handed to a member function.
// Expectations derived by hand from the Kotlin.

private final class Lines: DoorLog.Collaborators {
    var lines: [String] = []
    var log: (String) -> Void { { [unowned self] in lines.append($0) } }

    final class Logger: DoorLog.KLogger {
        var messages: [String] = []
        func debug(_ message: @escaping () -> String) { messages.append(message()) }
    }
    let recorder = Logger()
    var logger: any DoorLog.KLogger { recorder }

    /// DoorLog's private `audit(transition)`, written again in Swift.
    func audit(_ transition: Result<StateMachine<DoorLog.State, DoorLog.Event, DoorLog.SideEffect>.Transition.Valid, any Error>) {
        if case .success(let valid) = transition { lines.append("audit \(valid.toState)") }
    }
}

@Suite struct LoggingListenersTests {
    @Test func theListenerLogsTheSideEffectsClassAndFields() throws {
        let lines = Lines()
        let machine = StateMachine(definition: DoorLog.definition(lines))
        _ = try machine.transition(.knob)
        _ = try machine.transition(.knob)
        _ = try machine.transition(.kick(force: 3))
        _ = try machine.transition(.kick(force: 6))
        #expect(lines.lines == [
            "effect Creak", "creak", "audit open", "effect null", "audit closed", "effect null", "audit closed",
            "effect Bang", "bang at 12", "audit open",
        ])
        #expect(lines.recorder.messages == [
            "from closed on knob", "from open on knob", "from closed on kick(force: 3)", "from closed on kick(force: 6)",
        ])
    }
}
