package com.example.jobs

interface AuditLog {
    fun append(entry: String)
}

/** A [JobRunner] whose outcomes go to the compliance audit log. */
class AuditedJobRunner(
    jobName: String,
    steps: List<String>,
    trigger: Trigger,
    worker: StepWorker,
    checkpoints: Checkpoints,
    scheduler: JobScheduler,
    reporter: JobReporter,
    clock: JobClock,
    private val audit: AuditLog,
) : JobRunner(jobName, steps, trigger, worker, checkpoints, scheduler, reporter, clock) {

    override fun onFinished(state: JobState) {
        val entry = when (state) {
            is JobState.Succeeded -> "$jobName succeeded at ${state.finishedAt} in ${state.took.seconds} s, $rowsWritten rows"
            is JobState.Failed -> "$jobName failed at ${state.failedAt}: ${state.error.message}"
            else -> return
        }
        audit.append(entry)
    }
}
