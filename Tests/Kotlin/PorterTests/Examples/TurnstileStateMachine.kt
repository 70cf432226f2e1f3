package com.statemachine.examples

import com.statemachine.spec.StateMachine

/** A turnstile that collects coins until the fare is paid, and remembers its state when it breaks. */
class TurnstileStateMachine {

    sealed class State {
        data class Locked(val credit: Int) : State()
        object Unlocked : State()
        data class Broken(val oldState: State) : State()
    }

    sealed class Event {
        data class InsertCoin(val value: Int) : Event()
        object AdmitPerson : Event()
        object MachineDidFail : Event()
        object MachineRepairDidComplete : Event()
    }

    sealed class SideEffect {
        object SoundAlarm : SideEffect()
        object CloseDoors : SideEffect()
        object OpenDoors : SideEffect()
        object OrderRepair : SideEffect()
    }

    val stateMachine = StateMachine.create<State, Event, SideEffect> {
        initialState(State.Locked(credit = 0))
        state<State.Locked> {
            on<Event.InsertCoin> {
                val newCredit = credit + it.value
                if (newCredit >= FARE_PRICE) {
                    transitionTo(State.Unlocked, SideEffect.OpenDoors)
                } else {
                    transitionTo(State.Locked(newCredit))
                }
            }
            on<Event.AdmitPerson> {
                dontTransition(SideEffect.SoundAlarm)
            }
            on<Event.MachineDidFail> {
                transitionTo(State.Broken(this), SideEffect.OrderRepair)
            }
        }
        state<State.Unlocked> {
            on<Event.AdmitPerson> {
                transitionTo(State.Locked(credit = 0), SideEffect.CloseDoors)
            }
        }
        state<State.Broken> {
            on<Event.MachineRepairDidComplete> {
                transitionTo(oldState)
            }
        }
    }

    companion object {
        private const val FARE_PRICE = 50
    }
}
