package com.example.combat

import com.tinder.StateMachine

// A group of events with a constructor property that its cases pass values to (`Timeout(val action: Action)`):
// a property of the port's event enum, each case giving its value, read in the handler of the group.

sealed class Action {
    object Attack : Action()
    object Retreat : Action()
    data class Retry(val action: Action) : Action()
}

sealed class FightState {
    object Idle : FightState()
    object Fighting : FightState()
}

sealed class FightEvent {
    object Start : FightEvent()
    sealed class Timeout(val action: Action) : FightEvent() {
        object Attack : Timeout(Action.Attack)
        object Retreat : Timeout(action = Action.Retreat)
    }
}

class Fight {
    val machine = StateMachine.create<FightState, FightEvent, Action> {
        initialState(FightState.Idle)
        state<FightState.Idle> {
            on<FightEvent.Start> { transitionTo(FightState.Fighting, Action.Attack) }
        }
        state<FightState.Fighting> {
            on<FightEvent.Timeout> { transitionTo(FightState.Fighting, Action.Retry(it.action)) }
        }
    }
}
