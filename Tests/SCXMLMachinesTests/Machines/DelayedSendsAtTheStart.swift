// Written by `statemachine scxml --swift` from delayed-sends-at-the-start.scxml.
import StateMachine

/// Converted from delayed-sends-at-the-start.scxml by statemachine scxml. The initial event
/// scxmlStart is what the listeners of the machine's start see (R34). Compound states are
/// superstates of the atomic states inside them (R38). A delayed send is a timer (R28) of its
/// state, which the machine leaves only by finishing, or of the whole machine for a state entered
/// only at the start.
enum DelayedSendsAtTheStart: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s0
        case s1
        case s2
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, late, early, now
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s0)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("scxmlMachine", containing: .s0, .s1, .s2) {
            after(.milliseconds(2000), send: .late)
            after(.milliseconds(1500), send: .early)
        }
        state(.s0) {
            onEnter(post: .now)
            on(.now) { transition(to: .s1) }
            on(.late) { transition(to: .fail) }
            on(.early) { transition(to: .fail) }
        }
        state(.s1) {
            on(.early) { transition(to: .s2) }
            on(.now) { transition(to: .fail) }
            on(.late) { transition(to: .fail) }
        }
        state(.s2) {
            on(.late) { transition(to: .pass) }
            on(.now) { transition(to: .fail) }
            on(.early) { transition(to: .fail) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
