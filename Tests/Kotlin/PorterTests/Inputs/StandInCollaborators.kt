package com.example.standin

import com.example.standin.config.LockerLimits
import com.example.telemetry.Meter
import com.tinder.StateMachine

/**
 * A locker whose machine uses what the files given do not declare: a meter of a telemetry library, carried and called,
 * and the app's own limits from a file not given. `--verify` compiles it against stand-ins derived from the compiler's
 * diagnostics (Spec/VERIFY.md, V11).
 */

sealed class StandInState {
    object Closed : StandInState()
    data class Loading(val parcels: Int) : StandInState()
}

sealed class StandInEvent {
    data class Drop(val parcels: Int) : StandInEvent()
    object Cancel : StandInEvent()
}

sealed class StandInEffect {
    object Unlock : StandInEffect()
}

object StandInLocker {
    private val meter = Meter("drops")

    val stateMachine = StateMachine.create<StandInState, StandInEvent, StandInEffect> {
        initialState(StandInState.Closed)
        state<StandInState.Closed> {
            on<StandInEvent.Drop> {
                meter.record(it.parcels)
                transitionTo(StandInState.Loading(it.parcels))
            }
        }
        state<StandInState.Loading> {
            on<StandInEvent.Drop> {
                if (LockerLimits.isFull(parcels + it.parcels)) dontTransition()
                else transitionTo(StandInState.Loading(parcels + it.parcels))
            }
            on<StandInEvent.Cancel> { transitionTo(StandInState.Closed, StandInEffect.Unlock) }
        }
    }
}
