package com.example.sync

/** Why a sync stopped: shown in the sync settings screen and sent to the error reporter. */
sealed class SyncError(val reason: String, val retryable: Boolean) {
    override fun toString(): String = "SyncError($reason)"
}

object NetworkDown : SyncError("network unreachable", retryable = true)

object Unauthorized : SyncError("session expired", retryable = false)

data class ServerRejected(val code: Int) : SyncError("server answered $code", retryable = code >= 500)

class Crashed(val cause: Throwable) : SyncError(cause.message ?: "unknown failure", retryable = false)
