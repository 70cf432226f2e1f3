package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// An alarm whose snooze timeout names the side effect that snoozes again, and that side effect names the timeout: the
// two objects need each other while the JVM makes them, so one of them holds null in a field its type says cannot be.
// The porter warns at the first of them; the port's values have both fields.

sealed class AlarmState {
    object Idle : AlarmState()
    object Ringing : AlarmState()
}

sealed class AlarmEvent {
    object Ring : AlarmEvent()
    sealed class Timeout(val retry: AlarmEffect) : AlarmEvent() {
        object Snooze : Timeout(AlarmEffect.Snooze)
    }
}

sealed class AlarmEffect(val timeout: AlarmEvent? = null) {
    object Snooze : AlarmEffect(AlarmEvent.Timeout.Snooze)
    object Beep : AlarmEffect()
}

val alarm = StateMachine.create<AlarmState, AlarmEvent, AlarmEffect> {
    initialState(AlarmState.Idle)
    state<AlarmState.Idle> {
        on<AlarmEvent.Ring> { transitionTo(AlarmState.Ringing, AlarmEffect.Beep) }
    }
    state<AlarmState.Ringing> {
        on<AlarmEvent.Timeout> { transitionTo(AlarmState.Ringing, it.retry) }
    }
}
