package com.example.lock

sealed interface LockState {
    data object Unpaired : LockState
    data object Locked : LockState
    data class EnteringPin(val digits: Int) : LockState
    data class Unlocked(val byPhone: Boolean, val autoLock: Boolean) : LockState
    data class Jammed(val attempts: Int) : LockState
    data object LockedOut : LockState
}

sealed interface LockEvent {
    data class Paired(val protocol: Int, val ownerCode: String) : LockEvent
    data class KeyPressed(val digit: Int) : LockEvent
    data class PhoneUnlock(val self: Boolean) : LockEvent
    data object Lock : LockEvent
    data class SetAutoLock(val default: Boolean) : LockEvent
    data object MotorStalled : LockEvent
    data object Unpair : LockEvent
}

sealed interface LockSideEffect {
    data object DriveBoltOut : LockSideEffect
    data object DriveBoltIn : LockSideEffect
    data class Chime(val times: Int) : LockSideEffect
    data class Alert(val message: String) : LockSideEffect
}

interface LockMotor {
    fun extend()
    fun retract()
}

interface LockSpeaker {
    fun chime(times: Int)
}

interface OwnerNotifier {
    fun alert(message: String)
}

interface LockHistory {
    fun append(entry: String)
}
