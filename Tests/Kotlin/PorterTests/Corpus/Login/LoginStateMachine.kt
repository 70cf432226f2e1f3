package com.example.login

import com.tinder.StateMachine

private const val TAG = "LoginStateMachine"
private const val MIN_PASSWORD_LENGTH = 8
private const val MAX_CODES = 3

class LoginStateMachine(
    private val authRepository: AuthRepository,
    private val analytics: Analytics,
    private val logger: Logger,
    private val maxAttempts: Int = 3,
) {

    val stateMachine = StateMachine.create<LoginState, LoginEvent, LoginSideEffect> {
        initialState(LoginState.SignedOut)

        state<LoginState.SignedOut> {
            on<LoginEvent.EmailChanged> {
                transitionTo(LoginState.EnteringCredentials(normalize(it.email)))
            }
        }

        state<LoginState.EnteringCredentials> {
            on<LoginEvent.EmailChanged> {
                transitionTo(copy(email = normalize(it.email)))
            }
            on<LoginEvent.PasswordSubmitted> {
                if (it.password.length < MIN_PASSWORD_LENGTH || email.isBlank()) {
                    dontTransition(LoginSideEffect.ShowWrongPassword)
                } else {
                    transitionTo(
                        LoginState.CheckingPassword(email, failedAttempts),
                        LoginSideEffect.CheckPassword(email, it.password),
                    )
                }
            }
        }

        state<LoginState.CheckingPassword> {
            on<LoginEvent.PasswordAccepted> {
                if (it.mfaRequired) {
                    transitionTo(LoginState.AwaitingMfa(it.userId, codesSent = 1), LoginSideEffect.SendMfaCode(it.userId))
                } else {
                    transitionTo(LoginState.SignedIn(it.userId), LoginSideEffect.OpenHome)
                }
            }
            on(LoginEvent.PasswordRejected) {
                val attempts = failedAttempts + 1
                if (attempts >= maxAttempts) {
                    transitionTo(LoginState.LockedOut(email), LoginSideEffect.ShowLockedOut(email))
                } else {
                    transitionTo(LoginState.EnteringCredentials(email, attempts), LoginSideEffect.ShowWrongPassword)
                }
            }
        }

        state<LoginState.AwaitingMfa> {
            onEnter {
                logger.d(TAG, "Waiting for MFA code #$codesSent for ${userId.value}")
            }
            on<LoginEvent.MfaCodeEntered> {
                if (isWellFormedCode(it.code)) {
                    dontTransition(LoginSideEffect.VerifyMfaCode(userId, it.code))
                } else {
                    dontTransition(LoginSideEffect.ShowInvalidCode)
                }
            }
            on(LoginEvent.MfaVerified) {
                transitionTo(LoginState.SignedIn(userId), LoginSideEffect.OpenHome)
            }
            on(LoginEvent.ResendCode) {
                if (codesSent < MAX_CODES) {
                    transitionTo(copy(codesSent = codesSent + 1), LoginSideEffect.SendMfaCode(userId))
                } else {
                    dontTransition()
                }
            }
            on<LoginEvent.SignOut> {
                transitionTo(LoginState.SignedOut, LoginSideEffect.ClearSession)
            }
        }

        state<LoginState.SignedIn> {
            onEnter {
                authRepository.rememberUser(userId)
            }
            on<LoginEvent.SignOut> {
                transitionTo(LoginState.SignedOut, LoginSideEffect.ClearSession)
            }
        }

        state<LoginState.LockedOut> {
            onEnter {
                logger.w(TAG, "Too many attempts for $email")
            }
        }

        onTransition {
            val validTransition = it as? StateMachine.Transition.Valid ?: return@onTransition
            if (validTransition.fromState::class != validTransition.toState::class) {
                analytics.track("login_step", mapOf("step" to validTransition.toState::class.java.simpleName))
            }
            when (val sideEffect = validTransition.sideEffect) {
                is LoginSideEffect.CheckPassword -> authRepository.checkPassword(sideEffect.email, sideEffect.password)
                is LoginSideEffect.SendMfaCode -> authRepository.sendMfaCode(sideEffect.userId)
                is LoginSideEffect.VerifyMfaCode -> authRepository.verifyMfaCode(sideEffect.userId, sideEffect.code)
                LoginSideEffect.ClearSession -> authRepository.clearSession()
                else -> logger.d(TAG, "side effect: $sideEffect")
            }
        }
    }

    val state: LoginState
        get() = stateMachine.state

    fun onEvent(event: LoginEvent) {
        stateMachine.transition(event)
    }

    private fun normalize(email: String): String = email.trim().lowercase()

    private fun isWellFormedCode(code: String): Boolean = code.length == 6 && code.all { it.isDigit() }
}
