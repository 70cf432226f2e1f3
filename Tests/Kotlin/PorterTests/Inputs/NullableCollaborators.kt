package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// A class whose collaborators may be null (`logger: KettleLogger? = null`, called with `logger?.note(…)`: Swift's
// optional call), whose initial state reads a nullable constructor parameter after `if (saved != null)` (Kotlin's
// smart cast: `context.saved!` in Swift, which the condition has checked), whose machine is assigned in `init { }`
// (its types from the declared property), and which reads a throwable's class name (`cause.javaClass.simpleName`).

sealed class Kettle {
    data object Cold : Kettle()
    data class Heating(val target: Int) : Kettle()
    data class Broken(val reason: String) : Kettle()
}

sealed class KettleEvent {
    data class SwitchOn(val target: Int) : KettleEvent()
    data class Fail(val cause: Throwable) : KettleEvent()
}

sealed class KettleEffect {
    data object Beep : KettleEffect()
}

interface KettleLogger {
    fun note(text: String)
}

data class SavedKettle(val target: Int)

class KettleController(saved: SavedKettle?, private val logger: KettleLogger? = null) {
    private lateinit var machine: StateMachine<Kettle, KettleEvent, KettleEffect>

    init {
        machine = StateMachine.create {
            initialState(if (saved != null) Kettle.Heating(saved.target) else Kettle.Cold)
            state<Kettle.Cold> {
                on<KettleEvent.SwitchOn> {
                    logger?.note("on at ${it.target}")
                    transitionTo(Kettle.Heating(it.target), KettleEffect.Beep)
                }
            }
            state<Kettle.Heating> {
                on<KettleEvent.Fail> { transitionTo(Kettle.Broken(it.cause.message ?: it.cause.javaClass.simpleName)) }
            }
            state<Kettle.Broken> {}
        }
    }
}
