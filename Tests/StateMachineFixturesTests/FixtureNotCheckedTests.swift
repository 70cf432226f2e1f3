import Foundation
import StateMachine
@testable import StateMachineFixturesTesting
import Testing

/// Scenarios a code-defined machine cannot run (those with a `with` step) are reported, never
/// passed silently; a check that ran nothing fails.
@Suite struct FixtureNotCheckedTests {

    private static let melt = #"{"event": "melt", "expect": {"result": "valid", "from": "solid", "to": "liquid", "sideEffect": "logMelted"}, "calls": [{"onTransition": {"result": "valid", "from": "solid", "event": "melt", "to": "liquid", "sideEffect": "logMelted"}}]}"#
    private static let with = #"{"with": {"states": [{"state": {"case": "plasma"}, "on": []}]}}"#

    /// Writes a matter fixture with the given scenarios to a temporary file.
    private static func fixture(named name: String, scenarios: [String]) throws -> String {
        let text = """
        {"schemaVersion": 1, "name": "\(name)", "description": "d", "rules": ["R7"], "origin": {"kind": "hand-derived"},
         "scenarios": [\(scenarios.joined(separator: ", "))]}
        """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-not-checked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(name).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aScenarioWithAWithStepIsReportedAsNotChecked() throws {
        let path = try Self.fixture(named: "partly-checkable", scenarios: [
            #"{"name": "melts", "steps": [\#(Self.melt)], "finalState": "liquid"}"#,
            #"{"name": "adds plasma", "steps": [\#(Self.with), \#(Self.melt)], "finalState": "liquid"}"#,
        ])
        let outcome = FixtureChecks.check(path, definition: Matter.definition, mapping: .codable, recorder: nil)
        #expect(outcome.failures == [])
        #expect(outcome.notChecked == [
            #"Fixture "partly-checkable", scenario "adds plasma" was not checked: step 1 is a with step: it adds table-defined states, which only the fixture's own machine has."#
        ])
    }

    @Test func aCheckThatRanNoScenarioFails() throws {
        let path = try Self.fixture(named: "nothing-checkable", scenarios: [
            #"{"name": "adds plasma", "steps": [\#(Self.with), \#(Self.melt)], "finalState": "liquid"}"#,
        ])
        let outcome = FixtureChecks.check(path, definition: Matter.definition, mapping: .codable, recorder: nil)
        #expect(outcome.failures == [
            #"Fixture "nothing-checkable": no scenario was checked. A code-defined machine can run only scenarios without with or advance steps; add one, or replay the fixture on its own machine with expectFixture(at:)."#
        ])
        withKnownIssue {
            expectMachine(Matter.definition, toPass: path)
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix(#"Fixture "nothing-checkable": no scenario was checked."#) ?? false
        }
    }
}
