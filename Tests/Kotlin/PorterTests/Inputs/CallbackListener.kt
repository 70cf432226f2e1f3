package com.statemachine.porter.testdata

import com.tinder.StateMachine

// A listener the owner is given that takes a callback (`(HeaterEvent) -> Unit`), as screens hand their "send an event"
// function to whoever handles a side effect. The callback has no fixture form: both sides write `?` for it.

sealed class HeaterState {
    object Cold : HeaterState()
    data class Warm(val degrees: Int) : HeaterState()
}

sealed class HeaterEvent {
    object Ignite : HeaterEvent()
    data class Settle(val degrees: Int) : HeaterEvent()
}

sealed class HeaterEffect {
    object Spark : HeaterEffect()
}

class CallbackHeater(private val listener: (HeaterEffect, (HeaterEvent) -> Unit) -> Unit) {
    val machine = StateMachine.create<HeaterState, HeaterEvent, HeaterEffect> {
        initialState(HeaterState.Cold)
        state<HeaterState.Cold> {
            on<HeaterEvent.Ignite> { transitionTo(HeaterState.Warm(degrees = 20), HeaterEffect.Spark) }
        }
        state<HeaterState.Warm> {
            on<HeaterEvent.Settle> { transitionTo(HeaterState.Warm(it.degrees)) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            valid.sideEffect?.let { effect -> listener.invoke(effect, ::onEvent) }
        }
    }

    private fun onEvent(event: HeaterEvent) {
        machine.transition(event)
    }
}
