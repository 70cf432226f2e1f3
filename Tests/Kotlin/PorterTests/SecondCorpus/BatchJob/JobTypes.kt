package com.example.jobs

import java.io.IOException
import java.time.Duration
import java.time.Instant

enum class Trigger {
    CRON,
    MANUAL,
    RECOVERY,
}

sealed interface JobState {
    object Waiting : JobState
    data class Resuming(val fromStep: Int) : JobState
    data class Running(val step: Int, val startedAt: Instant) : JobState
    data class Retrying(val step: Int, val startedAt: Instant, val delay: Duration, val lastError: IOException) : JobState
    data class Succeeded(val finishedAt: Instant, val took: Duration) : JobState
    data class Failed(val error: Exception, val failedAt: Instant) : JobState
}

sealed interface JobEvent {
    data object Start : JobEvent
    data class StepDone(val step: Int, val rows: Long) : JobEvent
    data class StepFailed(val step: Int, val cause: IOException) : JobEvent
    data class Crashed(val error: Exception) : JobEvent
    data object RetryDue : JobEvent
    data object Abort : JobEvent
}

sealed interface JobSideEffect {
    data class RunStep(val step: Int, val name: String) : JobSideEffect
    data class ScheduleRetry(val delay: Duration) : JobSideEffect
    data class Report(val status: String, val took: Duration?) : JobSideEffect
}

interface StepWorker {
    fun run(step: Int, name: String)
    fun cancel()
}

interface Checkpoints {
    fun lastCompletedStep(): Int
    fun save(step: Int, rows: Long)
    fun clear()
}

interface JobScheduler {
    fun retryIn(delay: Duration)
}

interface JobReporter {
    fun report(job: String, status: String, seconds: Long?)
}

fun interface JobClock {
    fun now(): Instant
}
