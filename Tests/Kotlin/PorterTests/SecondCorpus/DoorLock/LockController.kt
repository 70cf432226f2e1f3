package com.example.lock

import com.tinder.StateMachine

class LockController(
    private val pinPad: PinPad,
    private val motor: LockMotor,
    private val speaker: LockSpeaker,
    private val notifier: OwnerNotifier,
    private val history: LockHistory,
    paired: Boolean,
    private var ownerCode: String = FACTORY_CODE,
) {
    var autoLockByDefault = true
        private set

    var protocolVersion = 0
        private set

    val stateMachine = StateMachine.create<LockState, LockEvent, LockSideEffect> {
        paired.let { if (it) initialState(LockState.Locked) else initialState(LockState.Unpaired) }

        state<LockState.Unpaired> {
            on<LockEvent.Paired> {
                if (it.protocol < MIN_PROTOCOL) {
                    dontTransition(LockSideEffect.Alert("This lock needs app protocol $MIN_PROTOCOL or later"))
                } else {
                    protocolVersion = it.protocol
                    ownerCode = it.ownerCode
                    transitionTo(LockState.Locked, LockSideEffect.Chime(2))
                }
            }
        }

        state<LockState.Locked> {
            on<LockEvent.KeyPressed> {
                pinPad.press(it.digit)
                transitionTo(LockState.EnteringPin(pinPad.entered))
            }
            on<LockEvent.PhoneUnlock> {
                transitionTo(LockState.Unlocked(byPhone = true, autoLock = autoLockByDefault && !it.self), LockSideEffect.DriveBoltIn)
            }
            on<LockEvent.SetAutoLock> {
                autoLockByDefault = it.default
                dontTransition(LockSideEffect.Chime(1))
            }
            on<LockEvent.Unpair> {
                `reset all`()
                transitionTo(LockState.Unpaired, LockSideEffect.Chime(3))
            }
        }

        state<LockState.EnteringPin> {
            on<LockEvent.KeyPressed> {
                pinPad.press(it.digit)
                if (!pinPad.complete) return@on transitionTo(copy(digits = pinPad.entered))
                when {
                    pinPad.check(ownerCode) -> transitionTo(LockState.Unlocked(byPhone = false, autoLock = autoLockByDefault), LockSideEffect.DriveBoltIn)
                    pinPad.failures >= MAX_FAILURES -> transitionTo(LockState.LockedOut, LockSideEffect.Alert("Too many wrong codes"))
                    else -> transitionTo(LockState.Locked, LockSideEffect.Chime(pinPad.failures))
                }
            }
            on<LockEvent.Lock> {
                pinPad.clear()
                transitionTo(LockState.Locked)
            }
        }

        state<LockState.Unlocked> {
            on<LockEvent.Lock> {
                transitionTo(LockState.Locked, LockSideEffect.DriveBoltOut)
            }
            on<LockEvent.MotorStalled> {
                transitionTo(LockState.Jammed(attempts = 1), LockSideEffect.DriveBoltOut)
            }
        }

        state<LockState.Jammed> {
            on<LockEvent.MotorStalled> {
                if (attempts < MAX_JAM_RETRIES) {
                    transitionTo(copy(attempts = attempts + 1), LockSideEffect.DriveBoltOut)
                } else {
                    dontTransition(LockSideEffect.Alert("The bolt is jammed"))
                }
            }
            on<LockEvent.Lock> {
                transitionTo(LockState.Locked)
            }
        }

        state<LockState.LockedOut> {
            on<LockEvent.PhoneUnlock> {
                if (it.self) {
                    pinPad.forgetFailures()
                    transitionTo(LockState.Unlocked(byPhone = true, autoLock = false), LockSideEffect.DriveBoltIn)
                } else {
                    dontTransition(LockSideEffect.Alert("Only the owner can unlock a locked-out door"))
                }
            }
            on<LockEvent.Unpair> {
                `reset all`()
                transitionTo(LockState.Unpaired, LockSideEffect.Chime(3))
            }
        }

        onTransition { transition ->
            val validTransition = transition as? StateMachine.Transition.Valid ?: run {
                history.append("refused ${transition.event}")
                return@onTransition
            }
            when (val sideEffect = validTransition.sideEffect) {
                LockSideEffect.DriveBoltOut -> motor.extend()
                LockSideEffect.DriveBoltIn -> motor.retract()
                is LockSideEffect.Chime -> speaker.chime(sideEffect.times)
                is LockSideEffect.Alert -> notifier.alert(sideEffect.message)
                null -> {}
            }
            if (validTransition.toState is LockState.Unlocked && validTransition.fromState !is LockState.Unlocked) {
                history.append(if ((validTransition.toState as LockState.Unlocked).byPhone) "unlocked by phone" else "unlocked by code")
            }
        }
    }

    val state: LockState
        get() = stateMachine.state

    fun factoryReset() {
        stateMachine.transition(LockEvent.Unpair)
    }

    private fun `reset all`() {
        pinPad.clear()
        pinPad.forgetFailures()
        ownerCode = FACTORY_CODE
        autoLockByDefault = true
        protocolVersion = 0
    }

    companion object {
        const val FACTORY_CODE = "0000"
        const val MIN_PROTOCOL = 2
        const val MAX_FAILURES = 3
        const val MAX_JAM_RETRIES = 2
    }
}
