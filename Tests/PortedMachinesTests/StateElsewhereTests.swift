import StateMachine
import Testing

// Inputs/StateElsewhere.kt: the State type is not in the files given; its inferred fields are typed from what the
// handlers pass (the event's `code: Int`, the class's `maxRetries: Int`). Expectations derived by hand from the Kotlin.

private struct Owner: Uploader.Collaborators {
    let maxRetries = 4
}

@Suite struct StateElsewhereTests {
    @Test func theInferredFieldsHoldWhatIsPassed() throws {
        let failed = StateMachine(definition: Uploader.definition(Owner()))
        let broken = try failed.transition(.failed(code: 503))
        #expect(broken.toState == .broken(code: 503))
        #expect(broken.sideEffect == .report(code: 503))
        let retry = StateMachine(definition: Uploader.definition(Owner()))
        #expect(try retry.transition(.retry).toState == .retrying(maxRetries: 4))
    }
}
