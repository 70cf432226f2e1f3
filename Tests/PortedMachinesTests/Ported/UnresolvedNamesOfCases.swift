// Ported from UnresolvedNamesOfCases.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Call {

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// `CallError` (Kotlin line 12 of UnresolvedNamesOfCases.kt), a type the files given do not declare: the owner's, which the machine's values hold.
        associatedtype CallError: Codable, Hashable
        /// `Hung` of the Kotlin (line 25), which the files given do not declare.
        var hung: CallError { get }
    }

    /// The machine, generic over the type that owns it, whose `Collaborators` conformance supplies the types above:
    /// `StateMachine(definition: Call.Machine<Owner>.definition(owner))`.
    enum Machine<Context: Collaborators>: StateMachineBuilder {

        typealias State = CallState
        typealias Event = CallEvent
        typealias CallError = Context.CallError

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

        static func definition(_ context: Context) -> StateMachine<State, Event, SideEffect>.Definition {
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
}
