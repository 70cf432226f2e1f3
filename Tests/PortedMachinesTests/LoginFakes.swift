import StateMachine

/// Collaborators of the Login corpus machine that do nothing: what the tests of its port give it where the
/// test observes only states and side effects.
enum LoginFakes {
    struct Log: CorpusLogin.Logger {
        func d(_ tag: String, _ message: String) {}
        func w(_ tag: String, _ message: String) {}
    }

    struct Auth: CorpusLogin.AuthRepository {
        func checkPassword(_ email: String, _ password: String) {}
        func sendMfaCode(_ userId: CorpusLogin.UserId) {}
        func verifyMfaCode(_ userId: CorpusLogin.UserId, _ code: String) {}
        func rememberUser(_ userId: CorpusLogin.UserId) {}
        func clearSession() {}
    }

    struct Analytics: CorpusLogin.Analytics {
        func track(_ event: String, _ properties: [String: Any]) {}
    }
}
