package com.example.tally

import com.tinder.StateMachine

sealed class GateState {
    object Closed : GateState()
    data class Open(val through: Int) : GateState()
    object Full : GateState()
}

sealed class GateEvent {
    data class Ticket(val code: String) : GateEvent()
    object Close : GateEvent()
}

sealed class GateSideEffect {
    data class Show(val text: String) : GateSideEffect()
}

class Gate(private val tally: Tally) {
    val stateMachine = StateMachine.create<GateState, GateEvent, GateSideEffect> {
        initialState(GateState.Closed)
        state<GateState.Closed> {
            on<GateEvent.Ticket> {
                if (tally.admit(it.code)) transitionTo(GateState.Open(tally.admitted)) else dontTransition()
            }
        }
        state<GateState.Open> {
            on<GateEvent.Ticket> {
                when {
                    !tally.admit(it.code) -> dontTransition(GateSideEffect.Show("refused"))
                    tally.full -> transitionTo(GateState.Full, GateSideEffect.Show(tally.last() ?: ""))
                    else -> transitionTo(GateState.Open(tally.admitted))
                }
            }
            on<GateEvent.Close> {
                tally.reset()
                transitionTo(GateState.Closed)
            }
        }
        state<GateState.Full> {
            on<GateEvent.Close> {
                tally.reset()
                transitionTo(GateState.Closed)
            }
        }
    }
}
