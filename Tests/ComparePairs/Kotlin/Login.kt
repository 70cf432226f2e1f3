package com.example.pairs.login

import com.tinder.StateMachine

/** The login flow, as the Android team writes it. */
sealed class LoginState {
    data class LoggedOut(val failedAttempts: Int) : LoginState()
    data class Authenticating(val username: String, val failedAttempts: Int) : LoginState()
    data class LoggedIn(val username: String) : LoginState()
    object Locked : LoginState()
}

sealed class LoginEvent {
    data class Submit(val username: String, val password: String) : LoginEvent()
    object AuthSucceeded : LoginEvent()
    object AuthFailed : LoginEvent()
    object Logout : LoginEvent()
}

sealed class LoginEffect {
    data class Authenticate(val username: String, val password: String) : LoginEffect()
    data class ShowError(val message: String) : LoginEffect()
    data class ShowHome(val username: String) : LoginEffect()
    object ShowLocked : LoginEffect()
    object ClearSession : LoginEffect()
}

const val MAX_ATTEMPTS = 3

class LoginViewModel {
    val stateMachine = StateMachine.create<LoginState, LoginEvent, LoginEffect> {
        initialState(LoginState.LoggedOut(failedAttempts = 0))
        state<LoginState.LoggedOut> {
            on<LoginEvent.Submit> {
                if (it.password.isEmpty()) {
                    dontTransition(LoginEffect.ShowError("empty password"))
                } else {
                    transitionTo(LoginState.Authenticating(it.username, failedAttempts), LoginEffect.Authenticate(it.username, it.password))
                }
            }
        }
        state<LoginState.Authenticating> {
            on<LoginEvent.AuthSucceeded> { transitionTo(LoginState.LoggedIn(username), LoginEffect.ShowHome(username)) }
            on<LoginEvent.AuthFailed> {
                val attempts = failedAttempts + 1
                if (attempts >= MAX_ATTEMPTS) {
                    transitionTo(LoginState.Locked, LoginEffect.ShowLocked)
                } else {
                    transitionTo(LoginState.LoggedOut(attempts), LoginEffect.ShowError("wrong password"))
                }
            }
        }
        state<LoginState.LoggedIn> {
            on<LoginEvent.Logout> { transitionTo(LoginState.LoggedOut(failedAttempts = 0), LoginEffect.ClearSession) }
        }
    }
}
