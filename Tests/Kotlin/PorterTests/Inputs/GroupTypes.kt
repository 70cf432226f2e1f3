package com.example.kitchen

import com.tinder.StateMachine

// Groups of cases used as types: a nested sealed class (`Change`) and an abstract class (`Call`) whose cases are nested
// beside it. A state keeps a list of changes and an optional last call; a function of a state takes a change and one
// of `Change` gives one; a call is passed on as an `OrderEvent`; a list of changes as a list of `OrderEvent`s;
// `when`/`is` over a change and a call; a group's function and property read on one of its cases (`it.urgent` on a
// `Complain`).

sealed class OrderEvent {
    /** A change to the order: kept in its history, and undone by its inverse. */
    sealed class Change : OrderEvent() {
        abstract val dish: String

        abstract fun inverse(): Change

        /** How many dishes it adds: `when` over a change. */
        fun delta(): Int = when (this) {
            is Add -> count
            is Remove -> -count
        }

        data class Add(override val dish: String, val count: Int) : Change() {
            override fun inverse(): Change = Remove(dish, count)
        }

        data class Remove(override val dish: String, val count: Int) : Change() {
            override fun inverse(): Change = Add(dish, count)
        }
    }

    abstract class Call : OrderEvent() {
        abstract val urgent: Boolean
        abstract fun describe(): String
    }

    data class Ask(val question: String) : Call() {
        override val urgent: Boolean = false
        override fun describe(): String = "ask: $question"
    }

    data class Complain(val level: Int) : Call() {
        override val urgent: Boolean get() = level > 2
        override fun describe(): String = "complaint of level $level"
    }

    object Undo : OrderEvent()
    object Replay : OrderEvent()
    object Send : OrderEvent()
}

sealed class OrderState {
    data class Open(val changes: List<OrderEvent.Change>, val lastCall: OrderEvent.Call?) : OrderState() {
        fun with(change: OrderEvent.Change): OrderState = copy(changes = changes + change)

        fun dishes(): Int = changes.sumOf { it.delta() }
    }

    data class Sent(val changes: List<OrderEvent.Change>, val history: List<OrderEvent>) : OrderState()
}

sealed class OrderSideEffect {
    data class Forward(val event: OrderEvent) : OrderSideEffect()
    data class Announce(val text: String) : OrderSideEffect()
}

class Kitchen {
    val stateMachine = StateMachine.create<OrderState, OrderEvent, OrderSideEffect> {
        initialState(OrderState.Open(emptyList(), null))
        state<OrderState.Open> {
            on<OrderEvent.Change> {
                transitionTo(with(it), OrderSideEffect.Announce("${it.dish}: ${dishes() + it.delta()} dishes"))
            }
            on<OrderEvent.Call> {
                val text = when (it) {
                    is OrderEvent.Ask -> "question"
                    is OrderEvent.Complain -> if (it.urgent) "urgent" else "complaint"
                    else -> "call"
                }
                transitionTo(copy(lastCall = it), OrderSideEffect.Announce(text + ", " + it.describe()))
            }
            on<OrderEvent.Undo> {
                val last = changes.lastOrNull() ?: return@on dontTransition()
                val undone = when (last) {
                    is OrderEvent.Change.Add -> "added"
                    is OrderEvent.Change.Remove -> "removed"
                }
                transitionTo(copy(changes = changes.dropLast(1)), OrderSideEffect.Announce("undo $undone " + last.inverse().dish))
            }
            on<OrderEvent.Replay> {
                val call = lastCall ?: return@on dontTransition()
                dontTransition(OrderSideEffect.Forward(call))
            }
            on<OrderEvent.Send> {
                transitionTo(OrderState.Sent(changes.map { it.inverse().inverse() }, changes + OrderEvent.Send))
            }
        }
        state<OrderState.Sent> {
            on<OrderEvent.Change.Add> {
                transitionTo(OrderState.Open(listOf(it), null))
            }
            on<OrderEvent.Complain> {
                dontTransition(OrderSideEffect.Announce("too late for a ${it.describe()}, urgent: ${it.urgent}"))
            }
        }
    }
}
