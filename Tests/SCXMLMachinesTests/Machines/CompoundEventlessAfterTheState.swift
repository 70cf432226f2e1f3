// Written by `statemachine scxml --swift` from compound-eventless-after-the-state.scxml.
import StateMachine

/// Converted from compound-eventless-after-the-state.scxml by statemachine scxml. The initial event
/// scxmlStart is what the listeners of the machine's start see (R34). Compound states are
/// superstates of the atomic states inside them (R38).
enum CompoundEventlessAfterTheState: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s01
        case s02
        case s1
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, seen
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s01)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("s0", containing: .s01, .s02) {
            always { transition(to: .s1) }
        }
        state(.s01) {
            always { transition(to: .s02) }
        }
        state(.s02) {
            onEnter(raise: .seen)
        }
        state(.s1) {
            on(.seen) { transition(to: .pass) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
