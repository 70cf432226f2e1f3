// Written by `statemachine scxml --swift` from send-waits-for-raise.scxml.
import StateMachine

/// Converted from send-waits-for-raise.scxml by statemachine scxml. The initial event scxmlStart is
/// what the listeners of the machine's start see (R34).
enum SendWaitsForRaise: StateMachineBuilder {
    enum State: StateMachineHashable, Equatable, Sendable {
        case s0
        case s1
        case s2
        case s3
        case s4
        case pass
        case fail
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case scxmlStart, a, b, ext, ext2
    }

    typealias SideEffect = Never

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.s0)
        runToCompletion(initialEvent: .scxmlStart)
        state(.s0) {
            onEnter(raise: .a, .b)
            onEnter(post: .ext)
            on(.a) { transition(to: .s1) }
            on(.b) { transition(to: .fail) }
            on(.ext) { transition(to: .fail) }
            on(.ext2) { transition(to: .fail) }
        }
        state(.s1) {
            onExit(post: .ext2)
            on(.b) { transition(to: .s2) }
            on(.a) { transition(to: .fail) }
            on(.ext) { transition(to: .fail) }
            on(.ext2) { transition(to: .fail) }
        }
        state(.s2) {
            always { transition(to: .s3) }
        }
        state(.s3) {
            on(.ext) { transition(to: .s4) }
            on(.a) { transition(to: .fail) }
            on(.b) { transition(to: .fail) }
            on(.ext2) { transition(to: .fail) }
        }
        state(.s4) {
            on(.ext2) { transition(to: .pass) }
            on(.a) { transition(to: .fail) }
            on(.b) { transition(to: .fail) }
            on(.ext) { transition(to: .fail) }
        }
        finalState(.pass)
        finalState(.fail)
    }
}
