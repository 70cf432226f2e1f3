package com.example.runner

import com.example.runner.results.BatchResults
import com.tinder.StateMachine
import kotlinx.coroutines.CompletableDeferred

// A library's generic type that the files do not declare, written once as it is and once nullable: both are one
// Swift type (`CompletableDeferred<BatchResults>` and `CompletableDeferred<BatchResults>?`), so the handler that
// passes the event's value on to the state compiles.

sealed class RunnerState {
    object Idle : RunnerState()
    data class Running(val result: CompletableDeferred<BatchResults>?) : RunnerState()
}

sealed class RunnerEvent {
    data class Execute(val result: CompletableDeferred<BatchResults>) : RunnerEvent()
    object Done : RunnerEvent()
}

class Runner {
    val machine = StateMachine.create<RunnerState, RunnerEvent, Unit> {
        initialState(RunnerState.Idle)
        state<RunnerState.Idle> {
            on<RunnerEvent.Execute> { transitionTo(RunnerState.Running(it.result)) }
        }
        state<RunnerState.Running> {
            on<RunnerEvent.Done> { transitionTo(RunnerState.Idle) }
        }
    }
}
