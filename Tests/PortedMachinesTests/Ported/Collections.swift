// Ported from Collections.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ShelfController: StateMachineBuilder {

    static let COINS: Set<Int64> = [5, 10, 20]

    typealias State = Shelf
    typealias Event = Visit
    typealias SideEffect = Note

    enum Shelf: StateMachineHashable, Codable, Equatable {
        case `open`(stock: [Character: Int], credit: Int64)
        case closed(stock: [Character: Int])

        enum HashableIdentifier: String { case `open`, closed }

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case `open`(stock: [String: Int], credit: Int64)
            case closed(stock: [String: Int])
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .`open`(stock, credit):
                self = .`open`(
                    stock: Dictionary(uniqueKeysWithValues: try stock.map { (try character($0.key, decoder), $0.value) }),
                    credit: credit
                )
            case let .closed(stock):
                self = .closed(
                    stock: Dictionary(uniqueKeysWithValues: try stock.map { (try character($0.key, decoder), $0.value) })
                )
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .`open`(stock, credit):
                .`open`(
                    stock: Dictionary(uniqueKeysWithValues: stock.map { (String($0.key), $0.value) }),
                    credit: credit
                )
            case let .closed(stock):
                .closed(stock: Dictionary(uniqueKeysWithValues: stock.map { (String($0.key), $0.value) }))
            }
            try coded.encode(to: encoder)
        }
    }

    enum Visit: StateMachineHashable, Codable, Equatable {
        case coin(cents: Int64)
        case pick(slot: Character)
        case rate(stars: Int)
        case restock(additions: [Character: Int])
        case close

        enum HashableIdentifier: String { case coin, pick, rate, restock, close }

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case coin(cents: Int64)
            case pick(slot: String)
            case rate(stars: Int)
            case restock(additions: [String: Int])
            case close
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .coin(cents): self = .coin(cents: cents)
            case let .pick(slot): self = .pick(slot: try character(slot, decoder))
            case let .rate(stars): self = .rate(stars: stars)
            case let .restock(additions):
                self = .restock(
                    additions: Dictionary(uniqueKeysWithValues: try additions.map { (try character($0.key, decoder), $0.value) })
                )
            case .close: self = .close
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .coin(cents): .coin(cents: cents)
            case let .pick(slot): .pick(slot: String(slot))
            case let .rate(stars): .rate(stars: stars)
            case let .restock(additions):
                .restock(additions: Dictionary(uniqueKeysWithValues: additions.map { (String($0.key), $0.value) }))
            case .close: .close
            }
            try coded.encode(to: encoder)
        }
    }

    enum Note: Codable, Equatable {
        case say(text: String)
    }

    /// A `Character` decoded from its one-character string: Swift's `Character` is not `Codable`.
    private static func character(_ text: String, _ decoder: any Decoder) throws -> Character {
        guard text.unicodeScalars.count == 1, let character = text.first else {
            let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one character, got \"\(text)\"")
            throw DecodingError.dataCorrupted(context)
        }
        return character
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var prices: [Character: Int64] { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.`open`(stock: ["a": 2, "b": 0], credit: 0))
            state(.`open`) {
                on(.coin) { state, event in
                    guard case let .`open`(stock, credit) = state else { preconditionFailure() }
                    guard case let .coin(cents) = event else { preconditionFailure() }
                    if !COINS.contains(cents) {
                        return dontTransition(emit: .say(text: "rejected \(cents)"))
                    }
                    return transition(to: .`open`(stock: stock, credit: credit + cents))
                }
                on(.pick, where: { event in
                    guard case let .pick(slot) = event else { preconditionFailure() }
                    return !context.prices.keys.contains(slot)
                }) { _, event in
                    guard case let .pick(slot) = event else { preconditionFailure() }
                    return dontTransition(emit: .say(text: "no \(slot) of \(context.prices.count)"))
                }
                on(.pick) { state, event in
                    guard case let .`open`(stock, credit) = state else { preconditionFailure() }
                    guard case let .pick(slot) = event else { preconditionFailure() }
                    let left = stock[slot] ?? 0
                    let price = context.prices[slot]!
                    if left == 0 || !stock.keys.contains(slot) {
                        return dontTransition(emit: .say(text: "sold out of \(slot)"))
                    }
                    return transition(to: .`open`(stock: stock.merging([slot: left - 1]) { _, new in new }, credit: credit - price), emit: .say(text: "\(slot): \(left - 1) left"))
                }
                on(.rate) { _, event in
                    guard case let .rate(stars) = event else { preconditionFailure() }
                    let kind = (1...5).contains(stars) ? "rated" : ((6..<10).contains(stars) ? "too kind" : "invalid")
                    return dontTransition(emit: .say(text: "\(kind) \(stars)"))
                }
                on(.restock) { state, event in
                    guard case let .`open`(stock, credit) = state else { preconditionFailure() }
                    guard case let .restock(additions) = event else { preconditionFailure() }
                    return transition(to: .`open`(stock: stock.merging(additions) { _, new in new }, credit: credit))
                }
                on(.close) { state in
                    guard case let .`open`(stock, _) = state else { preconditionFailure() }
                    let counts = stock.values
                    return transition(to: .closed(stock: stock), emit: .say(text: "closed: \(stock.keys.count) slots, \(counts.count) counts, empty \(stock.isEmpty), any \(!context.prices.isEmpty)"))
                }
            }
        }
    }
}
