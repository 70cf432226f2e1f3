package com.statemachine.porter.testdata.sensor

import com.tinder.StateMachine

// A file named StateMachine.kt: its Swift enum must not be named StateMachine (that would hide the library).

const val MAX_SAMPLES = 100L
val NO_READING: Reading? = null

val sensor = StateMachine.create<SensorState, SensorEvent, Unit> {
    initialState(SensorState.Idle)
    state<SensorState.Idle> {
        on<SensorEvent.Start> {
            transitionTo(
                SensorState.Sampling(it.id, emptyList(), 0L, 1.5f, emptySet(), emptyMap(), null),
                Unit,
            )
        }
    }
    state<SensorState.Sampling> {
        on<SensorEvent.Sample> { transitionTo(copy(count = count + 1)) }
        on<SensorEvent.Timeout> { transitionTo(SensorState.Idle) }
        on<SensorEvent.Stop> { transitionTo(SensorState.Idle, Unit) }
    }
}
