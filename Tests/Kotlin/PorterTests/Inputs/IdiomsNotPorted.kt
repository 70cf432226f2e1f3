package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// Where the porter stops at `::class`, `when` values and pairs, each with a warning at its place: a class used as a
// value, a `when` inside an expression (Swift allows `switch` expressions as a declaration's value, an assignment or a
// result only), a `when` value with a branch of several statements, and `mapOf` given a pair that is not written
// `key to value`. An increment used as a value is ported (`turns++`) except where Kotlin may not run it (under a
// condition) or the statement reads the variable again. A local function of
// `StateMachine.create { }` that does not translate (`String.format`) is a requirement of Collaborators, with a warning.

sealed class Fan {
    object Off : Fan()
    data class On(val speed: Int, val label: String) : Fan()
}

sealed class Knob {
    data class Turn(val speed: Int) : Knob()
    object Stop : Knob()
    object Show : Knob()
    object Name : Knob()
}

sealed class Beep {
    data class Text(val text: String) : Beep()
}

class FanController(private val lines: MutableList<String>) {
    private var turns = 0

    val fan = StateMachine.create<Fan, Knob, Beep> {
        initialState(Fan.Off)
        fun describe(speed: Int): String = "%d rpm".format(speed)
        state<Fan.Off> {
            on<Knob.Turn> { transitionTo(Fan.On(it.speed, "on after $turns, now ${++turns}")) }
            on<Knob.Show> { dontTransition(Beep.Text("shown ${turns++} times before")) }
            on<Knob.Stop> { dontTransition(Beep.Text(if (lines.isEmpty()) "${++turns}" else "none")) }
            on<Knob.Name> { dontTransition(Beep.Text(describe(turns))) }
        }
        state<Fan.On> {
            on<Knob.Turn> {
                transitionTo(Fan.On(when (it.speed) { 0 -> 1; else -> it.speed }, label))
            }
            on<Knob.Stop> {
                val text = when (speed) {
                    0 -> "still"
                    else -> {
                        record("stopping")
                        "stopped"
                    }
                }
                transitionTo(Fan.Off, Beep.Text(text))
            }
            on<Knob.Show> {
                val (speed, label) = this
                dontTransition(Beep.Text("$label at $speed"))
            }
            onEnter { record("entered ${this::class}") }
            onExit {
                val entry = "speed" to speed
                tag(mapOf(entry))
            }
        }
    }

    private fun record(line: String) {
        lines.add(line)
    }

    private fun tag(tags: Map<String, Int>) {
        lines.add(tags.toString())
    }
}
