import Foundation
import StateMachineMigration
import Testing

/// Constructs that no longer compile and that the migration cannot rewrite are reported with
/// their location and what to write instead.
@Suite struct HandEditDiagnosticsTests {

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MigrationCorpus/HandEdits/InvalidWithoutArguments.swift")

    static func migrated() throws -> MigrationResult {
        let source = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        return Migration.migrate(source: source, file: "InvalidWithoutArguments.swift")
    }

    @Test static func invalidWithoutArgumentsDirectOrThroughATypealiasAndAutoExtensionsAreReportedWordForWord() throws {
        let diagnostics = try migrated().diagnostics.map(\.description)
        #expect(diagnostics == [
            "InvalidWithoutArguments.swift:20:94: warning: `.Invalid()` does not compile: `Transition.Invalid` carries "
                + "the state and the event; write `.Invalid(fromState: …, event: …)`, or test the error's type with "
                + "`error is StateMachine<State, Event, SideEffect>.Transition.Invalid`",
            "InvalidWithoutArguments.swift:22:24: warning: `StateMachine<State, Event, SideEffect>.Transition.Invalid()` "
                + "does not compile: `Transition.Invalid` carries the state and the event; write "
                + "`StateMachine<State, Event, SideEffect>.Transition.Invalid(fromState: …, event: …)`, or test the "
                + "error's type with `error is StateMachine<State, Event, SideEffect>.Transition.Invalid`",
            "InvalidWithoutArguments.swift:27:1: warning: `extension InvalidWithoutArgumentsTests.State: "
                + "AutoStateMachineHashable` is not rewritten: declare `StateMachineHashable` on the enum itself, with a "
                + "nested `enum HashableIdentifier: String { case … }` naming its cases when some case carries values",
            "InvalidWithoutArguments.swift:31:46: warning: `InvalidTransition()` does not compile: `Transition.Invalid` "
                + "carries the state and the event; write `InvalidTransition(fromState: …, event: …)`, or test the "
                + "error's type with `error is StateMachine<State, Event, SideEffect>.Transition.Invalid`",
        ])
    }

    @Test static func theRestOfTheFileIsStillMigrated() throws {
        let result = try migrated()
        #expect(result.migrated.contains("    enum State: StateMachineHashable { case one, two(Int); enum HashableIdentifier: String { case one, two } }\n"))
        #expect(result.migrated.contains("    enum Event: StateMachineHashable { case next }\n"))
        #expect(result.diagnostics.allSatisfy { $0.needsHandEdit })
    }
}
