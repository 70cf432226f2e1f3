package com.example.websocket

interface FrameSink {
    fun sendText(body: String)
    fun sendPing()
    fun sendPong()
    fun sendClose(code: Int, reason: String)
    fun closeTransport()
}

interface MessageRouter {
    fun deliver(userId: String, body: String)
}

interface TokenAuthenticator {
    /** The user the token belongs to, or null when the token is unknown or expired. */
    fun userIdFor(token: String): String?
}

interface Metrics {
    fun increment(name: String, tags: Map<String, String> = emptyMap())
}
