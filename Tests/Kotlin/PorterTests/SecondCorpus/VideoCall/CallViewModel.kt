package com.example.call

import com.tinder.StateMachine
import java.time.Duration
import java.time.Instant

class CallViewModel(
    private val rtc: RtcClient,
    private val ui: CallUi,
    private val history: CallHistory,
    private val ids: CallIds,
    private val clock: CallClock,
) : BaseViewModel<CallState>() {

    override val tag: String = "CallViewModel"

    private val stateMachine = StateMachine.create<CallState, CallEvent, CallSideEffect> {
        initialState(CallState.Idle)

        state<CallState.Idle> {
            on<CallEvent.Dial> {
                val callId = ids.next()
                transitionTo(CallState.Dialing(callId, it.peer), CallSideEffect.StartOutgoing(callId, it.peer))
            }
            on<CallEvent.Incoming> {
                transitionTo(CallState.Ringing(it.callId, it.peer), CallSideEffect.PlayRingtone)
            }
        }

        state<CallState.Dialing> {
            on<CallEvent.Remote.Answered> {
                transitionTo(CallState.Active(callId, peer, since = it.at))
            }
            on<CallEvent.Remote.Busy> {
                transitionTo(CallState.Ended(callId, Busy), CallSideEffect.ShowFailure(Busy))
            }
            on<CallEvent.Remote.Declined> {
                transitionTo(CallState.Ended(callId, Declined), CallSideEffect.ShowFailure(Declined))
            }
            on<CallEvent.Local.Hangup> {
                transitionTo(CallState.Ended(callId), CallSideEffect.HangUp(callId))
            }
        }

        state<CallState.Ringing> {
            on<CallEvent.Accept> {
                transitionTo(CallState.Active(callId, peer, since = clock.now()), CallSideEffect.AnswerIncoming(callId))
            }
            on<CallEvent.Local.Hangup> {
                transitionTo(CallState.Ended(callId), CallSideEffect.HangUp(callId))
            }
            on<CallEvent.Remote.Hangup> {
                transitionTo(CallState.Ended(callId))
            }
        }

        state<CallState.Active> {
            on<CallEvent.Local.Mute> {
                transitionTo(copy(muted = it.muted), CallSideEffect.SetMicrophone(enabled = !it.muted))
            }
            on<CallEvent.Remote.Mute> {
                transitionTo(copy(peerMuted = it.muted))
            }
            on<CallEvent.Local.Hangup> {
                transitionTo(CallState.Ended(callId, length = lengthSince(since)), CallSideEffect.HangUp(callId))
            }
            on<CallEvent.Remote.Hangup> {
                transitionTo(CallState.Ended(callId, length = lengthSince(since)))
            }
            on<CallEvent.MediaError> {
                val failure = MediaFailure(it.cause)
                transitionTo(CallState.Ended(callId, failure, lengthSince(since)), CallSideEffect.ShowFailure(failure))
            }
        }

        state<CallState.Ended> {
            onEnter {
                history.record(callId, length.seconds, failed = failure != null)
            }
            on<CallEvent.Dial> {
                val callId = ids.next()
                transitionTo(CallState.Dialing(callId, it.peer), CallSideEffect.StartOutgoing(callId, it.peer))
            }
            on<CallEvent.Incoming> {
                transitionTo(CallState.Ringing(it.callId, it.peer), CallSideEffect.PlayRingtone)
            }
        }

        onTransition {
            if (it is StateMachine.Transition.Valid) {
                when (val sideEffect = it.sideEffect) {
                    is CallSideEffect.StartOutgoing -> rtc.startCall(sideEffect.callId, sideEffect.peer)
                    is CallSideEffect.AnswerIncoming -> rtc.answer(sideEffect.callId)
                    is CallSideEffect.SetMicrophone -> rtc.setMicrophone(sideEffect.enabled)
                    is CallSideEffect.HangUp -> rtc.hangUp(sideEffect.callId)
                    is CallSideEffect.ShowFailure -> ui.showFailure(sideEffect.failure.message ?: tag)
                    CallSideEffect.PlayRingtone -> ui.playRingtone()
                    null -> Unit
                }
                notify(it.toState)
            }
        }
    }

    val state: CallState
        get() = stateMachine.state

    fun dial(peer: String) {
        stateMachine.transition(CallEvent.Dial(peer))
    }

    fun hangUp() {
        stateMachine.transition(CallEvent.Local.Hangup)
    }

    fun onSignal(event: CallEvent) {
        stateMachine.transition(event)
    }

    override fun onCleared() {
        val current = state
        if (current is CallState.Active) {
            rtc.hangUp(current.callId)
        }
        super.onCleared()
    }

    private fun lengthSince(start: Instant): Duration = Duration.between(start, clock.now())
}
