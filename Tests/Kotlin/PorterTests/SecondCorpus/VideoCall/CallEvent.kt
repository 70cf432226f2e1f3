package com.example.call

import java.io.IOException
import java.time.Instant
import java.util.UUID

sealed interface CallEvent {
    data class Dial(val peer: String) : CallEvent
    data class Incoming(val callId: UUID, val peer: String) : CallEvent
    data object Accept : CallEvent
    data class MediaError(val cause: IOException) : CallEvent

    /** What this device's user did. */
    sealed interface Local : CallEvent {
        data object Hangup : Local
        data class Mute(val muted: Boolean) : Local
    }

    /** What the signalling server reports of the other side. */
    sealed interface Remote : CallEvent {
        data class Answered(val at: Instant) : Remote
        data object Hangup : Remote
        data object Busy : Remote
        data object Declined : Remote
        data class Mute(val muted: Boolean) : Remote
    }
}
