extension Fixture {

    /// Runs every scenario on the fixture's own machine (`machine` in the file), built with the
    /// library's DSL, and compares each step's result, listener calls and the final state.
    ///
    /// ```swift
    /// let results = try Fixture(contentsOf: "Fixtures/seed-004-matter.json").replay()
    /// let failures = results.compactMap(\.failure)
    /// ```
    ///
    /// - Returns: one result per scenario, in file order. A fixture without `machine` fails every
    ///   scenario: check a code-defined machine with ``check(definition:mapping:recorder:)`` instead.
    public func replay() -> [ScenarioResult] {
        guard let machine else {
            return scenarios.map { scenario in
                ScenarioResult(scenario: scenario.name, failure: FixtureFailure(
                    fixture: self, scenario: scenario, step: nil,
                    heading: "has no \"machine\"", lines: ["This file only checks code-defined machines: use Fixture.check(definition:) with your machine."]
                ), skipped: nil)
            }
        }
        let recorder = CallRecorder()
        let definition = TableBuilder.definition(machine, recorder: recorder)
        return scenarios.map { scenario in
            let session = TableSession(definition: definition, start: scenario.start ?? machine.initialState, recorder: recorder)
            if let failure = compareInitialCalls(scenario, actual: session.initialCalls) {
                return ScenarioResult(scenario: scenario.name, failure: failure, skipped: nil)
            }
            for (index, step) in scenario.steps.enumerated() {
                switch step {
                case .with(let states):
                    session.with(states)
                case let .advance(milliseconds, expect, calls):
                    let (outcomes, actualCalls) = session.advance(milliseconds: milliseconds)
                    if let failure = compareAdvance(scenario, step: index, milliseconds: milliseconds, expected: (expect, calls), actual: (outcomes, actualCalls)) {
                        return ScenarioResult(scenario: scenario.name, failure: failure, skipped: nil)
                    }
                case let .restore(state, history, calls):
                    let actual: [Call]
                    do {
                        let top = history.filter { $0.nestedKey == nil }
                        actual = try session.restore(
                            state, history: top.map { $0.entry(superstates: machine.composition?.superstates.map(\.name) ?? []) },
                            nested: history.compactMap { $0.nestedEntry(of: machine, restoring: state) }
                        )
                    } catch {
                        return ScenarioResult(scenario: scenario.name, failure: FixtureFailure(
                            fixture: self, scenario: scenario, step: index + 1,
                            place: "step \(index + 1) (restore \(state))",
                            diff: Diff.lines(expected: calls.map { "call: \($0)" }, actual: ["error: \(error)"])
                        ), skipped: nil)
                    }
                    if let failure = compareRestore(scenario, step: index, state: state, expected: calls, actual: actual) {
                        return ScenarioResult(scenario: scenario.name, failure: failure, skipped: nil)
                    }
                case let .event(event, expect, calls):
                    let (outcome, actualCalls) = session.send(event)
                    if let failure = compare(scenario, step: index, event: event, expected: (expect, calls), actual: (outcome, actualCalls)) {
                        return ScenarioResult(scenario: scenario.name, failure: failure, skipped: nil)
                    }
                }
            }
            return ScenarioResult(scenario: scenario.name, failure: compareFinalState(scenario, actual: session.machine.state), skipped: nil)
        }
    }

    /// The failure of one event step, or nil when the result and the calls are as expected.
    func compare(
        _ scenario: Scenario, step index: Int, event: FixtureValue,
        expected: (Outcome, [Call]), actual: (Outcome, [Call])
    ) -> FixtureFailure? {
        let expectedLines = ["result: \(expected.0)"] + expected.1.map { "call: \($0)" }
        let actualLines = ["result: \(actual.0)"] + actual.1.map { "call: \($0)" }
        guard !expectedLines.scalarsEqual(actualLines) else { return nil }
        return FixtureFailure(
            fixture: self, scenario: scenario, step: index + 1,
            place: "step \(index + 1) (event \(event))",
            diff: Diff.lines(expected: expectedLines, actual: actualLines)
        )
    }

    /// The failure of a restore step, or nil when restoring made the expected calls (none, R17).
    func compareRestore(_ scenario: Scenario, step index: Int, state: FixtureValue, expected: [Call], actual: [Call]) -> FixtureFailure? {
        let expectedLines = expected.map { "call: \($0)" }
        let actualLines = actual.map { "call: \($0)" }
        guard !expectedLines.scalarsEqual(actualLines) else { return nil }
        return FixtureFailure(
            fixture: self, scenario: scenario, step: index + 1,
            place: "step \(index + 1) (restore \(state))",
            diff: Diff.lines(expected: expectedLines, actual: actualLines)
        )
    }

    /// The failure of the machine's start, or nil when making it made the expected calls (R34;
    /// none in a machine that does not run to completion, R1).
    func compareInitialCalls(_ scenario: Scenario, actual: [Call]) -> FixtureFailure? {
        let expectedLines = scenario.initialCalls.map { "call: \($0)" }
        let actualLines = actual.map { "call: \($0)" }
        guard !expectedLines.scalarsEqual(actualLines) else { return nil }
        return FixtureFailure(
            fixture: self, scenario: scenario, step: nil, place: "initialCalls",
            diff: Diff.lines(expected: expectedLines, actual: actualLines)
        )
    }

    func compareFinalState(_ scenario: Scenario, actual: FixtureValue) -> FixtureFailure? {
        guard actual != scenario.finalState else { return nil }
        return FixtureFailure(
            fixture: self, scenario: scenario, step: nil, place: "final state",
            diff: Diff.lines(expected: ["finalState: \(scenario.finalState)"], actual: ["finalState: \(actual)"])
        )
    }
}

extension FixtureFailure {

    /// A failure that is not a difference: the heading, then explanation lines.
    init(fixture: Fixture, scenario: Scenario, step: Int?, heading: String, lines: [String]) {
        self.fixture = fixture.name
        file = fixture.file
        self.scenario = scenario.name
        self.step = step
        message = (["Fixture \(Canonical.string(fixture.name)), scenario \(Canonical.string(scenario.name)), \(heading):"]
            + lines.map { "  " + $0 }).joined(separator: "\n")
    }
}
