package com.example.pairs.traffic

import com.tinder.StateMachine

/** A traffic light that counts its cycles, with Tinder's DSL. */
sealed class Light {
    data class Red(val cycles: Int) : Light()
    data class Green(val cycles: Int) : Light()
    data class Yellow(val cycles: Int) : Light()
    object FlashingYellow : Light()
}

sealed class LightEvent {
    object TimerElapsed : LightEvent()
    object FaultDetected : LightEvent()
    object Reset : LightEvent()
}

sealed class LightEffect {
    data class SwitchLamp(val color: String) : LightEffect()
    data class CheckLamps(val cycles: Int) : LightEffect()
    object AlertOperator : LightEffect()
}

private const val CYCLES_BEFORE_CHECK = 3

object TrafficLightController {
    val stateMachine = StateMachine.create<Light, LightEvent, LightEffect> {
        initialState(Light.Red(cycles = 0))
        state<Light.Red> {
            on<LightEvent.TimerElapsed> { transitionTo(Light.Green(cycles), LightEffect.SwitchLamp("green")) }
            on<LightEvent.FaultDetected> { transitionTo(Light.FlashingYellow, LightEffect.AlertOperator) }
        }
        state<Light.Green> {
            on<LightEvent.TimerElapsed> { transitionTo(Light.Yellow(cycles), LightEffect.SwitchLamp("amber")) }
            on<LightEvent.FaultDetected> { transitionTo(Light.FlashingYellow, LightEffect.AlertOperator) }
        }
        state<Light.Yellow> {
            on<LightEvent.TimerElapsed> {
                val completed = cycles + 1
                if (completed % CYCLES_BEFORE_CHECK == 0) {
                    transitionTo(Light.Red(completed), LightEffect.CheckLamps(completed))
                } else {
                    transitionTo(Light.Red(completed), LightEffect.SwitchLamp("red"))
                }
            }
            on<LightEvent.FaultDetected> { transitionTo(Light.FlashingYellow, LightEffect.AlertOperator) }
        }
        state<Light.FlashingYellow> {
            on<LightEvent.Reset> { transitionTo(Light.Red(cycles = 0), LightEffect.SwitchLamp("red")) }
        }
    }
}
