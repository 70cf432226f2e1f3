package com.example.pairs.download

import com.tinder.StateMachine

/** A file download, with Tinder's DSL. */
sealed class DownloadState {
    object Idle : DownloadState()
    data class Downloading(val progress: Int) : DownloadState()
    data class Paused(val progress: Int) : DownloadState()
    object Completed : DownloadState()
    data class Failed(val reason: String) : DownloadState()
}

sealed class DownloadEvent {
    object Start : DownloadEvent()
    data class Progress(val percent: Int) : DownloadEvent()
    object Pause : DownloadEvent()
    object Resume : DownloadEvent()
    data class Fail(val reason: String) : DownloadEvent()
    object Retry : DownloadEvent()
}

sealed class DownloadEffect {
    object BeginTransfer : DownloadEffect()
    data class ShowProgress(val percent: Int) : DownloadEffect()
    object CancelTransfer : DownloadEffect()
    object NotifyCompleted : DownloadEffect()
    data class ShowFailure(val reason: String) : DownloadEffect()
}

class DownloadMachine {
    val machine = StateMachine.create<DownloadState, DownloadEvent, DownloadEffect> {
        initialState(DownloadState.Idle)
        state<DownloadState.Idle> {
            on<DownloadEvent.Start> { transitionTo(DownloadState.Downloading(0), DownloadEffect.BeginTransfer) }
        }
        state<DownloadState.Downloading> {
            on<DownloadEvent.Progress> {
                when {
                    it.percent >= 100 -> transitionTo(DownloadState.Completed, DownloadEffect.NotifyCompleted)
                    it.percent <= progress -> dontTransition()
                    else -> transitionTo(DownloadState.Downloading(it.percent), DownloadEffect.ShowProgress(it.percent))
                }
            }
            on<DownloadEvent.Pause> { transitionTo(DownloadState.Paused(progress), DownloadEffect.CancelTransfer) }
            on<DownloadEvent.Fail> { transitionTo(DownloadState.Failed(it.reason), DownloadEffect.ShowFailure(it.reason)) }
        }
        state<DownloadState.Paused> {
            on<DownloadEvent.Resume> { transitionTo(DownloadState.Downloading(progress), DownloadEffect.BeginTransfer) }
        }
        state<DownloadState.Failed> {
            on<DownloadEvent.Retry> { transitionTo(DownloadState.Downloading(0), DownloadEffect.BeginTransfer) }
        }
    }
}
