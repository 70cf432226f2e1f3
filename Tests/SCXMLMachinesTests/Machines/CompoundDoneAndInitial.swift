// Written by `statemachine scxml --swift` from compound-done-and-initial.scxml.
import StateMachine

/// Converted from compound-done-and-initial.scxml by statemachine scxml. The initial event
/// scxmlStart is what the listeners of the machine's start see (R34). Compound states are
/// superstates of the atomic states inside them (R38). Names made identifiers: event done.state.s0
/// is done_state_s0.
enum CompoundDoneAndInitial: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s01
        case s02
        case s03
        case last
        case s0done
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, p, i, doneStateS0, lastEntered, c
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s01)
        runToCompletion(initialEvent: .scxmlStart)
        superstate("outer", containing: .s01, .s02, .s03, .last) {
            onEnter(raise: .p, .i)
            on(.doneStateS0) { transition(to: .fail) }
            on(.lastEntered) { transition(to: .s0done) }
        }
        state(.s01) {
            onEnter(raise: .c)
            on(.p) { transition(to: .s02) }
        }
        state(.s02) {
            on(.i) { transition(to: .s03) }
        }
        state(.s03) {
            on(.c) { transition(to: .last) }
        }
        state(.last) {
            onEnter(raise: .lastEntered, .doneStateS0)
        }
        state(.s0done) {
            on(.doneStateS0) { transition(to: .pass) }
            on(.p) { transition(to: .fail) }
            on(.i) { transition(to: .fail) }
            on(.c) { transition(to: .fail) }
            on(.lastEntered) { transition(to: .fail) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
