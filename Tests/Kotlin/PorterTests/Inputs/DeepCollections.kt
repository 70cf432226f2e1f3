package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Collections nested 20 levels deep: the Swift compiler's type check of the port's nested literals took minutes (its
// time grows tenfold with every few levels). More than the porter writes: a located error, exit status 2.

sealed class State {
    object Idle : State()
    object Busy : State()
}

sealed class Event {
    object Start : Event()
}

sealed class SideEffect

val worker = StateMachine.create<State, Event, SideEffect> {
    initialState(State.Idle)
    state<State.Idle> {
        on<Event.Start> {
            println(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(listOf(1)))))))))))))))))))))
            transitionTo(State.Busy)
        }
    }
}
