// Ported from UnresolvedNamesOfCases.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Call: StateMachineBuilder {

    typealias State = CallState
    typealias Event = CallEvent

    enum CallState: StateMachineHashable, Codable, Equatable {
        case joining
        case running
        case error(error: CallError)

        enum HashableIdentifier: String { case joining, running, error }
    }

    enum CallEvent: StateMachineHashable, Codable, Equatable {
        case joined
        case hung
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    /// port: CallError is not ported; give it the fields the machine needs.
    struct CallError: Codable, Hashable {}

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// `Hung` of the Kotlin (line 25), which the files given do not declare.
        var hung: CallError { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.joining)
            state(.joining) {
                on(.joined) { transition(to: .running) }
                on(.hung) { transition(to: .error(error: context.hung)) }
            }
            state(.running) {
                on(.hung) { transition(to: .joining) }
            }
        }
    }
}
