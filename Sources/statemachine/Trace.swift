import ArgumentParser
import StateMachineFixtures
import StateMachineCommandSupport

/// `statemachine trace [--sequences N] [--seed B] [--starts-only [--advance MS]] PATH...` (Spec/TRACE.md)
struct Trace: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the differential traces of every table-defined fixture machine (Spec/TRACE.md).",
        discussion: """
            One line per sequence: the fixture name, the seed and the canonical trace JSON; machines in \
            file-name order. Fixtures without a machine are skipped. A malformed or unreadable file is \
            reported on standard error as MALFORMED file:line:column and the other files are still traced.

            \(ExitStatus.reference)
            """
    )

    @Option(help: "Sequences per machine.")
    var sequences = 1000

    @Option(help: "The base seed: sequence i uses seed + i.")
    var seed: UInt64 = 0

    @Flag(help: "One line per start instead, with no event: what each machine does by itself from its start.")
    var startsOnly = false

    @Option(help: ArgumentHelp("With --starts-only: then move the clock this far, firing the timers due, as one advance step.", valueName: "milliseconds"))
    var advance: Int64?

    @Argument(help: "Fixture files, or folders whose *.json files are read.")
    var paths: [String]

    func validate() throws {
        if sequences < 0 { throw ValidationError("--sequences must be 0 or more, got \(sequences)") }
        if paths.isEmpty { throw ValidationError("give at least one fixture file or folder") }
        if let advance {
            if !startsOnly { throw ValidationError("--advance goes with --starts-only") }
            if advance < 0 { throw ValidationError("--advance must be 0 or more milliseconds, got \(advance)") }
        }
    }

    func run() throws {
        var standardError = StandardError()
        let files: [String]
        do {
            files = try FileSystem.fixtureFiles(at: paths)
        } catch {
            throw pathError("\(error)")
        }
        if files.isEmpty {
            print("nothing was traced: no *.json files in \(paths.joined(separator: ", "))", to: &standardError)
            throw ExitStatus.problems
        }
        var fixtures: [Fixture] = []
        var malformed = 0
        for file in files {
            do {
                fixtures.append(try Fixture(contentsOf: file))
            } catch {
                print("MALFORMED \(error)", to: &standardError)
                malformed += 1
            }
        }
        fixtures.sort { FileSystem.baseName($0.file) < FileSystem.baseName($1.file) }
        for fixture in fixtures where fixture.hasMachine {
            for line in startsOnly ? fixture.startTraceLines(advance: advance) : fixture.traceLines(sequences: sequences, seed: seed) {
                print(line)
            }
        }
        if malformed > 0 { throw ExitStatus.problems }
    }
}
