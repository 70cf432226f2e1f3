package com.example.login

sealed interface LoginState {
    data object SignedOut : LoginState
    data class EnteringCredentials(val email: String, val failedAttempts: Int = 0) : LoginState
    data class CheckingPassword(val email: String, val failedAttempts: Int) : LoginState
    data class AwaitingMfa(val userId: UserId, val codesSent: Int) : LoginState
    data class SignedIn(val userId: UserId) : LoginState
    data class LockedOut(val email: String) : LoginState
}
