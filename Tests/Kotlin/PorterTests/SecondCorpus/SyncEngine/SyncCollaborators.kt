package com.example.sync

import java.time.Instant

interface RemoteStore {
    fun pull(since: Instant?)
    fun push(count: Int)
    fun cancelAll()
}

interface LocalJournal {
    fun pendingCount(): Int
    fun markSynced(at: Instant)
}

interface RetryScheduler {
    fun schedule(afterSeconds: Long)
}

interface ErrorReporter {
    fun report(reason: String, retryable: Boolean)
}

interface SyncLogger {
    fun info(message: String)
    fun warn(message: String)
}
