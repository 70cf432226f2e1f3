package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Parsed by the porter only: Kotlin 1.5+ `sealed interface` and Kotlin 1.9+ `data object`, which the
// Debian kotlinc (1.3) cannot compile. Its Swift port is compiled and tested with the other machines.

sealed interface State {
    data object Off : State
    data class Running(val speed: Int) : State
}

sealed interface Event {
    data object PowerOn : Event
    data class Faster(val by: Int) : Event
    object PowerOff : Event
}

sealed interface SideEffect {
    data object Beep : SideEffect
}

val fan = StateMachine.create<State, Event, SideEffect> {
    initialState(State.Off)
    state<State.Off> {
        on<Event.PowerOn> { transitionTo(State.Running(speed = 1), SideEffect.Beep) }
    }
    state<State.Running> {
        on<Event.Faster> { transitionTo(State.Running(speed + it.by)) }
        on<Event.PowerOff> { transitionTo(State.Off, SideEffect.Beep) }
    }
}
