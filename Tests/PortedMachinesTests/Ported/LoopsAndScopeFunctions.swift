// Ported from LoopsAndScopeFunctions.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum Checkout: StateMachineBuilder {

    static let prices: [String: Int] = ["tea": 3, "cake": 5]

    typealias State = CartState
    typealias Event = CartEvent
    typealias SideEffect = CartEffect

    enum CartState: StateMachineHashable, Codable, Equatable {
        case `open`(items: [String], coupon: String?)
        case paid(total: Int)

        enum HashableIdentifier: String { case `open`, paid }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .`open`(items, coupon): "Open(items=\("[" + items.map { e0 in "\(e0)" }.joined(separator: ", ") + "]"), coupon=\(coupon.map { "\($0)" } ?? "null"))"
            case let .paid(total): "Paid(total=\(total))"
            }
        }
    }

    enum CartEvent: StateMachineHashable, Codable, Equatable {
        case add(item: String)
        case coupon(code: String?)
        case pay(express: Bool)

        enum HashableIdentifier: String { case add, coupon, pay }
    }

    enum CartEffect: Codable, Equatable {
        case log(text: String)
    }

    protocol Receipt {
        func line(_ index: Int, _ text: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var lastCoupon: String? { get set }
        var effects: [CartEffect] { get set }
        var receipts: [any Receipt] { get }
    }

    /// Kotlin's `takeIf`: the value when it satisfies the predicate, else nil.
    static func takeIf<Value>(_ value: Value, _ predicate: (Value) -> Bool) -> Value? {
        predicate(value) ? value : nil
    }

    /// Kotlin's `ifBlank`: the fallback's value when the text is empty or only whitespace, else the text.
    static func ifBlank(_ text: String, _ fallback: () -> String?) -> String? {
        text.allSatisfy(\.isWhitespace) ? fallback() : text
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.`open`(items: [], coupon: nil))
            state(.`open`) {
                on(.add) { state, event in
                    guard case let .`open`(items, coupon) = state else { preconditionFailure() }
                    guard case let .add(eventItem) = event else { preconditionFailure() }
                    guard let item = takeIf(eventItem.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), { name in !name.isEmpty }) else {
                        return dontTransition()
                    }
                    return transition(to: .`open`(items: items + [item], coupon: coupon))
                }
                on(.coupon) { state, event in
                    guard case let .`open`(items, _) = state else { preconditionFailure() }
                    guard case let .coupon(eventCode) = event else { preconditionFailure() }
                    let code = eventCode.flatMap { ifBlank($0, { nil }) }
                    context.lastCoupon = code
                    return transition(to: .`open`(items: items, coupon: code), emit: .log(text: "coupon \(code ?? "none")"))
                }
                on(.pay) { state, event in
                    guard case let .`open`(items, _) = state else { preconditionFailure() }
                    guard case let .pay(express) = event else { preconditionFailure() }
                    var total = 0
                    for item in items {
                        if item == "free" {
                            continue
                        }
                        total += prices[item] ?? 1
                        if total > 20 {
                            break
                        }
                    }
                    for i in 0..<items.count {
                        total += i
                    }
                    for (name, price) in prices {
                        if items.contains(name) {
                            total += price
                        }
                    }
                    let coupon = context.lastCoupon
                    if express, let coupon, coupon.count > 2 {
                        return transition(to: .paid(total: total - coupon.count), emit: .log(text: "express with \(coupon)"))
                    } else {
                        return transition(to: .paid(total: total))
                    }
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                let state = valid.toState
                if let sideEffect = valid.sideEffect {
                    context.effects.append(sideEffect)
                }
                print("effects \(context.effects.count)")
                if case let .`open`(items, _) = state {
                    for (index, item) in items.enumerated() {
                        print("\(index): \(item)")
                    }
                    for item in items {
                        if item.count < 3 {
                            continue
                        }
                        print("long \(item)")
                    }
                }
                for receipt in context.receipts {
                    receipt.line(0, "\(valid.toState.kotlinText)")
                }
            }
        }
    }
}
