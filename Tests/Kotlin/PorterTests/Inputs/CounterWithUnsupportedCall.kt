package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine
import java.lang.Math.floorMod

// Deliberately not fully portable: `floorMod` is a library call the porter does not translate: the Swift handler
// calls a Swift `floorMod` the user supplies, and the porter warns and exits with status 1.
class CounterWithUnsupportedCall {

    sealed class State {
        data class Counting(val count: Int) : State()
    }

    sealed class Event {
        data class Add(val amount: Int) : Event()
        object Reset : Event()
    }

    sealed class SideEffect

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Counting(count = 0))
        state<State.Counting> {
            on<Event.Add> {
                transitionTo(State.Counting(floorMod(count + it.amount, 10)))
            }
            on<Event.Reset> {
                transitionTo(State.Counting(count = 0))
            }
        }
    }
}
