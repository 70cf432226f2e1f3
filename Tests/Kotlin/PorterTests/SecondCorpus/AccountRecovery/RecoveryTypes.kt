package com.example.recovery

import java.time.Instant
import java.util.UUID

sealed interface RecoveryState {
    data object Idle : RecoveryState
    data class CodeSent(val requestId: UUID, val email: String, val expiresAt: Instant, val attempts: Int = 0) : RecoveryState
    data class Verified(val requestId: UUID, val email: String) : RecoveryState
    object Completed : RecoveryState
    data class Blocked(val email: String, val until: Instant) : RecoveryState
}

sealed interface RecoveryEvent {
    data class Requested(val email: String, val where: String) : RecoveryEvent
    data class CodeEntered(val code: String) : RecoveryEvent
    data class PasswordChosen(val password: String) : RecoveryEvent
    data object Resend : RecoveryEvent
    data object Abandon : RecoveryEvent
}

sealed interface RecoverySideEffect {
    data class SendCode(val requestId: UUID, val email: String) : RecoverySideEffect
    data class RejectCode(val attemptsLeft: Int) : RecoverySideEffect
    data class ResetPassword(val email: String, val password: String) : RecoverySideEffect
    data class WarnOwner(val email: String, val where: String) : RecoverySideEffect
}

interface CodeSender {
    fun send(requestId: UUID, email: String)
}

interface CodeVerifier {
    fun matches(requestId: UUID, code: String): Boolean
}

interface Accounts {
    fun exists(email: String): Boolean
    fun setPassword(email: String, password: String)
    fun revokeSessions(email: String)
}

interface SecurityMailer {
    fun warn(email: String, text: String)
}

interface AuditTrail {
    fun record(entry: String)
}

fun interface RequestIds {
    fun next(): UUID
}

fun interface TimeSource {
    fun now(): Instant
}
