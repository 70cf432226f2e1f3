package com.example.call

import java.time.Duration
import java.time.Instant
import java.util.UUID

sealed class CallState {
    object Idle : CallState()
    data class Dialing(val callId: UUID, val peer: String) : CallState()
    data class Ringing(val callId: UUID, val peer: String) : CallState()
    data class Active(
        val callId: UUID,
        val peer: String,
        val since: Instant,
        val muted: Boolean = false,
        val peerMuted: Boolean = false,
    ) : CallState()
    data class Ended(val callId: UUID, val failure: CallFailure? = null, val length: Duration = Duration.ZERO) : CallState()
}

sealed class CallSideEffect {
    data class StartOutgoing(val callId: UUID, val peer: String) : CallSideEffect()
    data class AnswerIncoming(val callId: UUID) : CallSideEffect()
    data class SetMicrophone(val enabled: Boolean) : CallSideEffect()
    data class HangUp(val callId: UUID) : CallSideEffect()
    data class ShowFailure(val failure: CallFailure) : CallSideEffect()
    object PlayRingtone : CallSideEffect()
}
