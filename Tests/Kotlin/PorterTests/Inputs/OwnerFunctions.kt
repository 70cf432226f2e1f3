package com.example.rover

import com.tinder.StateMachine

/**
 * A rover whose position a function of its own advances after each move, as an app's view model does: the Swift owner
 * is given the position the Kotlin owner had when it was made (Spec/VERIFY.md, V5), not the one it ended with.
 */
class OwnerFunctions {
    sealed class State {
        object Parked : State()
        object Driving : State()
    }

    sealed class Event {
        object Drive : Event()
        object Park : Event()
    }

    sealed class SideEffect {
        data class Moved(val from: Int) : SideEffect()
    }

    private var position: Int = 7

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Parked)
        state<State.Parked> {
            on<Event.Drive> { transitionTo(State.Driving, SideEffect.Moved(position)) }
        }
        state<State.Driving> {
            on<Event.Park> { transitionTo(State.Parked) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            if (valid.sideEffect is SideEffect.Moved) advance()
        }
    }

    private fun advance() {
        position = position + 1
    }
}
