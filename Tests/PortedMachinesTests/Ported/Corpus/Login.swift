// Ported from LoginStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
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

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .signedOut: "SignedOut"
            case .enteringCredentials: "EnteringCredentials"
            case .checkingPassword: "CheckingPassword"
            case .awaitingMfa: "AwaitingMfa"
            case .signedIn: "SignedIn"
            case .lockedOut: "LockedOut"
            }
        }
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

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .checkPassword(email, password): "CheckPassword(email=\(email), password=\(password))"
            case let .sendMfaCode(userId): "SendMfaCode(userId=\(kotlinTextOf(userId)))"
            case let .verifyMfaCode(userId, code): "VerifyMfaCode(userId=\(kotlinTextOf(userId)), code=\(code))"
            case .showWrongPassword: "ShowWrongPassword"
            case .showInvalidCode: "ShowInvalidCode"
            case let .showLockedOut(email): "ShowLockedOut(email=\(email))"
            case .openHome: "OpenHome"
            case .clearSession: "ClearSession"
            }
        }
    }

    struct UserId: Codable, Equatable {
        var value: String

        init(value: String) { self.value = value }
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(String.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    protocol Logger {
        func d(_ tag: String, _ message: String)
        func w(_ tag: String, _ message: String)
    }

    protocol AuthRepository {
        func checkPassword(_ email: String, _ password: String)
        func sendMfaCode(_ userId: UserId)
        func verifyMfaCode(_ userId: UserId, _ code: String)
        func rememberUser(_ userId: UserId)
        func clearSession()
    }

    protocol Analytics {
        func track(_ event: String, _ properties: [String: Any])
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var maxAttempts: Int { get }
        var logger: any Logger { get }
        func isWellFormedCode(_ code: String) -> Bool
        var authRepository: any AuthRepository { get }
        var analytics: any Analytics { get }
    }

    /// A `UserId` as Kotlin's `toString()` writes the data class.
    static func kotlinTextOf(_ value: UserId) -> String {
        "UserId(value=\(value.value))"
    }

    /// Kotlin's `LoginStateMachine.normalize`, ported.
    private static func normalize(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.signedOut)
            state(.signedOut) {
                on(.emailChanged) { _, event in
                    guard case let .emailChanged(email) = event else { preconditionFailure() }
                    return transition(to: .enteringCredentials(email: normalize(email), failedAttempts: 0))
                }
            }
            state(.enteringCredentials) {
                on(.emailChanged) { state, event in
                    guard case let .enteringCredentials(_, failedAttempts) = state else { preconditionFailure() }
                    guard case let .emailChanged(eventEmail) = event else { preconditionFailure() }
                    return transition(to: .enteringCredentials(email: normalize(eventEmail), failedAttempts: failedAttempts))
                }
                on(.passwordSubmitted) { state, event in
                    guard case let .enteringCredentials(email, failedAttempts) = state else { preconditionFailure() }
                    guard case let .passwordSubmitted(password) = event else { preconditionFailure() }
                    if password.count < MIN_PASSWORD_LENGTH || email.allSatisfy(\.isWhitespace) {
                        return dontTransition(emit: .showWrongPassword)
                    } else {
                        return transition(to: .checkingPassword(email: email, failedAttempts: failedAttempts), emit: .checkPassword(email: email, password: password))
                    }
                }
            }
            state(.checkingPassword) {
                on(.passwordAccepted) { _, event in
                    guard case let .passwordAccepted(userId, mfaRequired) = event else { preconditionFailure() }
                    if mfaRequired {
                        return transition(to: .awaitingMfa(userId: userId, codesSent: 1), emit: .sendMfaCode(userId: userId))
                    } else {
                        return transition(to: .signedIn(userId: userId), emit: .openHome)
                    }
                }
                on(.eq(.passwordRejected)) { state in
                    guard case let .checkingPassword(email, failedAttempts) = state else { preconditionFailure() }
                    let attempts = failedAttempts + 1
                    if attempts >= context.maxAttempts {
                        return transition(to: .lockedOut(email: email), emit: .showLockedOut(email: email))
                    } else {
                        return transition(to: .enteringCredentials(email: email, failedAttempts: attempts), emit: .showWrongPassword)
                    }
                }
            }
            state(.awaitingMfa) {
                onEnter { state, _ in
                    guard case let .awaitingMfa(userId, codesSent) = state else { preconditionFailure() }
                    context.logger.d(TAG, "Waiting for MFA code #\(codesSent) for \(userId.value)")
                }
                on(.mfaCodeEntered) { state, event in
                    guard case let .awaitingMfa(userId, _) = state else { preconditionFailure() }
                    guard case let .mfaCodeEntered(code) = event else { preconditionFailure() }
                    if context.isWellFormedCode(code) {
                        return dontTransition(emit: .verifyMfaCode(userId: userId, code: code))
                    } else {
                        return dontTransition(emit: .showInvalidCode)
                    }
                }
                on(.eq(.mfaVerified)) { state in
                    guard case let .awaitingMfa(userId, _) = state else { preconditionFailure() }
                    return transition(to: .signedIn(userId: userId), emit: .openHome)
                }
                on(.eq(.resendCode)) { state in
                    guard case let .awaitingMfa(userId, codesSent) = state else { preconditionFailure() }
                    if codesSent < MAX_CODES {
                        return transition(to: .awaitingMfa(userId: userId, codesSent: codesSent + 1), emit: .sendMfaCode(userId: userId))
                    } else {
                        return dontTransition()
                    }
                }
                on(.signOut) { transition(to: .signedOut, emit: .clearSession) }
            }
            state(.signedIn) {
                onEnter { state, _ in
                    guard case let .signedIn(userId) = state else { preconditionFailure() }
                    context.authRepository.rememberUser(userId)
                }
                on(.signOut) { transition(to: .signedOut, emit: .clearSession) }
            }
            state(.lockedOut) {
                onEnter { state, _ in
                    guard case let .lockedOut(email) = state else { preconditionFailure() }
                    context.logger.w(TAG, "Too many attempts for \(email)")
                }
            }
            onTransition { result in
                guard case .success(let validTransition) = result else { return }
                if validTransition.fromState.hashableIdentifier != validTransition.toState.hashableIdentifier {
                    context.analytics.track("login_step", ["step": validTransition.toState.simpleName])
                }
                let sideEffect = validTransition.sideEffect
                switch sideEffect {
                case let .checkPassword(email, password):
                    context.authRepository.checkPassword(email, password)
                case let .sendMfaCode(userId):
                    context.authRepository.sendMfaCode(userId)
                case let .verifyMfaCode(userId, code):
                    context.authRepository.verifyMfaCode(userId, code)
                case .clearSession:
                    context.authRepository.clearSession()
                default:
                    context.logger.d(TAG, "side effect: \(sideEffect?.kotlinText ?? "null")")
                }
            }
        }
    }
}
