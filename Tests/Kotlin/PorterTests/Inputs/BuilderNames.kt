package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// A data class and an enum class that have the names the Swift machine gives its own types (`State`, `Event`), as a
// Raft node's `data class State` does: the port names them `KotlinState` and `KotlinEvent`, with a warning each.

data class State(val term: Int, val votedFor: String?) {
    fun nextTerm(): State = copy(term = term + 1, votedFor = null)
}

enum class Event { TIMEOUT, HEARTBEAT }

sealed class NodeState {
    data class Follower(val state: State) : NodeState()
    data class Candidate(val state: State) : NodeState()
}

sealed class NodeEvent {
    data class Tick(val kind: Event) : NodeEvent()
    data class Vote(val from: String) : NodeEvent()
}

sealed class NodeEffect {
    data class Log(val text: String) : NodeEffect()
}

val node = StateMachine.create<NodeState, NodeEvent, NodeEffect> {
    initialState(NodeState.Follower(State(0, null)))
    state<NodeState.Follower> {
        on<NodeEvent.Tick> { if (it.kind == Event.TIMEOUT) transitionTo(NodeState.Candidate(state.nextTerm())) else dontTransition() }
    }
    state<NodeState.Candidate> {
        on<NodeEvent.Vote> {
            transitionTo(NodeState.Follower(state.copy(votedFor = it.from)), NodeEffect.Log("voted for ${it.from} in term ${state.term}"))
        }
    }
}
