// Written by `statemachine scxml --swift` from compound-internal-stays.scxml.
import StateMachine

/// Converted from compound-internal-stays.scxml by statemachine scxml. The initial event scxmlStart
/// is what the listeners of the machine's start see (R34). Compound states are superstates of the
/// atomic states inside them (R38).
enum CompoundInternalStays: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s01
        case s01b
        case s02
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, e0, x0, step, done
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s01)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("s0", containing: .s01, .s01b, .s02) {
            onEnter(raise: .e0)
            onExit(raise: .x0)
            on(.step) { transition(to: .s02) }
        }
        state(.s01) {
            on(.e0) { transition(to: .s01b) }
        }
        state(.s01b) {
            onEnter(raise: .step)
        }
        state(.s02) {
            onEnter(raise: .done)
            on(.done) { transition(to: .pass) }
            on(.e0) { transition(to: .fail) }
            on(.x0) { transition(to: .fail) }
            on(.step) { transition(to: .fail) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
