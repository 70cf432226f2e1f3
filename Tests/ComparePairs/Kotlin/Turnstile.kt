package com.example.pairs.turnstile

import com.tinder.StateMachine

/** The turnstile with credit, as an Android engineer writes it with Tinder's DSL. */
sealed class TurnstileState {
    data class Locked(val credit: Int) : TurnstileState()
    object Unlocked : TurnstileState()
    data class Broken(val oldState: TurnstileState) : TurnstileState()
}

sealed class TurnstileEvent {
    data class InsertCoin(val amount: Int) : TurnstileEvent()
    object AdmitPerson : TurnstileEvent()
    object MachineDidFail : TurnstileEvent()
    object MachineRepairDidComplete : TurnstileEvent()
}

sealed class TurnstileCommand {
    object SoundAlarm : TurnstileCommand()
    object CloseDoors : TurnstileCommand()
    object OpenDoors : TurnstileCommand()
}

private const val FARE_PRICE = 50

class TurnstileStateMachine {
    val stateMachine = StateMachine.create<TurnstileState, TurnstileEvent, TurnstileCommand> {
        initialState(TurnstileState.Locked(credit = 0))
        state<TurnstileState.Locked> {
            on<TurnstileEvent.InsertCoin> {
                val newCredit = credit + it.amount
                if (newCredit >= FARE_PRICE) {
                    transitionTo(TurnstileState.Unlocked, TurnstileCommand.OpenDoors)
                } else {
                    transitionTo(TurnstileState.Locked(newCredit))
                }
            }
            on<TurnstileEvent.AdmitPerson> { dontTransition(TurnstileCommand.SoundAlarm) }
            on<TurnstileEvent.MachineDidFail> { transitionTo(TurnstileState.Broken(this)) }
        }
        state<TurnstileState.Unlocked> {
            on<TurnstileEvent.AdmitPerson> { transitionTo(TurnstileState.Locked(credit = 0), TurnstileCommand.CloseDoors) }
            on<TurnstileEvent.MachineDidFail> { transitionTo(TurnstileState.Broken(this)) }
        }
        state<TurnstileState.Broken> {
            on<TurnstileEvent.MachineRepairDidComplete> { transitionTo(TurnstileState.Locked(credit = 0)) }
        }
    }
}
