package com.example.door.ui

import com.example.door.model.DoorEvent
import com.example.door.model.DoorEvent.*
import com.example.door.model.DoorState
import com.example.door.model.DoorState.*
import com.statemachine.spec.StateMachine

// The State and Event types in another module, their cases imported with `*` and used by their simple names: the
// DSL says which type each name is a case of (`state<Closed>`, `on<Open>`, `transitionTo(Opened(…))`). `Opened`'s
// field takes the type of the event's field passed to it (`it.degrees`, an Int where `Open` is made).

class HatchController {
    fun openWide() = machine.transition(Open(degrees = 90))
    val machine = StateMachine.create<DoorState, DoorEvent, Unit> {
        initialState(Closed)
        state<Closed> {
            on<Open> { transitionTo(Opened(angle = it.degrees)) }
        }
        state<Opened> {
            on<Close> { transitionTo(Closed) }
        }
    }
}
