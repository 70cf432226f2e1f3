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

private func record(_ messages: [String], sourceLocation: SourceLocation) {
    for message in messages {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// The failure texts of a check, shared by the Swift Testing and XCTest adapters.
enum FixtureChecks {

    static func replay(_ path: String) -> [String] {
        do {
            return try Fixture(contentsOf: path).replay().compactMap(\.failure?.message)
        } catch {
            return [error.description]
        }
    }

    static func check<State, Event, SideEffect>(
        _ path: String,
        definition: StateMachine<State, Event, SideEffect>.Definition,
        mapping: FixtureMapping<State, Event, SideEffect>,
        recorder: FixtureListenerRecorder<State, Event>?
    ) -> [String] {
        do {
            return try Fixture(contentsOf: path).check(definition: definition, mapping: mapping, recorder: recorder)
                .compactMap(\.failure?.message)
        } catch {
            return [error.description]
        }
    }
}
