package com.example.lamp

import com.tinder.StateMachine

/** A lamp whose side-effect type has no cases yet, as apps declare one for later: no transition emits a side effect. */
class CaselessSideEffects {
    sealed class State {
        object Off : State()
        object On : State()
    }

    sealed class Event {
        object Press : Event()
    }

    sealed class SideEffect

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Off)
        state<State.Off> {
            on<Event.Press> { transitionTo(State.On) }
        }
        state<State.On> {
            on<Event.Press> { transitionTo(State.Off) }
        }
    }
}
