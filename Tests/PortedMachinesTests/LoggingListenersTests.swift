import StateMachine
import Testing

// Inputs/LoggingListeners.kt: `"text " + value`, `sideEffect?.javaClass?.simpleName` (Kotlin writes "null" for none),
// `sideEffect as Sound` once it is known not to be null, `System.out.println`, and a private function without a written
// result type; `logger.debug { "…" }` on a logger of another module, the transition handed to a member function, and
// the side effect handed to `sink::accept` and to the ported `::remember`.
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

    final class Accepted: DoorLog.Sink {
        var sounds: [DoorLog.Sound] = []
        func accept(_ sound: DoorLog.Sound) { sounds.append(sound) }
    }
    let accepted = Accepted()
    var sink: any DoorLog.Sink { accepted }

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
            "remembered Creak", "effect Creak", "creak", "audit open", "effect null", "audit closed", "effect null",
            "audit closed", "remembered Bang", "effect Bang", "bang at 12", "audit open",
        ])
        // `sideEffect?.let(sink::accept)`: only the transitions with a side effect.
        #expect(lines.accepted.sounds == [.creak, .bang(volume: 12)])
        // Kotlin's text of each value: `Kick(force=3)` for the data class; the plain objects `Closed`, `Open`, `Knob`
        // are an identity in Kotlin (`Door$Closed@1b6d3586`), their name in the port.
        #expect(lines.recorder.messages == [
            "from Closed on Knob", "from Open on Knob", "from Closed on Kick(force=3)", "from Closed on Kick(force=6)",
        ])
    }
}
