// Written by `statemachine scxml --swift` from history-shallow-deep-and-default.scxml.
import StateMachine

/// Converted from history-shallow-deep-and-default.scxml by statemachine scxml. The initial event
/// scxmlStart is what the listeners of the machine's start see (R34). Compound states are
/// superstates of the atomic states inside them (R38).
enum HistoryShallowDeepAndDefault: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case o0
        case s011
        case s012
        case s02
        case o1
        case o2
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, check0, check1, check2, first, step, go, deep, shallow
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.o0)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("s0", containing: .s011, .s012, .s02) {
            on(.check0) { transition(to: .fail) }
            on(.check1) { transition(to: .fail) }
            on(.check2) { transition(to: .fail) }
        }
        superstate("s01", containing: .s011, .s012, initial: .s011) {}
        state(.o0) {
            onEnter(raise: .first, .check0)
            on(.first, toHistoryOf: "s0", history: .shallow, default: .s02)
        }
        state(.s011) {
            onEnter(raise: .step, .go)
            on(.step) { transition(to: .s012) }
            on(.check2) { transition(to: .pass) }
        }
        state(.s012) {
            on(.go) { transition(to: .o1) }
            on(.check1) { transition(to: .o2) }
        }
        state(.s02) {
            on(.check0) { transition(to: .s011) }
        }
        state(.o1) {
            onEnter(raise: .deep, .check1)
            on(.deep, toHistoryOf: "s0", default: .s02)
        }
        state(.o2) {
            onEnter(raise: .shallow, .check2)
            on(.shallow, toHistoryOf: "s0", history: .shallow, default: .s02)
        }
        finalState(.pass)
        finalState(.fail)
    }
}
