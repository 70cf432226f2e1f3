// Ported from OnboardingFlow.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum OnboardingFlow: StateMachineBuilder {

    static let MAX_ATTEMPTS = 3
    static let MAX_CODES = 3
    static let VALID_CODE = "424242"
    static let EXPIRED_CODE = "000000"

    enum State: StateMachineHashable, Codable, Equatable {
        case welcome
        case enterEmail(attempts: Int)
        case verifyEmail(email: String, codesSent: Int)
        case profile(email: String, displayName: String)
        case done(email: String)

        enum HashableIdentifier: String { case welcome, enterEmail, verifyEmail, profile, done }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case start
        case submitEmail(email: String)
        case resendCode
        case submitCode(code: String)
        case submitName(displayName: String)
        case back
        case finish

        enum HashableIdentifier: String { case start, submitEmail, resendCode, submitCode, submitName, back, finish }
    }

    enum SideEffect: Codable, Equatable {
        case sendCode(email: String)
        case showError(message: String)
        case track(screen: String)
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.welcome)
        state(.welcome) {
            on(.start) { transition(to: .enterEmail(attempts: 0), emit: .track(screen: "enter_email")) }
        }
        state(.enterEmail) {
            on(.submitEmail) { state, event in
                guard case let .enterEmail(attempts) = state else { preconditionFailure() }
                guard case let .submitEmail(email) = event else { preconditionFailure() }
                if email == "" {
                    if attempts + 1 >= MAX_ATTEMPTS {
                        return transition(to: .welcome, emit: .showError(message: "Too many attempts"))
                    } else {
                        return transition(to: .enterEmail(attempts: attempts + 1), emit: .showError(message: "Enter your email"))
                    }
                } else {
                    return transition(to: .verifyEmail(email: email, codesSent: 1), emit: .sendCode(email: email))
                }
            }
            on(.back) { transition(to: .welcome) }
        }
        state(.verifyEmail) {
            on(.resendCode) { state in
                guard case let .verifyEmail(email, codesSent) = state else { preconditionFailure() }
                if codesSent < MAX_CODES {
                    return transition(to: .verifyEmail(email: email, codesSent: codesSent + 1), emit: .sendCode(email: email))
                } else {
                    return dontTransition(emit: .showError(message: "We sent \(codesSent) codes to \(email), try again later"))
                }
            }
            on(.submitCode) { state, event in
                guard case let .verifyEmail(email, _) = state else { preconditionFailure() }
                guard case let .submitCode(code) = event else { preconditionFailure() }
                switch code {
                case EXPIRED_CODE:
                    return dontTransition(emit: .showError(message: "Code expired"))
                case VALID_CODE:
                    return transition(to: .profile(email: email, displayName: ""), emit: .track(screen: "profile"))
                default:
                    return dontTransition(emit: .showError(message: "Wrong code \(code)"))
                }
            }
            on(.back) { transition(to: .enterEmail(attempts: 0)) }
        }
        state(.profile) {
            on(.submitName) { state, event in
                guard case let .profile(email, _) = state else { preconditionFailure() }
                guard case let .submitName(eventDisplayName) = event else { preconditionFailure() }
                if eventDisplayName == "" {
                    return dontTransition(emit: .showError(message: "Enter a name"))
                } else {
                    return transition(to: .profile(email: email, displayName: eventDisplayName))
                }
            }
            on(.finish) { state in
                guard case let .profile(email, displayName) = state else { preconditionFailure() }
                if displayName != "" && email != "" {
                    return transition(to: .done(email: email), emit: .track(screen: "done"))
                } else {
                    return dontTransition(emit: .showError(message: "Enter a name"))
                }
            }
        }
        state(.done)
    }
}
