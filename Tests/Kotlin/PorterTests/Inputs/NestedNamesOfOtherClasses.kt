package com.statemachine.porter.testdata

import com.example.display.Screen
import com.statemachine.spec.StateMachine

// A class of a file not given whose simple name is also a group of the state's cases: `Screen` written with its package
// in the group (where a bare `Screen` is the group) and bare outside the state, where it is the import. Both are that
// other class, not the group.

class Kiosk(private val screens: List<Screen>) {
    sealed class State {
        data object Idle : State()

        sealed class Screen : State() {
            abstract val screen: com.example.display.Screen

            data class Showing(override val screen: com.example.display.Screen, val page: Int) : Screen()
            data class Editing(override val screen: com.example.display.Screen) : Screen()
        }
    }

    sealed class Event {
        data object Open : Event()
        data object Edit : Event()
        data object Close : Event()
    }

    sealed class SideEffect {
        data object Redraw : SideEffect()
    }

    private fun firstScreen(): Screen = screens.first()

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Idle)
        state<State.Idle> {
            on<Event.Open> {
                transitionTo(State.Screen.Showing(firstScreen(), 1), SideEffect.Redraw)
            }
        }
        state<State.Screen.Showing> {
            on<Event.Edit> {
                transitionTo(State.Screen.Editing(screen))
            }
        }
        state<State.Screen> {
            on<Event.Close> {
                transitionTo(State.Idle)
            }
        }
    }
}
