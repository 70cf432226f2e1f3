package com.example.call

import com.example.call.status.CallError
import com.tinder.StateMachine

// `Error(Hung)` names an object of a file not given (in this package, as `CallError`), not the event `Hung` of the
// same name: Kotlin reaches a nested class only qualified or imported. The name is not the event's case in the port.

sealed class CallState {
    object Joining : CallState()
    object Running : CallState()
    data class Error(val error: CallError) : CallState()
}

sealed class CallEvent {
    object Joined : CallEvent()
    object Hung : CallEvent()
}

class Call {
    val machine = StateMachine.create<CallState, CallEvent, Unit> {
        initialState(CallState.Joining)
        state<CallState.Joining> {
            on<CallEvent.Joined> { transitionTo(CallState.Running) }
            on<CallEvent.Hung> { transitionTo(CallState.Error(Hung)) }
        }
        state<CallState.Running> {
            on<CallEvent.Hung> { transitionTo(CallState.Joining) }
        }
    }
}
