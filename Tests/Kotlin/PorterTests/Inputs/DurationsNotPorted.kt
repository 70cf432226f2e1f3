package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine
import kotlin.time.Duration

// What of kotlin.time the port cannot hold exactly: an infinite duration (Swift's `Duration` has none), and a duration
// times or divided by a fraction (Kotlin rounds the result to the nanosecond). Each is a warning at its line.

sealed class Wait {
    data class For(val length: Duration) : Wait()
}

sealed class WaitEvent {
    object Forever : WaitEvent()
    object Longer : WaitEvent()
    object Shorter : WaitEvent()
}

val waits = StateMachine.create<Wait, WaitEvent, Unit> {
    initialState(Wait.For(Duration.ZERO))
    state<Wait.For> {
        on<WaitEvent.Forever> { transitionTo(Wait.For(Duration.INFINITE)) }
        on<WaitEvent.Longer> { transitionTo(Wait.For(length * 1.5)) }
        on<WaitEvent.Shorter> { transitionTo(Wait.For(length / 2.5)) }
    }
}
