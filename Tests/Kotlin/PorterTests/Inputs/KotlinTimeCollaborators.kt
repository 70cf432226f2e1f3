package com.statemachine.porter.testdata

import com.tinder.StateMachine
import kotlin.time.Duration
import kotlin.time.Duration.Companion.seconds

// A collaborator answering `kotlin.time.Duration`s (a value class: a `long` on the JVM), nullable and not: the port's
// protocol returns Swift's `Duration`, and verification stubs both sides with n + 1 seconds for the n-th call.

interface Timer {
    fun elapsed(): Duration
    fun maybe(): Duration?
}

sealed class Kettle {
    object Cold : Kettle()
    data class Hot(val after: Duration) : Kettle()
}

sealed class KettleEvent {
    object Boil : KettleEvent()
}

sealed class KettleLog {
    data class Line(val text: String) : KettleLog()
}

class KettleTimer(private val timer: Timer) {
    val stateMachine = StateMachine.create<Kettle, KettleEvent, KettleLog> {
        initialState(Kettle.Cold)
        state<Kettle.Cold> {
            on<KettleEvent.Boil> { transitionTo(Kettle.Hot(timer.elapsed() + 1.seconds), KettleLog.Line("boiled in ${timer.elapsed()}, ${timer.maybe()}")) }
        }
        state<Kettle.Hot> {
            on<KettleEvent.Boil> { dontTransition(KettleLog.Line("still hot after $after")) }
        }
    }
}
