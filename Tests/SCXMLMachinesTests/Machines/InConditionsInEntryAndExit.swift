// Written by `statemachine scxml --swift` from in-conditions-in-entry-and-exit.scxml.
import StateMachine

/// Converted from in-conditions-in-entry-and-exit.scxml by statemachine scxml. The initial event
/// scxmlStart is what the listeners of the machine's start see (R34). Compound states are
/// superstates of the atomic states inside them (R38).
enum InConditionsInEntryAndExit: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s011
        case s02
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, bad1, bad2, ok1, ok2
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s011)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("s0", containing: .s011, .s02) {
            on(.bad1) { transition(to: .fail) }
            on(.bad2) { transition(to: .fail) }
        }
        superstate("s01", containing: .s011) {
            onEnter(raise: .ok1)
            onExit(raise: .ok2)
        }
        state(.s011) {
            on(.ok1) { transition(to: .s02) }
        }
        state(.s02) {
            on(.ok2) { transition(to: .pass) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
