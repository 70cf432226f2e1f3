package com.example.upload

import java.io.IOException

sealed interface UploadEvent {
    data class Enqueue(val path: String, val sizeBytes: Long) : UploadEvent
    data object Resume : UploadEvent
    data object Pause : UploadEvent
    data object RetryTimerFired : UploadEvent

    sealed interface Completed : UploadEvent {
        data class Chunk(val index: Int) : Completed
        data class Commit(val remoteUrl: String) : Completed
    }

    sealed interface Timeout : UploadEvent {
        data class Chunk(val index: Int) : Timeout
        data object Commit : Timeout
    }

    data class Failed(val cause: IOException) : UploadEvent
    data object QuotaExceeded : UploadEvent
}
