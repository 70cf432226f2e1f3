package com.example.sync

import com.tinder.StateMachine
import java.time.Instant

/** Keeps the local notes database in step with the server: pull, then push what was edited offline. */
class SyncEngine(
    private val remote: RemoteStore,
    private val journal: LocalJournal,
    private val scheduler: RetryScheduler,
    private val reporter: ErrorReporter,
    private val logger: SyncLogger,
    private val maxAttempts: Int = 3,
) {
    var lastSync: Instant? = null
        private set

    var completedSyncs = 0
        private set

    private val stateMachine = StateMachine.create<SyncState, SyncEvent, SyncSideEffect> {
        initialState(SyncState.Idle)

        state<SyncState.Idle> {
            on<SyncEvent.Start> {
                transitionTo(SyncState.Pulling(since = lastSync), SyncSideEffect.RequestPull(lastSync))
            }
        }

        state<SyncState.Pulling> {
            on<SyncEvent.Completed.Pull> {
                val pending = journal.pendingCount()
                if (pending > 0) {
                    transitionTo(SyncState.Pushing(pending, it.serverTime), SyncSideEffect.RequestPush(pending))
                } else {
                    transitionTo(SyncState.UpToDate(it.serverTime))
                }
            }
            on<SyncEvent.Timeout.Pull> {
                if (attempt < maxAttempts) {
                    transitionTo(copy(attempt = attempt + 1), SyncSideEffect.ScheduleRetry(backoffSeconds(attempt)))
                } else {
                    transitionTo(SyncState.Failed(NetworkDown, since), SyncSideEffect.ReportError(NetworkDown))
                }
            }
            on<SyncEvent.NetworkDown> {
                transitionTo(SyncState.Failed(NetworkDown, since), SyncSideEffect.ReportError(NetworkDown))
            }
            on<SyncEvent.Rejected> {
                val error = if (it.code == 401) Unauthorized else ServerRejected(it.code)
                transitionTo(SyncState.Failed(error, since), SyncSideEffect.ReportError(error))
            }
            on<SyncEvent.Failed> {
                transitionTo(SyncState.Failed(Crashed(it.cause), since), SyncSideEffect.ReportError(Crashed(it.cause)))
            }
            on<SyncEvent.Stop> {
                transitionTo(SyncState.Idle, SyncSideEffect.CancelRequests)
            }
        }

        state<SyncState.Pushing> {
            on<SyncEvent.Completed.Push> {
                val left = pending - it.accepted
                if (left > 0 && it.rejected == 0) {
                    transitionTo(copy(pending = left), SyncSideEffect.RequestPush(left))
                } else {
                    transitionTo(SyncState.UpToDate(serverTime, dirty = it.rejected))
                }
            }
            on<SyncEvent.Timeout.Push> {
                if (attempt < maxAttempts) {
                    transitionTo(copy(attempt = attempt + 1), SyncSideEffect.ScheduleRetry(backoffSeconds(attempt)))
                } else {
                    transitionTo(SyncState.Failed(NetworkDown, serverTime), SyncSideEffect.ReportError(NetworkDown))
                }
            }
            on<SyncEvent.NetworkDown> {
                transitionTo(SyncState.Failed(NetworkDown, serverTime), SyncSideEffect.ReportError(NetworkDown))
            }
            on<SyncEvent.LocalEdit> {
                transitionTo(copy(pending = pending + it.count))
            }
            on<SyncEvent.Stop> {
                transitionTo(SyncState.Idle, SyncSideEffect.CancelRequests)
            }
        }

        state<SyncState.UpToDate> {
            onEnter {
                if (it is SyncEvent.Completed) {
                    journal.markSynced(lastSync)
                    this@SyncEngine.lastSync = lastSync
                    completedSyncs++
                }
            }
            on<SyncEvent.LocalEdit> {
                transitionTo(copy(dirty = dirty + it.count))
            }
            on<SyncEvent.Start> {
                transitionTo(SyncState.Pulling(since = lastSync), SyncSideEffect.RequestPull(lastSync))
            }
            on<SyncEvent.Stop> {
                transitionTo(SyncState.Idle)
            }
        }

        state<SyncState.Failed> {
            on<SyncEvent.Start> {
                if (error.retryable) {
                    transitionTo(SyncState.Pulling(since = lastSync), SyncSideEffect.RequestPull(lastSync))
                } else {
                    dontTransition(SyncSideEffect.ReportError(error))
                }
            }
            on<SyncEvent.Stop> {
                transitionTo(SyncState.Idle)
            }
        }

        onTransition { transition ->
            val valid = transition as? StateMachine.Transition.Valid ?: run {
                logger.warn("ignored ${transition.event} while ${transition.fromState::class.simpleName}")
                return@onTransition
            }
            when (val sideEffect = valid.sideEffect) {
                null -> logger.info("${valid.fromState::class.simpleName} -> ${valid.toState::class.simpleName}")
                is SyncSideEffect.RequestPull -> remote.pull(sideEffect.since)
                is SyncSideEffect.RequestPush -> remote.push(sideEffect.count)
                is SyncSideEffect.ScheduleRetry -> scheduler.schedule(sideEffect.afterSeconds)
                is SyncSideEffect.ReportError -> reporter.report(sideEffect.error.reason, sideEffect.error.retryable)
                SyncSideEffect.CancelRequests -> remote.cancelAll()
            }
        }
    }

    val state: SyncState
        get() = stateMachine.state

    fun onEvent(event: SyncEvent) {
        stateMachine.transition(event)
    }

    private fun backoffSeconds(attempt: Int): Long = minOf(MAX_BACKOFF_SECONDS, 2L shl attempt)

    private companion object {
        const val MAX_BACKOFF_SECONDS = 60L
    }
}
