import ArgumentParser
import StateMachineFixtures

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error as a `TextOutputStream`.
struct StandardError: TextOutputStream {
    mutating func write(_ text: String) {
        #if canImport(Glibc)
        _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
        #else
        _ = text.withCString { Darwin.write(2, $0, strlen($0)) }
        #endif
    }
}

/// `statemachine trace [--sequences N] [--seed B] PATH...` (Spec/TRACE.md)
struct Trace: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the differential traces of every table-defined fixture machine (Spec/TRACE.md).",
        discussion: "One line per sequence: the fixture name, the seed and the canonical trace JSON; machines in file-name order."
    )

    @Option(help: "Sequences per machine.")
    var sequences = 1000

    @Option(help: "The base seed: sequence i uses seed + i.")
    var seed: UInt64 = 0

    @Argument(help: "Fixture files, or folders whose *.json files are read.")
    var paths: [String]

    func validate() throws {
        if sequences < 0 { throw ValidationError("--sequences must be 0 or more, got \(sequences)") }
        if paths.isEmpty { throw ValidationError("give at least one fixture file or folder") }
    }

    func run() throws {
        let files: [String]
        do {
            files = try FileSystem.fixtureFiles(at: paths)
        } catch {
            throw ValidationError("\(error)")
        }
        if files.isEmpty {
            var standardError = StandardError()
            print("nothing was traced: no *.json files in \(paths.joined(separator: ", "))", to: &standardError)
            throw ExitCode(1)
        }
        var fixtures: [Fixture] = []
        for file in files {
            do {
                fixtures.append(try Fixture(contentsOf: file))
            } catch {
                var standardError = StandardError()
                print("MALFORMED \(error)", to: &standardError)
                throw ExitCode(1)
            }
        }
        fixtures.sort { FileSystem.baseName($0.file) < FileSystem.baseName($1.file) }
        for fixture in fixtures where fixture.hasMachine {
            for line in fixture.traceLines(sequences: sequences, seed: seed) {
                print(line)
            }
        }
    }
}
