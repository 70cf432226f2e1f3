package com.example.websocket

sealed class SessionEvent {
    data class HandshakeCompleted(val atMillis: Long) : SessionEvent()
    data object PingTimerFired : SessionEvent()
    data object TransportClosed : SessionEvent()

    sealed class Frame : SessionEvent() {
        data class Text(val body: String) : Frame()
        data class Binary(val size: Long) : Frame()
        data object Ping : Frame()
        data object Pong : Frame()
        data class Close(val code: Int, val reason: String) : Frame()
    }
}

sealed class SessionSideEffect {
    data class SendText(val body: String) : SessionSideEffect()
    data object SendPing : SessionSideEffect()
    data object SendPong : SessionSideEffect()
    data class SendClose(val code: Int, val reason: String) : SessionSideEffect()
    data class Deliver(val userId: String, val body: String) : SessionSideEffect()
    data object CloseTransport : SessionSideEffect()
}
