// Written by `statemachine scxml --swift` from internal-into-a-nested-state.scxml.
import StateMachine

/// Converted from internal-into-a-nested-state.scxml by statemachine scxml, by configurations: the
/// document has content, which superstates do not say. Each state is a configuration SCXML's
/// algorithm reaches, named by its atomic states (joined by _), whose handlers are the microsteps
/// SCXML takes there; a microstep that raises or sends events first enters a state of its own
/// (from_to_target, entering_ at the start) whose entry raises and posts them in SCXML's order and
/// whose eventless transition goes on (R33, R36, R37). The initial event scxmlStart is what the
/// listeners of the machine's start see (R34). Names made identifiers: event entered.s02 is
/// entered_s02, event left.s0 is left_s0, event left.s02 is left_s02.
enum InternalIntoANestedState: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case enteringS022
        case s022ToS021
        case s022
        case s021
        case fail
        case s023
        case pass
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, enteredS02, deeper, leftS02, leftS0
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.enteringS022)
        runToCompletion(initialEvent: .scxmlStart)
        state(.enteringS022) {
            onEnter(raise: .enteredS02, .deeper)
            always { transition(to: .s022) }
        }
        state(.s022ToS021) {
            onEnter(raise: .leftS02, .enteredS02)
            always { transition(to: .s021) }
        }
        state(.s022) {
            on(.deeper) { transition(to: .s022ToS021) }
        }
        state(.s021) {
            on(.leftS0) { transition(to: .fail) }
            on(.enteredS02) { transition(to: .fail) }
            on(.leftS02) { transition(to: .s023) }
            on(.deeper) { transition(to: .fail) }
        }
        finalState(.fail)
        state(.s023) {
            on(.leftS0) { transition(to: .fail) }
            on(.enteredS02) { transition(to: .pass) }
            on(.leftS02) { transition(to: .fail) }
            on(.deeper) { transition(to: .fail) }
        }
        finalState(.pass)
    }
}
