package com.example.flags

import com.tinder.StateMachine

data class RolloutPolicy(
    val maxErrorPermille: Int = 5,
    val maxP99LatencyMillis: Long = 800L,
    val minStepPercent: Int = 5,
)

fun FlagStore.rolloutStateMachine(
    flagKey: String,
    audit: AuditLog,
    pager: Pager,
    policy: RolloutPolicy = RolloutPolicy(),
): StateMachine<RolloutState, RolloutEvent, RolloutSideEffect> = StateMachine.create {
    initialState(RolloutState.Draft)

    state<RolloutState.Draft> {
        on<RolloutEvent.Start> {
            val percent = it.initialPercent.coerceIn(1, 100)
            transitionTo(RolloutState.Ramping(percent, stage = 1), RolloutSideEffect.SetPercentage(percent))
        }
    }

    // Fully ramped: the next step completes the rollout.
    state(StateMachine.Matcher.any<RolloutState, RolloutState.Ramping>().where { percent >= 100 }) {
        on(RolloutEvent.Advance) {
            transitionTo(RolloutState.FullyRolledOut)
        }
        on<RolloutEvent.Rollback> {
            transitionTo(RolloutState.RolledBack(percent, it.reason), RolloutSideEffect.SetPercentage(0))
        }
    }

    state<RolloutState.Ramping> {
        on(any<RolloutEvent.MetricsReported>().where { errorRatePermille > policy.maxErrorPermille || p99LatencyMillis > policy.maxP99LatencyMillis }) {
            val reason = "error rate ${it.errorRatePermille}‰, p99 ${it.p99LatencyMillis} ms at $percent%"
            transitionTo(RolloutState.RolledBack(percent, reason), RolloutSideEffect.Alert(reason))
        }
        on<RolloutEvent.MetricsReported> {
            dontTransition()
        }
        on(RolloutEvent.Advance) {
            val next = minOf(100, maxOf(percent * 2, percent + policy.minStepPercent))
            transitionTo(RolloutState.Ramping(next, stage + 1), RolloutSideEffect.SetPercentage(next))
        }
        on<RolloutEvent.Pause> {
            transitionTo(RolloutState.Paused(percent, stage, it.reason))
        }
        on<RolloutEvent.Rollback> {
            transitionTo(RolloutState.RolledBack(percent, it.reason), RolloutSideEffect.SetPercentage(0))
        }
    }

    state<RolloutState.Paused> {
        on(RolloutEvent.Resume) {
            transitionTo(RolloutState.Ramping(percent, stage))
        }
        on<RolloutEvent.Rollback> {
            transitionTo(RolloutState.RolledBack(percent, it.reason), RolloutSideEffect.SetPercentage(0))
        }
    }

    state<RolloutState.FullyRolledOut> {}

    state<RolloutState.RolledBack> {
        onEnter {
            audit.record(flagKey, "rolled back from $fromPercent%: $reason")
        }
        on<RolloutEvent.Start> {
            transitionTo(RolloutState.Ramping(1, stage = 1), RolloutSideEffect.SetPercentage(1))
        }
    }

    onTransition { transition ->
        (transition as? StateMachine.Transition.Valid)?.let { valid ->
            when (val sideEffect = valid.sideEffect) {
                is RolloutSideEffect.SetPercentage -> setPercentage(flagKey, sideEffect.percent)
                is RolloutSideEffect.Alert -> {
                    setPercentage(flagKey, 0)
                    pager.alert("[$flagKey] ${sideEffect.message}")
                }
                null -> Unit
            }
            audit.record(flagKey, "${valid.fromState} -> ${valid.toState}")
        } ?: run {
            audit.record(flagKey, "ignored ${transition.event} in ${transition.fromState}")
        }
    }
}
