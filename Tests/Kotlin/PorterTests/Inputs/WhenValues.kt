package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// `when` used as a value: `val x = when (…) { … }` over a sealed subject (`is` branches, `else`), over a number (values,
// ranges, `else`), and without a subject; a `when` assigned to a `var`; `return@on when (…) { … }` as a handler's
// result. The port writes Swift `switch` and `if` expressions.

sealed class Kettle {
    data class Cold(val degrees: Int) : Kettle()
    data class Warm(val degrees: Int, val label: String) : Kettle()
    object Boiling : Kettle()
}

sealed class Heat {
    data class By(val degrees: Int) : Heat()
    object Reset : Heat()
    object Pour : Heat()
}

sealed class Whistle {
    data class Say(val text: String) : Whistle()
}

val kettle = StateMachine.create<Kettle, Heat, Whistle> {
    initialState(Kettle.Cold(20))
    state<Kettle.Cold> {
        on<Heat.By> {
            val total = degrees + it.degrees
            val next = when {
                total >= 100 -> Kettle.Boiling
                total >= 40 -> Kettle.Warm(total, "warm")
                else -> Kettle.Cold(total)
            }
            transitionTo(next)
        }
    }
    state<Kettle.Warm> {
        on<Heat.By> {
            val total = degrees + it.degrees
            var label = "warm"
            label = when (total) {
                in 40 until 60 -> "warm"
                in 60..79 -> "hot"
                80, 90 -> "very hot"
                else -> "scalding"
            }
            transitionTo(copy(degrees = total, label = label))
        }
        on<Heat.Pour> {
            val text = when (this) {
                is Kettle.Warm -> "pouring at $degrees"
                else -> "not now"
            }
            dontTransition(Whistle.Say(text))
        }
        on<Heat.Reset> {
            return@on when (label) {
                "warm" -> transitionTo(Kettle.Cold(degrees))
                else -> dontTransition(Whistle.Say("too hot to reset"))
            }
        }
    }
    state<Kettle.Boiling> {
        on<Heat.Reset> { transitionTo(Kettle.Cold(20), Whistle.Say("boiled")) }
    }
}
