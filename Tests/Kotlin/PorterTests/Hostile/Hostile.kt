package com.example.hostile

import com.tinder.StateMachine

// The machine that scripts/test-verify-containment verifies with each hazard of its list as the body of `hazard`:
// code that recurses, loops, prints or allocates without end, ends the process, or starts processes and writes files.

sealed class HostileState {
    object Idle : HostileState()
    data class Poked(val depth: Int) : HostileState()
}

sealed class HostileEvent {
    object Poke : HostileEvent()
    object Reset : HostileEvent()
}

private fun hazard(n: Int): Int = n

val hostile = StateMachine.create<HostileState, HostileEvent, Unit> {
    initialState(HostileState.Idle)
    state<HostileState.Idle> {
        on<HostileEvent.Poke> { transitionTo(HostileState.Poked(hazard(0))) }
    }
    state<HostileState.Poked> {
        on<HostileEvent.Reset> { transitionTo(HostileState.Idle) }
    }
}
