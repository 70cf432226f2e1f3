package com.statemachine.porter.testdata

import com.example.shipping.AddressType
import com.example.shipping.AddressType.DESTINATION
import com.example.shipping.AddressType.ORIGIN
import com.example.logging.Level
import com.statemachine.spec.StateMachine

// Constants of enums in files the porter is not given, as an Android class uses them: an imported constant (`ORIGIN`),
// a qualified one (`AddressType.RETURN`), one as a member function's default argument (`Level.INFO`) whose parameter
// type is then the same enum; a set of steps grown with `+` (an element, a list); a listener that throws; `toString()`.

class ParcelFlow(private val trace: (String) -> Unit) {
    enum class Step { ORIGIN_CHECKED, DESTINATION_CHECKED, LABEL_PRINTED }

    data class Progress(val steps: Set<Step>, val retries: Int)

    sealed class State {
        data object Idle : State()
        data class Checking(val progress: Progress, val address: AddressType) : State()
        data class Ready(val progress: Progress) : State()
    }

    sealed class Event {
        data object Start : Event()
        data object Checked : Event()
        data object ReturnRequested : Event()
        data object Printed : Event()
    }

    sealed class SideEffect {
        data class Validate(val address: AddressType) : SideEffect()
        data object Print : SideEffect()
    }

    class UnexpectedEvent(message: String) : Exception(message)

    private fun log(message: String, level: Level = Level.INFO) {
        trace("$level $message")
    }

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Idle)
        state<State.Idle> {
            on<Event.Start> {
                log("start")
                transitionTo(State.Checking(Progress(emptySet(), 0), ORIGIN), SideEffect.Validate(ORIGIN))
            }
        }
        state<State.Checking> {
            on<Event.Checked> {
                if (address == ORIGIN) {
                    val next = progress.copy(steps = progress.steps + Step.ORIGIN_CHECKED)
                    transitionTo(State.Checking(next, DESTINATION), SideEffect.Validate(DESTINATION))
                } else {
                    val steps = if (address == DESTINATION) listOf(Step.DESTINATION_CHECKED) else emptyList()
                    transitionTo(State.Ready(progress.copy(steps = progress.steps + steps)))
                }
            }
            on<Event.ReturnRequested> {
                log("return to sender", Level.WARNING)
                transitionTo(State.Checking(progress.copy(retries = progress.retries + 1), AddressType.RETURN), SideEffect.Validate(AddressType.RETURN))
            }
        }
        state<State.Ready> {
            on<Event.Printed> {
                transitionTo(State.Ready(progress.copy(steps = progress.steps + Step.LABEL_PRINTED)), SideEffect.Print)
            }
        }
        onTransition {
            if (it is StateMachine.Transition.Valid) {
                trace(it.toState.toString())
            } else {
                throw UnexpectedEvent("${it.event} in ${it.fromState}")
            }
        }
    }
}
