import StateMachine

/// A login flow with payloads, written for Swift: a sign-in carries the user's name and password, three failures in a
/// row lock the account out.
public enum Login: StateMachineBuilder {
    public static let maximumFailures = 3

    public enum State: StateMachineHashable, Codable, Equatable {
        case signedOut(failures: Int)
        case signingIn(user: String, failures: Int)
        case signedIn(user: String)
        case lockedOut
        public enum HashableIdentifier: String { case signedOut, signingIn, signedIn, lockedOut }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case signIn(user: String, password: String)
        case succeeded
        case failed
        case signOut
        public enum HashableIdentifier: String { case signIn, succeeded, failed, signOut }
    }

    public enum SideEffect: Codable, Equatable {
        case authenticate(user: String, password: String)
        case showError(String)
        case showHome(user: String)
        case showLockedOut
        case clearSession
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.signedOut(failures: 0))
        state(.signedOut) {
            on(.signIn, where: { (try $0.password() as String).isEmpty }) { dontTransition(emit: .showError("empty password")) }
            on(.signIn) { signedOut, signIn in
                let user: String = try signIn.user()
                return transition(to: .signingIn(user: user, failures: try signedOut.failures()),
                                  emit: .authenticate(user: user, password: try signIn.password()))
            }
        }
        state(.signingIn) {
            on(.succeeded) { signingIn in
                let user: String = try signingIn.user()
                return transition(to: .signedIn(user: user), emit: .showHome(user: user))
            }
            on(.failed) { signingIn in
                let failures: Int = try signingIn.failures() + 1
                return failures >= maximumFailures
                    ? transition(to: .lockedOut, emit: .showLockedOut)
                    : transition(to: .signedOut(failures: failures), emit: .showError("wrong password"))
            }
        }
        state(.signedIn) {
            on(.signOut) { transition(to: .signedOut(failures: 0), emit: .clearSession) }
        }
    }
}
