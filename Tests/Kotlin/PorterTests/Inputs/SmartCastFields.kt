package com.example.brewer

import com.tinder.StateMachine

/** Failures a brewer reports: data classes of exceptions, and an object. */
sealed class BrewError(message: String) : Exception(message) {
    data class TooHot(val degrees: Int) : BrewError("too hot: $degrees")
    data class Empty(val litres: Int) : BrewError("empty")
    object Jammed : BrewError("jammed")
}

sealed class BrewerState {
    object Idle : BrewerState()
    data class Brewing(val cups: Int) : BrewerState()
    data class Faulted(val error: BrewError) : BrewerState()
}

sealed class BrewerEvent {
    data class Start(val cups: Int) : BrewerEvent()
    data class Fault(val error: BrewError) : BrewerEvent()
    object Clear : BrewerEvent()
}

sealed class BrewerEffect {
    data class Say(val text: String) : BrewerEffect()
    object Beep : BrewerEffect()
}

/** Kotlin smart-casts a field in a `when` over it, and a local in an `if` that checks its case: both read the fields. */
class Brewer {
    val spoken = mutableListOf<String>()

    val stateMachine = StateMachine.create<BrewerState, BrewerEvent, BrewerEffect> {
        initialState(BrewerState.Idle)
        state<BrewerState.Idle> {
            on<BrewerEvent.Start> { transitionTo(BrewerState.Brewing(it.cups), BrewerEffect.Say("brewing ${it.cups}")) }
        }
        state<BrewerState.Brewing> {
            on<BrewerEvent.Fault> {
                val text = when (it.error) {
                    is BrewError.TooHot -> "cool down from ${it.error.degrees}"
                    is BrewError.Empty -> "add ${it.error.litres} l"
                    BrewError.Jammed -> "call service"
                }
                transitionTo(BrewerState.Faulted(it.error), BrewerEffect.Say(text))
            }
        }
        state<BrewerState.Faulted> {
            on<BrewerEvent.Clear> { transitionTo(BrewerState.Idle, BrewerEffect.Beep) }
        }
        onTransition {
            val effect = (it as? StateMachine.Transition.Valid)?.sideEffect ?: return@onTransition
            if (effect is BrewerEffect.Say) spoken.add(effect.text)
            println("spoken ${spoken.size}")
        }
    }
}
