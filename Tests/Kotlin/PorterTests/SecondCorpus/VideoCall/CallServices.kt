package com.example.call

import java.time.Instant
import java.util.UUID

interface RtcClient {
    fun startCall(callId: UUID, peer: String)
    fun answer(callId: UUID)
    fun setMicrophone(enabled: Boolean)
    fun hangUp(callId: UUID)
}

interface CallUi {
    fun showFailure(message: String)
    fun playRingtone()
}

interface CallHistory {
    fun record(callId: UUID, seconds: Long, failed: Boolean)
}

fun interface CallIds {
    fun next(): UUID
}

fun interface CallClock {
    fun now(): Instant
}
