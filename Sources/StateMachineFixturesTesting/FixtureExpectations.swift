import StateMachine
import StateMachineFixtures
import Testing

/// Swift Testing: records one issue per failing scenario of the fixture at `path`, replayed on
/// the fixture's own machine, at the caller's source location.
///
/// ```swift
/// @Test func matterFixture() {
///     expectFixture(at: "Fixtures/seed-004-matter.json")
/// }
/// ```
public func expectFixture(at path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    record(FixtureChecks.replay(path), sourceLocation: sourceLocation)
}

/// Swift Testing: checks your `Codable` machine against the fixture at `path` and records one
/// issue per failing scenario, at the caller's source location.
///
/// ```swift
/// @Test func matterMachineMatchesTheFixture() {
///     expectMachine(Matter.definition, toPass: "Fixtures/seed-004-matter.json")
/// }
/// ```
public func expectMachine<State: Codable, Event: Codable, SideEffect: Encodable>(
    _ definition: StateMachine<State, Event, SideEffect>.Definition,
    toPass path: String,
    recorder: FixtureListenerRecorder<State, Event>? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    record(FixtureChecks.check(path, definition: definition, mapping: .codable, recorder: recorder), sourceLocation: sourceLocation)
}

/// Swift Testing: checks your machine against the fixture at `path`, converting values with
/// `mapping`, and records one issue per failing scenario at the caller's source location.
public func expectMachine<State, Event, SideEffect>(
    _ definition: StateMachine<State, Event, SideEffect>.Definition,
    mapping: FixtureMapping<State, Event, SideEffect>,
    toPass path: String,
    recorder: FixtureListenerRecorder<State, Event>? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    record(FixtureChecks.check(path, definition: definition, mapping: mapping, recorder: recorder), sourceLocation: sourceLocation)
}

private func record(_ outcome: FixtureChecks.Outcome, sourceLocation: SourceLocation) {
    for message in outcome.failures {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    for message in outcome.notChecked {
        Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: sourceLocation)
    }
}

/// The failure texts of a check, shared by the Swift Testing and XCTest adapters.
enum FixtureChecks {

    /// What a check found: the failures, and the scenarios that could not be checked.
    struct Outcome {
        /// One message per failing scenario, or the fixture's error; each fails the test.
        var failures: [String] = []
        /// One message per scenario that was not checked; a warning, not a failure, unless
        /// nothing at all was checked, which is a failure (in `failures`).
        var notChecked: [String] = []
    }

    static func replay(_ path: String) -> Outcome {
        do {
            let fixture = try Fixture(contentsOf: path)
            return outcome(of: fixture.replay(), in: fixture)
        } catch {
            return Outcome(failures: [error.description])
        }
    }

    static func check<State, Event, SideEffect>(
        _ path: String,
        definition: StateMachine<State, Event, SideEffect>.Definition,
        mapping: FixtureMapping<State, Event, SideEffect>,
        recorder: FixtureListenerRecorder<State, Event>?
    ) -> Outcome {
        do {
            let fixture = try Fixture(contentsOf: path)
            return outcome(of: try fixture.check(definition: definition, mapping: mapping, recorder: recorder), in: fixture)
        } catch {
            return Outcome(failures: [error.description])
        }
    }

    private static func outcome(of results: [ScenarioResult], in fixture: Fixture) -> Outcome {
        var outcome = Outcome()
        outcome.failures = results.compactMap(\.failure?.message)
        outcome.notChecked = results.compactMap { result in
            result.skipped.map { "Fixture \"\(fixture.name)\", scenario \"\(result.scenario)\" was not checked: \($0)." }
        }
        if results.allSatisfy({ $0.skipped != nil }) {
            outcome.failures.append(
                "Fixture \"\(fixture.name)\": no scenario was checked. A code-defined machine can run only scenarios without with or advance steps; add one, or replay the fixture on its own machine with expectFixture(at:)."
            )
        }
        return outcome
    }
}
