package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// `initialState` called twice: Kotlin's builder keeps the last call, so the port keeps that one alone (the Swift DSL
// takes one initial state), with a warning at the first.

sealed class Door {
    data object Open : Door()
    data object Closed : Door()
}

sealed class Push {
    data object Shut : Push()
    data object Pull : Push()
}

val door = StateMachine.create<Door, Push, Unit> {
    initialState(Door.Open)
    state<Door.Open> {
        on<Push.Shut> { transitionTo(Door.Closed) }
    }
    initialState(Door.Closed)
    state<Door.Closed> {
        on<Push.Pull> { transitionTo(Door.Open) }
    }
}
