// Written by `statemachine scxml --swift` from initial-content-only-at-the-default.scxml.
import StateMachine

/// Converted from initial-content-only-at-the-default.scxml by statemachine scxml, by
/// configurations: the document has content, which superstates do not say. Each state is a
/// configuration SCXML's algorithm reaches, named by its atomic states (joined by _), whose
/// handlers are the microsteps SCXML takes there; a microstep that raises or sends events first
/// enters a state of its own (from_to_target, entering_ at the start) whose entry raises and posts
/// them in SCXML's order and whose eventless transition goes on (R33, R36, R37). The initial event
/// scxmlStart is what the listeners of the machine's start see (R34).
enum InitialContentOnlyAtTheDefault: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case enteringS1
        case s1
        case s02
        case fail
        case pass
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, jump, check, started
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.enteringS1)
        runToCompletion(initialEvent: .scxmlStart)
        state(.enteringS1) {
            onEnter(raise: .jump, .check)
            always { transition(to: .s1) }
        }
        state(.s1) {
            on(.jump) { transition(to: .s02) }
        }
        state(.s02) {
            on(.started) { transition(to: .fail) }
            on(.jump) { transition(to: .fail) }
            on(.check) { transition(to: .pass) }
        }
        finalState(.fail)
        finalState(.pass)
    }
}
