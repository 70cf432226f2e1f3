package com.example.jobs

import com.tinder.StateMachine
import java.time.Duration

/** Runs a nightly export job step by step, with retries of failed steps and resumption after a crash. */
open class JobRunner(
    protected val jobName: String,
    private val steps: List<String>,
    private val trigger: Trigger,
    private val worker: StepWorker,
    private val checkpoints: Checkpoints,
    private val scheduler: JobScheduler,
    private val reporter: JobReporter,
    private val clock: JobClock,
    maxRetries: Int = 3,
) {
    private val budget = RetryBudget(maxRetries)

    private lateinit var stateMachine: StateMachine<JobState, JobEvent, JobSideEffect>

    var rowsWritten = 0L
        private set

    init {
        require(steps.isNotEmpty()) { "job $jobName has no steps" }
        stateMachine = StateMachine.create {
            when (trigger) {
                Trigger.CRON, Trigger.MANUAL -> initialState(JobState.Waiting)
                Trigger.RECOVERY -> initialState(JobState.Resuming(maxOf(0, checkpoints.lastCompletedStep() + 1)))
            }

            state<JobState.Waiting> {
                on<JobEvent.Start> {
                    budget.reset()
                    checkpoints.clear()
                    transitionTo(JobState.Running(0, clock.now()), JobSideEffect.RunStep(0, steps[0]))
                }
            }

            state<JobState.Resuming> {
                on<JobEvent.Start> {
                    if (fromStep >= steps.size) {
                        transitionTo(JobState.Succeeded(clock.now(), Duration.ZERO), JobSideEffect.Report("nothing to resume", null))
                    } else {
                        transitionTo(JobState.Running(fromStep, clock.now()), JobSideEffect.RunStep(fromStep, steps[fromStep]))
                    }
                }
            }

            state<JobState.Running> {
                on<JobEvent.StepDone> {
                    if (it.step != step) return@on dontTransition()
                    checkpoints.save(step, it.rows)
                    rowsWritten += it.rows
                    val next = step + 1
                    if (next < steps.size) {
                        transitionTo(copy(step = next), JobSideEffect.RunStep(next, steps[next]))
                    } else {
                        val now = clock.now()
                        val took = Duration.between(startedAt, now)
                        transitionTo(JobState.Succeeded(now, took), JobSideEffect.Report("succeeded", took))
                    }
                }
                on<JobEvent.StepFailed> {
                    if (budget.tryConsume()) {
                        val delay = budget.nextDelay()
                        transitionTo(JobState.Retrying(step, startedAt, delay, it.cause), JobSideEffect.ScheduleRetry(delay))
                    } else {
                        val now = clock.now()
                        transitionTo(JobState.Failed(it.cause, now), JobSideEffect.Report("failed at ${steps[step]}", Duration.between(startedAt, now)))
                    }
                }
                on<JobEvent.Crashed> {
                    val now = clock.now()
                    transitionTo(JobState.Failed(it.error, now), JobSideEffect.Report("crashed", Duration.between(startedAt, now)))
                }
                on<JobEvent.Abort> {
                    worker.cancel()
                    transitionTo(JobState.Failed(ABORTED, clock.now()), JobSideEffect.Report("aborted", null))
                }
            }

            state<JobState.Retrying> {
                on<JobEvent.RetryDue> {
                    transitionTo(JobState.Running(step, startedAt), JobSideEffect.RunStep(step, steps[step]))
                }
                on<JobEvent.Abort> {
                    transitionTo(JobState.Failed(ABORTED, clock.now()), JobSideEffect.Report("aborted", null))
                }
            }

            state<JobState.Succeeded> {
                on<JobEvent.Start> {
                    budget.reset()
                    checkpoints.clear()
                    transitionTo(JobState.Running(0, clock.now()), JobSideEffect.RunStep(0, steps[0]))
                }
            }

            state<JobState.Failed> {
                on<JobEvent.Start> {
                    val from = (checkpoints.lastCompletedStep() + 1).coerceIn(0, steps.lastIndex)
                    budget.reset()
                    transitionTo(JobState.Running(from, clock.now()), JobSideEffect.RunStep(from, steps[from]))
                }
            }

            onTransition { transition ->
                if (transition is StateMachine.Transition.Valid) {
                    when (val sideEffect = transition.sideEffect) {
                        is JobSideEffect.RunStep -> worker.run(sideEffect.step, sideEffect.name)
                        is JobSideEffect.ScheduleRetry -> scheduler.retryIn(sideEffect.delay)
                        is JobSideEffect.Report -> reporter.report(jobName, sideEffect.status, sideEffect.took?.seconds)
                        null -> Unit
                    }
                    val state = transition.toState
                    if (state is JobState.Succeeded || state is JobState.Failed) onFinished(state)
                }
            }
        }
    }

    val state: JobState
        get() = stateMachine.state

    fun onEvent(event: JobEvent) {
        stateMachine.transition(event)
    }

    /** Called once the job succeeded or failed; subclasses audit, alert or chain the next job. */
    protected open fun onFinished(state: JobState) {}

    companion object {
        private val ABORTED = IllegalStateException("aborted by an operator")

        fun nightly(
            jobName: String,
            steps: List<String>,
            worker: StepWorker,
            checkpoints: Checkpoints,
            scheduler: JobScheduler,
            reporter: JobReporter,
            clock: JobClock,
        ): JobRunner = JobRunner(jobName, steps, Trigger.CRON, worker, checkpoints, scheduler, reporter, clock)
    }
}
