// Ported from TypesElsewhere.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum SessionController: StateMachineBuilder {

    typealias State = SessionState
    typealias Event = SessionEvent
    typealias SideEffect = SessionSideEffect

    enum SessionState: StateMachineHashable, Codable, Equatable {
        case expired
        case signedOut
        case signingIn(attempt: Int)
        case signedIn(token: KotlinAny)

        enum HashableIdentifier: String { case expired, signedOut, signingIn, signedIn }
    }

    enum SessionEvent: StateMachineHashable, Codable, Equatable {
        case signIn
        case restore
        case succeeded(token: KotlinAny)
        case failed
        case tokenExpired

        enum HashableIdentifier: String { case signIn, restore, succeeded, failed, tokenExpired }
    }

    enum SessionSideEffect: Codable, Equatable {
        case authenticate
        case persist(token: KotlinAny)
        case showError(value1: String)
    }

    /// port: Any is not ported; give it the fields the machine needs.
    struct KotlinAny: Codable, Hashable {}

    /// Not declared in the files given: what the handlers call on it.
    protocol Log {
        func info(_ p1: String)
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol SessionRepository {
        var region: Any { get }
        var saved: SessionState { get }
        func isTrusted(_ p1: KotlinAny) -> Bool
        var online: Bool { get }
        func clear()
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol Timber {
        func w(_ p1: String, _ p2: Int)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var log: any Log { get }
        var repository: any SessionRepository { get }
        var timber: any Timber { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.signedOut)
            state(.signedOut) {
                on(.signIn) {
                    context.log.info("signing in at \(context.repository.region)")
                    return transition(to: .signingIn(attempt: 1), emit: .authenticate)
                }
                on(.restore) { transition(to: context.repository.saved) }
            }
            state(.signingIn) {
                on(.succeeded) { _, event in
                    guard case let .succeeded(token) = event else { preconditionFailure() }
                    if context.repository.isTrusted(token) && context.repository.online {
                        return transition(to: .signedIn(token: token), emit: .persist(token: token))
                    } else {
                        return transition(to: .signedOut, emit: .showError(value1: "untrusted"))
                    }
                }
                on(.failed) { state in
                    guard case let .signingIn(attempt) = state else { preconditionFailure() }
                    context.timber.w("sign-in failed, attempt %d", attempt)
                    return transition(to: .signingIn(attempt: attempt + 1))
                }
            }
            state(.signedIn) {
                on(.tokenExpired) { transition(to: .expired) }
                onExit { _, _ in context.repository.clear() }
            }
            state(.expired) {
                on(.signIn) { transition(to: .signingIn(attempt: 1), emit: .authenticate) }
            }
        }
    }
}
