// Written by `statemachine scxml --swift` from parallel-entry-and-exit-order.scxml.
import StateMachine

/// Converted from parallel-entry-and-exit-order.scxml by statemachine scxml, by configurations: the
/// document has a <parallel> ("p"), which superstates do not say. Each state is a configuration
/// SCXML's algorithm reaches, named by its atomic states (joined by _), whose handlers are the
/// microsteps SCXML takes there; a microstep that raises or sends events first enters a state of
/// its own (from_to_target, entering_ at the start) whose entry raises and posts them in SCXML's
/// order and whose eventless transition goes on (R33, R36, R37). The initial event scxmlStart is
/// what the listeners of the machine's start see (R34). Names made identifiers: event enter.a is
/// enter_a, event enter.a1 is enter_a1, event enter.b is enter_b, event enter.p is enter_p, event
/// exit.a is exit_a, event exit.a1 is exit_a1, event exit.b is exit_b, event exit.p is exit_p.
enum ParallelEntryAndExitOrder: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case enteringA1B
        case a1BToS1
        case a1B
        case s1
        case fail
        case s2
        case s3
        case s4
        case s5
        case s6
        case s7
        case pass
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, enterP, enterA, enterA1, enterB, exitB, exitA1, exitA, exitP
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.enteringA1B)
        runToCompletion(initialEvent: .scxmlStart)
        state(.enteringA1B) {
            onEnter(raise: .enterP, .enterA, .enterA1, .enterB)
            always { transition(to: .a1B) }
        }
        state(.a1BToS1) {
            onEnter(raise: .exitB, .exitA1, .exitA, .exitP)
            always { transition(to: .s1) }
        }
        state(.a1B) {
            on(.enterP) { transition(to: .a1BToS1) }
        }
        state(.s1) {
            on(.enterP) { transition(to: .fail) }
            on(.exitP) { transition(to: .fail) }
            on(.enterA) { transition(to: .s2) }
            on(.exitA) { transition(to: .fail) }
            on(.enterA1) { transition(to: .fail) }
            on(.exitA1) { transition(to: .fail) }
            on(.enterB) { transition(to: .fail) }
            on(.exitB) { transition(to: .fail) }
        }
        finalState(.fail)
        state(.s2) {
            on(.enterP) { transition(to: .fail) }
            on(.exitP) { transition(to: .fail) }
            on(.enterA) { transition(to: .fail) }
            on(.exitA) { transition(to: .fail) }
            on(.enterA1) { transition(to: .s3) }
            on(.exitA1) { transition(to: .fail) }
            on(.enterB) { transition(to: .fail) }
            on(.exitB) { transition(to: .fail) }
        }
        state(.s3) {
            on(.enterP) { transition(to: .fail) }
            on(.exitP) { transition(to: .fail) }
            on(.enterA) { transition(to: .fail) }
            on(.exitA) { transition(to: .fail) }
            on(.enterA1) { transition(to: .fail) }
            on(.exitA1) { transition(to: .fail) }
            on(.enterB) { transition(to: .s4) }
            on(.exitB) { transition(to: .fail) }
        }
        state(.s4) {
            on(.enterP) { transition(to: .fail) }
            on(.exitP) { transition(to: .fail) }
            on(.enterA) { transition(to: .fail) }
            on(.exitA) { transition(to: .fail) }
            on(.enterA1) { transition(to: .fail) }
            on(.exitA1) { transition(to: .fail) }
            on(.enterB) { transition(to: .fail) }
            on(.exitB) { transition(to: .s5) }
        }
        state(.s5) {
            on(.enterP) { transition(to: .fail) }
            on(.exitP) { transition(to: .fail) }
            on(.enterA) { transition(to: .fail) }
            on(.exitA) { transition(to: .fail) }
            on(.enterA1) { transition(to: .fail) }
            on(.exitA1) { transition(to: .s6) }
            on(.enterB) { transition(to: .fail) }
            on(.exitB) { transition(to: .fail) }
        }
        state(.s6) {
            on(.enterP) { transition(to: .fail) }
            on(.exitP) { transition(to: .fail) }
            on(.enterA) { transition(to: .fail) }
            on(.exitA) { transition(to: .s7) }
            on(.enterA1) { transition(to: .fail) }
            on(.exitA1) { transition(to: .fail) }
            on(.enterB) { transition(to: .fail) }
            on(.exitB) { transition(to: .fail) }
        }
        state(.s7) {
            on(.enterP) { transition(to: .fail) }
            on(.exitP) { transition(to: .pass) }
            on(.enterA) { transition(to: .fail) }
            on(.exitA) { transition(to: .fail) }
            on(.enterA1) { transition(to: .fail) }
            on(.exitA1) { transition(to: .fail) }
            on(.enterB) { transition(to: .fail) }
            on(.exitB) { transition(to: .fail) }
        }
        finalState(.pass)
    }
}
