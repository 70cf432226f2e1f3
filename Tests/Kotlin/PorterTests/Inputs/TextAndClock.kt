package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine
import java.time.Clock
import java.time.Instant

// `text.removeRange(start, end)`; a `java.time.Clock` the class is given, whose `instant()` and `millis()` are
// requirements of a protocol the port declares, typed as the Kotlin compiler types them (`Date`, `Int64`); and a
// constructor parameter named as a field of the state, which Kotlin's handlers read before the state's field.

sealed class Draft {
    data class Editing(val text: String, val stamp: Long) : Draft()
    data class Sent(val text: String, val at: Instant) : Draft()
}

sealed class Edit {
    data class Cut(val from: Int, val to: Int) : Edit()
    object Stamp : Edit()
    object Send : Edit()
    object Reset : Edit()
}

class Composer(private val clock: Clock, text: String) {
    val machine = StateMachine.create<Draft, Edit, Nothing> {
        initialState(Draft.Editing(text, 0))
        state<Draft.Editing> {
            on<Edit.Cut> { transitionTo(copy(text = this.text.removeRange(it.from, it.to))) }
            on(Edit.Stamp) { transitionTo(copy(stamp = clock.millis())) }
            on(Edit.Send) { transitionTo(Draft.Sent(this.text, clock.instant())) }
            // `text` is the constructor's parameter here, not the state's field.
            on(Edit.Reset) { transitionTo(Draft.Editing(text, stamp)) }
        }
    }
}
