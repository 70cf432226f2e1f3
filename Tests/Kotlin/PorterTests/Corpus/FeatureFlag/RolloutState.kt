package com.example.flags

sealed interface RolloutState {
    data object Draft : RolloutState
    data class Ramping(val percent: Int, val stage: Int) : RolloutState
    data class Paused(val percent: Int, val stage: Int, val reason: String) : RolloutState
    data object FullyRolledOut : RolloutState
    data class RolledBack(val fromPercent: Int, val reason: String) : RolloutState
}

sealed interface RolloutEvent {
    data class Start(val initialPercent: Int = 1) : RolloutEvent
    data class MetricsReported(val errorRatePermille: Int, val p99LatencyMillis: Long) : RolloutEvent
    data object Advance : RolloutEvent
    data class Pause(val reason: String) : RolloutEvent
    data object Resume : RolloutEvent
    data class Rollback(val reason: String) : RolloutEvent
}

sealed interface RolloutSideEffect {
    data class SetPercentage(val percent: Int) : RolloutSideEffect
    data class Alert(val message: String) : RolloutSideEffect
}
