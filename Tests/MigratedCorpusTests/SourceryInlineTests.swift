import StateMachine
import Testing

/// Sourcery's annotation form, with the generated code inline in the enum (`sourcery:inline`).
@Suite struct SourceryInlineTests: StateMachineBuilder {

    enum State: Equatable, StateMachineHashable {
        case signedOut
        case signingIn(email: String)
        case signedIn(userID: Int)

        enum HashableIdentifier: String { case signedOut, signingIn, signedIn }
    }

    enum Event: StateMachineHashable {
        case submit(email: String), succeed(userID: Int), signOut
        enum HashableIdentifier: String { case submit, succeed, signOut }
    }

    enum SideEffect: Equatable { case showHome }

    static func session() -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(.signedOut)
            state(.signedOut) {
                on(.submit) { _, submit in transition(to: .signingIn(email: try submit.email())) }
            }
            state(.signingIn) {
                on(.succeed) { _, succeed in transition(to: .signedIn(userID: try succeed.userID()), emit: .showHome) }
            }
            state(.signedIn) {
                on(.signOut) { transition(to: .signedOut) }
            }
        }
    }

    @Test static func signingInShowsHome() throws {
        let machine = session()
        try machine.transition(.submit(email: "a@b.c"))
        #expect(machine.state == .signingIn(email: "a@b.c"))
        let signedIn = try machine.transition(.succeed(userID: 7))
        #expect(signedIn.sideEffect == .showHome)
        #expect(machine.state == .signedIn(userID: 7))
    }
}
