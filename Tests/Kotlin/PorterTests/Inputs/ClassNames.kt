package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// `::class` of the machine's values. `simpleName`, also through `.java` and `javaClass` (with the state as the
// implicit receiver of onEnter), is the name of the value's Kotlin class: the port declares a `simpleName` giving it.
// `a::class != b::class` asks whether two values are of different cases: the library's `hashableIdentifier`.

sealed class Door {
    object Closed : Door()
    data class Open(val angle: Int) : Door()
    data class Locked(val code: String) : Door()
}

sealed class Knock {
    data class Push(val degrees: Int) : Knock()
    object Shut : Knock()
    data class Lock(val code: String) : Knock()
}

sealed class Chime {
    object Ding : Chime()
}

class DoorController(private val lines: MutableList<String>) {

    val door = StateMachine.create<Door, Knock, Chime> {
        initialState(Door.Closed)
        state<Door.Closed> {
            onEnter { record("entered ${javaClass.simpleName}") }
            on<Knock.Push> { transitionTo(Door.Open(it.degrees)) }
            on<Knock.Lock> { transitionTo(Door.Locked(it.code)) }
        }
        state<Door.Open> {
            on<Knock.Push> { transitionTo(Door.Open(angle + it.degrees)) }
            on<Knock.Shut> { transitionTo(Door.Closed, Chime.Ding) }
        }
        state<Door.Locked> {
            onExit { record("left ${this::class.simpleName} on ${it::class.java.simpleName}") }
            on<Knock.Shut> { transitionTo(Door.Closed) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            if (valid.fromState::class != valid.toState::class) {
                record("${valid.fromState::class.simpleName} -> ${valid.toState.javaClass.simpleName} on ${valid.event::class.simpleName}")
            } else {
                record("still ${valid.toState::class.simpleName}")
            }
        }
    }

    private fun record(line: String) {
        lines.add(line)
    }
}
