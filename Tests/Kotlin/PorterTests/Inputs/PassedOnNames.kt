package com.example.relay

import com.tinder.StateMachine

// A case passes its constructor's parameter on to the base class under the name of a property of the class that
// builds the machine (`sender`): in the base class's property it is the case's value, in the handler the builder's.
// A handler destructures a data class (`val (from, hops) = it.envelope()`): its properties in constructor order.

data class Envelope(val from: String, val hops: Int)

sealed class RelayState {
    object Idle : RelayState()
    data class Forwarding(val from: String, val hops: Int) : RelayState()
}

sealed class RelayEvent(val sender: String) {
    class Received(sender: String, val hops: Int) : RelayEvent(sender)
    object Drop : RelayEvent("nobody")

    fun envelope(): Envelope = Envelope(sender, 1)
}

sealed class RelayEffect {
    data class Log(val line: String) : RelayEffect()
}

class Relay(private val sender: String) {
    val machine = StateMachine.create<RelayState, RelayEvent, RelayEffect> {
        initialState(RelayState.Idle)
        state<RelayState.Idle> {
            on<RelayEvent.Received> {
                val (from, hops) = it.envelope()
                transitionTo(RelayState.Forwarding(from, hops + it.hops), RelayEffect.Log("$from via $sender"))
            }
        }
        state<RelayState.Forwarding> {
            on<RelayEvent.Drop> { transitionTo(RelayState.Idle, RelayEffect.Log("dropped by ${it.sender}")) }
        }
    }
}
