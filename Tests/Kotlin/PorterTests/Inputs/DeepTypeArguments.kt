package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Type arguments nested 24 levels deep: the port type-checked for more than a minute (the Swift compiler's time grows
// about tenfold with every four levels). More than the porter writes: a located error, exit status 2.

sealed class State {
    data class Holding(val values: List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<List<Int>>>>>>>>>>>>>>>>>>>>>>>>) : State()
    object Empty : State()
}

sealed class Event {
    object Clear : Event()
}

sealed class SideEffect

val holder = StateMachine.create<State, Event, SideEffect> {
    initialState(State.Empty)
    state<State.Holding> {
        on<Event.Clear> { transitionTo(State.Empty) }
    }
}
