package com.example.sync

import java.time.Instant

sealed interface SyncEvent {
    data object Start : SyncEvent
    data object Stop : SyncEvent
    data class LocalEdit(val count: Int = 1) : SyncEvent

    sealed interface Completed : SyncEvent {
        data class Pull(val changes: Int, val serverTime: Instant) : Completed
        data class Push(val accepted: Int, val rejected: Int = 0) : Completed
    }

    sealed interface Timeout : SyncEvent {
        data object Pull : Timeout
        data object Push : Timeout
    }

    data object NetworkDown : SyncEvent
    data class Rejected(val code: Int) : SyncEvent
    data class Failed(val cause: Throwable) : SyncEvent
}
