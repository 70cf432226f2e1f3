/// A scenario whose run differs from what the fixture expects.
///
/// Its ``message`` is part of the API and has a fixed form: a heading naming the fixture, the
/// scenario and the step, the diff of expected (`-`) against actual (`+`) lines indented by two
/// spaces, and a legend:
///
/// ```text
/// Fixture "seed-004-matter", scenario "melt then freeze", step 2 (event "freeze"):
///   - result: {"from":"liquid","result":"valid","sideEffect":"logFrozen","to":"solid"}
///   + result: {"from":"liquid","result":"invalid"}
/// (Expected: -, Actual: +)
/// ```
public struct FixtureFailure: Error, CustomStringConvertible, Equatable, Sendable {
    /// The fixture's name.
    public let fixture: String
    /// The file the fixture was read from.
    public let file: String
    /// The scenario's name.
    public let scenario: String
    /// The 1-based number of the step that differs; nil when the steps agree and the final state
    /// differs.
    public let step: Int?
    /// The full failure text.
    public let message: String

    public var description: String { message }

    static let legend = "(Expected: -, Actual: +)"

    init(fixture: Fixture, scenario: Scenario, step: Int?, place: String, diff: [String]) {
        self.fixture = fixture.name
        file = fixture.file
        self.scenario = scenario.name
        self.step = step
        let heading = "Fixture \(Canonical.string(fixture.name)), scenario \(Canonical.string(scenario.name)), \(place):"
        message = ([heading] + diff.map { "  " + $0 } + [Self.legend]).joined(separator: "\n")
    }
}

/// The outcome of one scenario.
public struct ScenarioResult: Sendable {
    /// The scenario's name.
    public let scenario: String
    /// What differs, when the scenario failed.
    public let failure: FixtureFailure?
    /// Why the scenario was not run, when it could not be (a with step on a code-defined machine).
    public let skipped: String?

    /// True when the scenario ran and everything matched.
    public var passed: Bool { failure == nil && skipped == nil }
}
