import ArgumentParser
import Foundation
import StateMachineMigration

/// `statemachine migrate [--dry-run] PATH ...`
struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite Swift sources written for Tinder's StateMachine into sources for this library.",
        discussion: """
            Turns `@StateMachineHashable enum X { … }` and `enum X: AutoStateMachineHashable` into \
            `enum X: StateMachineHashable { … }` with a nested `enum HashableIdentifier: String { case … }` \
            when a case carries values, and removes the conformances Sourcery generated. Hand-written \
            conformances are kept. Constructs that need a hand edit (and files with a syntax error or not in UTF-8, which \
            are left unchanged) are printed as `file:line:column: warning: …`, what was removed as \
            `… note: …`. Running it twice changes nothing the second time.

            Exit status: 0 when every file is migrated (with --dry-run: when nothing would change) and \
            nothing needs a hand edit; 1 when something needs a hand edit, or, with --dry-run, when a \
            file would change; 64 for a path that does not exist or cannot be read.
            """
    )

    @Flag(help: "Print a unified diff of the changes instead of writing the files.")
    var dryRun = false

    @Argument(help: "Swift files, or folders whose *.swift files are read (in name order, recursively).")
    var paths: [String]

    func run() throws {
        let files = try swiftFiles(at: paths)
        var rewritten = 0
        var toEditByHand = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ValidationError("cannot read \(file)")
            }
            guard let source = String(validating: data, as: UTF8.self) else {
                print("\(file):1:1: warning: the file is not UTF-8 text, so it was left unchanged")
                toEditByHand += 1
                continue
            }
            let result = Migration.migrate(source: source, file: file)
            if result.changed {
                rewritten += 1
                if dryRun {
                    print(UnifiedDiff.diff(result.original, result.migrated, file: file), terminator: "")
                } else {
                    do {
                        try Data(result.migrated.utf8).write(to: URL(fileURLWithPath: file))
                    } catch {
                        throw ValidationError("cannot write \(file): \(error.localizedDescription)")
                    }
                }
            }
            for diagnostic in result.diagnostics {
                print(diagnostic)
                if diagnostic.needsHandEdit { toEditByHand += 1 }
            }
        }
        let verb = dryRun ? "would be migrated" : "migrated"
        print("\(rewritten) of \(files.count) files \(verb), \(toEditByHand) constructs to change by hand")
        if toEditByHand > 0 || (dryRun && rewritten > 0) {
            throw ExitCode(1)
        }
    }

    /// The files named, and the `*.swift` files under the folders named, each folder in name order.
    private func swiftFiles(at paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ValidationError("no such file or folder: \(path)")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: path) else {
                throw ValidationError("cannot read the folder \(path)")
            }
            var found: [String] = []
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".build") || name == ".git" {
                    walker.skipDescendants()
                } else if relative.hasSuffix(".swift") {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            files += found.sorted()
        }
        return files
    }
}
