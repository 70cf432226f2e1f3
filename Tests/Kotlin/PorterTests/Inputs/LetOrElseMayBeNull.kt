package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Kotlin runs the right side of `(it as? Valid)?.let { … } ?: …` also when the let body's value is null: here
// `describe` may return null, so the porter cannot port the listener as an if / else on the transition and leaves a
// placeholder with a warning.

sealed interface Bulb {
    data object Dark : Bulb
    data object Lit : Bulb
}

sealed interface Flip {
    data object Up : Flip
}

sealed interface Note {
    data class Say(val text: String) : Note
}

class BulbController(private val lines: MutableList<String>) {

    val bulb = StateMachine.create<Bulb, Flip, Note> {
        initialState(Bulb.Dark)
        state<Bulb.Dark> {
            on<Flip.Up> { transitionTo(Bulb.Lit, Note.Say("lit")) }
        }
        onTransition {
            (it as? StateMachine.Transition.Valid)?.let { valid -> describe(valid.sideEffect) } ?: record("nothing")
        }
    }

    private fun record(line: String) {
        lines.add(line)
    }

    private fun describe(note: Note?): String? = (note as? Note.Say)?.text
}
