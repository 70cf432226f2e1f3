package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine
import java.io.IOException
import java.time.Instant
import java.util.UUID

// Platform values in Kotlin's text: a data class's `toString()` with an `Instant` and a `UUID` (ISO 8601 with the
// fraction in groups of three digits, lower-case hexadecimal), and a throwable's (`java.io.IOException: disk full`).

sealed class Stamp {
    object Empty : Stamp()
    data class Stamped(val id: UUID, val at: Instant) : Stamp()
}

sealed class StampEvent {
    data class Put(val id: UUID, val at: Instant) : StampEvent()
    data class Fail(val cause: IOException) : StampEvent()
}

sealed class StampLog {
    data class Line(val text: String) : StampLog()
}

val stamps = StateMachine.create<Stamp, StampEvent, StampLog> {
    initialState(Stamp.Empty)
    state<Stamp.Empty> {
        on<StampEvent.Put> { transitionTo(Stamp.Stamped(it.id, it.at), StampLog.Line("stamped $it")) }
    }
    state<Stamp.Stamped> {
        on<StampEvent.Fail> { dontTransition(StampLog.Line("$id at $at failed: ${it.cause}")) }
    }
}
