package com.example.upload.ui

import com.example.upload.model.UploadState
import com.statemachine.spec.StateMachine

// The State type is in another module, the events and side effects here: the inferred cases' fields take their types
// from what is passed to them, a property of the handler's event (`it.code`) or a parameter of the class
// (`maxRetries`), not `Any`.

sealed class UploadEvent {
    data class Failed(val code: Int) : UploadEvent()
    data object Retry : UploadEvent()
}

sealed class UploadEffect {
    data class Report(val code: Int) : UploadEffect()
}

class Uploader(private val maxRetries: Int) {
    val machine = StateMachine.create<UploadState, UploadEvent, UploadEffect> {
        initialState(UploadState.Idle)
        state<UploadState.Idle> {
            on<UploadEvent.Failed> { transitionTo(UploadState.Broken(it.code), UploadEffect.Report(it.code)) }
            on<UploadEvent.Retry> { transitionTo(UploadState.Retrying(maxRetries)) }
        }
        state<UploadState.Broken> {}
        state<UploadState.Retrying> {}
    }
}
