package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine
import java.time.Instant

// An initial state the porter cannot translate (`Instant.now()`, a Java call): a warning, and a placeholder that stops
// where Kotlin builds the machine, as for a machine without `initialState`; the rest of the machine is ported.

sealed class Clock {
    data class Started(val at: Long) : Clock()
    data object Stopped : Clock()
}

sealed class Hand {
    data object Stop : Hand()
}

val watch = StateMachine.create<Clock, Hand, Unit> {
    initialState(Clock.Started(Instant.now().toEpochMilli()))
    state<Clock.Started> {
        on<Hand.Stop> { transitionTo(Clock.Stopped) }
    }
    state<Clock.Stopped> {}
}
