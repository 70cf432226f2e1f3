package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Collections: `x in c` / `x !in c` over a set, a map (its keys) and a range (`..`, `until`); a map's subscript
// (nullable, as Swift's), `keys`, `values`, `size`, `isEmpty()`, `isNotEmpty()`, `containsKey`, `getValue`, and
// `map + (key to value)`, `map + map` (the right side wins).

sealed class Shelf {
    data class Open(val stock: Map<Char, Int>, val credit: Long) : Shelf()
    data class Closed(val stock: Map<Char, Int>) : Shelf()
}

sealed class Visit {
    data class Coin(val cents: Long) : Visit()
    data class Pick(val slot: Char) : Visit()
    data class Rate(val stars: Int) : Visit()
    data class Restock(val additions: Map<Char, Int>) : Visit()
    object Close : Visit()
}

sealed class Note {
    data class Say(val text: String) : Note()
}

val COINS = setOf(5L, 10L, 20L)

class ShelfController(private val prices: Map<Char, Long>) {

    val machine = StateMachine.create<Shelf, Visit, Note> {
        initialState(Shelf.Open(mapOf('a' to 2, 'b' to 0), 0L))
        state<Shelf.Open> {
            on<Visit.Coin> {
                if (it.cents !in COINS) return@on dontTransition(Note.Say("rejected ${it.cents}"))
                transitionTo(copy(credit = credit + it.cents))
            }
            on(StateMachine.Matcher.any<Visit, Visit.Pick>().where { slot !in prices }) {
                dontTransition(Note.Say("no ${it.slot} of ${prices.size}"))
            }
            on<Visit.Pick> {
                val left = stock[it.slot] ?: 0
                val price = prices.getValue(it.slot)
                if (left == 0 || !stock.containsKey(it.slot)) return@on dontTransition(Note.Say("sold out of ${it.slot}"))
                transitionTo(copy(stock = stock + (it.slot to left - 1), credit = credit - price), Note.Say("${it.slot}: ${left - 1} left"))
            }
            on<Visit.Rate> {
                val kind = if (it.stars in 1..5) "rated" else if (it.stars in 6 until 10) "too kind" else "invalid"
                dontTransition(Note.Say("$kind ${it.stars}"))
            }
            on<Visit.Restock> {
                transitionTo(copy(stock = stock + it.additions))
            }
            on<Visit.Close> {
                val counts = stock.values
                transitionTo(Shelf.Closed(stock), Note.Say("closed: ${stock.keys.size} slots, ${counts.size} counts, empty ${stock.isEmpty()}, any ${prices.isNotEmpty()}"))
            }
        }
    }
}
