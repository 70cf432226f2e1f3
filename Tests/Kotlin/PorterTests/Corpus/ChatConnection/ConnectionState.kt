package com.example.chat

sealed class ConnectionState {
    data object Disconnected : ConnectionState()
    data class Connecting(val attempt: Int) : ConnectionState()
    data class Connected(val sessionId: String, val unacked: Int = 0) : ConnectionState()
    data class WaitingToReconnect(val attempt: Int, val delayMillis: Long) : ConnectionState()
    data class GaveUp(val attempts: Int) : ConnectionState()
}

sealed class ConnectionEvent {
    data object Connect : ConnectionEvent()
    data class Opened(val sessionId: String) : ConnectionEvent()
    data class MessageSent(val id: Long) : ConnectionEvent()
    data class Acked(val count: Int) : ConnectionEvent()
    data class Closed(val code: Int, val reason: String) : ConnectionEvent()
    data object ReconnectTimerFired : ConnectionEvent()
    data object Disconnect : ConnectionEvent()

    sealed class Timeout : ConnectionEvent() {
        data object Connect : Timeout()
        data object Read : Timeout()
        data object Ping : Timeout()
    }
}

sealed class ConnectionSideEffect {
    data object OpenSocket : ConnectionSideEffect()
    data class CloseSocket(val code: Int) : ConnectionSideEffect()
    data class ScheduleReconnect(val delayMillis: Long) : ConnectionSideEffect()
    data object FlushOutbox : ConnectionSideEffect()
    data object SendPing : ConnectionSideEffect()
    data object ShowOffline : ConnectionSideEffect()
}
