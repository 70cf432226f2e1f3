package com.example.upload

import com.tinder.StateMachine
import java.time.Duration

/** Uploads the gallery's new photos in chunks, one photo at a time, in the background. */
class PhotoUploader private constructor(
    private val api: UploadApi,
    private val notifier: UploadNotifier,
    private val ids: IdSource,
    private val queue: UploadQueue,
    private val maxAttempts: Int,
) {
    private lateinit var stateMachine: StateMachine<UploadState, UploadEvent, UploadSideEffect>

    init {
        stateMachine = buildStateMachine()
    }

    val state: UploadState
        get() = stateMachine.state

    val uploadedBytes: Long
        get() = queue.uploadedBytes

    fun onEvent(event: UploadEvent) {
        stateMachine.transition(event)
    }

    private fun buildStateMachine() = StateMachine.create<UploadState, UploadEvent, UploadSideEffect> {
        initialState(UploadState.Idle)

        state<UploadState.Idle> {
            on<UploadEvent.Enqueue> {
                if (!queue.offer(PendingPhoto(ids.next(), it.path, it.sizeBytes))) {
                    return@on dontTransition(UploadSideEffect.Notify(QuotaExceeded))
                }
                val next = firstUpload() ?: return@on dontTransition()
                transitionTo(next, UploadSideEffect.SendChunk(next.photoId, 0))
            }
            on<UploadEvent.Resume> {
                val next = firstUpload() ?: return@on dontTransition()
                transitionTo(next, UploadSideEffect.SendChunk(next.photoId, 0))
            }
        }

        state<UploadState.Uploading> {
            on<UploadEvent.Enqueue> {
                val accepted = queue.offer(PendingPhoto(ids.next(), it.path, it.sizeBytes))
                if (accepted) dontTransition() else dontTransition(UploadSideEffect.Notify(QuotaExceeded))
            }
            on<UploadEvent.Completed.Chunk> {
                when {
                    it.index != chunk -> dontTransition()
                    chunk + 1 < chunks -> transitionTo(
                        copy(chunk = chunk + 1, attempt = 0),
                        UploadSideEffect.SendChunk(photoId, chunk + 1),
                    )
                    else -> transitionTo(UploadState.Committing(photoId), UploadSideEffect.Commit(photoId))
                }
            }
            on<UploadEvent.Timeout.Chunk> {
                if (it.index != chunk) {
                    dontTransition()
                } else if (attempt + 1 < maxAttempts) {
                    val delay = backoff(attempt)
                    transitionTo(
                        UploadState.WaitingToRetry(photoId, chunk, chunks, attempt + 1, delay),
                        UploadSideEffect.ScheduleRetry(delay),
                    )
                } else {
                    transitionTo(UploadState.Stopped(Offline), UploadSideEffect.Notify(Offline))
                }
            }
            on<UploadEvent.Failed> {
                if (attempt + 1 < maxAttempts) {
                    val delay = backoff(attempt)
                    transitionTo(
                        UploadState.WaitingToRetry(photoId, chunk, chunks, attempt + 1, delay),
                        UploadSideEffect.ScheduleRetry(delay),
                    )
                } else {
                    val error = Transport(it.cause)
                    transitionTo(UploadState.Stopped(error), UploadSideEffect.Notify(error))
                }
            }
            on<UploadEvent.QuotaExceeded> {
                transitionTo(UploadState.Stopped(QuotaExceeded), UploadSideEffect.Notify(QuotaExceeded))
            }
            on<UploadEvent.Pause> {
                transitionTo(UploadState.Paused(photoId, chunk, chunks))
            }
        }

        state<UploadState.Committing> {
            on<UploadEvent.Completed.Commit> {
                queue.complete(photoId)
                transitionTo(UploadState.Idle, UploadSideEffect.Published(photoId, it.remoteUrl))
            }
            on<UploadEvent.Timeout.Commit> {
                if (attempt + 1 < maxAttempts) {
                    transitionTo(copy(attempt = attempt + 1), UploadSideEffect.Commit(photoId))
                } else {
                    transitionTo(UploadState.Stopped(Offline), UploadSideEffect.Notify(Offline))
                }
            }
            on<UploadEvent.QuotaExceeded> {
                transitionTo(UploadState.Stopped(QuotaExceeded), UploadSideEffect.Notify(QuotaExceeded))
            }
        }

        state<UploadState.WaitingToRetry> {
            on<UploadEvent.RetryTimerFired> {
                transitionTo(UploadState.Uploading(photoId, chunk, chunks, attempt), UploadSideEffect.SendChunk(photoId, chunk))
            }
            on<UploadEvent.Pause> {
                transitionTo(UploadState.Paused(photoId, chunk, chunks))
            }
        }

        state<UploadState.Paused> {
            on<UploadEvent.Resume> {
                transitionTo(UploadState.Uploading(photoId, chunk, chunks), UploadSideEffect.SendChunk(photoId, chunk))
            }
        }

        state<UploadState.Stopped> {
            on<UploadEvent.Resume> {
                if (error === QuotaExceeded) return@on dontTransition(UploadSideEffect.Notify(error))
                val next = firstUpload() ?: return@on transitionTo(UploadState.Idle)
                transitionTo(next, UploadSideEffect.SendChunk(next.photoId, 0))
            }
        }

        onTransition { transition ->
            val valid = transition as? StateMachine.Transition.Valid ?: return@onTransition
            when (val sideEffect = valid.sideEffect) {
                is UploadSideEffect.SendChunk -> {
                    val uploading = valid.toState as? UploadState.Uploading
                    if (uploading != null) notifier.progress(sideEffect.photoId, 100 * uploading.chunk / uploading.chunks)
                    api.sendChunk(sideEffect.photoId, sideEffect.index, CHUNK_BYTES)
                }
                is UploadSideEffect.Commit -> api.commit(sideEffect.photoId)
                is UploadSideEffect.ScheduleRetry -> api.scheduleRetry(sideEffect.delay.toMillis())
                is UploadSideEffect.Notify -> notifier.failed(sideEffect.error.message)
                is UploadSideEffect.Published -> notifier.published(sideEffect.photoId, sideEffect.remoteUrl, queue.size)
                null -> Unit
            }
        }
    }

    private fun firstUpload(): UploadState.Uploading? {
        val photo = queue.peek() ?: return null
        return UploadState.Uploading(photo.id, chunk = 0, chunks = queue.chunksOf(photo, CHUNK_BYTES))
    }

    private fun backoff(attempt: Int): Duration = BASE_DELAY.multipliedBy(1L shl minOf(attempt, 6))

    companion object {
        const val CHUNK_BYTES = 256 * 1024
        const val DEFAULT_MAX_ATTEMPTS = 4
        private val BASE_DELAY: Duration = Duration.ofSeconds(2)

        fun create(
            api: UploadApi,
            notifier: UploadNotifier,
            ids: IdSource,
            capacity: Int = 50,
            maxAttempts: Int = DEFAULT_MAX_ATTEMPTS,
        ): PhotoUploader = PhotoUploader(api, notifier, ids, UploadQueue(capacity), maxAttempts)
    }
}
