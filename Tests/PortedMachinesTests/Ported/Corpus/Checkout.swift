// Ported from CheckoutViewModel.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum CorpusCheckout: StateMachineBuilder {

    static let MAX_DISCOUNT_PERCENT = 50
    static let FREE_SHIPPING_CENTS: Int64 = 50_00
    static let SHIPPING_CENTS: Int64 = 4_99

    enum State: StateMachineHashable, Codable, Equatable {
        case cart(subtotalCents: Int64, discountCents: Int64)
        case shippingDetails(subtotalCents: Int64, discountCents: Int64, address: String)
        case review(totalCents: Int64, address: String)
        case authorizing(totalCents: Int64, address: String)
        case paymentFailed(totalCents: Int64, address: String, reason: String)
        case paid(totalCents: Int64)
        case cancelled

        enum HashableIdentifier: String { case cart, shippingDetails, review, authorizing, paymentFailed, paid, cancelled }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case itemAdded(priceCents: Int64, quantity: Int)
        case applyCoupon(code: String)
        case proceedToShipping
        case addressEntered(address: String)
        case proceedToReview
        case placeOrder
        case paymentAuthorized
        case paymentDeclined(reason: String)
        case cancel

        enum HashableIdentifier: String { case itemAdded, applyCoupon, proceedToShipping, addressEntered, proceedToReview, placeOrder, paymentAuthorized, paymentDeclined, cancel }
    }

    enum SideEffect: Codable, Equatable {
        case showCouponError(code: String)
        case authorize(amountCents: Int64)
        case capturePayment
        case releasePayment
        case showReceipt(totalCents: Int64)
    }

    protocol Analytics {
        func track(_ event: String)
    }

    protocol PaymentGateway {
        func authorize(_ orderId: String, _ amountCents: Int64, _ currency: String)
        func capture(_ orderId: String)
        func void(_ orderId: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var analytics: any Analytics { get }
        var paymentGateway: any PaymentGateway { get }
        var orderId: String { get }
        var currency: String { get }
    }

    /// Kotlin's `removePrefix`: the text without `prefix` when it starts with it, else the text.
    static func removePrefix(_ prefix: String, from text: String) -> String {
        text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    /// Kotlin's `CheckoutViewModel.totalFor`, ported.
    private static func totalFor(_ subtotalCents: Int64, _ discountCents: Int64) -> Int64 {
        let shipping = subtotalCents - discountCents >= FREE_SHIPPING_CENTS ? 0 : SHIPPING_CENTS
        return subtotalCents - discountCents + shipping
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.cart(subtotalCents: 0, discountCents: 0))
            state(.cart) {
                on(.itemAdded) { state, event in
                    guard case let .cart(subtotalCents, discountCents) = state else { preconditionFailure() }
                    guard case let .itemAdded(priceCents, quantity) = event else { preconditionFailure() }
                    return transition(to: .cart(subtotalCents: subtotalCents + priceCents * Int64(quantity), discountCents: discountCents))
                }
                on(.applyCoupon, where: { event in
                    guard case let .applyCoupon(code) = event else { preconditionFailure() }
                    return code.hasPrefix("SAVE")
                }) { state, event in
                    guard case let .cart(subtotalCents, _) = state else { preconditionFailure() }
                    guard case let .applyCoupon(code) = event else { preconditionFailure() }
                    let percent = Int(removePrefix("SAVE", from: code)) ?? 0
                    return transition(to: .cart(subtotalCents: subtotalCents, discountCents: subtotalCents * Int64(min(percent, MAX_DISCOUNT_PERCENT)) / 100))
                }
                on(.applyCoupon) { _, event in
                    guard case let .applyCoupon(code) = event else { preconditionFailure() }
                    return dontTransition(emit: .showCouponError(code: code))
                }
                on(.proceedToShipping) { state in
                    guard case let .cart(subtotalCents, discountCents) = state else { preconditionFailure() }
                    if subtotalCents > 0 {
                        return transition(to: .shippingDetails(subtotalCents: subtotalCents, discountCents: discountCents, address: ""))
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.shippingDetails) {
                on(.addressEntered) { state, event in
                    guard case let .shippingDetails(subtotalCents, discountCents, _) = state else { preconditionFailure() }
                    guard case let .addressEntered(eventAddress) = event else { preconditionFailure() }
                    return transition(to: .shippingDetails(subtotalCents: subtotalCents, discountCents: discountCents, address: eventAddress.trimmingCharacters(in: .whitespacesAndNewlines)))
                }
                on(.proceedToReview) { state in
                    guard case let .shippingDetails(subtotalCents, discountCents, address) = state else { preconditionFailure() }
                    if address.isEmpty {
                        return dontTransition()
                    } else {
                        return transition(to: .review(totalCents: totalFor(subtotalCents, discountCents), address: address))
                    }
                }
                on(.cancel) { transition(to: .cancelled) }
            }
            state(.review) {
                on(.placeOrder) { state in
                    guard case let .review(totalCents, address) = state else { preconditionFailure() }
                    return transition(to: .authorizing(totalCents: totalCents, address: address), emit: .authorize(amountCents: totalCents))
                }
                on(.cancel) { transition(to: .cancelled) }
            }
            state(.authorizing) {
                on(.paymentAuthorized) { state in
                    guard case let .authorizing(totalCents, _) = state else { preconditionFailure() }
                    return transition(to: .paid(totalCents: totalCents), emit: .capturePayment)
                }
                on(.paymentDeclined) { state, event in
                    guard case let .authorizing(totalCents, address) = state else { preconditionFailure() }
                    guard case let .paymentDeclined(reason) = event else { preconditionFailure() }
                    return transition(to: .paymentFailed(totalCents: totalCents, address: address, reason: reason))
                }
            }
            state(.paymentFailed) {
                onEnter { state, _ in
                    guard case let .paymentFailed(_, _, reason) = state else { preconditionFailure() }
                    context.analytics.track("payment_declined:\(reason)")
                }
                on(.placeOrder) { state in
                    guard case let .paymentFailed(totalCents, address, _) = state else { preconditionFailure() }
                    return transition(to: .authorizing(totalCents: totalCents, address: address), emit: .authorize(amountCents: totalCents))
                }
                on(.cancel) { transition(to: .cancelled, emit: .releasePayment) }
            }
            state(.paid) {
                onEnter { _, _ in context.analytics.track("order_paid") }
            }
            state(.cancelled) {
                onEnter { _, _ in context.analytics.track("checkout_cancelled") }
            }
            onTransition { result in
                guard case .success(let valid) = result, let sideEffect = valid.sideEffect else { return }
                switch sideEffect {
                case let .authorize(amountCents):
                    context.paymentGateway.authorize(context.orderId, amountCents, context.currency)
                case .capturePayment:
                    context.paymentGateway.capture(context.orderId)
                case .releasePayment:
                    context.paymentGateway.void(context.orderId)
                case let .showCouponError(code):
                    context.analytics.track("coupon_rejected:\(code)")
                case .showReceipt:
                    context.analytics.track("receipt_shown")
                }
            }
        }
    }
}
