// Written by `statemachine scxml --swift` from transition-content-and-several-targets.scxml.
import StateMachine

/// Converted from transition-content-and-several-targets.scxml by statemachine scxml, by
/// configurations: the document has a <parallel> ("p"), which superstates do not say. Each state is
/// a configuration SCXML's algorithm reaches, named by its atomic states (joined by _), whose
/// handlers are the microsteps SCXML takes there; a microstep that raises or sends events first
/// enters a state of its own (from_to_target, entering_ at the start) whose entry raises and posts
/// them in SCXML's order and whose eventless transition goes on (R33, R36, R37). The initial event
/// scxmlStart is what the listeners of the machine's start see (R34).
enum TransitionContentAndSeveralTargets: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s0ToA2B2
        case s0
        case a2B2
        case s1
        case fail
        case s2
        case s3
        case s4
        case pass
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, one, two, three, four, five, wrong
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s0)
        runToCompletion(initialEvent: .scxmlStart)
        state(.s0ToA2B2) {
            onEnter(raise: .one, .two, .three, .four, .five)
            always { transition(to: .a2B2) }
        }
        state(.s0) {
            always { transition(to: .s0ToA2B2) }
        }
        state(.a2B2) {
            on(.one) { transition(to: .s1) }
            on(.three) { transition(to: .fail) }
            on(.wrong) { transition(to: .fail) }
            on(.four) { transition(to: .fail) }
            on(.five) { transition(to: .fail) }
            on(.two) { transition(to: .fail) }
        }
        state(.s1) {
            on(.one) { transition(to: .fail) }
            on(.three) { transition(to: .fail) }
            on(.wrong) { transition(to: .fail) }
            on(.four) { transition(to: .fail) }
            on(.five) { transition(to: .fail) }
            on(.two) { transition(to: .s2) }
        }
        finalState(.fail)
        state(.s2) {
            on(.one) { transition(to: .fail) }
            on(.three) { transition(to: .s3) }
            on(.wrong) { transition(to: .fail) }
            on(.four) { transition(to: .fail) }
            on(.five) { transition(to: .fail) }
            on(.two) { transition(to: .fail) }
        }
        state(.s3) {
            on(.one) { transition(to: .fail) }
            on(.three) { transition(to: .fail) }
            on(.wrong) { transition(to: .fail) }
            on(.four) { transition(to: .s4) }
            on(.five) { transition(to: .fail) }
            on(.two) { transition(to: .fail) }
        }
        state(.s4) {
            on(.one) { transition(to: .fail) }
            on(.three) { transition(to: .fail) }
            on(.wrong) { transition(to: .fail) }
            on(.four) { transition(to: .fail) }
            on(.five) { transition(to: .pass) }
            on(.two) { transition(to: .fail) }
        }
        finalState(.pass)
    }
}
