package com.example.roster

import com.tinder.StateMachine

data class Roster(val team: String)

interface Rosters {
    fun current(): Roster
}

sealed class DeskState {
    object Closed : DeskState()
    data class Open(val roster: Roster) : DeskState()
}

sealed class DeskEvent {
    object Open : DeskEvent()
}

/** Every event asks a collaborator for a class the verification's stubs cannot make: nothing can be exercised. */
class Desk(private val rosters: Rosters) {
    val stateMachine = StateMachine.create<DeskState, DeskEvent, Unit> {
        initialState(DeskState.Closed)
        state<DeskState.Closed> {
            on<DeskEvent.Open> {
                transitionTo(DeskState.Open(rosters.current()))
            }
        }
    }
}
