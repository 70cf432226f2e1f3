package com.example.pool

import com.example.config.ExecutionMode
import com.example.config.Strategy
import com.example.device.DeviceInfo
import com.tinder.StateMachine

// A machine whose states hold a type the owner supplies (DeviceInfo: the port is generic over its owner) and whose
// handler reads the constants of another type not given (ExecutionMode, an enum of the constants used) through a
// collaborator of a third (Strategy, a protocol that names ExecutionMode): the enum is the outer enum's, where the
// protocol sees it.

sealed class PoolState {
    object Idle : PoolState()
    data class Running(val device: DeviceInfo, val done: Int) : PoolState()
}

sealed class PoolEvent {
    data class Started(val device: DeviceInfo) : PoolEvent()
    object Passed : PoolEvent()
}

sealed class PoolEffect {
    object Finish : PoolEffect()
}

class PoolTracker(private val strategy: Strategy) {
    val machine = StateMachine.create<PoolState, PoolEvent, PoolEffect> {
        initialState(PoolState.Idle)
        state<PoolState.Idle> {
            on<PoolEvent.Started> { transitionTo(PoolState.Running(it.device, 0)) }
        }
        state<PoolState.Running> {
            on<PoolEvent.Passed> {
                when (strategy.mode) {
                    ExecutionMode.ANY_SUCCESS -> transitionTo(PoolState.Idle, PoolEffect.Finish)
                    ExecutionMode.ALL_SUCCESS -> transitionTo(copy(done = done + 1))
                }
            }
        }
    }
}
