package com.example.thermostat

import com.example.thermostat.model.HvacMode
import com.tinder.StateMachine

class ThermostatService(
    deviceId: String,
    private val relay: HvacRelay,
    private val store: SettingsStore,
    restored: SavedSettings? = null,
    private val logger: DeviceLogger? = null,
) : StatefulDevice<ThermostatState>(deviceId) {

    /** Added to every reading: the installer's calibration of this sensor. */
    var offset = 0.0
        private set

    override val reportRepeats: Boolean = false

    init {
        logger?.debug("thermostat $deviceId starts ${if (restored != null) "at ${restored.setpoint}" else "off"}")
    }

    private val stateMachine = StateMachine.create<ThermostatState, ThermostatEvent, ThermostatSideEffect> {
        initialState(if (restored != null) ThermostatState.Holding(restored.setpoint, restored.mode) else ThermostatState.Off)

        state<ThermostatState.Off> {
            on<ThermostatEvent.SetMode> {
                if (it.mode == HvacMode.OFF) {
                    dontTransition()
                } else {
                    val setpoint = store.lastSetpoint()
                    transitionTo(ThermostatState.Holding(setpoint, it.mode), ThermostatSideEffect.Persist(setpoint, it.mode))
                }
            }
            on<ThermostatEvent.Calibrate> {
                offset = it.init
                dontTransition()
            }
        }

        state<ThermostatState.Holding> {
            on<ThermostatEvent.Reading> {
                val current = it.celsius + offset
                when {
                    wantsHeat(mode) && current < setpoint - HYSTERESIS ->
                        transitionTo(ThermostatState.Heating(setpoint, mode, current), ThermostatSideEffect.StartHeat)
                    wantsCool(mode) && current > setpoint + HYSTERESIS ->
                        transitionTo(ThermostatState.Cooling(setpoint, mode, current), ThermostatSideEffect.StartCool)
                    else -> dontTransition()
                }
            }
            on<ThermostatEvent.SetTarget> {
                val setpoint = it.celsius.coerceIn(MIN_CELSIUS, MAX_CELSIUS)
                transitionTo(copy(setpoint = setpoint), ThermostatSideEffect.Persist(setpoint, mode))
            }
            on<ThermostatEvent.SetMode> {
                if (it.mode == HvacMode.OFF) {
                    transitionTo(ThermostatState.Off, ThermostatSideEffect.Persist(setpoint, it.mode))
                } else {
                    transitionTo(copy(mode = it.mode), ThermostatSideEffect.Persist(setpoint, it.mode))
                }
            }
            on<ThermostatEvent.Vent> {
                dontTransition(ThermostatSideEffect.Damper(open = it.`inout`))
            }
            on<ThermostatEvent.SensorFault> {
                transitionTo(ThermostatState.Fault(it.code))
            }
        }

        state<ThermostatState.Heating> {
            on<ThermostatEvent.Reading> {
                val current = it.celsius + offset
                if (current >= setpoint) {
                    transitionTo(ThermostatState.Holding(setpoint, mode), ThermostatSideEffect.StopAll)
                } else {
                    transitionTo(copy(current = current))
                }
            }
            on<ThermostatEvent.SetMode> {
                transitionTo(
                    if (it.mode == HvacMode.OFF) ThermostatState.Off else ThermostatState.Holding(setpoint, it.mode),
                    ThermostatSideEffect.StopAll,
                )
            }
            on<ThermostatEvent.SensorFault> {
                transitionTo(ThermostatState.Fault(it.code), ThermostatSideEffect.StopAll)
            }
        }

        state<ThermostatState.Cooling> {
            on<ThermostatEvent.Reading> {
                val current = it.celsius + offset
                if (current <= setpoint) {
                    transitionTo(ThermostatState.Holding(setpoint, mode), ThermostatSideEffect.StopAll)
                } else {
                    transitionTo(copy(current = current))
                }
            }
            on<ThermostatEvent.SetMode> {
                transitionTo(
                    if (it.mode == HvacMode.OFF) ThermostatState.Off else ThermostatState.Holding(setpoint, it.mode),
                    ThermostatSideEffect.StopAll,
                )
            }
            on<ThermostatEvent.SensorFault> {
                transitionTo(ThermostatState.Fault(it.code), ThermostatSideEffect.StopAll)
            }
        }

        state<ThermostatState.Fault> {
            onEnter {
                logger?.debug("sensor fault $code after ${it::class.simpleName}")
            }
            on<ThermostatEvent.ClearFault> {
                transitionTo(ThermostatState.Off)
            }
        }

        onTransition { transition ->
            if (transition is StateMachine.Transition.Valid) {
                when (val sideEffect = transition.sideEffect) {
                    null -> logger?.debug(describe(transition.toState))
                    ThermostatSideEffect.StartHeat -> relay.heat(on = true)
                    ThermostatSideEffect.StartCool -> relay.cool(on = true)
                    ThermostatSideEffect.StopAll -> {
                        relay.heat(on = false)
                        relay.cool(on = false)
                    }
                    is ThermostatSideEffect.Persist -> store.save(sideEffect.setpoint, sideEffect.mode)
                    is ThermostatSideEffect.Damper -> relay.damper(sideEffect.open)
                }
                notify(transition.toState)
            }
        }
    }

    val state: ThermostatState
        get() = stateMachine.state

    fun onEvent(event: ThermostatEvent) {
        stateMachine.transition(event)
    }

    override fun describe(state: ThermostatState): String = when (state) {
        ThermostatState.Off -> "$deviceId off"
        is ThermostatState.Holding -> "$deviceId holding ${state.setpoint} (${state.mode.name.lowercase()})"
        is ThermostatState.Heating -> "$deviceId heating to ${state.setpoint}, now ${state.current}"
        is ThermostatState.Cooling -> "$deviceId cooling to ${state.setpoint}, now ${state.current}"
        is ThermostatState.Fault -> "$deviceId fault ${state.code}"
    }

    private fun wantsHeat(mode: HvacMode): Boolean = mode == HvacMode.HEAT || mode == HvacMode.AUTO

    private fun wantsCool(mode: HvacMode): Boolean = mode == HvacMode.COOL || mode == HvacMode.AUTO

    companion object {
        const val HYSTERESIS = 0.5
        const val MIN_CELSIUS = 7.0
        const val MAX_CELSIUS = 30.0
    }
}
