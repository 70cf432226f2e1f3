import Foundation
import StateMachine
@testable import StateMachineFixturesTesting
import Testing

/// A scenario with an advance step (format 2, R18) moves the manual clock of the fixture's own
/// machine: checking a code-defined machine reports it as not checked, never as passed.
@Suite struct FixtureNotCheckedTimerTests {

    @Test func aScenarioWithAnAdvanceStepIsReportedAsNotChecked() throws {
        let melt = #"{"event": "melt", "expect": {"result": "valid", "from": "solid", "to": "liquid", "sideEffect": "logMelted"}, "calls": [{"onTransition": {"result": "valid", "from": "solid", "event": "melt", "to": "liquid", "sideEffect": "logMelted"}}]}"#
        let advance = #"{"advance": 1000, "expect": [], "calls": []}"#
        let text = """
        {"schemaVersion": 2, "name": "timed", "description": "d", "rules": ["R18"], "origin": {"kind": "hand-derived"},
         "scenarios": [
           {"name": "melts", "steps": [\(melt)], "finalState": "liquid"},
           {"name": "waits, then melts", "steps": [\(advance), \(melt)], "finalState": "liquid"}]}
        """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-not-checked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("timed.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)

        let outcome = FixtureChecks.check(path, definition: Matter.definition, mapping: .codable, recorder: nil)
        #expect(outcome.failures == [])
        #expect(outcome.notChecked == [
            #"Fixture "timed", scenario "waits, then melts" was not checked: step 1 is an advance step: it moves the manual clock of the fixture's own machine."#
        ])
    }
}
