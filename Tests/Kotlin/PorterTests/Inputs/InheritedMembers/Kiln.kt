package com.example.kiln

import com.tinder.StateMachine
import java.time.Duration
import java.time.Instant

// What a machine built inside a class does with the class's own members and the platform types, as teams write it:
// - a `when` whose branches run several statements, used as a value (untyped, and typed `String?`);
// - a state cast to one of its cases: `as` (stops where Kotlin's cast throws), `as?` in a local, `(… as? Case)?.let`;
// - `if (next == null) A else B` on a nullable local (B reads it as a value);
// - `if (it !is Valid) { …; return@onTransition }` (the transition is valid afterwards);
// - a `mutableListOf` property of the class changed in place: `+=` of one element, `add`, `remove`, `removeAt`, `clear`;
// - `Instant` and `Duration` values a collaborator returns (`clock.now().plus(…)`, `isAfter`), `took?.seconds`;
// - a collaborator's `List<String>` result (`size`, `lastIndex`);
// - an enum class only the handlers name (`Tone.HIGH`), passed to a collaborator;
// - `notify`, inherited from the generic base class `Device<KilnState>`.

sealed class KilnState {
    object Off : KilnState()
    data class Firing(val program: String, val until: Instant) : KilnState()
    data class Cooling(val program: String, val step: Int) : KilnState()
}

sealed class KilnEvent {
    data class Fire(val program: String, val minutes: Long) : KilnEvent()
    object Tick : KilnEvent()
    object Stop : KilnEvent()
}

sealed class KilnSideEffect {
    data class Report(val text: String, val took: Duration?) : KilnSideEffect()
    object Alarm : KilnSideEffect()
}

enum class Tone { HIGH, LOW }

interface KilnClock {
    fun now(): Instant
}

interface Panel {
    fun show(text: String)
    fun beep(tone: Tone)
    fun steps(program: String): List<String>
}

class Kiln(private val clock: KilnClock, private val panel: Panel) : Device<KilnState>("kiln") {
    private val queue = mutableListOf<String>()

    val stateMachine = StateMachine.create<KilnState, KilnEvent, KilnSideEffect> {
        initialState(KilnState.Off)
        state<KilnState.Off> {
            on<KilnEvent.Fire> {
                queue += it.program
                queue.add("rest")
                val next = queue.firstOrNull()
                if (next == null) {
                    dontTransition()
                } else {
                    queue.removeAt(0)
                    transitionTo(KilnState.Firing(next, clock.now().plus(Duration.ofMinutes(it.minutes))))
                }
            }
        }
        state<KilnState.Firing> {
            on<KilnEvent.Tick> {
                if (clock.now().isAfter(until)) {
                    transitionTo(KilnState.Cooling(program, panel.steps(program).lastIndex), KilnSideEffect.Report("fired", Duration.ofMinutes(1)))
                } else {
                    dontTransition()
                }
            }
            on<KilnEvent.Stop> {
                queue.remove(program)
                queue.clear()
                transitionTo(KilnState.Off, KilnSideEffect.Alarm)
            }
        }
        state<KilnState.Cooling> {
            on<KilnEvent.Tick> {
                val tone = when (step) {
                    0 -> {
                        panel.show("cool")
                        Tone.LOW
                    }
                    else -> Tone.HIGH
                }
                panel.beep(tone)
                if (step == 0) transitionTo(KilnState.Off) else transitionTo(copy(step = step - 1))
            }
        }
        onTransition {
            if (it !is StateMachine.Transition.Valid) {
                panel.show("ignored ${it.event}")
                return@onTransition
            }
            val text: String? = when (val sideEffect = it.sideEffect) {
                is KilnSideEffect.Report -> {
                    val firing = it.fromState as KilnState.Firing
                    panel.show(firing.program)
                    "${sideEffect.text} in ${sideEffect.took?.seconds} s, ${panel.steps(firing.program).size} steps"
                }
                KilnSideEffect.Alarm -> {
                    panel.beep(Tone.HIGH)
                    null
                }
                null -> null
            }
            text?.let(panel::show)
            val cooling = it.toState as? KilnState.Cooling
            if (cooling != null) panel.show("step ${cooling.step}")
            (it.toState as? KilnState.Firing)?.let { firing -> panel.show("until ${firing.until}") }
            notify(it.toState)
        }
    }
}
