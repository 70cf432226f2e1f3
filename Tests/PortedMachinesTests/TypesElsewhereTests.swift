import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/TypesElsewhere.kt: one file whose machine types are in another module. The port
// declares them from their uses, and the collaborators of undeclared types as protocols of the calls made on them.
// Expectations derived by hand from the Kotlin.

private final class Session: SessionController.Collaborators {
    final class Log: SessionController.Log {
        var lines: [String] = []
        func info(_ p1: String) { lines.append("info \(p1)") }
    }

    final class Repository: SessionController.SessionRepository {
        var trusted = true
        var cleared = 0
        var online = true
        var saved: SessionController.SessionState { .expired }
        /// Read in a string template: the port types it `Any`, with a warning.
        var region: Any { "eu" }
        func isTrusted(_ p1: SessionController.KotlinAny) -> Bool { trusted }
        func clear() { cleared += 1 }
    }

    final class Timber: SessionController.Timber {
        var warnings: [String] = []
        func w(_ p1: String, _ p2: Int) { warnings.append("\(p1) \(p2)") }
    }

    let logger = Log(), repo = Repository(), timberLog = Timber()
    var log: any SessionController.Log { logger }
    var repository: any SessionController.SessionRepository { repo }
    var timber: any SessionController.Timber { timberLog }
}

@Suite struct TypesElsewhereTests {
    private let token = SessionController.KotlinAny()

    @Test func inferredCasesAndUndeclaredCollaboratorsRunAsInKotlin() throws {
        let session = Session()
        let machine = StateMachine(definition: SessionController.definition(session))
        let signingIn = try machine.transition(.signIn)
        #expect(signingIn.toState == .signingIn(attempt: 1))
        #expect(signingIn.sideEffect == .authenticate)
        #expect(session.logger.lines == ["info signing in at eu"])
        let retry = try machine.transition(.failed)
        #expect(retry.toState == .signingIn(attempt: 2))
        #expect(session.timberLog.warnings == ["sign-in failed, attempt %d 1"])
        let signedIn = try machine.transition(.succeeded(token: token))
        #expect(signedIn.toState == .signedIn(token: token))
        #expect(signedIn.sideEffect == .persist(token: token))
        let expired = try machine.transition(.tokenExpired)
        #expect(expired.toState == .expired)
        #expect(session.repo.cleared == 1)
    }

    @Test func aSavedStateIsRestored() throws {
        let machine = StateMachine(definition: SessionController.definition(Session()))
        // `transitionTo(repository.saved)`: the property is typed as the state the place expects.
        #expect(try machine.transition(.restore).toState == .expired)
    }

    @Test func offlineTheTokenIsNotTrusted() throws {
        let session = Session()
        session.repo.online = false
        let machine = StateMachine(definition: SessionController.definition(session))
        _ = try machine.transition(.signIn)
        #expect(try machine.transition(.succeeded(token: token)).toState == .signedOut)
    }

    @Test func anUntrustedTokenSignsOut() throws {
        let session = Session()
        session.repo.trusted = false
        let machine = StateMachine(definition: SessionController.definition(session))
        _ = try machine.transition(.signIn)
        let refused = try machine.transition(.succeeded(token: token))
        #expect(refused.toState == .signedOut)
        #expect(refused.sideEffect == .showError(value1: "untrusted"))
        #expect(session.repo.cleared == 0)
    }
}
