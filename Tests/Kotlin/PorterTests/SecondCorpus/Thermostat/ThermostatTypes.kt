package com.example.thermostat

import com.example.thermostat.model.HvacMode

sealed interface ThermostatState {
    data object Off : ThermostatState
    data class Holding(val setpoint: Double, val mode: HvacMode) : ThermostatState
    data class Heating(val setpoint: Double, val mode: HvacMode, val current: Double) : ThermostatState
    data class Cooling(val setpoint: Double, val mode: HvacMode, val current: Double) : ThermostatState
    data class Fault(val code: Int) : ThermostatState
}

sealed interface ThermostatEvent {
    data class SetMode(val mode: HvacMode) : ThermostatEvent
    data class SetTarget(val celsius: Double) : ThermostatEvent
    data class Reading(val celsius: Double) : ThermostatEvent
    data class Calibrate(val init: Double) : ThermostatEvent
    data class Vent(val `inout`: Boolean) : ThermostatEvent
    data class SensorFault(val code: Int) : ThermostatEvent
    data object ClearFault : ThermostatEvent
}

sealed interface ThermostatSideEffect {
    data object StartHeat : ThermostatSideEffect
    data object StartCool : ThermostatSideEffect
    data object StopAll : ThermostatSideEffect
    data class Persist(val setpoint: Double, val mode: HvacMode) : ThermostatSideEffect
    data class Damper(val open: Boolean) : ThermostatSideEffect
}

/** What the hub saved before it restarted. */
data class SavedSettings(val setpoint: Double, val mode: HvacMode)

interface HvacRelay {
    fun heat(on: Boolean)
    fun cool(on: Boolean)
    fun damper(open: Boolean)
}

interface SettingsStore {
    fun save(setpoint: Double, mode: HvacMode)
    fun lastSetpoint(): Double
}

interface DeviceLogger {
    fun debug(message: String)
}
