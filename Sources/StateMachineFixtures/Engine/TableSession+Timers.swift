import StateMachine

extension CallRecorder {

    /// Records the outcome of a transition as its onTransition listener saw it, for the results
    /// of an advance step (the transitions that fired timers made).
    func recordResult(_ result: Result<TableStateMachine.Transition.Valid, any Error>) {
        switch result {
        case .success(let valid):
            outcomes.append(.valid(from: valid.fromState, to: valid.toState, sideEffect: valid.sideEffect))
        case .failure(let invalid as TableStateMachine.Transition.Invalid):
            outcomes.append(.invalid(from: invalid.fromState))
        case .failure(let error):
            outcomes.append(TableBuilder.failure(
                error,
                missingState: (error as? TableStateMachine.MissingDefinitionError)?.state,
                isRecursion: error is TableStateMachine.StateMachineError
            ))
        }
    }

    func takeOutcomes() -> [Outcome] {
        defer { outcomes = [] }
        return outcomes
    }
}

extension TableSession {

    /// An advance step (R18): moves the session's clock forward, firing the timers due; returns
    /// the results of the transitions they made, in firing order, and the listener calls.
    func advance(milliseconds: Int64) -> ([Outcome], [Call]) {
        _ = recorder.takeOutcomes()
        _ = recorder.take()
        clock.advance(by: .milliseconds(UInt64(milliseconds)))
        return (recorder.takeOutcomes(), recorder.take())
    }
}

extension Fixture {

    /// The failure of an advance step, or nil when the fired timers' results and the calls are as
    /// expected.
    func compareAdvance(
        _ scenario: Scenario, step index: Int, milliseconds: Int64,
        expected: ([Outcome], [Call]), actual: ([Outcome], [Call])
    ) -> FixtureFailure? {
        let expectedLines = expected.0.map { "result: \($0)" } + expected.1.map { "call: \($0)" }
        let actualLines = actual.0.map { "result: \($0)" } + actual.1.map { "call: \($0)" }
        guard !expectedLines.scalarsEqual(actualLines) else { return nil }
        return FixtureFailure(
            fixture: self, scenario: scenario, step: index + 1,
            place: "step \(index + 1) (advance \(milliseconds) ms)",
            diff: Diff.lines(expected: expectedLines, actual: actualLines)
        )
    }
}
