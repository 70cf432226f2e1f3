// Written by `statemachine scxml --swift` from delayed-send-in-a-state-left-by-finishing.scxml.
import StateMachine

/// Converted from delayed-send-in-a-state-left-by-finishing.scxml by statemachine scxml. The
/// initial event scxmlStart is what the listeners of the machine's start see (R34). Compound states
/// are superstates of the atomic states inside them (R38). A delayed send is a timer (R28) of its
/// state, which the machine leaves only by finishing, or of the whole machine for a state entered
/// only at the start.
enum DelayedSendInAStateLeftByFinishing: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s01
        case s02
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, next, timeout
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s01)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("s0", containing: .s01, .s02) {
            onEnter(raise: .next)
            after(.milliseconds(1000), send: .timeout)
            on(.timeout) { transition(to: .fail) }
        }
        state(.s01) {
            on(.next) { transition(to: .s02) }
        }
        state(.s02) {
            always { transition(to: .pass) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
