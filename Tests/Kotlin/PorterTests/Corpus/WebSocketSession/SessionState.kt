package com.example.websocket

sealed class SessionState {
    data object Handshaking : SessionState()
    data class Authenticating(val connectedAtMillis: Long) : SessionState()
    data class Open(
        val userId: String,
        val missedPongs: Int = 0,
        val messagesIn: Long = 0,
        val bytesIn: Long = 0,
    ) : SessionState()
    data class Closing(val code: Int, val reason: String) : SessionState()
    data class Closed(val code: Int) : SessionState()
}
