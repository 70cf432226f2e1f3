package com.example.doorbell

import kotlinx.coroutines.launch
import com.example.fsm.StateMachine

sealed class BellState {
    object Quiet : BellState()
    data class Ringing(val presses: Int) : BellState()
}

sealed class BellEvent {
    object Press : BellEvent()
    object Release : BellEvent()
}

sealed class BellEffect {
    data class Chime(val tune: String) : BellEffect()
}

/**
 * Built on the app's own copy of Tinder's one-file StateMachine (`com.example.fsm`, a file not given), with an import
 * of a coroutine function that the file never uses.
 */
class Doorbell {
    val stateMachine = StateMachine.create<BellState, BellEvent, BellEffect> {
        initialState(BellState.Quiet)
        state<BellState.Quiet> {
            on<BellEvent.Press> { transitionTo(BellState.Ringing(1), BellEffect.Chime("ding")) }
        }
        state<BellState.Ringing> {
            on<BellEvent.Press> { transitionTo(BellState.Ringing(presses + 1), BellEffect.Chime("dong")) }
            on<BellEvent.Release> { transitionTo(BellState.Quiet) }
        }
    }
}
