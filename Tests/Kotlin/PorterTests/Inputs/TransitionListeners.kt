package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Every onTransition idiom found in Android code, one listener each, and `when` over a side effect with fields.

sealed interface Light {
    data object Off : Light
    data class On(val level: Int) : Light
}

sealed interface Switch {
    data class Turn(val level: Int) : Switch
    data object Cut : Switch
}

sealed interface Effect {
    data class Dim(val level: Int, val reason: String) : Effect
    data object Shutdown : Effect
}

val light = StateMachine.create<Light, Switch, Effect> {
    initialState(Light.Off)
    state<Light.Off> {
        on<Switch.Turn> { transitionTo(Light.On(it.level), Effect.Dim(it.level, "on")) }
    }
    state<Light.On> {
        on<Switch.Cut> { transitionTo(Light.Off, Effect.Shutdown) }
    }
    onTransition {
        val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
        println("valid: ${valid.toState}")
    }
    onTransition {
        if (it is StateMachine.Transition.Valid) {
            println("to ${it.toState}")
        } else {
            println("invalid")
        }
    }
    onTransition {
        if (it !is StateMachine.Transition.Valid) return@onTransition
        println("from ${it.fromState}")
    }
    onTransition {
        val sideEffect = (it as? StateMachine.Transition.Valid)?.sideEffect ?: return@onTransition
        // Past the guard, `it` is the valid transition (Kotlin's smart cast).
        println("to ${it.toState} with $sideEffect")
        when (sideEffect) {
            is Effect.Dim -> println("dim to ${sideEffect.level} because ${sideEffect.reason}")
            Effect.Shutdown -> println("shutdown")
        }
    }
    onTransition {
        val valid = it as? StateMachine.Transition.Valid ?: run {
            println("ignored")
            return@onTransition
        }
        println("event ${valid.event}")
    }
    onTransition { transition ->
        when (transition) {
            is StateMachine.Transition.Valid -> println("moved")
            is StateMachine.Transition.Invalid -> println("stayed")
        }
    }
}
