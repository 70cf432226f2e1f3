package com.statemachine.porter.testdata

import com.example.logging.KLogger
import com.example.logging.Sink
import com.statemachine.spec.StateMachine

// How listeners log in Android and server code: Java's `System.out.println`, `"text " + value`, the class name of the
// optional side effect (`sideEffect?.javaClass?.simpleName`), and the side effect cast to its type once it is known
// not to be null; a private function whose result type is not written (`loud(force) = force > 5`); a logger of another
// module given its message as a lambda (`logger.debug { "…" }`), and the transition handed to a member function; the side
// effect handed to function references (`sink::accept`, `::remember`).

sealed class Door {
    object Closed : Door()
    object Open : Door()
}

sealed class Push {
    object Knob : Push()
    data class Kick(val force: Int) : Push()
}

sealed class Sound {
    object Creak : Sound()
    data class Bang(val volume: Int) : Sound()
}

class DoorLog(private val log: (String) -> Unit, private val logger: KLogger, private val sink: Sink) {
    private fun loud(force: Int) = force > 5

    val machine = StateMachine.create<Door, Push, Sound> {
        initialState(Door.Closed)
        state<Door.Closed> {
            on<Push.Knob> { transitionTo(Door.Open, Sound.Creak) }
            on<Push.Kick> { if (loud(it.force)) transitionTo(Door.Open, Sound.Bang(it.force * 2)) else dontTransition() }
        }
        state<Door.Open> {
            on<Push.Knob> { transitionTo(Door.Closed) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            System.out.println("door: " + valid.toState)
            valid.sideEffect?.let(sink::accept)
            valid.sideEffect?.let(::remember)
            log("effect " + valid.sideEffect?.javaClass?.simpleName)
            if (valid.sideEffect != null) {
                val sound = valid.sideEffect as Sound
                when (sound) {
                    is Sound.Bang -> log("bang at " + sound.volume)
                    Sound.Creak -> log("creak")
                }
            }
        }
        onTransition {
            logger.debug { "from ${it.fromState} on ${it.event}" }
            audit(it)
        }
    }

    private fun remember(sound: Sound) {
        log("remembered " + sound::class.simpleName)
    }

    private fun audit(transition: StateMachine.Transition<Door, Push, Sound>) {
        if (transition is StateMachine.Transition.Valid) log("audit " + transition.toState)
    }
}
