package com.example.combat

import com.tinder.StateMachine

// Groups of events with a constructor property that their cases pass values to (`Timeout(val action: Action)`, and
// `Completed(val action: Action)` of the same name): one property of the port's event enum, each case giving its own
// group's value, read in the handlers of the groups.

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
    sealed class Completed(val action: Action) : FightEvent() {
        data class Attack(val success: Boolean) : Completed(Action.Attack)
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
            on<FightEvent.Completed> { transitionTo(FightState.Idle, Action.Retry(it.action)) }
        }
    }
}
