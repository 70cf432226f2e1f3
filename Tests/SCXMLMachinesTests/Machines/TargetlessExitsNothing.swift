// Written by `statemachine scxml --swift` from targetless-exits-nothing.scxml.
import StateMachine

/// Converted from targetless-exits-nothing.scxml by statemachine scxml. The initial event
/// scxmlStart is what the listeners of the machine's start see (R34).
enum TargetlessExitsNothing: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s0
        case s1
        case s2
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, a, b, exited, done
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s0)
        runToCompletion(initialEvent: .scxmlStart)
        state(.s0) {
            onEnter(raise: .a, .b)
            onExit(raise: .exited)
            on(.a) { stay() }
            on(.b) { transition(to: .s1) }
            on(.exited) { transition(to: .fail) }
            on(.done) { transition(to: .fail) }
        }
        state(.s1) {
            on(.exited) { transition(to: .s2) }
            on(.a) { transition(to: .fail) }
            on(.b) { transition(to: .fail) }
            on(.done) { transition(to: .fail) }
        }
        state(.s2) {
            onEnter(raise: .done)
            on(.done) { transition(to: .pass) }
            on(.a) { transition(to: .fail) }
            on(.b) { transition(to: .fail) }
            on(.exited) { transition(to: .fail) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
