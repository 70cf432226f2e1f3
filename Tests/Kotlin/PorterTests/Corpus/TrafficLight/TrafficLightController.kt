package com.example.traffic

import com.tinder.StateMachine

sealed interface LightState {
    data class Showing(val colour: Colour, val pedestrianWaiting: Boolean = false) : LightState
    data class FlashingAmber(val faultCode: Int) : LightState
    data object Off : LightState
}

sealed interface LightEvent {
    data object TimerExpired : LightEvent
    data object PedestrianButtonPressed : LightEvent
    data class FaultDetected(val code: Int) : LightEvent
    data object Reset : LightEvent
    data object PowerOff : LightEvent
}

interface PhaseTimer {
    fun start(durationMillis: Long)
    fun cancel()
}

interface LampDriver {
    fun show(colour: Colour)
    fun flash(colour: Colour)
    fun allOff()
}

class TrafficLightController(
    private val timer: PhaseTimer,
    private val lamps: LampDriver,
    private val pedestrianGreenShortening: Long = 10_000L,
) {

    val stateMachine = StateMachine.create<LightState, LightEvent, Unit> {
        initialState(LightState.Showing(Colour.RED))

        // A waiting pedestrian ends a green phase early.
        state(StateMachine.Matcher.any<LightState, LightState.Showing>().where { colour == Colour.GREEN && pedestrianWaiting }) {
            onEnter {
                lamps.show(colour)
                timer.start(maxOf(MIN_GREEN_MILLIS, colour.durationMillis - pedestrianGreenShortening))
            }
            on(LightEvent.TimerExpired) {
                transitionTo(LightState.Showing(Colour.AMBER))
            }
            on<LightEvent.FaultDetected> {
                transitionTo(LightState.FlashingAmber(it.code), Unit)
            }
        }

        state<LightState.Showing> {
            onEnter {
                lamps.show(colour)
                timer.start(colour.durationMillis)
            }
            on(LightEvent.TimerExpired) {
                transitionTo(LightState.Showing(next(colour), pedestrianWaiting = pedestrianWaiting && colour != Colour.AMBER))
            }
            on(LightEvent.PedestrianButtonPressed) {
                when (colour) {
                    Colour.GREEN -> transitionTo(copy(pedestrianWaiting = true), Unit)
                    else -> if (pedestrianWaiting) dontTransition() else transitionTo(copy(pedestrianWaiting = true))
                }
            }
            on<LightEvent.FaultDetected> {
                transitionTo(LightState.FlashingAmber(it.code), Unit)
            }
            on(LightEvent.PowerOff) {
                transitionTo(LightState.Off)
            }
        }

        state<LightState.FlashingAmber> {
            onEnter {
                timer.cancel()
                lamps.flash(Colour.AMBER)
            }
            on(LightEvent.Reset) {
                transitionTo(LightState.Showing(Colour.RED))
            }
            on<LightEvent.FaultDetected> {
                if (it.code > faultCode) transitionTo(LightState.FlashingAmber(it.code)) else dontTransition()
            }
        }

        state<LightState.Off> {
            onEnter {
                timer.cancel()
                lamps.allOff()
            }
            on(LightEvent.Reset) {
                transitionTo(LightState.Showing(Colour.RED))
            }
        }

        onTransition {
            val transition = it as? StateMachine.Transition.Valid ?: return@onTransition
            if (transition.sideEffect == Unit) {
                println("traffic light: ${transition.fromState} -> ${transition.toState} (${transition.event})")
            }
        }
    }

    private fun next(colour: Colour): Colour = when (colour) {
        Colour.RED -> Colour.RED_AMBER
        Colour.RED_AMBER -> Colour.GREEN
        Colour.GREEN -> Colour.AMBER
        Colour.AMBER -> Colour.RED
    }

    private companion object {
        const val MIN_GREEN_MILLIS = 5_000L
    }
}
