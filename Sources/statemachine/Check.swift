import ArgumentParser
import StateMachineFixtures
import StateMachineCommandSupport

/// `statemachine check [--json] [PATH ...]`
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay fixture files on the Swift engine and report every scenario that fails.",
        discussion: """
            Prints each failing scenario with a diff of expected (-) against actual (+), each \
            malformed or unreadable file with its error, and ends with "N passed, N failed" \
            (scenarios; such a file counts as one failure, and the other files are still checked). \
            Files larger than 16 MiB ("too large"), arrays and objects nested more than 2048 levels \
            ("nested too deep"), and anything that is not a regular file are not read.

            \(ExitStatus.reference)
            """
    )

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Argument(help: "Fixture files, or folders whose *.json files are read in name order.")
    var paths: [String] = ["Fixtures"]

    func run() throws {
        let files: [String]
        do {
            files = try FileSystem.fixtureFiles(at: paths)
        } catch {
            guard json else { throw pathError("\(error)") }
            print(Self.jsonReport(files: [], passed: 0, failed: 0, error: "\(error)"))
            throw ExitStatus.usage
        }
        // A check that runs nothing fails, as the test adapters' checks do.
        if files.isEmpty {
            let message = "nothing was checked: no *.json files in \(paths.joined(separator: ", "))"
            print(json ? Self.jsonReport(files: [], passed: 0, failed: 0, error: message) : message)
            throw ExitStatus.problems
        }
        var passed = 0
        var failed = 0
        var reports: [String] = []
        for file in files {
            let fixture: Fixture
            do {
                fixture = try Fixture(contentsOf: file)
            } catch {
                failed += 1
                if json {
                    let located = Canonical.object([
                        ("file", Canonical.string(error.file)), ("line", "\(error.line)"), ("column", "\(error.column)"),
                        ("path", error.path.map(Canonical.string) ?? "null"), ("message", Canonical.string(error.message)),
                        ("description", Canonical.string(error.description)),
                    ])
                    reports.append(Canonical.object([("file", Canonical.string(file)), ("error", located)]))
                } else {
                    print("MALFORMED \(error)")
                }
                continue
            }
            guard fixture.hasScenarios else {
                // A machine file (FIXTURES.md): a check that runs nothing fails.
                failed += 1
                let message = "no scenarios to check: a machine file is traced and drawn; add scenarios to check it"
                if json {
                    reports.append(Canonical.object([("file", Canonical.string(file)), ("scenarios", "[]"), ("failure", Canonical.string(message))]))
                } else {
                    print("FAIL \(file): \(message)")
                }
                continue
            }
            var scenarios: [String] = []
            for result in fixture.replay() {
                if let failure = result.failure {
                    failed += 1
                    if !json { print("FAIL \(file): \(failure)") }
                } else {
                    passed += 1
                }
                scenarios.append(Canonical.object([
                    ("name", Canonical.string(result.scenario)),
                    ("passed", result.passed ? "true" : "false"),
                    ("failure", result.failure.map { Canonical.string($0.message) } ?? "null"),
                ]))
            }
            reports.append(Canonical.object([("file", Canonical.string(file)), ("scenarios", "[" + scenarios.joined(separator: ",") + "]")]))
        }
        if json {
            print(Self.jsonReport(files: reports, passed: passed, failed: failed, error: nil))
        } else {
            print("\(passed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitStatus.problems }
    }

    /// The `--json` report: the files' reports, the counts, and an error that stopped the check
    /// before any file was read (`null` when none did).
    private static func jsonReport(files: [String], passed: Int, failed: Int, error: String?) -> String {
        Canonical.object([
            ("files", "[" + files.joined(separator: ",") + "]"), ("passed", "\(passed)"), ("failed", "\(failed)"),
            ("error", error.map(Canonical.string) ?? "null"),
        ])
    }
}
