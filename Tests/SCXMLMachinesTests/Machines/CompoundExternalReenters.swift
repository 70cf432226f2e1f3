// Written by `statemachine scxml --swift` from compound-external-reenters.scxml.
import StateMachine

/// Converted from compound-external-reenters.scxml by statemachine scxml. The initial event
/// scxmlStart is what the listeners of the machine's start see (R34). Compound states are
/// superstates of the atomic states inside them (R38).
enum CompoundExternalReenters: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s01
        case s02
        case s03
        case pass
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, e0, x0, go
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s01)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("s0", containing: .s01, .s02, .s03) {
            onEnter(raise: .e0)
            onExit(raise: .x0)
            on(.go, reenter: true) { transition(to: .s01) }
        }
        state(.s01) {
            on(.e0) { transition(to: .s02) }
            on(.x0) { transition(to: .s03) }
        }
        state(.s02) {
            onEnter(raise: .go)
        }
        state(.s03) {
            on(.e0) { transition(to: .pass) }
        }
        finalState(.pass)
    }
}
