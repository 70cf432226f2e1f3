import ArgumentParser
import StateMachineFixtures
import StateMachineMigration
import StateMachineCommandSupport

/// `statemachine-migrate [--dry-run] PATH ...`: a command of its own, apart from `statemachine`, because it is
/// the only one that parses Swift, and swift-syntax takes minutes to build; `statemachine` builds without it.
@main
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statemachine-migrate",
        abstract: "Rewrite Swift sources written for Tinder's StateMachine into sources for this library.",
        discussion: """
            Turns `@StateMachineHashable enum X { … }` and `enum X: AutoStateMachineHashable` into \
            `enum X: StateMachineHashable { … }` with a nested `enum HashableIdentifier: String { case … }` \
            when a case carries values, and removes the conformances Sourcery generated. Hand-written \
            conformances are kept. Constructs that need a hand edit are printed as \
            `file:line:column: warning: …`, what was removed as `… note: …`. Running it twice changes \
            nothing the second time.

            Every file is read and migrated in memory before any is written. A file that cannot be \
            migrated (unreadable, not UTF-8, a syntax error, too large or nested too deep to parse) is \
            printed as `file:line:column: error: …`, and then no file is written at all. The summary \
            names each file migrated (with --dry-run: that would be, with the same plan).

            \(ExitStatus.reference)
            """
    )

    @Flag(help: "Print a unified diff of the changes instead of writing the files.")
    var dryRun = false

    @Argument(help: "Swift files, or folders whose *.swift files are read (in name order, recursively).")
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one Swift file or folder") }
    }

    func run() throws {
        let files: [String]
        do {
            files = try FileSystem.files(at: paths, suffix: ".swift", recursive: true)
        } catch {
            throw pathError("\(error)")
        }
        if files.isEmpty {
            print("nothing was migrated: no *.swift files in \(paths.joined(separator: ", "))")
            throw ExitStatus.problems
        }
        let plan = MigrationPlan(files: files)
        let refused = plan.refused
        for entry in plan.entries {
            if dryRun, refused.isEmpty, entry.changes, let result = entry.result {
                print(UnifiedDiff.diff(result.original, result.migrated, file: entry.file), terminator: "")
            }
            for diagnostic in entry.diagnostics { print(diagnostic) }
        }
        let changed = plan.changed.map(\.file)
        guard refused.isEmpty else {
            for file in changed { print("would be migrated: \(file)") }
            print("nothing \(dryRun ? "would be" : "was") written: \(refused.count) of \(files.count) files cannot be "
                + "migrated (the errors above); fix them, or leave them out of the paths, and run `statemachine migrate` again")
            throw ExitStatus.nothingWritten
        }
        let summary = "of \(files.count) files \(dryRun ? "would be migrated" : "migrated"), \(plan.handEdits) constructs to change by hand"
        if dryRun {
            for file in changed { print("would be migrated: \(file)") }
            print("\(changed.count) \(summary)")
            if plan.handEdits > 0 || !changed.isEmpty { throw ExitStatus.problems }
            return
        }
        let (written, failure) = plan.write()
        for file in written { print("migrated: \(file)") }
        if let failure {
            print("\(failure.file):1:1: error: cannot write the file: \(failure.reason)")
            let unwritten = changed.drop(while: { $0 != failure.file })
            print("stopped: \(written.count) of \(changed.count) files were written (listed above as migrated); "
                + "not written: \(unwritten.joined(separator: ", "))")
            throw ExitStatus.nothingWritten
        }
        print("\(written.count) \(summary)")
        if plan.handEdits > 0 { throw ExitStatus.problems }
    }
}
