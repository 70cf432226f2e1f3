package com.example.login

sealed interface LoginEvent {
    data class EmailChanged(val email: String) : LoginEvent
    data class PasswordSubmitted(val password: String) : LoginEvent
    data class PasswordAccepted(val userId: UserId, val mfaRequired: Boolean) : LoginEvent
    data object PasswordRejected : LoginEvent
    data class MfaCodeEntered(val code: String) : LoginEvent
    data object MfaVerified : LoginEvent
    data object ResendCode : LoginEvent
    data object SignOut : LoginEvent
}

sealed interface LoginSideEffect {
    data class CheckPassword(val email: String, val password: String) : LoginSideEffect
    data class SendMfaCode(val userId: UserId) : LoginSideEffect
    data class VerifyMfaCode(val userId: UserId, val code: String) : LoginSideEffect
    data object ShowWrongPassword : LoginSideEffect
    data object ShowInvalidCode : LoginSideEffect
    data class ShowLockedOut(val email: String) : LoginSideEffect
    data object OpenHome : LoginSideEffect
    data object ClearSession : LoginSideEffect
}
