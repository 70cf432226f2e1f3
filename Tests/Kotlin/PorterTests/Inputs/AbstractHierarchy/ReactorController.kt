package com.example.reactor

import com.tinder.StateMachine

class ReactorController(private val maxTarget: Int) {

    private fun report(message: String, loud: Boolean = false) {
        if (loud) println(message.uppercase()) else println(message)
    }

    val stateMachine = StateMachine.create<ReactorState, ReactorEvent, ReactorEffect> {
        state<ReactorState.Cold> {
            on<ReactorEvent.Start> {
                require(it.target > 0) { "a target above zero" }
                if (it.target > maxTarget) error("target ${it.target} is above $maxTarget")
                transitionTo(ReactorState.Heating(it.target), ReactorEffect.Log("heating"))
            }
        }
        state<ReactorState.Heating> {
            on<ReactorEvent.Timed> { transitionTo(ReactorState.Running) }
            on<ReactorEvent.Fault> { transitionTo(ReactorState.Failed(it.code), ReactorEffect.Replay(it)) }
        }
        state<ReactorState.Running> {
            on<ReactorEvent.Stop> { transitionTo(ReactorState.Cold, ReactorEffect.Alarm) }
            on<ReactorEvent.Fault> { TODO("fault handling while running") }
        }
        initialState(ReactorState.Cold)
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            when (valid.sideEffect) {
                ReactorEffect.Alarm -> report("alarm", loud = true)
                is ReactorEffect.Log -> report("log")
                is ReactorEffect.Replay -> report("replay")
            }
        }
    }
}
