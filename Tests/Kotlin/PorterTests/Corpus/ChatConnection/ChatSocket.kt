package com.example.chat

interface ChatSocket {
    fun open()
    fun close(code: Int)
    fun ping()
    fun flush()
}

interface Scheduler {
    fun schedule(delayMillis: Long, action: () -> Unit)
}

interface Logger {
    fun d(tag: String, message: String)
    fun w(tag: String, message: String)
}
