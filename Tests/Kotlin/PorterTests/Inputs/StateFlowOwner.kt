package com.example.eggtimer

import com.tinder.StateMachine
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

private const val DEFAULT_SECONDS = 2

sealed class EggTimerState {
    object Idle : EggTimerState()
    data class Running(val remaining: Int) : EggTimerState()
    object Done : EggTimerState()
}

sealed class EggTimerEvent {
    data class Start(val seconds: Int = DEFAULT_SECONDS) : EggTimerEvent()
    object Tick : EggTimerEvent()
    object Cancel : EggTimerEvent()
}

sealed class EggTimerEffect {
    object Ring : EggTimerEffect()
}

/** A view model that publishes its state through a StateFlow, as Android view models do. */
class EggTimerViewModel {
    private val _state = MutableStateFlow<EggTimerState>(EggTimerState.Idle)
    val state: StateFlow<EggTimerState> = _state.asStateFlow()
    private val _rings = MutableStateFlow(0)

    private val machine = StateMachine.create<EggTimerState, EggTimerEvent, EggTimerEffect> {
        initialState(EggTimerState.Idle)
        state<EggTimerState.Idle> {
            on<EggTimerEvent.Start> { if (it.seconds > 0) transitionTo(EggTimerState.Running(it.seconds)) else dontTransition() }
        }
        state<EggTimerState.Running> {
            on<EggTimerEvent.Tick> {
                if (remaining <= 1) transitionTo(EggTimerState.Done, EggTimerEffect.Ring) else transitionTo(copy(remaining = remaining - 1))
            }
            on<EggTimerEvent.Cancel> { transitionTo(EggTimerState.Idle) }
        }
        state<EggTimerState.Done> {
            on<EggTimerEvent.Start> { transitionTo(EggTimerState.Running(it.seconds)) }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            _state.value = valid.toState
            if (valid.sideEffect == EggTimerEffect.Ring) _rings.value = _rings.value + 1
            println("published ${_state.value}, rings ${_rings.value}")
        }
    }

    fun send(event: EggTimerEvent) = machine.transition(event)
}
