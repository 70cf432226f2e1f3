// Written by `statemachine scxml --swift` from exit-before-entry.scxml.
import StateMachine

/// Converted from exit-before-entry.scxml by statemachine scxml, by configurations: the document
/// has a <datamodel> ("attempts"), which superstates do not say. Each state is a configuration
/// SCXML's algorithm reaches, named by its atomic states (joined by _), whose handlers are the
/// microsteps SCXML takes there; a microstep that raises or sends events first enters a state of
/// its own (from_to_target, entering_ at the start) whose entry raises and posts them in SCXML's
/// order and whose eventless transition goes on (R33, R36, R37). The initial event scxmlStart is
/// what the listeners of the machine's start see (R34).
enum ExitBeforeEntry: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s0ToS1(attempts: Int)
        case s0(attempts: Int)
        case s1(attempts: Int)
        case s2(attempts: Int)
        case fail
        case pass
        enum HashableIdentifier: String { case s0ToS1, s0, s1, s2, fail, pass }
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, x, y
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s0(attempts: 0))
        runToCompletion(initialEvent: .scxmlStart)
        state(.s0ToS1) {
            onEnter(raise: .x, .y)
            always { state, _ in
                let attempts: Int = try state.attempts()
                return transition(to: .s1(attempts: attempts))
            }
        }
        state(.s0) {
            always { state, _ in
                let attempts: Int = try state.attempts()
                return transition(to: .s0ToS1(attempts: attempts))
            }
        }
        state(.s1) {
            on(.x) { state in
                let attempts: Int = try state.attempts()
                return transition(to: .s2(attempts: attempts))
            }
            on(.y) { transition(to: .fail) }
        }
        state(.s2) {
            on(.x) { transition(to: .fail) }
            on(.y) { transition(to: .pass) }
        }
        finalState(.fail)
        finalState(.pass)
    }
}
