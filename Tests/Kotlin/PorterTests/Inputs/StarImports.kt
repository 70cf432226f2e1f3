package com.example.door.ui

import com.example.door.model.DoorEvent
import com.example.door.model.DoorEvent.*
import com.example.door.model.DoorState
import com.example.door.model.DoorState.*
import com.statemachine.spec.StateMachine

// The State and Event types in another module, their cases imported with `*` and used by their simple names: the
// DSL says which type each name is a case of (`state<Closed>`, `on<Open>`, `transitionTo(Opened(…))`).

class HatchController {
    val machine = StateMachine.create<DoorState, DoorEvent, Unit> {
        initialState(Closed)
        state<Closed> {
            on<Open> { transitionTo(Opened(angle = 90)) }
        }
        state<Opened> {
            on<Close> { transitionTo(Closed) }
        }
    }
}
