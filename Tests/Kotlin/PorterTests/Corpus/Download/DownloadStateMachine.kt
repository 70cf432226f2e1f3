package com.example.download

import com.tinder.StateMachine

typealias DownloadStateMachine = StateMachine<DownloadState, DownloadEvent, DownloadSideEffect>

const val DEFAULT_MAX_RETRIES = 3
private const val BASE_RETRY_DELAY_MS = 2_000L

fun downloadStateMachine(
    maxRetries: Int = DEFAULT_MAX_RETRIES,
    onSideEffect: (DownloadSideEffect) -> Unit = {},
): DownloadStateMachine = StateMachine.create {
    initialState(DownloadState.Idle)

    state<DownloadState.Idle> {
        on<DownloadEvent.Start> {
            transitionTo(
                DownloadState.Downloading(it.url, bytesReceived = 0L, totalBytes = it.totalBytes),
                DownloadSideEffect.BeginTransfer(it.url, offset = 0L),
            )
        }
    }

    state<DownloadState.Downloading> {
        on<DownloadEvent.BytesReceived> {
            val received = minOf(totalBytes, bytesReceived + it.count)
            if (received >= totalBytes) {
                transitionTo(DownloadState.Completed(url, totalBytes), DownloadSideEffect.NotifyComplete)
            } else {
                val percent = (received * 100 / totalBytes).toInt()
                transitionTo(copy(bytesReceived = received), DownloadSideEffect.ReportProgress(percent))
            }
        }
        on(DownloadEvent.Pause) {
            transitionTo(DownloadState.Paused(url, bytesReceived, totalBytes), DownloadSideEffect.StopTransfer)
        }
        on(DownloadEvent.NetworkError) {
            transitionTo(
                DownloadState.Failed(url, bytesReceived, totalBytes, retries),
                DownloadSideEffect.ScheduleRetry(BASE_RETRY_DELAY_MS * (1L shl retries)),
            )
        }
        on(DownloadEvent.Cancel) {
            transitionTo(DownloadState.Idle, DownloadSideEffect.DeletePartialFile)
        }
    }

    state<DownloadState.Paused> {
        on(DownloadEvent.Resume) {
            transitionTo(
                DownloadState.Downloading(url, bytesReceived, totalBytes),
                DownloadSideEffect.BeginTransfer(url, offset = bytesReceived),
            )
        }
        on(DownloadEvent.Cancel) {
            transitionTo(DownloadState.Idle, DownloadSideEffect.DeletePartialFile)
        }
    }

    // Retries left: the guarded definition comes first and wins.
    state(StateMachine.Matcher.any<DownloadState, DownloadState.Failed>().where { retries < maxRetries }) {
        on(DownloadEvent.Retry) {
            transitionTo(
                DownloadState.Downloading(url, bytesReceived, totalBytes, retries = retries + 1),
                DownloadSideEffect.BeginTransfer(url, offset = bytesReceived),
            )
        }
        on(DownloadEvent.Cancel) {
            transitionTo(DownloadState.Idle, DownloadSideEffect.DeletePartialFile)
        }
    }

    state<DownloadState.Failed> {
        on(DownloadEvent.Retry) {
            dontTransition(DownloadSideEffect.NotifyFailed)
        }
        on(DownloadEvent.Cancel) {
            transitionTo(DownloadState.Idle, DownloadSideEffect.DeletePartialFile)
        }
    }

    state<DownloadState.Completed> {
        on<DownloadEvent.Start> {
            if (it.url == url) {
                dontTransition(DownloadSideEffect.NotifyComplete)
            } else {
                transitionTo(
                    DownloadState.Downloading(it.url, 0L, it.totalBytes),
                    DownloadSideEffect.BeginTransfer(it.url, 0L),
                )
            }
        }
    }

    onTransition {
        if (it is StateMachine.Transition.Valid) {
            it.sideEffect?.let(onSideEffect)
        }
    }
}
