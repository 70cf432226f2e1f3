// Written by `statemachine scxml --swift` from parallel-done-when-every-region-finishes.scxml.
import StateMachine

/// Converted from parallel-done-when-every-region-finishes.scxml by statemachine scxml, by
/// configurations: the document has a <parallel> ("p"), which superstates do not say. Each state is
/// a configuration SCXML's algorithm reaches, named by its atomic states (joined by _), whose
/// handlers are the microsteps SCXML takes there; a microstep that raises or sends events first
/// enters a state of its own (from_to_target, entering_ at the start) whose entry raises and posts
/// them in SCXML's order and whose eventless transition goes on (R33, R36, R37). The initial event
/// scxmlStart is what the listeners of the machine's start see (R34). Names made identifiers: event
/// done.state is done_state, event done.state.a is done_state_a, event done.state.b is
/// done_state_b, event done.state.c is done_state_c, event done.state.p is done_state_p.
enum ParallelDoneWhenEveryRegionFinishes: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case enteringC0A1B1
        case c0A1B1ToC0AfBf
        case c0A1B1
        case c0AfBf
        case fail
        case c1A1B1ToC1AfBf
        case c1A1B1ToCfA1B1
        case c1A1B1
        case c1AfBfToCfAfBf
        case c1AfBf
        case cfA1B1ToCfAfBf
        case cfA1B1
        case cfAfBf
        case pass
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, next, doneStateA, doneStateB, doneStateC, doneStateP, doneState
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.enteringC0A1B1)
        runToCompletion(initialEvent: .scxmlStart)
        state(.enteringC0A1B1) {
            onEnter(raise: .next)
            always { transition(to: .c0A1B1) }
        }
        state(.c0A1B1ToC0AfBf) {
            onEnter(raise: .doneStateA, .doneStateB)
            always { transition(to: .c0AfBf) }
        }
        state(.c0A1B1) {
            on(.next) { transition(to: .c0A1B1ToC0AfBf) }
            on(.doneStateC) { transition(to: .fail) }
            on(.doneStateA) { transition(to: .c1A1B1) }
            on(.doneStateB) { transition(to: .fail) }
            on(.doneStateP) { transition(to: .fail) }
            on(.doneState) { transition(to: .fail) }
        }
        state(.c0AfBf) {
            on(.doneStateC) { transition(to: .fail) }
            on(.doneStateA) { transition(to: .c1AfBf) }
            on(.doneStateB) { transition(to: .fail) }
            on(.doneStateP) { transition(to: .fail) }
            on(.doneState) { transition(to: .fail) }
        }
        finalState(.fail)
        state(.c1A1B1ToC1AfBf) {
            onEnter(raise: .doneStateA, .doneStateB)
            always { transition(to: .c1AfBf) }
        }
        state(.c1A1B1ToCfA1B1) {
            onEnter(raise: .doneStateC)
            always { transition(to: .cfA1B1) }
        }
        state(.c1A1B1) {
            on(.next) { transition(to: .c1A1B1ToC1AfBf) }
            on(.doneStateC) { transition(to: .fail) }
            on(.doneStateA) { transition(to: .fail) }
            on(.doneStateB) { transition(to: .c1A1B1ToCfA1B1) }
            on(.doneStateP) { transition(to: .fail) }
            on(.doneState) { transition(to: .fail) }
        }
        state(.c1AfBfToCfAfBf) {
            onEnter(raise: .doneStateC, .doneStateP)
            always { transition(to: .cfAfBf) }
        }
        state(.c1AfBf) {
            on(.doneStateC) { transition(to: .fail) }
            on(.doneStateA) { transition(to: .fail) }
            on(.doneStateB) { transition(to: .c1AfBfToCfAfBf) }
            on(.doneStateP) { transition(to: .fail) }
            on(.doneState) { transition(to: .fail) }
        }
        state(.cfA1B1ToCfAfBf) {
            onEnter(raise: .doneStateA, .doneStateB, .doneStateP)
            always { transition(to: .cfAfBf) }
        }
        state(.cfA1B1) {
            on(.next) { transition(to: .cfA1B1ToCfAfBf) }
            on(.doneStateP) { transition(to: .pass) }
        }
        state(.cfAfBf) {
            on(.doneStateP) { transition(to: .pass) }
        }
        finalState(.pass)
    }
}
