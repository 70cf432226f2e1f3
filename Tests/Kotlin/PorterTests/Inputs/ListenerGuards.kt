package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Listener guards seen in server and Android code: `if (it as? Valid !is Valid) { … }` reading the invalid
// transition, `it as? Valid ?: run { throw … }`, the cast `it as Valid`, a nullable local checked with `!= null`, and a
// method the class inherits from a supertype in a file the porter is not given (`audit(…)` of `AuditedComponent`).

sealed class Gate {
    object Shut : Gate()
    object Up : Gate()
}

sealed class Lever {
    object Raise : Lever()
    object Lower : Lever()
}

class GateKeeper(private val record: (String) -> Unit) : AuditedComponent() {
    val machine = StateMachine.create<Gate, Lever, Unit> {
        initialState(Gate.Shut)
        state<Gate.Shut> {
            on<Lever.Raise> { transitionTo(Gate.Up) }
        }
        state<Gate.Up> {
            on<Lever.Lower> { transitionTo(Gate.Shut) }
        }
        onTransition {
            if (it as? StateMachine.Transition.Valid !is StateMachine.Transition.Valid) {
                record("ignored " + it.event::class.simpleName + " when " + it.fromState::class.simpleName)
            }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: run {
                throw IllegalStateException("invalid transition from ${it.fromState::class.simpleName}")
            }
            audit(valid.toState)
        }
        onTransition {
            val valid = it as StateMachine.Transition.Valid
            val up = if (valid.toState == Gate.Up) "up" else null
            if (up != null) record("now " + up.uppercase()) else record("now " + valid.toState::class.simpleName)
        }
    }
}
