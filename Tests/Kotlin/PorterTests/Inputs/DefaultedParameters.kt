package com.example.defaults

import com.tinder.StateMachine

// A machine made by a top-level function whose parameters have defaults: a constant and a data class. `--verify` runs
// the Kotlin with the defaults (the runner leaves defaulted parameters out), so the Swift owner must give the values the
// defaults gave: with 0 and an empty policy instead, the third `Add` would not fill the cup.

const val DEFAULT_LIMIT = 2

data class Policy(val step: Int = 3)

sealed class Cup {
    data class Filling(val level: Int) : Cup()
    data object Full : Cup()
}

sealed class CupEvent {
    data object Add : CupEvent()
    data object Empty : CupEvent()
}

sealed class CupEffect {
    data object Overflow : CupEffect()
}

fun cupMachine(
    limit: Int = DEFAULT_LIMIT,
    policy: Policy = Policy(),
    onSideEffect: (CupEffect) -> Unit = {},
): StateMachine<Cup, CupEvent, CupEffect> = StateMachine.create {
    initialState(Cup.Filling(0))
    state<Cup.Filling> {
        on(CupEvent.Add) {
            if (level + policy.step > limit * policy.step) {
                transitionTo(Cup.Full, CupEffect.Overflow)
            } else {
                transitionTo(Cup.Filling(level + policy.step))
            }
        }
        on(CupEvent.Empty) { transitionTo(Cup.Filling(0)) }
    }
    state<Cup.Full> {
        on(CupEvent.Empty) { transitionTo(Cup.Filling(0)) }
    }
    onTransition {
        val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
        valid.sideEffect?.let(onSideEffect)
    }
}
