package com.example.jobs

import java.time.Duration

/** How many times a job may retry a failed step, and how long it waits before each retry. */
class RetryBudget(private val maxRetries: Int, private val baseDelay: Duration = Duration.ofSeconds(30)) {
    var used = 0
        private set

    val exhausted: Boolean
        get() = used >= maxRetries

    fun tryConsume(): Boolean {
        if (exhausted) return false
        used++
        return true
    }

    fun nextDelay(): Duration = baseDelay.multipliedBy(1L shl (used - 1).coerceIn(0, 10))

    fun reset() {
        used = 0
    }
}
