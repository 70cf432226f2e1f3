package com.example.alarm

import com.tinder.StateMachine

/** Failures as Android code declares them: a sealed class of exceptions, each case passing on its message. */
sealed class AlarmFailure(message: String) : Exception(message)

object SensorOffline : AlarmFailure("sensor offline")

class Tampered(zone: Int) : AlarmFailure("zone $zone tampered")

/** What every panel shares; the alarm below overrides its label. */
abstract class Panel {
    open val label: String = "panel"
}

sealed class AlarmState {
    object Armed : AlarmState()
    data class Alerting(val failure: AlarmFailure) : AlarmState()
}

sealed class AlarmEvent {
    object Offline : AlarmEvent()
    data class Tamper(val zone: Int) : AlarmEvent()
    object Reset : AlarmEvent()
}

sealed class AlarmSideEffect {
    data class Show(val text: String) : AlarmSideEffect()
}

class HomeAlarm : Panel() {
    override val label: String = "home"

    val stateMachine = StateMachine.create<AlarmState, AlarmEvent, AlarmSideEffect> {
        initialState(AlarmState.Armed)
        state<AlarmState.Armed> {
            on<AlarmEvent.Offline> {
                transitionTo(AlarmState.Alerting(SensorOffline), AlarmSideEffect.Show(SensorOffline.message ?: label))
            }
            on<AlarmEvent.Tamper> {
                val failure = Tampered(it.zone)
                transitionTo(AlarmState.Alerting(failure), AlarmSideEffect.Show(failure.message ?: label))
            }
        }
        state<AlarmState.Alerting> {
            on<AlarmEvent.Reset> {
                transitionTo(AlarmState.Armed, AlarmSideEffect.Show(label))
            }
        }
    }
}
