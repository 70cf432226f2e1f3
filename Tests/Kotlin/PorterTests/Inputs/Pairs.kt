package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// `to` pairs: `a to b` and `Pair(a, b)` are Swift tuples, `val (a, b) = …` destructures one (here the `Pair` a member
// function returns), `.first` / `.second` read one, and `mapOf(key to value, …)` is a dictionary literal. A data class
// case destructures too (`val (parts, note) = it`, `val (count, total) = this`): its fields in constructor order.

sealed class Cart {
    object Empty : Cart()
    data class Filled(val items: Int, val cents: Long) : Cart()
}

sealed class Shop {
    data class Add(val cents: Long) : Shop()
    object Clear : Shop()
    data class Split(val parts: Int, val note: String) : Shop()
}

sealed class Receipt {
    data class Line(val text: String) : Receipt()
}

interface Ledger {
    fun write(entry: String, fields: Map<String, Long>)
}

class CartController(private val ledger: Ledger) {

    val cart = StateMachine.create<Cart, Shop, Receipt> {
        initialState(Cart.Empty)
        state<Cart.Empty> {
            on<Shop.Add> {
                val (next, line) = added(0, 0L, it.cents)
                transitionTo(next, line)
            }
        }
        state<Cart.Filled> {
            on<Shop.Add> {
                val result = added(items, cents, it.cents)
                transitionTo(result.first, result.second)
            }
            on<Shop.Split> {
                val (parts, note) = it
                val (count, total) = this
                transitionTo(Cart.Filled(count, total / parts), Receipt.Line("$note: $count items in $parts"))
            }
            on<Shop.Clear> {
                val pair = Pair(items, cents)
                val (count, total) = pair
                transitionTo(Cart.Empty, Receipt.Line("cleared $count for $total"))
            }
            onEnter {
                ledger.write("cart", mapOf("items" to items.toLong(), "cents" to cents))
            }
        }
    }

    private fun added(items: Int, cents: Long, price: Long): Pair<Cart, Receipt> =
        Cart.Filled(items + 1, cents + price) to Receipt.Line("added $price")
}
