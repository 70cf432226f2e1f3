package com.statemachine.spec.tests.android

import com.statemachine.spec.StateMachine
import com.statemachine.spec.fixtures.CodeMachine

// The machines Tests/Recordings records with both recorders (scripts/test-recorders): the same machines and the
// same names as the Swift ones in Tests/StateMachineFixturesTests/RecorderTests.swift, so that the two recordings
// are the same bytes apart from the runtime.

sealed interface MatterState {
    data object Solid : MatterState
    data object Liquid : MatterState
    data object Gas : MatterState
}

sealed interface MatterEvent {
    data object Melt : MatterEvent
    data object Freeze : MatterEvent
    data object Vaporize : MatterEvent
    data object Condense : MatterEvent
}

sealed interface MatterSideEffect {
    data object LogMelted : MatterSideEffect
    data object LogFrozen : MatterSideEffect
    data object LogVaporized : MatterSideEffect
    data object LogCondensed : MatterSideEffect
}

/** Tinder's matter machine (Fixtures/seed-004-matter.json), without listeners of its own. */
class MatterStateMachine {
    val stateMachine = StateMachine.create<MatterState, MatterEvent, MatterSideEffect> {
        initialState(MatterState.Solid)
        state<MatterState.Solid> {
            on<MatterEvent.Melt> { transitionTo(MatterState.Liquid, MatterSideEffect.LogMelted) }
        }
        state<MatterState.Liquid> {
            on<MatterEvent.Freeze> { transitionTo(MatterState.Solid, MatterSideEffect.LogFrozen) }
            on<MatterEvent.Vaporize> { transitionTo(MatterState.Gas, MatterSideEffect.LogVaporized) }
        }
        state<MatterState.Gas> {
            on<MatterEvent.Condense> { transitionTo(MatterState.Liquid, MatterSideEffect.LogCondensed) }
        }
    }
}

/** Matter for `MainKt record --machine ...android.MatterRecording`: its onTransition calls only. */
object MatterRecording : CodeMachine<MatterState, MatterEvent, MatterSideEffect>(
    "matter (seed 004)", MatterState::class, MatterEvent::class, MatterSideEffect::class,
    reportsEnterExit = false,
    create = { MatterStateMachine().stateMachine }
)

/** The turnstile with credit for `MainKt record --machine ...android.TurnstileRecording`, onEnter / onExit reported. */
object TurnstileRecording : CodeMachine<State, Event, SideEffect>(
    "turnstile with credit (seed 001)", State::class, Event::class, SideEffect::class,
    reportsEnterExit = true,
    create = { calls ->
        TurnstileStateMachine(object : TurnstileLogger {
            override fun entered(state: State, cause: Event) = calls.onEnter(state, cause)
            override fun exited(state: State, cause: Event) = calls.onExit(state, cause)
        }).stateMachine
    }
)
