package com.example.pairs.smc

import com.tinder.StateMachine

/** The SMC turnstile table, with Tinder's DSL. */
sealed class State {
    object Locked : State()
    object Unlocked : State()
}

sealed class Event {
    object Coin : Event()
    object Pass : Event()
}

sealed class Action {
    object Unlock : Action()
    object Alarm : Action()
    object ThankYou : Action()
    object Lock : Action()
}

val smcTurnstile = StateMachine.create<State, Event, Action> {
    initialState(State.Locked)
    state<State.Locked> {
        on<Event.Coin> { transitionTo(State.Unlocked, Action.Unlock) }
        on<Event.Pass> { dontTransition(Action.Alarm) }
    }
    state<State.Unlocked> {
        on<Event.Coin> { dontTransition(Action.ThankYou) }
        on<Event.Pass> { transitionTo(State.Locked, Action.Lock) }
    }
}
