package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// `(it as? Valid)?.let { … } ?: …` in an onTransition listener: the let body for a valid transition, the right side,
// reading the transition's event and fromState, for an invalid one (LetOrElseMayBeNull.kt: when the porter refuses it).

sealed interface Lamp {
    data object Off : Lamp
    data object On : Lamp
}

sealed interface Press {
    data object Toggle : Press
    data object Unplug : Press
}

sealed interface Effect {
    data class Log(val text: String) : Effect
}

class LampController(private val lines: MutableList<String>) {

    val lamp = StateMachine.create<Lamp, Press, Effect> {
        initialState(Lamp.Off)
        state<Lamp.Off> {
            on<Press.Toggle> { transitionTo(Lamp.On, Effect.Log("on")) }
        }
        state<Lamp.On> {
            on<Press.Toggle> { transitionTo(Lamp.Off) }
        }
        onTransition { transition ->
            (transition as? StateMachine.Transition.Valid)?.let { valid ->
                record("${valid.fromState} -> ${valid.toState}")
            } ?: record("ignored ${transition.event} in ${transition.fromState}")
        }
    }

    private fun record(line: String) {
        lines.add(line)
    }
}
