// Ported from UndeclaredTypeMethods.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Orders: StateMachineBuilder {

    typealias State = Order
    typealias Event = OrderEvent

    enum Order: StateMachineHashable, Codable, Equatable {
        case draft
        case held(status: OrderStatus)
        case shipped

        enum HashableIdentifier: String { case draft, held, shipped }
    }

    enum OrderEvent: StateMachineHashable, Codable, Equatable {
        case hold
        case resume
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    /// port: OrderStatus is not declared in the files given; these are the constants the machine uses.
    enum OrderStatus: Codable, Hashable {
        case draft
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// `isFinal()` of OrderStatus (Kotlin line 28), a type the files given do not declare.
        func isFinal(_ orderStatus: OrderStatus) -> Bool
        /// `toOrder()` of OrderStatus (Kotlin line 28), a type the files given do not declare.
        func toOrder(_ orderStatus: OrderStatus) -> Order
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.draft)
            state(.draft) {
                on(.hold) { transition(to: .held(status: OrderStatus.draft)) }
            }
            state(.held) {
                on(.resume) { state in
                    guard case let .held(status) = state else { preconditionFailure() }
                    if context.isFinal(status) {
                        return transition(to: .shipped)
                    } else {
                        return transition(to: context.toOrder(status))
                    }
                }
            }
        }
    }
}
