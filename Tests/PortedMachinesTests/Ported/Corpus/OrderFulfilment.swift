// Ported from OrderWorkflow.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusOrderFulfilment: StateMachineBuilder {

    static let MIN_RESTOCKING_FEE_CENTS: Int64 = 200
    static let RESTOCKING_FEE_PERCENT = 10

    typealias State = OrderState
    typealias Event = OrderEvent

    enum OrderState: StateMachineHashable, Codable, Equatable {
        case received(itemCount: Int, amountCents: Int64)
        case awaitingPayment(itemCount: Int, amountCents: Int64, attempts: Int)
        case picking(itemCount: Int, picked: Int, amountCents: Int64)
        case packed(amountCents: Int64, weightGrams: Int)
        case shipped(amountCents: Int64, trackingNumber: String, carrier: String)
        case delivered(amountCents: Int64)
        case cancelled(reason: String, refundCents: Int64)

        enum HashableIdentifier: String { case received, awaitingPayment, picking, packed, shipped, delivered, cancelled }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .received(itemCount, amountCents): "Received(itemCount=\(itemCount), amountCents=\(amountCents))"
            case let .awaitingPayment(itemCount, amountCents, attempts): "AwaitingPayment(itemCount=\(itemCount), amountCents=\(amountCents), attempts=\(attempts))"
            case let .picking(itemCount, picked, amountCents): "Picking(itemCount=\(itemCount), picked=\(picked), amountCents=\(amountCents))"
            case let .packed(amountCents, weightGrams): "Packed(amountCents=\(amountCents), weightGrams=\(weightGrams))"
            case let .shipped(amountCents, trackingNumber, carrier): "Shipped(amountCents=\(amountCents), trackingNumber=\(trackingNumber), carrier=\(carrier))"
            case let .delivered(amountCents): "Delivered(amountCents=\(amountCents))"
            case let .cancelled(reason, refundCents): "Cancelled(reason=\(reason), refundCents=\(refundCents))"
            }
        }

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .received: "Received"
            case .awaitingPayment: "AwaitingPayment"
            case .picking: "Picking"
            case .packed: "Packed"
            case .shipped: "Shipped"
            case .delivered: "Delivered"
            case .cancelled: "Cancelled"
            }
        }
    }

    enum OrderEvent: StateMachineHashable, Codable, Equatable {
        case submit
        case paymentCaptured
        case paymentFailed(reason: String)
        case itemPicked(sku: String, quantity: Int)
        case outOfStock(sku: String)
        case packageSealed(weightGrams: Int)
        case handedToCarrier(carrier: String, trackingNumber: String)
        case deliveryConfirmed
        case cancel(reason: String)

        enum HashableIdentifier: String { case submit, paymentCaptured, paymentFailed, itemPicked, outOfStock, packageSealed, handedToCarrier, deliveryConfirmed, cancel }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .submit: "Submit"
            case .paymentCaptured: "PaymentCaptured"
            case let .paymentFailed(reason): "PaymentFailed(reason=\(reason))"
            case let .itemPicked(sku, quantity): "ItemPicked(sku=\(sku), quantity=\(quantity))"
            case let .outOfStock(sku): "OutOfStock(sku=\(sku))"
            case let .packageSealed(weightGrams): "PackageSealed(weightGrams=\(weightGrams))"
            case let .handedToCarrier(carrier, trackingNumber): "HandedToCarrier(carrier=\(carrier), trackingNumber=\(trackingNumber))"
            case .deliveryConfirmed: "DeliveryConfirmed"
            case let .cancel(reason): "Cancel(reason=\(reason))"
            }
        }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    protocol Logger {
        func info(_ message: String)
        func warn(_ message: String)
    }

    protocol CustomerNotifier {
        func notify(_ orderId: Int64, _ template: String, _ arguments: Any...)
    }

    protocol OrderRepository {
        func save(_ orderId: Int64, _ state: OrderState)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var initial: OrderState { get }
        var maxPaymentAttempts: Int { get }
        var log: any Logger { get }
        var orderId: Int64 { get }
        var notifier: any CustomerNotifier { get }
        var repository: any OrderRepository { get }
    }

    /// Kotlin's `OrderWorkflow.restockingFee`, ported.
    private static func restockingFee(_ amountCents: Int64) -> Int64 {
        max(MIN_RESTOCKING_FEE_CENTS, amountCents * Int64(RESTOCKING_FEE_PERCENT) / 100)
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(context.initial)
            state(.received) {
                on(.eq(.submit)) { state in
                    guard case let .received(itemCount, amountCents) = state else { preconditionFailure() }
                    if itemCount == 0 {
                        return transition(to: .cancelled(reason: "empty order", refundCents: 0))
                    } else {
                        return transition(to: .awaitingPayment(itemCount: itemCount, amountCents: amountCents, attempts: 1))
                    }
                }
                on(.cancel) { _, event in
                    guard case let .cancel(reason) = event else { preconditionFailure() }
                    return transition(to: .cancelled(reason: reason, refundCents: 0))
                }
            }
            state(.awaitingPayment) {
                on(.eq(.paymentCaptured)) { state in
                    guard case let .awaitingPayment(itemCount, amountCents, _) = state else { preconditionFailure() }
                    return transition(to: .picking(itemCount: itemCount, picked: 0, amountCents: amountCents), emit: .unit)
                }
                on(.paymentFailed) { state, event in
                    guard case let .awaitingPayment(itemCount, amountCents, attempts) = state else { preconditionFailure() }
                    guard case let .paymentFailed(reason) = event else { preconditionFailure() }
                    if attempts < context.maxPaymentAttempts {
                        return transition(to: .awaitingPayment(itemCount: itemCount, amountCents: amountCents, attempts: attempts + 1))
                    } else {
                        return transition(to: .cancelled(reason: "payment failed: \(reason)", refundCents: 0), emit: .unit)
                    }
                }
                on(.cancel) { _, event in
                    guard case let .cancel(reason) = event else { preconditionFailure() }
                    return transition(to: .cancelled(reason: reason, refundCents: 0))
                }
            }
            state(.picking) {
                on(.itemPicked) { state, event in
                    guard case let .picking(itemCount, statePicked, amountCents) = state else { preconditionFailure() }
                    guard case let .itemPicked(_, quantity) = event else { preconditionFailure() }
                    let picked = min(itemCount, statePicked + quantity)
                    return transition(to: .picking(itemCount: itemCount, picked: picked, amountCents: amountCents))
                }
                on(.outOfStock) { state, event in
                    guard case let .picking(_, _, amountCents) = state else { preconditionFailure() }
                    guard case let .outOfStock(sku) = event else { preconditionFailure() }
                    return transition(to: .cancelled(reason: "out of stock: \(sku)", refundCents: amountCents), emit: .unit)
                }
                on(.packageSealed) { state, event in
                    guard case let .picking(itemCount, picked, amountCents) = state else { preconditionFailure() }
                    guard case let .packageSealed(weightGrams) = event else { preconditionFailure() }
                    if picked < itemCount {
                        context.log.warn("order \(context.orderId) sealed with \(picked) of \(itemCount) items")
                        return dontTransition()
                    } else {
                        return transition(to: .packed(amountCents: amountCents, weightGrams: weightGrams))
                    }
                }
                on(.cancel) { state, event in
                    guard case let .picking(_, _, amountCents) = state else { preconditionFailure() }
                    guard case let .cancel(reason) = event else { preconditionFailure() }
                    return transition(to: .cancelled(reason: reason, refundCents: amountCents), emit: .unit)
                }
            }
            state(.packed) {
                on(.handedToCarrier) { state, event in
                    guard case let .packed(amountCents, _) = state else { preconditionFailure() }
                    guard case let .handedToCarrier(carrier, trackingNumber) = event else { preconditionFailure() }
                    return transition(to: .shipped(amountCents: amountCents, trackingNumber: trackingNumber.uppercased(), carrier: carrier), emit: .unit)
                }
                on(.cancel) { state, event in
                    guard case let .packed(amountCents, _) = state else { preconditionFailure() }
                    guard case let .cancel(reason) = event else { preconditionFailure() }
                    return transition(to: .cancelled(reason: reason, refundCents: amountCents - restockingFee(amountCents)), emit: .unit)
                }
            }
            state(.shipped) {
                onEnter { state, _ in
                    guard case let .shipped(_, trackingNumber, carrier) = state else { preconditionFailure() }
                    context.notifier.notify(context.orderId, "shipped", carrier, trackingNumber)
                }
                on(.eq(.deliveryConfirmed)) { state in
                    guard case let .shipped(amountCents, _, _) = state else { preconditionFailure() }
                    return transition(to: .delivered(amountCents: amountCents), emit: .unit)
                }
            }
            state(.delivered) {
                onEnter { _, _ in context.notifier.notify(context.orderId, "delivered") }
            }
            state(.cancelled) {
                onEnter { state, _ in
                    guard case let .cancelled(reason, refundCents) = state else { preconditionFailure() }
                    context.notifier.notify(context.orderId, "cancelled", reason, refundCents)
                }
            }
            onTransition { result in
                switch result {
                case .success(let valid):
                    context.repository.save(context.orderId, valid.toState)
                    context.log.info("order \(context.orderId): \(valid.fromState.simpleName) -> \(valid.toState.simpleName)")
                case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid):
                    context.log.warn("order \(context.orderId): \(invalid.event.kotlinText) rejected in \(invalid.fromState.kotlinText)")
                case .failure:
                    break
                }
            }
        }
    }
}
