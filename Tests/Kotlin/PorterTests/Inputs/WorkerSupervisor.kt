package com.example.workers

import com.tinder.StateMachine
import com.example.util.ObservableMachine

/**
 * A supervisor that computes its state from its workers': the handlers record each worker's state in a map the class
 * holds, the class extends a base class of a file not given (`ObservableMachine`, whose `publish` the listener calls),
 * and the listener rejects invalid events by throwing, which reaches the code that sent the event.
 */
sealed class Health {
    object Starting : Health()
    object Up : Health()
    data class Down(val reason: String) : Health()
}

sealed class WorkerEvent {
    data class Started(val worker: String) : WorkerEvent()
    data class Failed(val worker: String, val reason: String) : WorkerEvent()
    object Reset : WorkerEvent()
}

class WorkerSupervisor(workers: List<String>) : ObservableMachine() {
    private val health = mutableMapOf<String, Health>()

    init {
        workers.forEach { health[it] = Health.Starting }
    }

    val machine = StateMachine.create<Health, WorkerEvent, Nothing> {
        initialState(Health.Starting)
        state<Health.Starting> {
            on<WorkerEvent.Started> {
                health[it.worker] = Health.Up
                if (health.values.all { state -> state == Health.Up }) transitionTo(Health.Up) else dontTransition()
            }
            on<WorkerEvent.Failed> {
                health[it.worker] = Health.Down(it.reason)
                transitionTo(Health.Down(it.reason))
            }
        }
        state<Health.Up> {
            on<WorkerEvent.Failed> {
                health[it.worker] = Health.Down(it.reason)
                transitionTo(Health.Down(it.reason))
            }
        }
        state<Health.Down> {
            on<WorkerEvent.Reset> { transitionTo(Health.Starting) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: run {
                throw IllegalStateException("unexpected ${it.event} in ${it.fromState}")
            }
            if (valid.fromState::class != valid.toState::class) publish(valid.toState)
        }
    }
}
