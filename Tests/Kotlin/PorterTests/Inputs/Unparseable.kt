package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Not valid Kotlin: the state block below misses its closing brace. The porter reports where, and exits with 2.
sealed class State {
    object Solid : State()
    object Liquid : State()
}

val machine = StateMachine.create<State, State, State> {
    initialState(State.Solid)
    state<State.Solid> {
        on<State.Liquid> { dontTransition() }
}
