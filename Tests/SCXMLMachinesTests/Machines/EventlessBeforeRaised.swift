// Written by `statemachine scxml --swift` from eventless-before-raised.scxml.
import StateMachine

/// Converted from eventless-before-raised.scxml by statemachine scxml. The initial event scxmlStart
/// is what the listeners of the machine's start see (R34).
enum EventlessBeforeRaised: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s0
        case s1
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, e
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s0)
        runToCompletion(initialEvent: .scxmlStart)
        state(.s0) {
            onEnter(raise: .e)
            on(.e) { transition(to: .fail) }
            always { transition(to: .s1) }
        }
        state(.s1) {
            on(.e) { transition(to: .pass) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
