// Ported from VendingMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusVendingMachine: StateMachineBuilder {

    static let ACCEPTED_COINS: Set<Int64> = [5, 10, 20, 50, 100, 200]

    typealias State = VendingState
    typealias Event = VendingEvent
    typealias SideEffect = VendingSideEffect

    enum VendingState: StateMachineHashable, Codable, Equatable {
        case idle(stock: [Character: Int])
        case hasCredit(stock: [Character: Int], creditCents: Int64)
        case dispensing(stock: [Character: Int], slot: Character, changeCents: Int64)
        case outOfService(stock: [Character: Int], reason: String?)

        enum HashableIdentifier: String { case idle, hasCredit, dispensing, outOfService }

        var stock: [Character: Int] {
            switch self {
            case let .idle(stock): stock
            case let .hasCredit(stock, _): stock
            case let .dispensing(stock, _, _): stock
            case let .outOfService(stock, _): stock
            }
        }

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case idle(stock: [String: Int])
            case hasCredit(stock: [String: Int], creditCents: Int64)
            case dispensing(stock: [String: Int], slot: String, changeCents: Int64)
            case outOfService(stock: [String: Int], reason: String?)
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .idle(stock):
                self = .idle(
                    stock: Dictionary(uniqueKeysWithValues: try stock.map { (try character($0.key, decoder), $0.value) })
                )
            case let .hasCredit(stock, creditCents):
                self = .hasCredit(
                    stock: Dictionary(uniqueKeysWithValues: try stock.map { (try character($0.key, decoder), $0.value) }),
                    creditCents: creditCents
                )
            case let .dispensing(stock, slot, changeCents):
                self = .dispensing(
                    stock: Dictionary(uniqueKeysWithValues: try stock.map { (try character($0.key, decoder), $0.value) }),
                    slot: try character(slot, decoder),
                    changeCents: changeCents
                )
            case let .outOfService(stock, reason):
                self = .outOfService(
                    stock: Dictionary(uniqueKeysWithValues: try stock.map { (try character($0.key, decoder), $0.value) }),
                    reason: reason
                )
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .idle(stock):
                .idle(stock: Dictionary(uniqueKeysWithValues: stock.map { (String($0.key), $0.value) }))
            case let .hasCredit(stock, creditCents):
                .hasCredit(
                    stock: Dictionary(uniqueKeysWithValues: stock.map { (String($0.key), $0.value) }),
                    creditCents: creditCents
                )
            case let .dispensing(stock, slot, changeCents):
                .dispensing(
                    stock: Dictionary(uniqueKeysWithValues: stock.map { (String($0.key), $0.value) }),
                    slot: String(slot),
                    changeCents: changeCents
                )
            case let .outOfService(stock, reason):
                .outOfService(
                    stock: Dictionary(uniqueKeysWithValues: stock.map { (String($0.key), $0.value) }),
                    reason: reason
                )
            }
            try coded.encode(to: encoder)
        }
    }

    enum VendingEvent: StateMachineHashable, Codable, Equatable {
        case insertCoin(cents: Int64)
        case select(slot: Character)
        case dispensed
        case refund
        case restock(additions: [Character: Int])
        case fault(message: String?)
        case repaired

        enum HashableIdentifier: String { case insertCoin, select, dispensed, refund, restock, fault, repaired }

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case insertCoin(cents: Int64)
            case select(slot: String)
            case dispensed
            case refund
            case restock(additions: [String: Int])
            case fault(message: String?)
            case repaired
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .insertCoin(cents): self = .insertCoin(cents: cents)
            case let .select(slot): self = .select(slot: try character(slot, decoder))
            case .dispensed: self = .dispensed
            case .refund: self = .refund
            case let .restock(additions):
                self = .restock(
                    additions: Dictionary(uniqueKeysWithValues: try additions.map { (try character($0.key, decoder), $0.value) })
                )
            case let .fault(message): self = .fault(message: message)
            case .repaired: self = .repaired
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .insertCoin(cents): .insertCoin(cents: cents)
            case let .select(slot): .select(slot: String(slot))
            case .dispensed: .dispensed
            case .refund: .refund
            case let .restock(additions):
                .restock(additions: Dictionary(uniqueKeysWithValues: additions.map { (String($0.key), $0.value) }))
            case let .fault(message): .fault(message: message)
            case .repaired: .repaired
            }
            try coded.encode(to: encoder)
        }
    }

    enum VendingSideEffect: Codable, Equatable {
        case dispense(slot: Character)
        case returnCoins(cents: Int64)
        case display(text: String)

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case dispense(slot: String)
            case returnCoins(cents: Int64)
            case display(text: String)
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case let .dispense(slot): self = .dispense(slot: try character(slot, decoder))
            case let .returnCoins(cents): self = .returnCoins(cents: cents)
            case let .display(text): self = .display(text: text)
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case let .dispense(slot): .dispense(slot: String(slot))
            case let .returnCoins(cents): .returnCoins(cents: cents)
            case let .display(text): .display(text: text)
            }
            try coded.encode(to: encoder)
        }
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
        var initialStock: [Character: Int] { get }
        var prices: [Character: Int64] { get }
        var display: (String) -> Void { get }
    }

    /// Kotlin's local function `priceLabel` of `StateMachine.create { }`, ported.
    private static func priceLabel(_ context: some Collaborators, _ slot: Character) -> String {
        if let value = context.prices[slot] {
            return "\(slot): \(value / 100).\(String(repeating: "0", count: max(0, 2 - String(describing: value % 100).count)) + String(describing: value % 100))"
        } else {
            return "\(slot): --"
        }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle(stock: context.initialStock))
            state(.idle) {
                on(.insertCoin) { state, event in
                    guard case let .idle(stock) = state else { preconditionFailure() }
                    guard case let .insertCoin(cents) = event else { preconditionFailure() }
                    if ACCEPTED_COINS.contains(cents) {
                        return transition(to: .hasCredit(stock: stock, creditCents: cents))
                    } else {
                        return dontTransition(emit: .returnCoins(cents: cents))
                    }
                }
                on(.select) { _, event in
                    guard case let .select(slot) = event else { preconditionFailure() }
                    return dontTransition(emit: .display(text: priceLabel(context, slot)))
                }
                on(.restock) { state, event in
                    guard case let .idle(stock) = state else { preconditionFailure() }
                    guard case let .restock(additions) = event else { preconditionFailure() }
                    let merged = Dictionary(uniqueKeysWithValues: (Set(stock.keys).union(additions.keys)).map({ slot in (slot, (stock[slot] ?? 0) + (additions[slot] ?? 0)) }))
                    return transition(to: .idle(stock: merged))
                }
                on(.fault) { state, event in
                    guard case let .idle(stock) = state else { preconditionFailure() }
                    guard case let .fault(message) = event else { preconditionFailure() }
                    return transition(to: .outOfService(stock: stock, reason: message))
                }
            }
            state(.hasCredit) {
                on(.insertCoin) { state, event in
                    guard case let .hasCredit(stock, creditCents) = state else { preconditionFailure() }
                    guard case let .insertCoin(cents) = event else { preconditionFailure() }
                    if ACCEPTED_COINS.contains(cents) {
                        return transition(to: .hasCredit(stock: stock, creditCents: creditCents + cents))
                    } else {
                        return dontTransition(emit: .returnCoins(cents: cents))
                    }
                }
                on(.select, where: { event in
                    guard case let .select(slot) = event else { preconditionFailure() }
                    return !context.prices.keys.contains(slot)
                }) { _, event in
                    guard case let .select(slot) = event else { preconditionFailure() }
                    return dontTransition(emit: .display(text: "No such product: \(slot)"))
                }
                on(.select) { state, event in
                    guard case let .hasCredit(stock, creditCents) = state else { preconditionFailure() }
                    guard case let .select(slot) = event else { preconditionFailure() }
                    let price = context.prices[slot]!
                    let left = stock[slot] ?? 0
                    if left == 0 {
                        return dontTransition(emit: .display(text: "\(slot) is sold out"))
                    } else if creditCents < price {
                        return dontTransition(emit: .display(text: "Insert \(price - creditCents) more"))
                    } else {
                        return transition(to: .dispensing(stock: stock.merging([slot: left - 1]) { _, new in new }, slot: slot, changeCents: creditCents - price), emit: .dispense(slot: slot))
                    }
                }
                on(.eq(.refund)) { state in
                    guard case let .hasCredit(stock, creditCents) = state else { preconditionFailure() }
                    return transition(to: .idle(stock: stock), emit: .returnCoins(cents: creditCents))
                }
                on(.fault) { state, event in
                    guard case let .hasCredit(stock, creditCents) = state else { preconditionFailure() }
                    guard case let .fault(message) = event else { preconditionFailure() }
                    return transition(to: .outOfService(stock: stock, reason: message), emit: .returnCoins(cents: creditCents))
                }
            }
            state(.dispensing) {
                on(.eq(.dispensed)) { state in
                    guard case let .dispensing(stock, _, changeCents) = state else { preconditionFailure() }
                    if changeCents > 0 {
                        return transition(to: .idle(stock: stock), emit: .returnCoins(cents: changeCents))
                    } else {
                        return transition(to: .idle(stock: stock))
                    }
                }
            }
            state(.outOfService) {
                onEnter { state, _ in
                    guard case let .outOfService(_, reason) = state else { preconditionFailure() }
                    context.display("Out of service\(reason.map { ": \($0)" } ?? "")")
                }
                on(.eq(.repaired)) { state in
                    guard case let .outOfService(stock, _) = state else { preconditionFailure() }
                    return transition(to: .idle(stock: stock))
                }
                on(.insertCoin) { _, event in
                    guard case let .insertCoin(cents) = event else { preconditionFailure() }
                    return dontTransition(emit: .returnCoins(cents: cents))
                }
            }
            onTransition { result in
                if case .success(let valid) = result, case let .display(text)? = valid.sideEffect {
                    context.display(text)
                }
            }
        }
    }
}
