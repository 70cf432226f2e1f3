#if canImport(XCTest)
import StateMachine
import StateMachineFixtures
import XCTest

/// XCTest: fails the test at the caller's line once per failing scenario of the fixture at
/// `path`, replayed on the fixture's own machine.
///
/// ```swift
/// func testMatterFixture() {
///     assertFixture(at: "Fixtures/seed-004-matter.json")
/// }
/// ```
public func assertFixture(at path: String, file: StaticString = #filePath, line: UInt = #line) {
    report(FixtureChecks.replay(path), file: file, line: line)
}

/// XCTest: checks your `Codable` machine against the fixture at `path`, failing the test at the
/// caller's line once per failing scenario.
public func assertMachine<State: Codable, Event: Codable, SideEffect: Encodable>(
    _ definition: StateMachine<State, Event, SideEffect>.Definition,
    passes path: String,
    recorder: FixtureListenerRecorder<State, Event>? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    report(FixtureChecks.check(path, definition: definition, mapping: .codable, recorder: recorder), file: file, line: line)
}

/// XCTest: checks your machine against the fixture at `path` with `mapping`.
public func assertMachine<State, Event, SideEffect>(
    _ definition: StateMachine<State, Event, SideEffect>.Definition,
    mapping: FixtureMapping<State, Event, SideEffect>,
    passes path: String,
    recorder: FixtureListenerRecorder<State, Event>? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    report(FixtureChecks.check(path, definition: definition, mapping: mapping, recorder: recorder), file: file, line: line)
}
/// Fails the test once per failure; prints the scenarios that were not checked, since XCTest has
/// no warnings.
private func report(_ outcome: FixtureChecks.Outcome, file: StaticString, line: UInt) {
    for message in outcome.failures {
        XCTFail(message, file: file, line: line)
    }
    for message in outcome.notChecked {
        print("\(file):\(line): warning: \(message)")
    }
}
#endif
