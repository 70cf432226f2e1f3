package com.example.cart

import com.tinder.StateMachine

// Loops (`for` over a list, a range and a map, `forEach`, `forEachIndexed`, `break`, `continue`), `takeIf`,
// `ifBlank`, `if (a && x != null && …)` on a nullable local, and `let(list::add)` on a list the class holds, as
// handlers and listeners write them.
sealed class CartState {
    data class Open(val items: List<String>, val coupon: String? = null) : CartState()
    data class Paid(val total: Int) : CartState()
}

sealed class CartEvent {
    data class Add(val item: String) : CartEvent()
    data class Coupon(val code: String?) : CartEvent()
    data class Pay(val express: Boolean) : CartEvent()
}

sealed class CartEffect {
    data class Log(val text: String) : CartEffect()
}

interface Receipt {
    fun line(index: Int, text: String)
}

class Checkout(private val receipts: List<Receipt>) {
    private val prices = mapOf("tea" to 3, "cake" to 5)
    private var lastCoupon: String? = null
    private val effects = ArrayList<CartEffect>()

    val machine = StateMachine.create<CartState, CartEvent, CartEffect> {
        initialState(CartState.Open(emptyList()))
        state<CartState.Open> {
            on<CartEvent.Add> {
                val item = it.item.trim().lowercase().takeIf { name -> name.isNotEmpty() } ?: return@on dontTransition()
                transitionTo(copy(items = items + item))
            }
            on<CartEvent.Coupon> {
                val code = it.code?.ifBlank { null }
                lastCoupon = code
                transitionTo(copy(coupon = code), CartEffect.Log("coupon ${code ?: "none"}"))
            }
            on<CartEvent.Pay> { event ->
                var total = 0
                for (item in items) {
                    if (item == "free") continue
                    total += prices[item] ?: 1
                    if (total > 20) break
                }
                for (i in 0 until items.size) total += i
                for ((name, price) in prices) if (name in items) total += price
                val coupon = lastCoupon
                if (event.express && coupon != null && coupon.length > 2) {
                    transitionTo(CartState.Paid(total - coupon.length), CartEffect.Log("express with $coupon"))
                } else {
                    transitionTo(CartState.Paid(total))
                }
            }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            val state = valid.toState
            valid.sideEffect?.let(effects::add)
            println("effects ${effects.size}")
            if (state is CartState.Open) {
                state.items.forEachIndexed { index, item -> println("$index: $item") }
                state.items.forEach { item ->
                    if (item.length < 3) return@forEach
                    println("long $item")
                }
            }
            receipts.forEach { receipt -> receipt.line(0, "${valid.toState}") }
        }
    }
}
