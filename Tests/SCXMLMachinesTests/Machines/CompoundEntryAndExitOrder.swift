// Written by `statemachine scxml --swift` from compound-entry-and-exit-order.scxml.
import StateMachine

/// Converted from compound-entry-and-exit-order.scxml by statemachine scxml. The initial event
/// scxmlStart is what the listeners of the machine's start see (R34). Compound states are
/// superstates of the atomic states inside them (R38).
enum CompoundEntryAndExitOrder: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s01
        case s01b
        case s02
        case s1
        case s2
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, a, d, b, out, c
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s01)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("s0", containing: .s01, .s01b, .s02) {
            onEnter(raise: .a)
            onExit(raise: .d)
        }
        state(.s01) {
            onEnter(raise: .b)
            on(.a) { transition(to: .s01b) }
            on(.d) { transition(to: .fail) }
            on(.b) { transition(to: .fail) }
            on(.out) { transition(to: .fail) }
            on(.c) { transition(to: .fail) }
        }
        state(.s01b) {
            on(.b) { transition(to: .s02) }
            on(.a) { transition(to: .fail) }
            on(.d) { transition(to: .fail) }
            on(.out) { transition(to: .fail) }
            on(.c) { transition(to: .fail) }
        }
        state(.s02) {
            onEnter(raise: .out)
            onExit(raise: .c)
            on(.out) { transition(to: .s1) }
        }
        state(.s1) {
            on(.c) { transition(to: .s2) }
            on(.a) { transition(to: .fail) }
            on(.d) { transition(to: .fail) }
            on(.b) { transition(to: .fail) }
            on(.out) { transition(to: .fail) }
        }
        state(.s2) {
            on(.d) { transition(to: .pass) }
            on(.a) { transition(to: .fail) }
            on(.b) { transition(to: .fail) }
            on(.out) { transition(to: .fail) }
            on(.c) { transition(to: .fail) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
