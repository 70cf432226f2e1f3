package com.example.shift

import com.tinder.StateMachine
import java.time.Duration
import java.time.Instant
import java.util.UUID

interface ShiftClock {
    fun now(): Instant
}

interface BadgeIds {
    fun issue(): UUID
}

interface Breaks {
    fun allowance(): Duration
}

data class Roster(val team: String)

interface Rosters {
    fun current(): Roster
}

sealed class ShiftState {
    object OffDuty : ShiftState()
    data class OnDuty(val badge: String, val since: Long) : ShiftState()
    data class OnBreak(val badge: String, val allowance: Long, val back: Long) : ShiftState()
}

sealed class ShiftEvent {
    object Audit : ShiftEvent()
    object ClockIn : ShiftEvent()
    object ClockOut : ShiftEvent()
    object TakeBreak : ShiftEvent()
}

sealed class ShiftSideEffect {
    data class Log(val text: String) : ShiftSideEffect()
    data class Pay(val seconds: Long) : ShiftSideEffect()
    data class Audited(val roster: Roster) : ShiftSideEffect()
}

/** A shift whose collaborators answer with platform types (Instant, Duration, UUID) and a class the stubs cannot make. */
class ShiftTracker(
    private val clock: ShiftClock,
    private val ids: BadgeIds,
    private val breaks: Breaks,
    private val rosters: Rosters,
) {
    val stateMachine = StateMachine.create<ShiftState, ShiftEvent, ShiftSideEffect> {
        initialState(ShiftState.OffDuty)
        state<ShiftState.OffDuty> {
            on<ShiftEvent.ClockIn> {
                transitionTo(ShiftState.OnDuty(ids.issue().toString(), clock.now().epochSecond))
            }
            on<ShiftEvent.Audit> {
                transitionTo(ShiftState.OffDuty, ShiftSideEffect.Audited(rosters.current()))
            }
        }
        state<ShiftState.OnDuty> {
            on<ShiftEvent.TakeBreak> {
                val allowance = breaks.allowance()
                val back = clock.now().plus(allowance)
                transitionTo(ShiftState.OnBreak(badge, allowance.seconds, back.epochSecond))
            }
            on<ShiftEvent.ClockOut> {
                val worked = Duration.between(Instant.ofEpochSecond(since), clock.now())
                transitionTo(ShiftState.OffDuty, ShiftSideEffect.Pay(worked.seconds))
            }
        }
        state<ShiftState.OnBreak> {
            on<ShiftEvent.ClockIn> {
                transitionTo(ShiftState.OnDuty(badge, clock.now().epochSecond), ShiftSideEffect.Log("back"))
            }
        }
    }
}
