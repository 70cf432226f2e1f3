// Written by `statemachine scxml --swift` from parallel-preemption.scxml.
import StateMachine

/// Converted from parallel-preemption.scxml by statemachine scxml, by configurations: the document
/// has a <parallel> ("p"), which superstates do not say. Each state is a configuration SCXML's
/// algorithm reaches, named by its atomic states (joined by _), whose handlers are the microsteps
/// SCXML takes there; a microstep that raises or sends events first enters a state of its own
/// (from_to_target, entering_ at the start) whose entry raises and posts them in SCXML's order and
/// whose eventless transition goes on (R33, R36, R37). The initial event scxmlStart is what the
/// listeners of the machine's start see (R34).
enum ParallelPreemption: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case enteringA1B1
        case a1B1
        case a2B1
        case fail
        case pass
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, e, check
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.enteringA1B1)
        runToCompletion(initialEvent: .scxmlStart)
        state(.enteringA1B1) {
            onEnter(raise: .e, .check)
            always { transition(to: .a1B1) }
        }
        state(.a1B1) {
            on(.e) { transition(to: .a2B1) }
            on(.check) { transition(to: .fail) }
        }
        state(.a2B1) {
            on(.e) { transition(to: .fail) }
            on(.check) { transition(to: .pass) }
        }
        finalState(.fail)
        finalState(.pass)
    }
}
