package com.statemachine.examples

import com.statemachine.spec.StateMachine

/** Tinder's matter machine, as in Tinder's README: payload-less states, events and side effects. */
class MatterStateMachine {

    sealed class State {
        object Solid : State()
        object Liquid : State()
        object Gas : State()
    }

    sealed class Event {
        object OnMelted : Event()
        object OnFroze : Event()
        object OnVaporized : Event()
        object OnCondensed : Event()
    }

    sealed class SideEffect {
        object LogMelted : SideEffect()
        object LogFrozen : SideEffect()
        object LogVaporized : SideEffect()
        object LogCondensed : SideEffect()
    }

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Solid)
        state<State.Solid> {
            on<Event.OnMelted> {
                transitionTo(State.Liquid, SideEffect.LogMelted)
            }
        }
        state<State.Liquid> {
            on<Event.OnFroze> {
                transitionTo(State.Solid, SideEffect.LogFrozen)
            }
            on<Event.OnVaporized> {
                transitionTo(State.Gas, SideEffect.LogVaporized)
            }
        }
        state<State.Gas> {
            on<Event.OnCondensed> {
                transitionTo(State.Liquid, SideEffect.LogCondensed)
            }
        }
        onTransition {
            val validTransition = it as? StateMachine.Transition.Valid ?: return@onTransition
            when (validTransition.sideEffect) {
                SideEffect.LogMelted -> println(ON_MELTED_MESSAGE)
                SideEffect.LogFrozen -> println(ON_FROZEN_MESSAGE)
                SideEffect.LogVaporized -> println(ON_VAPORIZED_MESSAGE)
                SideEffect.LogCondensed -> println(ON_CONDENSED_MESSAGE)
                null -> {}
            }
        }
    }

    companion object {
        const val ON_MELTED_MESSAGE = "I melted"
        const val ON_FROZEN_MESSAGE = "I froze"
        const val ON_VAPORIZED_MESSAGE = "I vaporized"
        const val ON_CONDENSED_MESSAGE = "I condensed"
    }
}
