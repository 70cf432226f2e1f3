// Ported from VendingMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusVendingMachine: StateMachineBuilder {

    static let ACCEPTED_COINS = [5, 10, 20, 50, 100, 200]

    typealias State = VendingState
    typealias Event = VendingEvent
    typealias SideEffect = VendingSideEffect

    enum VendingState: StateMachineHashable, Equatable {
        case idle(stock: [Character: Int])
        case hasCredit(stock: [Character: Int], creditCents: Int64)
        case dispensing(stock: [Character: Int], slot: Character, changeCents: Int64)
        case outOfService(stock: [Character: Int], reason: String?)

        enum HashableIdentifier: String { case idle, hasCredit, dispensing, outOfService }
    }

    enum VendingEvent: StateMachineHashable, Equatable {
        case insertCoin(cents: Int64)
        case select(slot: Character)
        case dispensed
        case refund
        case restock(additions: [Character: Int])
        case fault(message: String?)
        case repaired

        enum HashableIdentifier: String { case insertCoin, select, dispensed, refund, restock, fault, repaired }
    }

    enum VendingSideEffect: Equatable {
        case dispense(slot: Character)
        case returnCoins(cents: Int64)
        case display(text: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var initialStock: [Character: Int] { get }
        func priceLabel(_ slot: Character) -> String
        var prices: [Character: Int64] { get }
        var display: (String) -> Void { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle(stock: context.initialStock))
            // port: not ported, Kotlin line 39:
            // fun priceLabel(slot: Char): String = prices[slot]?.let { "$slot: ${it / 100}.${(it % 100).toString().padStart(2, '0')}" } ?: "$slot: --"
            state(.idle) {
                on(.insertCoin) {
                    // port: not ported, Kotlin line 43: the operator in in `it.cents in ACCEPTED_COINS`
                    // if (it.cents in ACCEPTED_COINS) {
                    //     transitionTo(VendingState.HasCredit(stock, it.cents))
                    // } else {
                    //     dontTransition(VendingSideEffect.ReturnCoins(it.cents))
                    // }
                    fatalError("port: VendingMachine.kt:43: the operator in in `it.cents in ACCEPTED_COINS` is not ported")
                }
                on(.select) { _, event in
                    guard case let .select(slot) = event else { preconditionFailure() }
                    return dontTransition(emit: .display(text: context.priceLabel(slot)))
                }
                on(.restock) {
                    // port: not ported, Kotlin line 53: the property `stock.keys`
                    // val merged = (stock.keys + it.additions.keys).associateWith { slot -> (stock[slot] ?: 0) + (it.additions[slot] ?: 0) }
                    // transitionTo(VendingState.Idle(merged))
                    fatalError("port: VendingMachine.kt:53: the property `stock.keys` is not ported")
                }
                on(.fault) { state, event in
                    guard case let .idle(stock) = state else { preconditionFailure() }
                    guard case let .fault(message) = event else { preconditionFailure() }
                    return transition(to: .outOfService(stock: stock, reason: message))
                }
            }
            state(.hasCredit) {
                on(.insertCoin) {
                    // port: not ported, Kotlin line 63: the operator in in `it.cents in ACCEPTED_COINS`
                    // if (it.cents in ACCEPTED_COINS) transitionTo(copy(creditCents = creditCents + it.cents)) else dontTransition(VendingSideEffect.ReturnCoins(it.cents))
                    fatalError("port: VendingMachine.kt:63: the operator in in `it.cents in ACCEPTED_COINS` is not ported")
                }
                on(.select, where: { _ in
                    // port: not ported, Kotlin line 65: the operator !in in `slot !in prices`
                    // on(StateMachine.Matcher.any<VendingEvent, VendingEvent.Select>().where { slot !in prices }) {
                    fatalError("port: VendingMachine.kt:65: the operator !in in `slot !in prices` is not ported")
                }) { _, event in
                    guard case let .select(slot) = event else { preconditionFailure() }
                    return dontTransition(emit: .display(text: "No such product: \(slot)"))
                }
                on(.select) {
                    // port: not ported, Kotlin line 70: the expression `stock[it.slot]`
                    // val price = prices.getValue(it.slot)
                    // val left = stock[it.slot] ?: 0
                    // when {
                    //     left == 0 -> dontTransition(VendingSideEffect.Display("${it.slot} is sold out"))
                    //     creditCents < price -> dontTransition(VendingSideEffect.Display("Insert ${price - creditCents} more"))
                    //     else -> transitionTo(
                    //         VendingState.Dispensing(stock + (it.slot to left - 1), it.slot, creditCents - price),
                    //         VendingSideEffect.Dispense(it.slot),
                    //     )
                    // }
                    fatalError("port: VendingMachine.kt:70: the expression `stock[it.slot]` is not ported")
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
                onEnter { _, _ in
                    // port: not ported, Kotlin line 100: the safe call `reason?.let { ": $it" }`
                    // display("Out of service${reason?.let { ": $it" } ?: ""}")
                    fatalError("port: VendingMachine.kt:100: the safe call `reason?.let { \": $it\" }` is not ported")
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
            onTransition { _ in
                // port: not ported, Kotlin line 111: the type check `it is StateMachine.Transition.Valid`
                // if (it is StateMachine.Transition.Valid && it.sideEffect is VendingSideEffect.Display) {
                //     display((it.sideEffect as VendingSideEffect.Display).text)
                // }
                fatalError("port: VendingMachine.kt:111: the type check `it is StateMachine.Transition.Valid` is not ported")
            }
        }
    }
}
