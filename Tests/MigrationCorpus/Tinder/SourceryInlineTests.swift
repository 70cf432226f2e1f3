import StateMachine
import Testing

/// Sourcery's annotation form, with the generated code inline in the enum (`sourcery:inline`).
@Suite struct SourceryInlineTests: StateMachineBuilder {

    // sourcery: AutoStateMachineHashable
    enum State: Equatable {
        case signedOut
        case signingIn(email: String)
        case signedIn(userID: Int)

// sourcery:inline:auto:SourceryInlineTests.State.AutoStateMachineHashable
    enum HashableIdentifier {
        case signedOut
        case signingIn
        case signedIn
    }

    var hashableIdentifier: HashableIdentifier {
        switch self {
        case .signedOut: return .signedOut
        case .signingIn: return .signingIn
        case .signedIn: return .signedIn
        }
    }

    var associatedValue: Any {
        switch self {
        case .signedOut: return ()
        case let .signingIn(value): return value
        case let .signedIn(value): return value
        }
    }
// sourcery:end
    }

    enum Event: AutoStateMachineHashable {
        case submit(email: String), succeed(userID: Int), signOut
// sourcery:inline:auto:SourceryInlineTests.Event.AutoStateMachineHashable
    enum HashableIdentifier { case submit, succeed, signOut }
    var hashableIdentifier: HashableIdentifier {
        switch self {
        case .submit: return .submit
        case .succeed: return .succeed
        case .signOut: return .signOut
        }
    }
    var associatedValue: Any {
        switch self {
        case let .submit(value): return value
        case let .succeed(value): return value
        case .signOut: return ()
        }
    }
// sourcery:end
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
