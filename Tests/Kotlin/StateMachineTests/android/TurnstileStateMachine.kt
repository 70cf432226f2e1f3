package com.statemachine.spec.tests.android

import com.statemachine.spec.StateMachine
import com.statemachine.spec.fixtures.CodeMachine

// A turnstile with credit written the way an Android team writes a Tinder StateMachine: sealed classes
// for states, events and side effects, the machine built in a class, a logger injected through the
// constructor and called from onEnter / onExit. It is the code-defined version of
// Fixtures/seed-001-turnstile-with-credit.json, used to test FixtureRecorder and FixtureChecker.

sealed interface State {
    data class Locked(val credit: Int) : State
    data object Unlocked : State
    data class Broken(val oldState: State) : State
}

sealed interface Event {
    data class InsertCoin(val value: Int) : Event
    data object AdmitPerson : Event
    data object MachineDidFail : Event
    data object MachineRepairDidComplete : Event
}

sealed interface SideEffect {
    data object SoundAlarm : SideEffect
    data object CloseDoors : SideEffect
    data object OpenDoors : SideEffect
}

interface TurnstileLogger {
    fun entered(state: State, cause: Event)
    fun exited(state: State, cause: Event)

    object None : TurnstileLogger {
        override fun entered(state: State, cause: Event) = Unit
        override fun exited(state: State, cause: Event) = Unit
    }
}

class TurnstileStateMachine(
    private val logger: TurnstileLogger = TurnstileLogger.None,
    private val fare: Int = 50,
) {

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Locked(credit = 0))
        state<State.Locked> {
            on<Event.InsertCoin> { event ->
                val newCredit = credit + event.value
                if (newCredit >= fare) {
                    transitionTo(State.Unlocked, SideEffect.OpenDoors)
                } else {
                    transitionTo(State.Locked(newCredit))
                }
            }
            on<Event.AdmitPerson> { dontTransition(SideEffect.SoundAlarm) }
            on<Event.MachineDidFail> { transitionTo(State.Broken(this)) }
            onEnter { logger.entered(this, it) }
            onExit { logger.exited(this, it) }
        }
        state<State.Unlocked> {
            on<Event.AdmitPerson> { transitionTo(State.Locked(credit = 0), SideEffect.CloseDoors) }
            on<Event.MachineDidFail> { transitionTo(State.Broken(this)) }
            onEnter { logger.entered(this, it) }
            onExit { logger.exited(this, it) }
        }
        state<State.Broken> {
            on<Event.MachineRepairDidComplete> { transitionTo(State.Locked(credit = 0)) }
            onEnter { logger.entered(this, it) }
            onExit { logger.exited(this, it) }
        }
    }
}

/** The turnstile for `MainKt check` / `record --machine ...android.TurnstileFixtures`, its logger reporting onEnter / onExit. */
object TurnstileFixtures : CodeMachine<State, Event, SideEffect>(
    "TurnstileStateMachine (Tests/Kotlin/StateMachineTests/android/TurnstileStateMachine.kt)",
    State::class, Event::class, SideEffect::class,
    reportsEnterExit = true,
    create = { calls ->
        TurnstileStateMachine(object : TurnstileLogger {
            override fun entered(state: State, cause: Event) = calls.onEnter(state, cause)
            override fun exited(state: State, cause: Event) = calls.onExit(state, cause)
        }).stateMachine
    }
)
