package com.example.pairs.matter

import com.tinder.StateMachine

/** Tinder's matter machine, as its Kotlin README writes it. */
class MatterMachine {
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
            on<Event.OnMelted> { transitionTo(State.Liquid, SideEffect.LogMelted) }
        }
        state<State.Liquid> {
            on<Event.OnFroze> { transitionTo(State.Solid, SideEffect.LogFrozen) }
            on<Event.OnVaporized> { transitionTo(State.Gas, SideEffect.LogVaporized) }
        }
        state<State.Gas> {
            on<Event.OnCondensed> { transitionTo(State.Liquid, SideEffect.LogCondensed) }
        }
    }
}
