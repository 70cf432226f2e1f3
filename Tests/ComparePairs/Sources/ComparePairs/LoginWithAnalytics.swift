import StateMachine

/// The login flow of ``Login`` with one more listener, as the Kotlin `LoginViewModelWithAnalytics` has it: entering
/// the signed-in state records the sign-in for analytics.
public enum LoginWithAnalytics: StateMachineBuilder {
    public typealias State = Login.State
    public typealias Event = Login.Event
    public typealias SideEffect = Login.SideEffect

    /// The users signed in, in order.
    nonisolated(unsafe) public static var signIns: [String] = []

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
                return failures >= Login.maximumFailures
                    ? transition(to: .lockedOut, emit: .showLockedOut)
                    : transition(to: .signedOut(failures: failures), emit: .showError("wrong password"))
            }
        }
        state(.signedIn) {
            onEnter { signedIn, _ in
                if let user: String = try? signedIn.user() { signIns.append(user) }
            }
            on(.signOut) { transition(to: .signedOut(failures: 0), emit: .clearSession) }
        }
    }
}
