// Ported from Pairs.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CartController: StateMachineBuilder {

    typealias State = Cart
    typealias Event = Shop
    typealias SideEffect = Receipt

    enum Cart: StateMachineHashable, Codable, Equatable {
        case empty
        case filled(items: Int, cents: Int64)

        enum HashableIdentifier: String { case empty, filled }
    }

    enum Shop: StateMachineHashable, Codable, Equatable {
        case add(cents: Int64)
        case clear
        case split(parts: Int, note: String)

        enum HashableIdentifier: String { case add, clear, split }
    }

    enum Receipt: Codable, Equatable {
        case line(text: String)
    }

    protocol Ledger {
        func write(_ entry: String, _ fields: [String: Int64])
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var ledger: any Ledger { get }
    }

    /// Kotlin's `CartController.added`, ported.
    private static func added(_ items: Int, _ cents: Int64, _ price: Int64) -> (Cart, Receipt) {
        (Cart.filled(items: items + 1, cents: cents + price), Receipt.line(text: "added \(price)"))
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.empty)
            state(.empty) {
                on(.add) { _, event in
                    guard case let .add(cents) = event else { preconditionFailure() }
                    let (next, line) = added(0, 0, cents)
                    return transition(to: next, emit: line)
                }
            }
            state(.filled) {
                on(.add) { state, event in
                    guard case let .filled(items, cents) = state else { preconditionFailure() }
                    guard case let .add(eventCents) = event else { preconditionFailure() }
                    let result = added(items, cents, eventCents)
                    return transition(to: result.0, emit: result.1)
                }
                on(.split) { state, event in
                    guard case let .filled(items, cents) = state else { preconditionFailure() }
                    guard case let .split(eventParts, eventNote) = event else { preconditionFailure() }
                    return transition(to: .filled(items: items, cents: cents / Int64(eventParts)), emit: .line(text: "\(eventNote): \(items) items in \(eventParts)"))
                }
                on(.clear) { state in
                    guard case let .filled(items, cents) = state else { preconditionFailure() }
                    let pair = (items, cents)
                    let (count, total) = pair
                    return transition(to: .empty, emit: .line(text: "cleared \(count) for \(total)"))
                }
                onEnter { state, _ in
                    guard case let .filled(items, cents) = state else { preconditionFailure() }
                    context.ledger.write("cart", ["items": Int64(items), "cents": cents])
                }
            }
        }
    }
}
