package com.example.door

import com.tinder.StateMachine

sealed class DoorState {
    object Open : DoorState()
    object Closed : DoorState()
}

// The events' base class is in a file not given; its subclasses are here. (Found by the porter's fuzzer.)
data class Push(val force: Int) : DoorEvent()
object Pull : DoorEvent()

val door = StateMachine.create<DoorState, DoorEvent, Unit> {
    initialState(DoorState.Closed)
    state<DoorState.Closed> {
        on<Push> { if (it.force > 2) transitionTo(DoorState.Open) else dontTransition() }
    }
    state<DoorState.Open> {
        on<DoorEvent.Pull> { transitionTo(DoorState.Closed) }
    }
}
