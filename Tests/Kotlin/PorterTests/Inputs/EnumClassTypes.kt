package com.example.door

import com.tinder.StateMachine
import com.example.door.DoorEvent.OPEN
import com.example.door.DoorEvent.CLOSE

// Enum classes as the machine's State and Event types, matched by value (`state(DoorState.Closed)`, `on(OPEN)`),
// with a property, a function, `name`, `ordinal` and their text; `state<DoorState>` serves the states without a
// definition of their own (Tinder takes the first definition that matches).
enum class DoorState(val label: String, val terminal: Boolean = false) {
    Closed("closed"),
    Opened("open"),
    Locked("locked"),
    Broken("broken", terminal = true);

    fun describe(): String = if (terminal) "$label (final)" else label
}

enum class DoorEvent { OPEN, CLOSE, LOCK, UNLOCK, KICK }

sealed class DoorSound {
    data class Noise(val text: String) : DoorSound()
}

class GarageDoorController {
    private var kicks = 0
    val log = mutableListOf<String>()

    val machine = StateMachine.create<DoorState, DoorEvent, DoorSound> {
        initialState(DoorState.Closed)
        state(DoorState.Closed) {
            on(OPEN) { transitionTo(DoorState.Opened, DoorSound.Noise("creak")) }
            on(DoorEvent.LOCK) { transitionTo(DoorState.Locked) }
        }
        state(DoorState.Locked) {
            on(DoorEvent.UNLOCK) { transitionTo(DoorState.Closed, DoorSound.Noise("click ${name.lowercase()}")) }
        }
        state<DoorState> {
            on(CLOSE) { transitionTo(DoorState.Closed, DoorSound.Noise("slam")) }
            on(DoorEvent.KICK) {
                kicks++
                when {
                    this == DoorState.Broken -> dontTransition()
                    kicks >= 3 -> transitionTo(DoorState.Broken, DoorSound.Noise("crash after $kicks kicks in $this"))
                    else -> transitionTo(this, DoorSound.Noise("thud $ordinal"))
                }
            }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            log.add("${valid.fromState} -> ${valid.toState.describe()} on ${valid.event.name}")
            println(log.last())
        }
    }
}
