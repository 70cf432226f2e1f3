package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Listeners that keep the valid transition with a `when` used as a value: `is Invalid -> error(…)` (the port stops
// there, as a listener's Swift closure cannot throw), and `else -> return@onTransition` with the branches the other
// way round.

class Doorbell(private val chime: (String) -> Unit) {
    sealed class State {
        data object Quiet : State()
        data class Ringing(val times: Int) : State()
    }

    sealed class Event {
        data object Press : Event()
        data object Release : Event()
    }

    sealed class SideEffect {
        data object Chime : SideEffect()
    }

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Quiet)
        state<State.Quiet> {
            on<Event.Press> { transitionTo(State.Ringing(1), SideEffect.Chime) }
        }
        state<State.Ringing> {
            on<Event.Release> { transitionTo(State.Quiet) }
        }
        onTransition {
            val valid = when (it) {
                is StateMachine.Transition.Invalid -> error("no ${it.event} in ${it.fromState}")
                is StateMachine.Transition.Valid -> it
            }
            chime("${valid.fromState} to ${valid.toState}")
        }
        onTransition { transition ->
            val shown = when (transition) {
                is StateMachine.Transition.Valid -> transition
                else -> return@onTransition
            }
            if (shown.sideEffect == SideEffect.Chime) chime("ding")
        }
    }
}
