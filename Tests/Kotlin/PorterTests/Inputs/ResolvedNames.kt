package com.example.resolved

import com.tinder.StateMachine

// Names the compiler resolves and the syntax alone does not: nested events with the same simple name, and a top-level
// object whose name is also an event's.

sealed class AppError(val code: Int) {
    object Timeout : AppError(408)
    data class Server(val status: Int) : AppError(500)
}

object NetworkDown : AppError(503)

sealed class FeedState {
    object Idle : FeedState()
    data class Loading(val page: Int) : FeedState()
    data class Shown(val page: Int) : FeedState()
    data class Failed(val error: AppError) : FeedState()
}

sealed class FeedEvent {
    sealed class Completed : FeedEvent() {
        data class Load(val page: Int) : Completed()
        object Refresh : Completed()
    }

    sealed class Timeout : FeedEvent() {
        object Load : Timeout()
        object Refresh : Timeout()
    }

    data class Request(val page: Int) : FeedEvent()
    data class Fail(val error: AppError) : FeedEvent()
    object NetworkDown : FeedEvent()
}

sealed class FeedEffect {
    data class Fetch(val page: Int) : FeedEffect()
    data class Report(val error: AppError) : FeedEffect()
}

val feedStateMachine = StateMachine.create<FeedState, FeedEvent, FeedEffect> {
    initialState(FeedState.Idle)
    state<FeedState.Idle> {
        on<FeedEvent.Request> { transitionTo(FeedState.Loading(it.page), FeedEffect.Fetch(it.page)) }
    }
    state<FeedState.Loading> {
        on<FeedEvent.Completed.Load> { transitionTo(FeedState.Shown(it.page)) }
        on<FeedEvent.Timeout.Load> { transitionTo(FeedState.Failed(AppError.Timeout), FeedEffect.Report(AppError.Timeout)) }
        on<FeedEvent.Fail> { transitionTo(FeedState.Failed(it.error), FeedEffect.Report(it.error)) }
        on<FeedEvent.NetworkDown> { transitionTo(FeedState.Failed(NetworkDown), FeedEffect.Report(NetworkDown)) }
    }
    state<FeedState.Shown> {
        on<FeedEvent.Completed.Refresh> { transitionTo(FeedState.Loading(page), FeedEffect.Fetch(page)) }
        on<FeedEvent.Timeout.Refresh> { dontTransition() }
    }
    state<FeedState.Failed> {
        on<FeedEvent.Request> {
            if (error is AppError.Timeout || error == NetworkDown) {
                transitionTo(FeedState.Loading(it.page), FeedEffect.Fetch(it.page))
            } else {
                dontTransition(FeedEffect.Report(error))
            }
        }
    }
}
