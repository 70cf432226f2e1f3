package com.example.sync

import java.time.Instant

sealed interface SyncState {
    data object Idle : SyncState
    data class Pulling(val since: Instant?, val attempt: Int = 1) : SyncState
    data class Pushing(val pending: Int, val serverTime: Instant, val attempt: Int = 1) : SyncState
    data class UpToDate(val lastSync: Instant, val dirty: Int = 0) : SyncState
    data class Failed(val error: SyncError, val lastSync: Instant?) : SyncState
}

sealed interface SyncSideEffect {
    data class RequestPull(val since: Instant?) : SyncSideEffect
    data class RequestPush(val count: Int) : SyncSideEffect
    data class ScheduleRetry(val afterSeconds: Long) : SyncSideEffect
    data class ReportError(val error: SyncError) : SyncSideEffect
    data object CancelRequests : SyncSideEffect
}
