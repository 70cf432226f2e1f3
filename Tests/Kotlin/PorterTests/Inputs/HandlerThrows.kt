package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Handlers that throw, as Tinder's Kotlin gives the exception to the caller of `transition`: an exception class of the
// file, Kotlin's (with a message, without one), `error(…)` as a statement, a throw as the handler's only statement and
// as a `when` branch's result.

class Percolator {
    class OverheatException(val degrees: Int) : Exception("too hot: $degrees")

    sealed class State {
        data object Cold : State()
        data class Heating(val target: Int) : State()
    }

    sealed class Event {
        data class Start(val target: Int) : Event()
        data object Stop : Event()
        data object Reset : Event()
        data object Boil : Event()
    }

    sealed class SideEffect {
        data object Beep : SideEffect()
    }

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Cold)
        state<State.Cold> {
            on<Event.Start> {
                if (it.target > 100) throw OverheatException(it.target)
                if (it.target < 0) {
                    throw IllegalArgumentException("target ${it.target} is below zero")
                }
                transitionTo(State.Heating(it.target))
            }
            on<Event.Stop> {
                throw IllegalStateException()
            }
        }
        state<State.Heating> {
            on<Event.Reset> {
                if (target == 0) error("heating to nothing")
                transitionTo(State.Cold, SideEffect.Beep)
            }
            on<Event.Boil> {
                when (target) {
                    100 -> transitionTo(State.Cold, SideEffect.Beep)
                    else -> throw UnsupportedOperationException("no boiling at $target")
                }
            }
            on<Event.Stop> {
                throw UnsupportedOperationException("no stopping")
            }
        }
    }
}
