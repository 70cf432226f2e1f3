package com.example.login

interface AuthRepository {
    fun checkPassword(email: String, password: String)
    fun sendMfaCode(userId: UserId)
    fun verifyMfaCode(userId: UserId, code: String)
    fun rememberUser(userId: UserId)
    fun clearSession()
}

interface Analytics {
    fun track(event: String, properties: Map<String, Any> = emptyMap())
}

interface Logger {
    fun d(tag: String, message: String)
    fun w(tag: String, message: String)
}
