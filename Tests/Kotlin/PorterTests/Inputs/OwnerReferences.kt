package com.statemachine.porter.testdata

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import com.statemachine.spec.StateMachine
import kotlin.properties.Delegates

// A component whose listeners reach the class that builds the machine through `this@DoseCounter` (directly, and
// through a local), and whose properties are delegated (`by mutableStateOf(0.0)`, `by Delegates.observable(0.0)`):
// their types come from the delegates' initial values. `this@DoseCounter` passed to a collaborator of a library type is
// the Swift `context`.

sealed class Dose {
    data object Steady : Dose()
    data object Rising : Dose()
}

sealed class DoseEvent {
    data class Consumed(val amount: Double) : DoseEvent()
    data object Settle : DoseEvent()
}

sealed class DoseEffect {
    data class Target(val to: Double) : DoseEffect()
    data object Keep : DoseEffect()
}

class DoseCounter(private val lifecycle: ReferenceLifecycle) {
    var target by mutableStateOf(0.0)
    var previous by Delegates.observable(0.0) { _, _, _ -> }

    private val machine = StateMachine.create<Dose, DoseEvent, DoseEffect> {
        initialState(Dose.Steady)
        state<Dose.Steady> {
            on<DoseEvent.Consumed> { transitionTo(Dose.Rising, DoseEffect.Target(this@DoseCounter.target + it.amount)) }
            onEnter { lifecycle.release(this@DoseCounter) }
        }
        state<Dose.Rising> {
            on<DoseEvent.Settle> { transitionTo(Dose.Steady, DoseEffect.Keep) }
            onEnter { lifecycle.acquire(this@DoseCounter) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            val counter = this@DoseCounter
            when (val effect = valid.sideEffect) {
                DoseEffect.Keep -> counter.target = counter.previous
                is DoseEffect.Target -> {
                    counter.previous = counter.target
                    this@DoseCounter.target = effect.to
                }
                null -> {}
            }
        }
    }

    fun consume(amount: Double) {
        machine.transition(DoseEvent.Consumed(amount))
    }
}
