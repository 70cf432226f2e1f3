// Ported from InvokedCollaborator.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum GuessMachine {

    static let hint = "collie"

    /// Not declared in the files given: what the handlers call on it.
    protocol ValidateGuess<Breed> {
        associatedtype Breed
        func callAsFunction(_ p1: String, _ p2: Breed) -> Bool
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// `Breed` (Kotlin line 13 of InvokedCollaborator.kt), a type the files given do not declare: the owner's, which the machine's values hold.
        associatedtype Breed: Codable, Hashable
        var validateGuess: any ValidateGuess<Breed> { get }
    }

    /// The machine, generic over the type that owns it, whose `Collaborators` conformance supplies the types above:
    /// `StateMachine(definition: GuessMachine.Machine<Owner>.definition(owner))`.
    enum Machine<Context: Collaborators>: StateMachineBuilder {

        typealias State = GuessState
        typealias Event = GuessEvent
        typealias SideEffect = GuessEffect
        typealias Breed = Context.Breed

        enum GuessState: StateMachineHashable, Codable, Equatable {
            case waiting
            case shown(breed: Breed)
            case right

            enum HashableIdentifier: String { case waiting, shown, right }
        }

        enum GuessEvent: StateMachineHashable, Codable, Equatable {
            case show(breed: Breed)
            case guess(name: String)

            enum HashableIdentifier: String { case show, guess }
        }

        enum GuessEffect: Codable, Equatable {
            case wrong
        }

        static func definition(_ context: Context) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.waiting)
                state(.waiting) {
                    on(.show) { _, event in
                        guard case let .show(breed) = event else { preconditionFailure() }
                        return transition(to: .shown(breed: breed))
                    }
                }
                state(.shown) {
                    on(.guess) { state, event in
                        guard case let .shown(breed) = state else { preconditionFailure() }
                        guard case let .guess(name) = event else { preconditionFailure() }
                        if context.validateGuess(name, breed) {
                            return transition(to: .right)
                        } else {
                            return dontTransition(emit: .wrong)
                        }
                    }
                }
            }
        }
    }
}
