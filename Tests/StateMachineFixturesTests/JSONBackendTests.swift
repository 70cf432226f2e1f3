@testable import StateMachineFixtures
import Testing

/// The two JSON parsers of the fixture reader: jansson (Linux) and the Swift reader (Apple
/// platforms, which have no system jansson). Both read every fixture and every broken fixture of
/// the repository alike: the same values, the same replays, the same errors at the same places.
@Suite struct JSONBackendTests {

    @Test func linuxBuildsHaveBothParsersSoTheyAreCompared() {
        #if os(Linux)
        #expect(FixtureJSON.Backend.available == [.jansson, .swift])
        #else
        #expect(FixtureJSON.Backend.available == [.swift])
        #endif
    }

    static let files: [String] = {
        let folders = [
            "Fixtures", "Tests/BrokenFixtures", "Tests/BrokenFixtures/codable-machines", "Tests/PortedMachinesTests/Fixtures",
            // The JSON fuzzer's seeds: odd numbers, escapes, nesting, and each input on which
            // the parsers once disagreed (`nul-between-tokens.json`: jansson skipped a NUL byte).
            "Tests/Fuzz/JSON/seeds",
        ]
        return folders.flatMap { (try? fixtureFiles(in: $0)) ?? [] }
    }()

    @Test func theFoldersHoldFixtures() {
        #expect(Self.files.count > 100)
    }

    /// What loading and replaying a file gives, as text: the error, or each scenario's outcome.
    private static func outcome(_ file: String, _ backend: FixtureJSON.Backend) -> String {
        do {
            let fixture = try loadFixture(file, backend: backend)
            guard fixture.hasMachine else { return "loaded \(fixture.name): \(fixture.scenarioNames)" }
            return fixture.replay().map { "\($0.scenario): \($0.failure?.description ?? "passed") \($0.skipped ?? "")" }.joined(separator: "\n")
        } catch {
            return "error: \(error.description)"
        }
    }

    @Test(arguments: files)
    func everyFileLoadsAndReplaysAlikeWithBothParsers(file: String) throws {
        let outcomes = FixtureJSON.Backend.available.map { Self.outcome(file, $0) }
        #expect(Set(outcomes).count == 1, "\(zip(FixtureJSON.Backend.available, outcomes).map { "\($0): \($1)" })")
    }

    @Test(arguments: files)
    func everyFileParsesToTheSameValuesWithBothParsers(file: String) throws {
        let bytes = try FileSystem.read(repositoryRoot + "/" + file)
        let results = FixtureJSON.Backend.available.map { backend in
            Result { () throws(JSONReader.SyntaxError) -> JSON in try FixtureJSON.parse(bytes, backend: backend) }
        }
        for result in results.dropFirst() {
            switch (results[0], result) {
            case let (.success(first), .success(other)):
                #expect(first == other, "the parsers differ at \(Self.firstDifference(first, other) ?? "?")")
            case let (.failure(first), .failure(other)): #expect(first == other)
            default: Issue.record("one parser read \(file), the other did not: \(results)")
            }
        }
    }

    /// Where two values first differ, and how: `scenarios[0].steps[1].expect: integer(10) / integer(11)`.
    private static func firstDifference(_ left: JSON, _ right: JSON, at path: DocumentPath = .root) -> String? {
        switch (left, right) {
        case let (.object(leftMembers), .object(rightMembers)) where leftMembers.map(\.key) == rightMembers.map(\.key):
            for (leftMember, rightMember) in zip(leftMembers, rightMembers) {
                if let difference = firstDifference(leftMember.value, rightMember.value, at: path.appending(leftMember.key)) { return difference }
            }
            return nil
        case let (.array(leftElements), .array(rightElements)) where leftElements.count == rightElements.count:
            for (index, (leftElement, rightElement)) in zip(leftElements, rightElements).enumerated() {
                if let difference = firstDifference(leftElement, rightElement, at: path.appending(index)) { return difference }
            }
            return nil
        default:
            return left == right ? nil : "\(path): \(left.kindDescription) / \(right.kindDescription)"
        }
    }
}
