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
                if try (event.email() as String) == "" {
                    if try (state.attempts() as Int) + 1 >= MAX_ATTEMPTS {
                        return transition(to: .welcome, emit: .showError(message: "Too many attempts"))
                    } else {
                        return try transition(to: .enterEmail(attempts: (state.attempts() as Int) + 1), emit: .showError(message: "Enter your email"))
                    }
                } else {
                    return try transition(to: .verifyEmail(email: (event.email() as String), codesSent: 1), emit: .sendCode(email: (event.email() as String)))
                }
            }
            on(.back) { transition(to: .welcome) }
        }
        state(.verifyEmail) {
            on(.resendCode) { state in
                if try (state.codesSent() as Int) < MAX_CODES {
                    return try transition(to: .verifyEmail(email: (state.email() as String), codesSent: (state.codesSent() as Int) + 1), emit: .sendCode(email: (state.email() as String)))
                } else {
                    return try dontTransition(emit: .showError(message: "We sent \((state.codesSent() as Int)) codes to \((state.email() as String)), try again later"))
                }
            }
            on(.submitCode) { state, event in
                switch try (event.code() as String) {
                case EXPIRED_CODE:
                    return dontTransition(emit: .showError(message: "Code expired"))
                case VALID_CODE:
                    return try transition(to: .profile(email: (state.email() as String), displayName: ""), emit: .track(screen: "profile"))
                default:
                    return try dontTransition(emit: .showError(message: "Wrong code \((event.code() as String))"))
                }
            }
            on(.back) { transition(to: .enterEmail(attempts: 0)) }
        }
        state(.profile) {
            on(.submitName) { state, event in
                if try (event.displayName() as String) == "" {
                    return dontTransition(emit: .showError(message: "Enter a name"))
                } else {
                    return try transition(to: .profile(email: (state.email() as String), displayName: (event.displayName() as String)))
                }
            }
            on(.finish) { state in
                if try (state.displayName() as String) != "" && (state.email() as String) != "" {
                    return try transition(to: .done(email: (state.email() as String)), emit: .track(screen: "done"))
                } else {
                    return dontTransition(emit: .showError(message: "Enter a name"))
                }
            }
        }
        state(.done)
    }
}
