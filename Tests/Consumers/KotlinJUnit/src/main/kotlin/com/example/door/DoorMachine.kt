package com.example.door

import com.statemachine.spec.StateMachine

sealed class State {
    data object Closed : State()
    data object Opened : State()
}

sealed class Event {
    data object Open : Event()
    data object Close : Event()
}

sealed class SideEffect {
    data object Creak : SideEffect()
}

/** A door: opening creaks, closing is silent. */
class DoorMachine {
    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Closed)
        state<State.Closed> {
            on<Event.Open> { transitionTo(State.Opened, SideEffect.Creak) }
        }
        state<State.Opened> {
            on<Event.Close> { transitionTo(State.Closed) }
        }
    }
}
