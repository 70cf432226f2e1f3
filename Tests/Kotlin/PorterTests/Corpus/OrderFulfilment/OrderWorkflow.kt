package com.example.orders

import com.tinder.StateMachine

typealias OrderStateMachine = StateMachine<OrderState, OrderEvent, Unit>

/** One order's fulfilment on the server; a new workflow is made for every order loaded from the database. */
class OrderWorkflow(
    private val orderId: Long,
    private val repository: OrderRepository,
    private val notifier: CustomerNotifier,
    private val log: Logger,
    initial: OrderState,
    private val maxPaymentAttempts: Int = 3,
) {

    val stateMachine: OrderStateMachine = StateMachine.create<OrderState, OrderEvent, Unit> {
        initialState(initial)

        state<OrderState.Received> {
            on(OrderEvent.Submit) {
                if (itemCount == 0) {
                    transitionTo(OrderState.Cancelled("empty order", refundCents = 0))
                } else {
                    transitionTo(OrderState.AwaitingPayment(itemCount, amountCents))
                }
            }
            on<OrderEvent.Cancel> {
                transitionTo(OrderState.Cancelled(it.reason, refundCents = 0))
            }
        }

        state<OrderState.AwaitingPayment> {
            on(OrderEvent.PaymentCaptured) {
                transitionTo(OrderState.Picking(itemCount, picked = 0, amountCents = amountCents), Unit)
            }
            on<OrderEvent.PaymentFailed> {
                if (attempts < maxPaymentAttempts) {
                    transitionTo(copy(attempts = attempts + 1))
                } else {
                    transitionTo(OrderState.Cancelled("payment failed: ${it.reason}", refundCents = 0), Unit)
                }
            }
            on<OrderEvent.Cancel> {
                transitionTo(OrderState.Cancelled(it.reason, refundCents = 0))
            }
        }

        state<OrderState.Picking> {
            on<OrderEvent.ItemPicked> {
                val picked = minOf(itemCount, picked + it.quantity)
                transitionTo(copy(picked = picked))
            }
            on<OrderEvent.OutOfStock> {
                transitionTo(OrderState.Cancelled("out of stock: ${it.sku}", refundCents = amountCents), Unit)
            }
            on<OrderEvent.PackageSealed> {
                if (picked < itemCount) {
                    log.warn("order $orderId sealed with $picked of $itemCount items")
                    dontTransition()
                } else {
                    transitionTo(OrderState.Packed(amountCents, it.weightGrams))
                }
            }
            on<OrderEvent.Cancel> {
                transitionTo(OrderState.Cancelled(it.reason, refundCents = amountCents), Unit)
            }
        }

        state<OrderState.Packed> {
            on<OrderEvent.HandedToCarrier> {
                transitionTo(OrderState.Shipped(amountCents, it.trackingNumber.uppercase(), it.carrier), Unit)
            }
            on<OrderEvent.Cancel> {
                transitionTo(OrderState.Cancelled(it.reason, refundCents = amountCents - restockingFee(amountCents)), Unit)
            }
        }

        state<OrderState.Shipped> {
            onEnter {
                notifier.notify(orderId, "shipped", carrier, trackingNumber)
            }
            on(OrderEvent.DeliveryConfirmed) {
                transitionTo(OrderState.Delivered(amountCents), Unit)
            }
        }

        state<OrderState.Delivered> {
            onEnter {
                notifier.notify(orderId, "delivered")
            }
        }

        state<OrderState.Cancelled> {
            onEnter {
                notifier.notify(orderId, "cancelled", reason, refundCents)
            }
        }

        onTransition {
            when (it) {
                is StateMachine.Transition.Valid -> {
                    repository.save(orderId, it.toState)
                    log.info("order $orderId: ${it.fromState::class.simpleName} -> ${it.toState::class.simpleName}")
                }
                is StateMachine.Transition.Invalid -> log.warn("order $orderId: ${it.event} rejected in ${it.fromState}")
            }
        }
    }

    private fun restockingFee(amountCents: Long): Long = maxOf(MIN_RESTOCKING_FEE_CENTS, amountCents * RESTOCKING_FEE_PERCENT / 100)

    companion object {
        private const val MIN_RESTOCKING_FEE_CENTS = 200L
        private const val RESTOCKING_FEE_PERCENT = 10
    }
}
