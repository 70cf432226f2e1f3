package com.statemachine.porter.testdata

import androidx.lifecycle.MutableLiveData
import androidx.lifecycle.ViewModel
import com.statemachine.spec.StateMachine
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

// A screen's view model as Android teams write it: the machine's state published through a StateFlow (a private
// `_state` behind a read-only `state`), its side effects through a LiveData, and a handler that reads the published
// value. Each holder is ported as its value, settable, on the class the Swift port takes.

sealed class Screen {
    data object Loading : Screen()
    data class Shown(val items: List<String>) : Screen()
    data class Failed(val message: String) : Screen()
}

sealed class ScreenEvent {
    data class Loaded(val items: List<String>) : ScreenEvent()
    data class LoadFailed(val message: String) : ScreenEvent()
    data object Retry : ScreenEvent()
}

sealed class ScreenEffect {
    data class ShowError(val message: String) : ScreenEffect()
    data object Reload : ScreenEffect()
}

class ListViewModel : ViewModel() {
    private val _state = MutableStateFlow<Screen>(Screen.Loading)
    val state: StateFlow<Screen> = _state.asStateFlow()
    val effects = MutableLiveData<ScreenEffect>()
    private val retries = MutableStateFlow(0)

    private val machine = StateMachine.create<Screen, ScreenEvent, ScreenEffect> {
        initialState(Screen.Loading)
        state<Screen.Loading> {
            on<ScreenEvent.Loaded> { transitionTo(Screen.Shown(it.items)) }
            on<ScreenEvent.LoadFailed> { transitionTo(Screen.Failed(it.message), ScreenEffect.ShowError(it.message)) }
        }
        state<Screen.Failed> {
            on<ScreenEvent.Retry> {
                if (retries.value < 2) transitionTo(Screen.Loading, ScreenEffect.Reload) else dontTransition()
            }
        }
        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            _state.value = valid.toState
            if (valid.sideEffect == ScreenEffect.Reload) retries.value = retries.value + 1
        }
        onTransition {
            val effect = (it as? StateMachine.Transition.Valid)?.sideEffect ?: return@onTransition
            println("published ${it.toState}")
            effects.postValue(effect)
        }
    }

    fun send(event: ScreenEvent) {
        machine.transition(event)
    }
}
