package com.example.checkout

import com.tinder.StateMachine

class CheckoutViewModel(
    private val orderId: String,
    private val paymentGateway: PaymentGateway,
    private val analytics: Analytics,
    private val currency: String = "EUR",
) {

    sealed class State {
        data class Cart(val subtotalCents: Long, val discountCents: Long = 0) : State()
        data class ShippingDetails(val subtotalCents: Long, val discountCents: Long, val address: String = "") : State()
        data class Review(val totalCents: Long, val address: String) : State()
        data class Authorizing(val totalCents: Long, val address: String) : State()
        data class PaymentFailed(val totalCents: Long, val address: String, val reason: String) : State()
        data class Paid(val totalCents: Long) : State()
        object Cancelled : State()
    }

    sealed class Event {
        data class ItemAdded(val priceCents: Long, val quantity: Int) : Event()
        data class ApplyCoupon(val code: String) : Event()
        object ProceedToShipping : Event()
        data class AddressEntered(val address: String) : Event()
        object ProceedToReview : Event()
        object PlaceOrder : Event()
        object PaymentAuthorized : Event()
        data class PaymentDeclined(val reason: String) : Event()
        object Cancel : Event()
    }

    sealed class SideEffect {
        data class ShowCouponError(val code: String) : SideEffect()
        data class Authorize(val amountCents: Long) : SideEffect()
        object CapturePayment : SideEffect()
        object ReleasePayment : SideEffect()
        data class ShowReceipt(val totalCents: Long) : SideEffect()
    }

    private val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Cart(subtotalCents = 0))
        state<State.Cart> {
            on<Event.ItemAdded> {
                transitionTo(copy(subtotalCents = subtotalCents + it.priceCents * it.quantity))
            }
            on(any<Event.ApplyCoupon>().where { code.startsWith("SAVE") }) {
                val percent = it.code.removePrefix("SAVE").toIntOrNull() ?: 0
                transitionTo(copy(discountCents = subtotalCents * minOf(percent, MAX_DISCOUNT_PERCENT) / 100))
            }
            on<Event.ApplyCoupon> {
                dontTransition(SideEffect.ShowCouponError(it.code))
            }
            on<Event.ProceedToShipping> {
                if (subtotalCents > 0) transitionTo(State.ShippingDetails(subtotalCents, discountCents)) else dontTransition()
            }
        }
        state<State.ShippingDetails> {
            on<Event.AddressEntered> {
                transitionTo(copy(address = it.address.trim()))
            }
            on<Event.ProceedToReview> {
                if (address.isEmpty()) {
                    dontTransition()
                } else {
                    transitionTo(State.Review(totalFor(subtotalCents, discountCents), address))
                }
            }
            on<Event.Cancel> {
                transitionTo(State.Cancelled)
            }
        }
        state<State.Review> {
            on<Event.PlaceOrder> {
                transitionTo(State.Authorizing(totalCents, address), SideEffect.Authorize(totalCents))
            }
            on<Event.Cancel> {
                transitionTo(State.Cancelled)
            }
        }
        state<State.Authorizing> {
            on<Event.PaymentAuthorized> {
                transitionTo(State.Paid(totalCents), SideEffect.CapturePayment)
            }
            on<Event.PaymentDeclined> {
                transitionTo(State.PaymentFailed(totalCents, address, it.reason))
            }
        }
        state<State.PaymentFailed> {
            onEnter {
                analytics.track("payment_declined:$reason")
            }
            on<Event.PlaceOrder> {
                transitionTo(State.Authorizing(totalCents, address), SideEffect.Authorize(totalCents))
            }
            on<Event.Cancel> {
                transitionTo(State.Cancelled, SideEffect.ReleasePayment)
            }
        }
        state<State.Paid> {
            onEnter {
                analytics.track("order_paid")
            }
        }
        state<State.Cancelled> {
            onEnter {
                analytics.track("checkout_cancelled")
            }
        }
        onTransition {
            val sideEffect = (it as? StateMachine.Transition.Valid)?.sideEffect ?: return@onTransition
            when (sideEffect) {
                is SideEffect.Authorize -> paymentGateway.authorize(orderId, sideEffect.amountCents, currency)
                SideEffect.CapturePayment -> paymentGateway.capture(orderId)
                SideEffect.ReleasePayment -> paymentGateway.void(orderId)
                is SideEffect.ShowCouponError -> analytics.track("coupon_rejected:${sideEffect.code}")
                is SideEffect.ShowReceipt -> analytics.track("receipt_shown")
            }
        }
    }

    internal val machine: StateMachine<State, Event, SideEffect> get() = stateMachine

    val state: State get() = stateMachine.state

    fun dispatch(event: Event) = stateMachine.transition(event)

    private fun totalFor(subtotalCents: Long, discountCents: Long): Long {
        val shipping = if (subtotalCents - discountCents >= FREE_SHIPPING_CENTS) 0L else SHIPPING_CENTS
        return subtotalCents - discountCents + shipping
    }

    companion object {
        const val MAX_DISCOUNT_PERCENT = 50
        const val FREE_SHIPPING_CENTS = 50_00L
        const val SHIPPING_CENTS = 4_99L
    }
}
