// Ported from UndeclaredValues.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Duel {

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// `Creature`, a type the files given do not declare: the owner's, which the machine's values hold.
        associatedtype Creature: Codable, Hashable
        var attacker: Creature { get }
        var defender: Creature { get }
        var attackerFirst: Bool { get }
    }

    /// The machine, generic over the type that owns it, whose `Collaborators` conformance supplies the types above:
    /// `StateMachine(definition: Duel.Machine<Owner>.definition(owner))`.
    enum Machine<Context: Collaborators>: StateMachineBuilder {

        typealias State = DuelState
        typealias Event = DuelAction
        typealias Creature = Context.Creature

        enum DuelState: StateMachineHashable, Codable, Equatable {
            case choosing
            case fighting(first: Creature, second: Creature)

            enum HashableIdentifier: String { case choosing, fighting }
        }

        enum DuelAction: StateMachineHashable, Codable, Equatable {
            case start
            case swap
        }

        enum SideEffect: Codable, Equatable {
            case unit
        }

        /// Kotlin's `Duel.order`, ported: it reads the class's properties on `context`.
        private static func order(_ context: Context, _ a: Creature, _ b: Creature) -> (Creature, Creature) {
            if context.attackerFirst {
                return (a, b)
            } else {
                return (b, a)
            }
        }

        static func definition(_ context: Context) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.choosing)
                state(.choosing) {
                    on(.start) {
                        let ordered = order(context, context.attacker, context.defender)
                        return transition(to: .fighting(first: ordered.0, second: ordered.1))
                    }
                }
                state(.fighting) {
                    on(.swap) { state in
                        guard case let .fighting(first, second) = state else { preconditionFailure() }
                        return transition(to: .fighting(first: second, second: first))
                    }
                }
            }
        }
    }
}
