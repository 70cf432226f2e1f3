package com.example.kettle

import com.tinder.StateMachine

sealed class KettleState {
    object Cold : KettleState()
    object Heating : KettleState()
    object Boiled : KettleState()
}

sealed class KettleEvent {
    object SwitchOn : KettleEvent()
    object Click : KettleEvent()
    object Empty : KettleEvent()
}

sealed class KettleEffect {
    object Whistle : KettleEffect()
    data class Show(val text: String) : KettleEffect()
    object Drain : KettleEffect()
}

/**
 * Written for Kotlin before 1.7, which accepted a `when` statement that lists not every case: over the nullable side
 * effect (no Drain, no null) and over a Boolean (no false).
 */
class Kettle {
    val stateMachine = StateMachine.create<KettleState, KettleEvent, KettleEffect> {
        initialState(KettleState.Cold)
        state<KettleState.Cold> {
            on<KettleEvent.SwitchOn> { transitionTo(KettleState.Heating, KettleEffect.Show("on")) }
        }
        state<KettleState.Heating> {
            on<KettleEvent.Click> { transitionTo(KettleState.Boiled, KettleEffect.Whistle) }
            on<KettleEvent.Empty> { transitionTo(KettleState.Cold, KettleEffect.Drain) }
        }
        state<KettleState.Boiled> {
            on<KettleEvent.Empty> { transitionTo(KettleState.Cold, KettleEffect.Drain) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            when (valid.sideEffect) {
                KettleEffect.Whistle -> println("whistle")
                is KettleEffect.Show -> println("show ${(valid.sideEffect as KettleEffect.Show).text}")
            }
            when (valid.toState is KettleState.Cold) { true -> println("cold again") }
        }
    }
}
