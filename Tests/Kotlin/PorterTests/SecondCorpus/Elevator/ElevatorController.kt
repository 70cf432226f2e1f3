package com.example.elevator

import com.example.elevator.model.Direction
import com.tinder.StateMachine

class ElevatorController(
    private val motor: Motor,
    private val doors: Doors,
    private val display: FloorDisplay,
    private val startMode: StartMode = StartMode.NORMAL,
    private val homeFloor: Int = 0,
    private val logger: Logger? = null,
) {
    private val pending = mutableListOf<Int>()

    var passengers = 0
        private set

    val stateMachine = StateMachine.create<ElevatorState, ElevatorEvent, ElevatorSideEffect> {
        when (startMode) {
            StartMode.NORMAL -> initialState(ElevatorState.Parked(homeFloor))
            StartMode.MAINTENANCE -> initialState(ElevatorState.OutOfService(homeFloor, "maintenance"))
            StartMode.FIRE_SERVICE -> initialState(ElevatorState.FireRecall)
        }

        state<ElevatorState.Parked> {
            on<ElevatorEvent.HallCall> {
                when {
                    it.floor !in 0..TOP_FLOOR -> dontTransition()
                    it.floor == floor -> transitionTo(ElevatorState.DoorsOpen(floor), ElevatorSideEffect.OpenDoors)
                    else -> transitionTo(
                        ElevatorState.Moving(floor, it.floor, directionTo(floor, it.floor)),
                        ElevatorSideEffect.MoveTo(it.floor, directionTo(floor, it.floor)),
                    )
                }
            }
            on<ElevatorEvent.CarCall> {
                if (it.floor == floor || it.floor !in 0..TOP_FLOOR) {
                    dontTransition()
                } else {
                    transitionTo(
                        ElevatorState.Moving(floor, it.floor, directionTo(floor, it.floor)),
                        ElevatorSideEffect.MoveTo(it.floor, directionTo(floor, it.floor)),
                    )
                }
            }
            on<ElevatorEvent.Fault> {
                transitionTo(ElevatorState.OutOfService(floor, it.where), ElevatorSideEffect.Alarm(it.where))
            }
            on<ElevatorEvent.FireAlarm> {
                transitionTo(ElevatorState.FireRecall, ElevatorSideEffect.MoveTo(homeFloor, directionTo(floor, homeFloor)))
            }
        }

        state<ElevatorState.Moving> {
            on<ElevatorEvent.HallCall> {
                if (it.floor in 0..TOP_FLOOR && it.floor !in pending) pending += it.floor
                dontTransition()
            }
            on<ElevatorEvent.CarCall> {
                if (it.repeat) pending.remove(it.floor) else if (it.floor !in pending) pending += it.floor
                dontTransition()
            }
            on<ElevatorEvent.Arrived> {
                if (it.floor == to) {
                    pending.remove(to)
                    transitionTo(ElevatorState.DoorsOpen(to), ElevatorSideEffect.OpenDoors)
                } else {
                    dontTransition()
                }
            }
            on<ElevatorEvent.Fault> {
                transitionTo(ElevatorState.OutOfService(from, it.where), ElevatorSideEffect.Alarm(it.where))
            }
            on<ElevatorEvent.FireAlarm> {
                transitionTo(ElevatorState.FireRecall, ElevatorSideEffect.MoveTo(homeFloor, Direction.DOWN))
            }
        }

        state<ElevatorState.DoorsOpen> {
            on<ElevatorEvent.DoorTimer> {
                if (passengers > CAPACITY) return@on dontTransition(ElevatorSideEffect.Overload)
                val next = pending.firstOrNull()
                if (next == null) {
                    transitionTo(ElevatorState.Parked(floor), ElevatorSideEffect.CloseDoors)
                } else {
                    pending.removeAt(0)
                    transitionTo(
                        ElevatorState.Moving(floor, next, directionTo(floor, next)),
                        ElevatorSideEffect.MoveTo(next, directionTo(floor, next)),
                    )
                }
            }
            on<ElevatorEvent.DoorBlocked> {
                if (repeat < MAX_REOPENS) {
                    transitionTo(copy(repeat = repeat + 1), ElevatorSideEffect.OpenDoors)
                } else {
                    transitionTo(ElevatorState.OutOfService(floor, "door obstructed"), ElevatorSideEffect.Alarm("door obstructed"))
                }
            }
            on<ElevatorEvent.LoadChanged> {
                passengers = maxOf(0, passengers + it.`inout`)
                if (passengers > CAPACITY) dontTransition(ElevatorSideEffect.Overload) else dontTransition()
            }
            on<ElevatorEvent.CarCall> {
                if (it.floor != floor && it.floor in 0..TOP_FLOOR && it.floor !in pending) pending += it.floor
                dontTransition()
            }
            on<ElevatorEvent.FireAlarm> {
                transitionTo(ElevatorState.FireRecall, ElevatorSideEffect.MoveTo(homeFloor, directionTo(floor, homeFloor)))
            }
        }

        state<ElevatorState.OutOfService> {
            onEnter {
                motor.stop()
                logger?.debug("out of service at floor $floor: $reason")
            }
            on<ElevatorEvent.Reset> {
                pending.clear()
                if (it.default == floor || it.default !in 0..TOP_FLOOR) {
                    transitionTo(ElevatorState.Parked(floor))
                } else {
                    transitionTo(
                        ElevatorState.Moving(floor, it.default, directionTo(floor, it.default)),
                        ElevatorSideEffect.MoveTo(it.default, directionTo(floor, it.default)),
                    )
                }
            }
        }

        state<ElevatorState.FireRecall> {
            on<ElevatorEvent.Reset> {
                pending.clear()
                passengers = 0
                transitionTo(ElevatorState.Parked(it.default))
            }
        }

        onTransition { transition ->
            if (transition !is StateMachine.Transition.Valid) {
                logger?.debug("ignored ${transition.event} in ${transition.fromState::class.simpleName}")
                return@onTransition
            }
            display.show(floorOf(transition.toState), directionOf(transition.toState))
            when (val sideEffect = transition.sideEffect) {
                is ElevatorSideEffect.MoveTo -> motor.moveTo(sideEffect.floor, sideEffect.direction)
                ElevatorSideEffect.OpenDoors -> doors.open()
                ElevatorSideEffect.CloseDoors -> doors.close()
                ElevatorSideEffect.Overload -> display.warn("Overload: $passengers passengers")
                is ElevatorSideEffect.Alarm -> {
                    display.warn(sideEffect.reason)
                    logger?.debug("alarm: ${sideEffect.reason}")
                }
                null -> Unit
            }
        }
    }

    val pendingFloors: List<Int>
        get() = pending.toList()

    private fun floorOf(state: ElevatorState): Int = when (state) {
        is ElevatorState.Parked -> state.floor
        is ElevatorState.Moving -> state.from
        is ElevatorState.DoorsOpen -> state.floor
        is ElevatorState.OutOfService -> state.floor
        ElevatorState.FireRecall -> homeFloor
    }

    private fun directionOf(state: ElevatorState): Direction =
        if (state is ElevatorState.Moving) state.direction else Direction.NONE

    private fun directionTo(from: Int, to: Int): Direction = when {
        to > from -> Direction.UP
        to < from -> Direction.DOWN
        else -> Direction.NONE
    }

    companion object {
        const val TOP_FLOOR = 12
        const val CAPACITY = 8
        const val MAX_REOPENS = 3

        fun forMaintenance(motor: Motor, doors: Doors, display: FloorDisplay, logger: Logger? = null) =
            ElevatorController(motor, doors, display, StartMode.MAINTENANCE, logger = logger)
    }
}
