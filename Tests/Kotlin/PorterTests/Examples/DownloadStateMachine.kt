package com.statemachine.examples.download

import com.statemachine.spec.StateMachine

// A download with progress, retries guarded by a matcher, and enter/exit listeners.
// Top-level sealed classes with their own names, and a factory function instead of a class.

sealed class DownloadState {
    object Idle : DownloadState()
    data class Downloading(val progress: Int, val retries: Int) : DownloadState()
    data class Failed(val retries: Int) : DownloadState()
    object Completed : DownloadState()
}

sealed class DownloadEvent {
    object Start : DownloadEvent()
    data class Progress(val percent: Int) : DownloadEvent()
    object Fail : DownloadEvent()
    object Retry : DownloadEvent()
    object Cancel : DownloadEvent()
}

sealed class DownloadEffect {
    object StartDownload : DownloadEffect()
    data class ShowProgress(val percent: Int) : DownloadEffect()
    object NotifyComplete : DownloadEffect()
    object GiveUp : DownloadEffect()
}

const val MAX_RETRIES = 2

fun downloadStateMachine(): StateMachine<DownloadState, DownloadEvent, DownloadEffect> = StateMachine.create {
    initialState(DownloadState.Idle)
    state<DownloadState.Idle> {
        onExit {
            println("Leaving idle because of $it")
        }
        on<DownloadEvent.Start> {
            transitionTo(DownloadState.Downloading(progress = 0, retries = 0), DownloadEffect.StartDownload)
        }
    }
    state<DownloadState.Downloading> {
        onEnter {
            println("Downloading: $progress% (retry $retries)")
        }
        on(any<DownloadEvent.Progress>().where { percent >= 100 }) {
            transitionTo(DownloadState.Completed, DownloadEffect.NotifyComplete)
        }
        on<DownloadEvent.Progress> {
            if (it.percent > progress) {
                transitionTo(DownloadState.Downloading(it.percent, retries), DownloadEffect.ShowProgress(it.percent))
            } else {
                dontTransition()
            }
        }
        on<DownloadEvent.Fail> {
            transitionTo(DownloadState.Failed(retries))
        }
        on(DownloadEvent.Cancel) {
            transitionTo(DownloadState.Idle)
        }
    }
    state(StateMachine.Matcher.any<DownloadState, DownloadState.Failed>().where { retries >= MAX_RETRIES }) {
        onEnter {
            println("Giving up after $retries retries")
        }
        on<DownloadEvent.Retry> {
            dontTransition(DownloadEffect.GiveUp)
        }
        on<DownloadEvent.Cancel> {
            transitionTo(DownloadState.Idle)
        }
    }
    state<DownloadState.Failed> {
        on<DownloadEvent.Retry> {
            transitionTo(DownloadState.Downloading(progress = 0, retries = retries + 1), DownloadEffect.StartDownload)
        }
        on<DownloadEvent.Cancel> {
            transitionTo(DownloadState.Idle)
        }
    }
    state(DownloadState.Completed) {
        onEnter {
            println("Download complete")
        }
    }
}
