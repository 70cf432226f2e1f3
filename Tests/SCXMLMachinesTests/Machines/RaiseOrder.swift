// Written by `statemachine scxml --swift` from raise-order.scxml.
import StateMachine

/// Converted from raise-order.scxml by statemachine scxml. The initial event scxmlStart is what the
/// listeners of the machine's start see (R34).
enum RaiseOrder: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s0
        case s1
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, a, b
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s0)
        runToCompletion(initialEvent: .scxmlStart)
        state(.s0) {
            onEnter(raise: .a, .b)
            on(.a) { transition(to: .s1) }
            on(.b) { transition(to: .fail) }
        }
        state(.s1) {
            on(.b) { transition(to: .pass) }
            on(.a) { transition(to: .fail) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
