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
        func restockingFee(_ amountCents: Int64) -> Int64
        var notifier: any CustomerNotifier { get }
        var repository: any OrderRepository { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(context.initial)
            state(.received) {
                on(.eq(.submit)) { state in
                    if try (state.itemCount() as Int) == 0 {
                        return transition(to: .cancelled(reason: "empty order", refundCents: 0))
                    } else {
                        return try transition(to: .awaitingPayment(itemCount: (state.itemCount() as Int), amountCents: (state.amountCents() as Int64), attempts: 1))
                    }
                }
                on(.cancel) { _, event in
                    try transition(to: .cancelled(reason: (event.reason() as String), refundCents: 0))
                }
            }
            state(.awaitingPayment) {
                on(.eq(.paymentCaptured)) { state in
                    try transition(to: .picking(itemCount: (state.itemCount() as Int), picked: 0, amountCents: (state.amountCents() as Int64)), emit: .unit)
                }
                on(.paymentFailed) { state, event in
                    if try (state.attempts() as Int) < context.maxPaymentAttempts {
                        return try transition(to: .awaitingPayment(itemCount: (state.itemCount() as Int), amountCents: (state.amountCents() as Int64), attempts: (state.attempts() as Int) + 1))
                    } else {
                        return try transition(to: .cancelled(reason: "payment failed: \((event.reason() as String))", refundCents: 0), emit: .unit)
                    }
                }
                on(.cancel) { _, event in
                    try transition(to: .cancelled(reason: (event.reason() as String), refundCents: 0))
                }
            }
            state(.picking) {
                on(.itemPicked) { state, event in
                    let picked = try min((state.itemCount() as Int), (state.picked() as Int) + (event.quantity() as Int))
                    return try transition(to: .picking(itemCount: (state.itemCount() as Int), picked: picked, amountCents: (state.amountCents() as Int64)))
                }
                on(.outOfStock) { state, event in
                    try transition(to: .cancelled(reason: "out of stock: \((event.sku() as String))", refundCents: (state.amountCents() as Int64)), emit: .unit)
                }
                on(.packageSealed) { state, event in
                    if try (state.picked() as Int) < (state.itemCount() as Int) {
                        try context.log.warn("order \(context.orderId) sealed with \((state.picked() as Int)) of \((state.itemCount() as Int)) items")
                        return dontTransition()
                    } else {
                        return try transition(to: .packed(amountCents: (state.amountCents() as Int64), weightGrams: (event.weightGrams() as Int)))
                    }
                }
                on(.cancel) { state, event in
                    try transition(to: .cancelled(reason: (event.reason() as String), refundCents: (state.amountCents() as Int64)), emit: .unit)
                }
            }
            state(.packed) {
                on(.handedToCarrier) {
                    // port: not ported, Kotlin line 72: a call on a value `it.trackingNumber.uppercase()`
                    // transitionTo(OrderState.Shipped(amountCents, it.trackingNumber.uppercase(), it.carrier), Unit)
                    fatalError("port: OrderWorkflow.kt:72: a call on a value `it.trackingNumber.uppercase()` is not ported")
                }
                on(.cancel) { state, event in
                    try transition(to: .cancelled(reason: (event.reason() as String), refundCents: (state.amountCents() as Int64) - context.restockingFee((state.amountCents() as Int64))), emit: .unit)
                }
            }
            state(.shipped) {
                onEnter { state, _ in
                    try! context.notifier.notify(context.orderId, "shipped", (state.carrier() as String), (state.trackingNumber() as String))
                }
                on(.eq(.deliveryConfirmed)) { state in
                    try transition(to: .delivered(amountCents: (state.amountCents() as Int64)), emit: .unit)
                }
            }
            state(.delivered) {
                onEnter { _, _ in context.notifier.notify(context.orderId, "delivered") }
            }
            state(.cancelled) {
                onEnter { state, _ in
                    try! context.notifier.notify(context.orderId, "cancelled", (state.reason() as String), (state.refundCents() as Int64))
                }
            }
            onTransition { _ in
                // port: not ported, Kotlin line 104: the expression `it.fromState::class`
                // when (it) {
                //     is StateMachine.Transition.Valid -> {
                //         repository.save(orderId, it.toState)
                //         log.info("order $orderId: ${it.fromState::class.simpleName} -> ${it.toState::class.simpleName}")
                //     }
                //     is StateMachine.Transition.Invalid -> log.warn("order $orderId: ${it.event} rejected in ${it.fromState}")
                // }
                fatalError("port: OrderWorkflow.kt:104: the expression `it.fromState::class` is not ported")
            }
        }
    }
}
