import ArgumentParser
import StateMachineFixtures

/// `statemachine check [--json] [PATH ...]`
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay fixture files on the Swift engine and report every scenario that fails.",
        discussion: """
            Prints each failing scenario with a diff of expected (-) against actual (+), each \
            malformed file with its error, and ends with "N passed, N failed" (scenarios; a \
            malformed file counts as one failure). Exits with status 1 when anything failed.
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
            throw ValidationError("\(error)")
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
            print(Canonical.object([
                ("files", "[" + reports.joined(separator: ",") + "]"), ("passed", "\(passed)"), ("failed", "\(failed)"),
            ]))
        } else {
            print("\(passed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
