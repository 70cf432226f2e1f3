package com.example.vending

import com.tinder.StateMachine

sealed class VendingState {
    abstract val stock: Map<Char, Int>

    data class Idle(override val stock: Map<Char, Int>) : VendingState()
    data class HasCredit(override val stock: Map<Char, Int>, val creditCents: Long) : VendingState()
    data class Dispensing(override val stock: Map<Char, Int>, val slot: Char, val changeCents: Long) : VendingState()
    data class OutOfService(override val stock: Map<Char, Int>, val reason: String?) : VendingState()
}

sealed class VendingEvent {
    data class InsertCoin(val cents: Long) : VendingEvent()
    data class Select(val slot: Char) : VendingEvent()
    data object Dispensed : VendingEvent()
    data object Refund : VendingEvent()
    data class Restock(val additions: Map<Char, Int>) : VendingEvent()
    data class Fault(val message: String?) : VendingEvent()
    data object Repaired : VendingEvent()
}

sealed class VendingSideEffect {
    data class Dispense(val slot: Char) : VendingSideEffect()
    data class ReturnCoins(val cents: Long) : VendingSideEffect()
    data class Display(val text: String) : VendingSideEffect()
}

val ACCEPTED_COINS = setOf(5L, 10L, 20L, 50L, 100L, 200L)

fun vendingMachine(
    prices: Map<Char, Long>,
    initialStock: Map<Char, Int>,
    display: (String) -> Unit = {},
): StateMachine<VendingState, VendingEvent, VendingSideEffect> = StateMachine.create {
    initialState(VendingState.Idle(initialStock))

    fun priceLabel(slot: Char): String = prices[slot]?.let { "$slot: ${it / 100}.${(it % 100).toString().padStart(2, '0')}" } ?: "$slot: --"

    state<VendingState.Idle> {
        on<VendingEvent.InsertCoin> {
            if (it.cents in ACCEPTED_COINS) {
                transitionTo(VendingState.HasCredit(stock, it.cents))
            } else {
                dontTransition(VendingSideEffect.ReturnCoins(it.cents))
            }
        }
        on<VendingEvent.Select> {
            dontTransition(VendingSideEffect.Display(priceLabel(it.slot)))
        }
        on<VendingEvent.Restock> {
            val merged = (stock.keys + it.additions.keys).associateWith { slot -> (stock[slot] ?: 0) + (it.additions[slot] ?: 0) }
            transitionTo(VendingState.Idle(merged))
        }
        on<VendingEvent.Fault> {
            transitionTo(VendingState.OutOfService(stock, it.message))
        }
    }

    state<VendingState.HasCredit> {
        on<VendingEvent.InsertCoin> {
            if (it.cents in ACCEPTED_COINS) transitionTo(copy(creditCents = creditCents + it.cents)) else dontTransition(VendingSideEffect.ReturnCoins(it.cents))
        }
        on(StateMachine.Matcher.any<VendingEvent, VendingEvent.Select>().where { slot !in prices }) {
            dontTransition(VendingSideEffect.Display("No such product: ${it.slot}"))
        }
        on<VendingEvent.Select> {
            val price = prices.getValue(it.slot)
            val left = stock[it.slot] ?: 0
            when {
                left == 0 -> dontTransition(VendingSideEffect.Display("${it.slot} is sold out"))
                creditCents < price -> dontTransition(VendingSideEffect.Display("Insert ${price - creditCents} more"))
                else -> transitionTo(
                    VendingState.Dispensing(stock + (it.slot to left - 1), it.slot, creditCents - price),
                    VendingSideEffect.Dispense(it.slot),
                )
            }
        }
        on(VendingEvent.Refund) {
            transitionTo(VendingState.Idle(stock), VendingSideEffect.ReturnCoins(creditCents))
        }
        on<VendingEvent.Fault> {
            transitionTo(VendingState.OutOfService(stock, it.message), VendingSideEffect.ReturnCoins(creditCents))
        }
    }

    state<VendingState.Dispensing> {
        on(VendingEvent.Dispensed) {
            if (changeCents > 0) {
                transitionTo(VendingState.Idle(stock), VendingSideEffect.ReturnCoins(changeCents))
            } else {
                transitionTo(VendingState.Idle(stock))
            }
        }
    }

    state<VendingState.OutOfService> {
        onEnter {
            display("Out of service${reason?.let { ": $it" } ?: ""}")
        }
        on(VendingEvent.Repaired) {
            transitionTo(VendingState.Idle(stock))
        }
        on<VendingEvent.InsertCoin> {
            dontTransition(VendingSideEffect.ReturnCoins(it.cents))
        }
    }

    onTransition {
        if (it is StateMachine.Transition.Valid && it.sideEffect is VendingSideEffect.Display) {
            display((it.sideEffect as VendingSideEffect.Display).text)
        }
    }
}
