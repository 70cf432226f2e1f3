package com.example.upload

import java.time.Duration
import java.util.UUID

sealed interface UploadState {
    data object Idle : UploadState
    data class Uploading(val photoId: UUID, val chunk: Int, val chunks: Int, val attempt: Int = 0) : UploadState
    data class Committing(val photoId: UUID, val attempt: Int = 0) : UploadState
    data class WaitingToRetry(val photoId: UUID, val chunk: Int, val chunks: Int, val attempt: Int, val delay: Duration) :
        UploadState
    data class Paused(val photoId: UUID, val chunk: Int, val chunks: Int) : UploadState
    data class Stopped(val error: UploadError) : UploadState
}

sealed interface UploadSideEffect {
    data class SendChunk(val photoId: UUID, val index: Int) : UploadSideEffect
    data class Commit(val photoId: UUID) : UploadSideEffect
    data class ScheduleRetry(val delay: Duration) : UploadSideEffect
    data class Notify(val error: UploadError) : UploadSideEffect
    data class Published(val photoId: UUID, val remoteUrl: String) : UploadSideEffect
}
