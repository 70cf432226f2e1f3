package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// `it.fromState` and `it.event` where the transition may be invalid: Kotlin's Transition has them on both outcomes, as
// the library's Valid and Invalid do. Read directly, in `when (it)`'s Invalid branch, in the else of
// `if (it is Valid)`, in the `run { }` of `it as? Valid ?: run { …; return@onTransition }`, and where
// `val valid = it as? Valid` is followed by `if (valid == null) { …; return@onTransition }`. An event in a state without
// a definition (Leaking) throws in Kotlin and calls no listener; the Swift listeners get the error and skip it. Besides:
// a function-typed constructor parameter called with `invoke`, and `++count` used as a value.

sealed class Tap {
    object Idle : Tap()
    data class Running(val litres: Int) : Tap()
    object Leaking : Tap()
}

sealed class Turn {
    data class Open(val litres: Int) : Turn()
    object Close : Turn()
    object Break : Turn()
}

sealed class Drip {
    object Stop : Drip()
}

class TapController(private val lines: MutableList<String>, private val notify: (String) -> Unit) {
    private var validCount = 0

    val tap = StateMachine.create<Tap, Turn, Drip> {
        initialState(Tap.Idle)
        state<Tap.Idle> {
            on<Turn.Open> { transitionTo(Tap.Running(it.litres)) }
            onEnter { notify.invoke("idle again") }
        }
        state<Tap.Running> {
            on<Turn.Close> { transitionTo(Tap.Idle, Drip.Stop) }
            on<Turn.Break> { transitionTo(Tap.Leaking) }
        }
        onTransition {
            record("any: ${it.event} in ${it.fromState}")
        }
        onTransition {
            when (it) {
                is StateMachine.Transition.Valid -> record("when: valid ${it.event}")
                is StateMachine.Transition.Invalid -> record("when: invalid ${it.event} in ${it.fromState}")
            }
        }
        onTransition { transition ->
            if (transition is StateMachine.Transition.Valid) {
                record("if: valid ${transition.toState}")
            } else {
                record("if: invalid ${transition.event}")
            }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: run {
                record("guard: invalid ${it.event} in ${it.fromState}")
                return@onTransition
            }
            record("guard: valid ${valid.fromState}")
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid
            if (valid == null) {
                val invalid = it as StateMachine.Transition.Invalid
                record("null check: invalid ${invalid.event}")
                return@onTransition
            }
            record("null check: valid ${it.toState}, ${++validCount} so far")
        }
    }

    private fun record(line: String) {
        lines.add(line)
    }
}
