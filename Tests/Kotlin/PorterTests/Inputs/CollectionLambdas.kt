package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// A list's and a set's functions that take a lambda, as handlers write them: `all`, `any`, `none`, `count`, `filter`,
// `filterNot`, `map`, `sumOf`, `firstOrNull`, with `it` or a named parameter; and `if (it is Valid && it.sideEffect is
// Receipt)` with the side effect's fields read through a cast.

data class Item(val name: String, val cents: Long, val fragile: Boolean)

sealed class Basket {
    data class Open(val items: List<Item>, val coupons: Set<String>) : Basket()
    data class Paid(val items: List<Item>, val totalCents: Long) : Basket()
}

sealed class Shopping {
    data class Add(val item: Item) : Shopping()
    data class RemoveNamed(val name: String) : Shopping()
    data class Coupon(val code: String) : Shopping()
    data object Pay : Shopping()
}

sealed class Till {
    data class Receipt(val lines: List<String>, val totalCents: Long) : Till()
    data class Warning(val text: String) : Till()
}

fun shopping(print: (String) -> Unit) = StateMachine.create<Basket, Shopping, Till> {
    initialState(Basket.Open(emptyList(), emptySet()))
    state<Basket.Open> {
        on<Shopping.Add> { added ->
            if (items.any { it.name == added.item.name }) {
                dontTransition(Till.Warning("${added.item.name} is already in the basket"))
            } else {
                transitionTo(copy(items = items + added.item))
            }
        }
        on<Shopping.RemoveNamed> {
            transitionTo(copy(items = items.filterNot { item -> item.name == it.name }))
        }
        on<Shopping.Coupon> { coupon ->
            if (coupons.none { it == coupon.code }) transitionTo(copy(coupons = coupons + coupon.code)) else dontTransition()
        }
        on<Shopping.Pay> {
            val discount = if (coupons.count { it.startsWith("HALF") } > 0) 2L else 1L
            val total = items.sumOf { it.cents } / discount
            val lines = items.map { "${it.name}: ${it.cents}" }
            if (items.all { !it.fragile } || items.filter { it.fragile }.size < 2) {
                transitionTo(Basket.Paid(items, total), Till.Receipt(lines, total))
            } else {
                val first = items.firstOrNull { it.fragile }
                dontTransition(Till.Warning("too many fragile items, first ${first?.name}"))
            }
        }
    }
    state<Basket.Paid> {}
    onTransition {
        if (it is StateMachine.Transition.Valid && it.sideEffect is Till.Receipt) {
            print("paid ${(it.sideEffect as Till.Receipt).totalCents}")
        }
    }
}
