package com.example.pairs.thermostat

import com.tinder.StateMachine

/** A thermostat, as the Android team writes it. */
sealed class ThermostatState {
    object Off : ThermostatState()
    data class Idle(val target: Double) : ThermostatState()
    data class Heating(val target: Double) : ThermostatState()
}

sealed class ThermostatEvent {
    data class PowerOn(val target: Double) : ThermostatEvent()
    object PowerOff : ThermostatEvent()
    data class TemperatureRead(val celsius: Double) : ThermostatEvent()
}

sealed class ThermostatEffect {
    object HeaterOn : ThermostatEffect()
    object HeaterOff : ThermostatEffect()
    data class Refuse(val target: Double) : ThermostatEffect()
}

private const val MIN_TARGET = 5.0
private const val MAX_TARGET = 30.0
private const val HYSTERESIS = 0.5

fun thermostat() = StateMachine.create<ThermostatState, ThermostatEvent, ThermostatEffect> {
    initialState(ThermostatState.Off)
    state<ThermostatState.Off> {
        on<ThermostatEvent.PowerOn> {
            if (it.target in MIN_TARGET..MAX_TARGET) transitionTo(ThermostatState.Idle(it.target))
            else dontTransition(ThermostatEffect.Refuse(it.target))
        }
    }
    state<ThermostatState.Idle> {
        on<ThermostatEvent.TemperatureRead> {
            if (it.celsius < target - HYSTERESIS) transitionTo(ThermostatState.Heating(target), ThermostatEffect.HeaterOn)
            else dontTransition()
        }
        on<ThermostatEvent.PowerOff> { transitionTo(ThermostatState.Off) }
    }
    state<ThermostatState.Heating> {
        on<ThermostatEvent.TemperatureRead> {
            if (it.celsius >= target) transitionTo(ThermostatState.Idle(target), ThermostatEffect.HeaterOff)
            else dontTransition()
        }
        on<ThermostatEvent.PowerOff> { transitionTo(ThermostatState.Off, ThermostatEffect.HeaterOff) }
    }
}
