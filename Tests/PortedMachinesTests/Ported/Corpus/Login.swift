// Ported from LoginStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusLogin: StateMachineBuilder {

    static let TAG = "LoginStateMachine"
    static let MIN_PASSWORD_LENGTH = 8
    static let MAX_CODES = 3

    typealias State = LoginState
    typealias Event = LoginEvent
    typealias SideEffect = LoginSideEffect

    enum LoginState: StateMachineHashable, Codable, Equatable {
        case signedOut
        case enteringCredentials(email: String, failedAttempts: Int)
        case checkingPassword(email: String, failedAttempts: Int)
        case awaitingMfa(userId: UserId, codesSent: Int)
        case signedIn(userId: UserId)
        case lockedOut(email: String)

        enum HashableIdentifier: String { case signedOut, enteringCredentials, checkingPassword, awaitingMfa, signedIn, lockedOut }
    }

    enum LoginEvent: StateMachineHashable, Codable, Equatable {
        case emailChanged(email: String)
        case passwordSubmitted(password: String)
        case passwordAccepted(userId: UserId, mfaRequired: Bool)
        case passwordRejected
        case mfaCodeEntered(code: String)
        case mfaVerified
        case resendCode
        case signOut

        enum HashableIdentifier: String { case emailChanged, passwordSubmitted, passwordAccepted, passwordRejected, mfaCodeEntered, mfaVerified, resendCode, signOut }
    }

    enum LoginSideEffect: Codable, Equatable {
        case checkPassword(email: String, password: String)
        case sendMfaCode(userId: UserId)
        case verifyMfaCode(userId: UserId, code: String)
        case showWrongPassword
        case showInvalidCode
        case showLockedOut(email: String)
        case openHome
        case clearSession
    }

    struct UserId: Codable, Equatable {
        var value: String
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.signedOut)
        state(.signedOut) {
            on(.emailChanged) {
                // port: not ported, Kotlin line 21: the call `normalize(it.email)`
                // transitionTo(LoginState.EnteringCredentials(normalize(it.email)))
                fatalError("port: LoginStateMachine.kt:21: the call `normalize(it.email)` is not ported")
            }
        }
        state(.enteringCredentials) {
            on(.emailChanged) {
                // port: not ported, Kotlin line 27: the call `normalize(it.email)`
                // transitionTo(copy(email = normalize(it.email)))
                fatalError("port: LoginStateMachine.kt:27: the call `normalize(it.email)` is not ported")
            }
            on(.passwordSubmitted) {
                // port: not ported, Kotlin line 30: the property `it.password.length`
                // if (it.password.length < MIN_PASSWORD_LENGTH || email.isBlank()) {
                //     dontTransition(LoginSideEffect.ShowWrongPassword)
                // } else {
                //     transitionTo(
                //         LoginState.CheckingPassword(email, failedAttempts),
                //         LoginSideEffect.CheckPassword(email, it.password),
                //     )
                // }
                fatalError("port: LoginStateMachine.kt:30: the property `it.password.length` is not ported")
            }
        }
        state(.checkingPassword) {
            on(.passwordAccepted) { _, event in
                if try (event.mfaRequired() as Bool) {
                    return try transition(to: .awaitingMfa(userId: (event.userId() as UserId), codesSent: 1), emit: .sendMfaCode(userId: (event.userId() as UserId)))
                } else {
                    return try transition(to: .signedIn(userId: (event.userId() as UserId)), emit: .openHome)
                }
            }
            on(.eq(.passwordRejected)) {
                // port: not ported, Kotlin line 51: the name `maxAttempts`
                // val attempts = failedAttempts + 1
                // if (attempts >= maxAttempts) {
                //     transitionTo(LoginState.LockedOut(email), LoginSideEffect.ShowLockedOut(email))
                // } else {
                //     transitionTo(LoginState.EnteringCredentials(email, attempts), LoginSideEffect.ShowWrongPassword)
                // }
                fatalError("port: LoginStateMachine.kt:51: the name `maxAttempts` is not ported")
            }
        }
        state(.awaitingMfa) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 61: the name `logger`
                // logger.d(TAG, "Waiting for MFA code #$codesSent for ${userId.value}")
                fatalError("port: LoginStateMachine.kt:61: the name `logger` is not ported")
            }
            on(.mfaCodeEntered) {
                // port: not ported, Kotlin line 64: the call `isWellFormedCode(it.code)`
                // if (isWellFormedCode(it.code)) {
                //     dontTransition(LoginSideEffect.VerifyMfaCode(userId, it.code))
                // } else {
                //     dontTransition(LoginSideEffect.ShowInvalidCode)
                // }
                fatalError("port: LoginStateMachine.kt:64: the call `isWellFormedCode(it.code)` is not ported")
            }
            on(.eq(.mfaVerified)) { state in
                try transition(to: .signedIn(userId: (state.userId() as UserId)), emit: .openHome)
            }
            on(.eq(.resendCode)) { state in
                if try (state.codesSent() as Int) < MAX_CODES {
                    return try transition(to: .awaitingMfa(userId: (state.userId() as UserId), codesSent: (state.codesSent() as Int) + 1), emit: .sendMfaCode(userId: (state.userId() as UserId)))
                } else {
                    return dontTransition()
                }
            }
            on(.signOut) { transition(to: .signedOut, emit: .clearSession) }
        }
        state(.signedIn) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 87: the name `authRepository`
                // authRepository.rememberUser(userId)
                fatalError("port: LoginStateMachine.kt:87: the name `authRepository` is not ported")
            }
            on(.signOut) { transition(to: .signedOut, emit: .clearSession) }
        }
        state(.lockedOut) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 96: the name `logger`
                // logger.w(TAG, "Too many attempts for $email")
                fatalError("port: LoginStateMachine.kt:96: the name `logger` is not ported")
            }
        }
        onTransition { _ in
            // port: not ported, Kotlin line 102: the expression `validTransition.fromState::class`
            // val validTransition = it as? StateMachine.Transition.Valid ?: return@onTransition
            // if (validTransition.fromState::class != validTransition.toState::class) {
            //     analytics.track("login_step", mapOf("step" to validTransition.toState::class.java.simpleName))
            // }
            // when (val sideEffect = validTransition.sideEffect) {
            //     is LoginSideEffect.CheckPassword -> authRepository.checkPassword(sideEffect.email, sideEffect.password)
            //     is LoginSideEffect.SendMfaCode -> authRepository.sendMfaCode(sideEffect.userId)
            //     is LoginSideEffect.VerifyMfaCode -> authRepository.verifyMfaCode(sideEffect.userId, sideEffect.code)
            //     LoginSideEffect.ClearSession -> authRepository.clearSession()
            //     else -> logger.d(TAG, "side effect: $sideEffect")
            // }
            fatalError("port: LoginStateMachine.kt:102: the expression `validTransition.fromState::class` is not ported")
        }
    }
}
