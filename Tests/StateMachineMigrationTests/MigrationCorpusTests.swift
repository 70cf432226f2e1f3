import Foundation
import StateMachineMigration
import Testing

/// Every Tinder-style file of `Tests/MigrationCorpus/Tinder` migrates to its expected file in
/// `Tests/MigratedCorpusTests`, which the `MigratedCorpusTests` target compiles and runs.
@Suite struct MigrationCorpusTests {

    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let inputs = tests.appendingPathComponent("MigrationCorpus/Tinder")
    static let expected = tests.appendingPathComponent("MigratedCorpusTests")

    static let inputNames: [String] = (try? FileManager.default.contentsOfDirectory(atPath: inputs.path))?
        .filter { $0.hasSuffix(".swift") }.sorted() ?? []

    static func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    @Test static func theCorpusHasTenFilesOrMoreAndEachHasAnExpectedOutput() throws {
        #expect(inputNames.count >= 10)
        let expectedNames = try FileManager.default.contentsOfDirectory(atPath: expected.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(expectedNames == inputNames)
    }

    @Test(arguments: inputNames)
    static func migratesToTheExpectedFileWordForWord(_ name: String) throws {
        let input = try read(inputs.appendingPathComponent(name))
        let result = Migration.migrate(source: input, file: name)
        let expectedOutput = try read(expected.appendingPathComponent(name))
        #expect(result.migrated == expectedOutput, "\(UnifiedDiff.diff(expectedOutput, result.migrated, file: name))")
        #expect(result.diagnostics.filter(\.needsHandEdit).isEmpty)
    }

    @Test(arguments: inputNames)
    static func migratingTwiceChangesNothingTheSecondTime(_ name: String) throws {
        let once = Migration.migrate(source: try read(inputs.appendingPathComponent(name)), file: name).migrated
        let twice = Migration.migrate(source: once, file: name)
        #expect(!twice.changed)
        #expect(twice.diagnostics.isEmpty)
    }

    @Test static func handWrittenConformancesOfTinder03AreKept() throws {
        for name in ["HandWrittenTurnstileTests.swift", "HandWrittenPublicTypes.swift"] {
            let input = try read(inputs.appendingPathComponent(name))
            let result = Migration.migrate(source: input, file: name)
            #expect(!result.changed)
            #expect(result.diagnostics.isEmpty)
        }
    }

    @Test static func removingSourceryOutputIsReportedAsNotes() throws {
        let name = "SourceryTurnstile.generated.swift"
        let result = Migration.migrate(source: try read(inputs.appendingPathComponent(name)), file: name)
        #expect(result.diagnostics.map(\.description) == [
            "SourceryTurnstile.generated.swift:5:1: note: removed the conformance of `SourceryTurnstileTests.State` "
                + "that Sourcery generated from AutoStateMachineHashable: the migrated enum declares its own; "
                + "remove the template from the Sourcery configuration",
            "SourceryTurnstile.generated.swift:36:1: note: removed the conformance of `SourceryTurnstileTests.Event` "
                + "that Sourcery generated from AutoStateMachineHashable: the migrated enum declares its own; "
                + "remove the template from the Sourcery configuration",
        ])
        #expect(result.diagnostics.allSatisfy { !$0.needsHandEdit })
    }
}
