package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine
import kotlin.math.abs
import kotlin.math.roundToInt

// Java's `Math` and `kotlin.math` in handlers: `Math.round` rounds halves up and returns a Long, `roundToInt()` the same
// as an Int, a Long divided by a Double literal is a Double, `Math.max`, `Math.abs`, `abs`, `Math.floor`, `Math.sqrt`.

sealed class Meter {
    data class Reading(val cents: Long, val level: Int, val euros: Double) : Meter()
}

sealed class Measure {
    data class Add(val amount: Double) : Measure()
    data class Level(val value: Double) : Measure()
    data class Drop(val amount: Int) : Measure()
}

val meter = StateMachine.create<Meter, Measure, Nothing> {
    initialState(Meter.Reading(0, 0, 0.0))
    state<Meter.Reading> {
        on<Measure.Add> {
            transitionTo(copy(cents = Math.max(cents + Math.round(it.amount * 100), 0), euros = Math.round(it.amount * 100) / 100.0))
        }
        on<Measure.Level> { transitionTo(copy(level = abs(Math.floor(Math.sqrt(Math.abs(it.value)) * 10).roundToInt()))) }
        on<Measure.Drop> { transitionTo(copy(level = Math.abs(level - it.amount))) }
    }
}
