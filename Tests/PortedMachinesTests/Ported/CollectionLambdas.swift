// Ported from CollectionLambdas.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CollectionLambdas: StateMachineBuilder {

    typealias State = Basket
    typealias Event = Shopping
    typealias SideEffect = Till

    enum Basket: StateMachineHashable, Codable, Equatable {
        case `open`(items: [Item], coupons: Set<String>)
        case paid(items: [Item], totalCents: Int64)

        enum HashableIdentifier: String { case `open`, paid }
    }

    enum Shopping: StateMachineHashable, Codable, Equatable {
        case add(item: Item)
        case removeNamed(name: String)
        case coupon(code: String)
        case pay

        enum HashableIdentifier: String { case add, removeNamed, coupon, pay }
    }

    enum Till: Codable, Equatable {
        case receipt(lines: [String], totalCents: Int64)
        case warning(text: String)
    }

    struct Item: Codable, Equatable {
        var name: String
        var cents: Int64
        var fragile: Bool
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var print: (String) -> Void { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.`open`(items: [], coupons: []))
            state(.`open`) {
                on(.add) { state, added in
                    guard case let .`open`(items, coupons) = state else { preconditionFailure() }
                    guard case let .add(item) = added else { preconditionFailure() }
                    if items.contains(where: { $0.name == item.name }) {
                        return dontTransition(emit: .warning(text: "\(item.name) is already in the basket"))
                    } else {
                        return transition(to: .`open`(items: items + [item], coupons: coupons))
                    }
                }
                on(.removeNamed) { state, event in
                    guard case let .`open`(items, coupons) = state else { preconditionFailure() }
                    guard case let .removeNamed(name) = event else { preconditionFailure() }
                    return transition(to: .`open`(items: items.filter({ item in !(item.name == name) }), coupons: coupons))
                }
                on(.coupon) { state, coupon in
                    guard case let .`open`(items, coupons) = state else { preconditionFailure() }
                    guard case let .coupon(code) = coupon else { preconditionFailure() }
                    if !coupons.contains(where: { $0 == code }) {
                        return transition(to: .`open`(items: items, coupons: coupons.union([code])))
                    } else {
                        return dontTransition()
                    }
                }
                on(.pay) { state in
                    guard case let .`open`(items, coupons) = state else { preconditionFailure() }
                    let discount: Int64 = coupons.filter({ $0.hasPrefix("HALF") }).count > 0 ? 2 : 1
                    let total = items.map({ $0.cents }).reduce(0, +) / discount
                    let lines = items.map({ "\($0.name): \($0.cents)" })
                    if items.allSatisfy({ !$0.fragile }) || items.filter({ $0.fragile }).count < 2 {
                        return transition(to: .paid(items: items, totalCents: total), emit: .receipt(lines: lines, totalCents: total))
                    } else {
                        let first = items.first(where: { $0.fragile })
                        return dontTransition(emit: .warning(text: "too many fragile items, first \(first?.name ?? "null")"))
                    }
                }
            }
            state(.paid)
            onTransition { result in
                if case .success(let valid) = result, case let .receipt(_, totalCents)? = valid.sideEffect {
                    context.print("paid \(totalCents)")
                }
            }
        }
    }
}
