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
                    let located = JSONText.object([
                        ("file", JSONText.string(error.file)), ("line", "\(error.line)"), ("column", "\(error.column)"),
                        ("path", error.path.map(JSONText.string) ?? "null"), ("message", JSONText.string(error.message)),
                        ("description", JSONText.string(error.description)),
                    ])
                    reports.append(JSONText.object([("file", JSONText.string(file)), ("error", located)]))
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
                scenarios.append(JSONText.object([
                    ("name", JSONText.string(result.scenario)),
                    ("passed", result.passed ? "true" : "false"),
                    ("failure", result.failure.map { JSONText.string($0.message) } ?? "null"),
                ]))
            }
            reports.append(JSONText.object([("file", JSONText.string(file)), ("scenarios", "[" + scenarios.joined(separator: ",") + "]")]))
        }
        if json {
            print(JSONText.object([
                ("files", "[" + reports.joined(separator: ",") + "]"), ("passed", "\(passed)"), ("failed", "\(failed)"),
            ]))
        } else {
            print("\(passed) passed, \(failed) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }
}

/// Compact JSON for `--json`, keys in sorted order.
enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.sorted { $0.0 < $1.0 }.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
