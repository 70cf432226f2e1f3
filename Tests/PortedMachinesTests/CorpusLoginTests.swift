import Foundation
import StateMachine
import Testing

// The port of a machine built inside a Kotlin class (Tests/Kotlin/PorterTests/Corpus/Login/LoginStateMachine.kt):
// the Swift class that owns the machine conforms to the port's Collaborators protocol and hands itself to
// definition(_:). Expectations derived by hand from the Kotlin class.

private final class LoginController: CorpusLogin.Collaborators {
    let maxAttempts = 2
    let logger: any CorpusLogin.Logger = LoginFakes.Log()
    let authRepository: any CorpusLogin.AuthRepository = LoginFakes.Auth()
    let analytics: any CorpusLogin.Analytics = LoginFakes.Analytics()

    func normalize(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespaces).lowercased()
    }

    func isWellFormedCode(_ code: String) -> Bool {
        code.count == 6 && code.allSatisfy(\.isNumber)
    }
}

@Suite struct CorpusLoginTests {
    // definition.transition(from:on:) runs the handlers only.
    @Test func theHandlersCallTheOwnersMemberFunctions() {
        let definition = CorpusLogin.definition(LoginController())
        let changed = definition.transition(from: .signedOut, on: .emailChanged(email: "  Ann@Example.COM "))
        #expect(changed.valid?.toState == .enteringCredentials(email: "ann@example.com", failedAttempts: 0))
    }

    @Test func theOwnersMaxAttemptsLocksTheAccountOut() throws {
        let definition = CorpusLogin.definition(LoginController())
        let once = definition.transition(from: .checkingPassword(email: "a@b.c", failedAttempts: 0), on: .passwordRejected)
        #expect(once.valid?.toState == .enteringCredentials(email: "a@b.c", failedAttempts: 1))
        let twice = definition.transition(from: .checkingPassword(email: "a@b.c", failedAttempts: 1), on: .passwordRejected)
        #expect(twice.valid?.toState == .lockedOut(email: "a@b.c"))
        #expect(twice.valid?.sideEffect == .showLockedOut(email: "a@b.c"))
    }
}
