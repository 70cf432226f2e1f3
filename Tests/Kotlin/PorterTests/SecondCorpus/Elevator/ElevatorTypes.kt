package com.example.elevator

import com.example.elevator.model.Direction

/** How the controller comes up after a power cycle, read from the cabinet's key switch. */
enum class StartMode {
    NORMAL,
    MAINTENANCE,
    FIRE_SERVICE,
}

sealed interface ElevatorState {
    data class Parked(val floor: Int) : ElevatorState
    data class Moving(val from: Int, val to: Int, val direction: Direction) : ElevatorState
    data class DoorsOpen(val floor: Int, val repeat: Int = 0) : ElevatorState
    data class OutOfService(val floor: Int, val reason: String) : ElevatorState
    object FireRecall : ElevatorState
}

sealed interface ElevatorEvent {
    data class HallCall(val floor: Int, val direction: Direction) : ElevatorEvent
    data class CarCall(val floor: Int, val repeat: Boolean = false) : ElevatorEvent
    data class Arrived(val floor: Int) : ElevatorEvent
    data object DoorTimer : ElevatorEvent
    data object DoorBlocked : ElevatorEvent
    data class LoadChanged(val `inout`: Int) : ElevatorEvent
    data class Fault(val where: String) : ElevatorEvent
    data object FireAlarm : ElevatorEvent
    data class Reset(val default: Int) : ElevatorEvent
}

sealed interface ElevatorSideEffect {
    data class MoveTo(val floor: Int, val direction: Direction) : ElevatorSideEffect
    data object OpenDoors : ElevatorSideEffect
    data object CloseDoors : ElevatorSideEffect
    data object Overload : ElevatorSideEffect
    data class Alarm(val reason: String) : ElevatorSideEffect
}

interface Motor {
    fun moveTo(floor: Int, direction: Direction)
    fun stop()
}

interface Doors {
    fun open()
    fun close()
}

interface FloorDisplay {
    fun show(floor: Int, direction: Direction)
    fun warn(text: String)
}

interface Logger {
    fun debug(message: String)
}
