// Written by `statemachine scxml --swift` from data-counter-in-conditions.scxml.
import StateMachine

/// Converted from data-counter-in-conditions.scxml by statemachine scxml, by configurations: the
/// document has a <datamodel> ("count"), which superstates do not say. Each state is a
/// configuration SCXML's algorithm reaches, named by its atomic states (joined by _), whose
/// handlers are the microsteps SCXML takes there; a microstep that raises or sends events first
/// enters a state of its own (from_to_target, entering_ at the start) whose entry raises and posts
/// them in SCXML's order and whose eventless transition goes on (R33, R36, R37). The initial event
/// scxmlStart is what the listeners of the machine's start see (R34).
enum DataCounterInConditions: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case enteringS0(count: Int, seen: Bool)
        case s0Again(count: Int, seen: Bool)
        case s0ToS1(count: Int, seen: Bool)
        case s0ToS1_2(count: Int, seen: Bool)
        case s0(count: Int, seen: Bool)
        case s1(count: Int, seen: Bool)
        case fail
        case s2(count: Int, seen: Bool)
        case pass
        enum HashableIdentifier: String { case enteringS0, s0Again, s0ToS1, s0ToS1_2, s0, s1, fail, s2, pass }
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, tick, check, wrong
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.enteringS0(count: 0, seen: false))
        runToCompletion(initialEvent: .scxmlStart)
        state(.enteringS0) {
            onEnter(raise: .tick)
            always { state, _ in
                let count: Int = try state.count()
                let seen: Bool = try state.seen()
                return transition(to: .s0(count: count, seen: seen))
            }
        }
        state(.s0Again) {
            onEnter(raise: .tick)
            always { state, _ in
                let count: Int = try state.count()
                let seen: Bool = try state.seen()
                return transition(to: .s0(count: count, seen: seen))
            }
        }
        state(.s0ToS1) {
            onEnter(raise: .check)
            always { state, _ in
                let count: Int = try state.count()
                let seen: Bool = try state.seen()
                return transition(to: .s1(count: count, seen: seen))
            }
        }
        state(.s0ToS1_2) {
            onEnter(raise: .wrong)
            always { state, _ in
                let count: Int = try state.count()
                let seen: Bool = try state.seen()
                return transition(to: .s1(count: count, seen: seen))
            }
        }
        state(.s0) {
            on(.tick) { state in
                let count: Int = try state.count()
                let seen: Bool = try state.seen()
                if count < 3 {
                    return transition(to: .s0Again(count: count + 1, seen: seen))
                } else if count == 3 {
                    return transition(to: .s0ToS1(count: count, seen: true))
                } else {
                    return transition(to: .s0ToS1_2(count: count, seen: seen))
                }
            }
        }
        state(.s1) {
            on(.tick) { transition(to: .fail) }
            on(.check) { state in
                let count: Int = try state.count()
                let seen: Bool = try state.seen()
                if seen && count * 2 - 1 == 5 {
                    return transition(to: .s2(count: count, seen: seen))
                } else {
                    return transition(to: .fail)
                }
            }
            on(.wrong) { transition(to: .fail) }
        }
        finalState(.fail)
        state(.s2) {
            always(where: { state, _ in let count: Int = try state.count(); return count > 5 }) { transition(to: .fail) }
            always(where: { state, _ in let count: Int = try state.count(); return !(count > 5) && count == 3 }) { transition(to: .pass) }
        }
        finalState(.pass)
    }
}
