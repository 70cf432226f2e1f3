// Written by `statemachine scxml --swift` from ancestor-target-reenters.scxml.
import StateMachine

/// Converted from ancestor-target-reenters.scxml by statemachine scxml, by configurations: the
/// document has content, which superstates do not say. Each state is a configuration SCXML's
/// algorithm reaches, named by its atomic states (joined by _), whose handlers are the microsteps
/// SCXML takes there; a microstep that raises or sends events first enters a state of its own
/// (from_to_target, entering_ at the start) whose entry raises and posts them in SCXML's order and
/// whose eventless transition goes on (R33, R36, R37). The initial event scxmlStart is what the
/// listeners of the machine's start see (R34). Names made identifiers: event left.s0 is left_s0.
enum AncestorTargetReenters: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case enteringS02
        case s02ToS01
        case s02
        case s01
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, again, leftS0
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.enteringS02)
        runToCompletion(initialEvent: .scxmlStart)
        state(.enteringS02) {
            onEnter(raise: .again)
            always { transition(to: .s02) }
        }
        state(.s02ToS01) {
            onEnter(raise: .leftS0)
            always { transition(to: .s01) }
        }
        state(.s02) {
            on(.again) { transition(to: .s02ToS01) }
        }
        state(.s01) {
            on(.leftS0) { transition(to: .pass) }
            on(.again) { transition(to: .fail) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
