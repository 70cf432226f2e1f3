package com.example.lock

import com.example.lock.settings.LockSettings
import com.example.lock.settings.Strategy
import com.example.lock.settings.StrategyMode
import com.tinder.StateMachine

// The properties of collaborators whose types are in files not given, typed by where they stand: passed to a
// constructor parameter (`command: String`, `attempts: Int`), and the subject of a `when` whose branches name the
// constants of one enum, of another module (`StrategyMode`) or of the files (`Speed`).

enum class Speed { SLOW, FAST }

sealed class LockState {
    object Locked : LockState()
    object Unlocked : LockState()
}

sealed class LockEvent {
    object Unlock : LockEvent()
    object Lock : LockEvent()
}

sealed class LockAction {
    data class Perform(val command: String, val attempts: Int) : LockAction()
    object Wait : LockAction()
}

class LockController(private val settings: LockSettings, private val strategy: Strategy) {
    val machine = StateMachine.create<LockState, LockEvent, LockAction> {
        initialState(LockState.Locked)
        state<LockState.Locked> {
            on<LockEvent.Unlock> {
                when (strategy.mode) {
                    StrategyMode.AT_ONCE -> transitionTo(LockState.Unlocked, LockAction.Perform(settings.unlock, settings.attempts))
                    StrategyMode.NEVER -> dontTransition(LockAction.Wait)
                }
            }
        }
        state<LockState.Unlocked> {
            on<LockEvent.Lock> {
                when (settings.speed) {
                    Speed.SLOW -> transitionTo(LockState.Locked, LockAction.Wait)
                    Speed.FAST -> transitionTo(LockState.Locked, LockAction.Perform(settings.lock, 1))
                }
            }
        }
    }
}
