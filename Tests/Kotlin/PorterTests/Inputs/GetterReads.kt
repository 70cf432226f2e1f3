package com.example.kiosk

import com.tinder.StateMachine
import java.time.Clock
import java.time.Instant

sealed class KioskState {
    object Idle : KioskState()
    data class Open(val since: Instant) : KioskState()
}

sealed class KioskEvent {
    object Start : KioskEvent()
    object Stop : KioskEvent()
}

sealed class KioskSideEffect {
    data class Log(val text: String) : KioskSideEffect()
}

/** A getter of the class that reads a clock: each read is a new instant, in Kotlin and in the port's verification. */
class Kiosk(private val clock: Clock) {
    private val now: Instant get() = clock.instant()

    val stateMachine = StateMachine.create<KioskState, KioskEvent, KioskSideEffect> {
        initialState(KioskState.Idle)
        state<KioskState.Idle> {
            on<KioskEvent.Start> { transitionTo(KioskState.Open(now), KioskSideEffect.Log("opened at $now")) }
        }
        state<KioskState.Open> {
            on<KioskEvent.Stop> { transitionTo(KioskState.Idle, KioskSideEffect.Log("open since $since, closed at $now")) }
        }
    }
}
