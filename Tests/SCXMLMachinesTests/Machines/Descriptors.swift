// Written by `statemachine scxml --swift` from descriptors.scxml.
import StateMachine

/// Converted from descriptors.scxml by statemachine scxml. The initial event scxmlStart is what the
/// listeners of the machine's start see (R34). Names made identifiers: event error.send is
/// error_send, event error.send.x is error_send_x.
enum Descriptors: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s0
        case s1
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, errorSendX, errors, errorSend, error, other
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s0)
        runToCompletion(initialEvent: .scxmlStart)
        state(.s0) {
            onEnter(raise: .errorSendX, .errors)
            on(.errorSendX) { transition(to: .s1) }
            on(.errorSend) { transition(to: .s1) }
            on(.errors) { transition(to: .fail) }
            on(.error) { transition(to: .fail) }
            on(.other) { transition(to: .fail) }
        }
        state(.s1) {
            on(.errorSendX) { transition(to: .fail) }
            on(.errorSend) { transition(to: .fail) }
            on(.error) { transition(to: .fail) }
            on(.errors) { transition(to: .pass) }
            on(.other) { transition(to: .pass) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
