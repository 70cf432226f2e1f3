package com.example.socket

import com.tinder.StateMachine

// The side-effect type is a plain class that nothing extends and no file makes (`class SideEffect`): the Kotlin
// machine never emits a side effect, and the port's SideEffect has no values.

class SideEffect

sealed class SocketState {
    object Closed : SocketState()
    object Open : SocketState()
}

sealed class SocketEvent {
    object Connect : SocketEvent()
    object Disconnect : SocketEvent()
}

class Socket {
    val machine = StateMachine.create<SocketState, SocketEvent, SideEffect> {
        initialState(SocketState.Closed)
        state<SocketState.Closed> {
            on<SocketEvent.Connect> { transitionTo(SocketState.Open) }
        }
        state<SocketState.Open> {
            on<SocketEvent.Disconnect> { transitionTo(SocketState.Closed) }
        }
    }
}
