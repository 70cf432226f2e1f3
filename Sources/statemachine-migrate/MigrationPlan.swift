import StateMachineFixtures
import StateMachineMigration

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `statemachine migrate` would do to every file it was given, worked out before anything is
/// written: each file read, parsed and rewritten in memory, or the reason it cannot be.
struct MigrationPlan {

    /// One file's part of the plan.
    struct Entry {
        let file: String
        /// The migration, when the file could be read as text.
        let result: MigrationResult?
        /// Why the file cannot be migrated (`file:line:column: error: …`), or nil.
        let error: String?

        /// The diagnostics to print, in source order: the error, or the migration's.
        var diagnostics: [String] {
            if let error { return [error] }
            return result?.diagnostics.map(\.description) ?? []
        }

        var changes: Bool { error == nil && result?.changed == true }
    }

    /// The largest Swift source read at all. Sources that mention Tinder's names are parsed only up
    /// to ``MigrationLimits/maximumSourceSize``; the others are only searched for those names.
    static let maximumFileSize = 16 << 20

    let entries: [Entry]

    /// Reads and migrates every file in memory.
    init(files: [String]) {
        entries = files.map(Self.plan)
    }

    /// The files that cannot be migrated.
    var refused: [Entry] { entries.filter { $0.error != nil } }

    /// The files that would change.
    var changed: [Entry] { entries.filter(\.changes) }

    /// Constructs to change by hand, over all files.
    var handEdits: Int {
        entries.reduce(0) { $0 + ($1.result?.diagnostics.filter(\.needsHandEdit).count ?? 0) }
    }

    private static func plan(_ file: String) -> Entry {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(file, maximumSize: maximumFileSize, kind: "a Swift source")
        } catch {
            return Entry(file: file, result: nil, error: "\(file):1:1: error: cannot read the file: \(error.reason)")
        }
        guard let source = String(validating: bytes, as: UTF8.self) else {
            return Entry(file: file, result: nil, error: "\(file):1:1: error: the file is not UTF-8 text; convert it "
                + "to UTF-8, then run `statemachine migrate` again")
        }
        let result = Migration.migrate(source: source, file: file)
        if let error = result.error {
            return Entry(file: file, result: result, error: error.description)
        }
        if result.changed, access(file, W_OK) != 0 {
            let reason = String(cString: strerror(errno)).lowercased()
            return Entry(file: file, result: result, error: "\(file):1:1: error: cannot write the file: \(reason)")
        }
        return Entry(file: file, result: result, error: nil)
    }

    /// Writes every file that changes, in order, stopping at the first that cannot be written.
    ///
    /// - Returns: The files written, and the file that failed with the reason, if one did.
    func write() -> (written: [String], failure: (file: String, reason: String)?) {
        var written: [String] = []
        for entry in changed {
            if let reason = Self.write(entry.result!.migrated, to: entry.file) {
                return (written, (entry.file, reason))
            }
            written.append(entry.file)
        }
        return (written, nil)
    }

    /// Replaces the contents of `file` (following a symbolic link, keeping its permissions), or
    /// returns why it could not.
    private static func write(_ text: String, to file: String) -> String? {
        let descriptor = open(file, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { return String(cString: strerror(errno)).lowercased() }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno)).lowercased()
            }
            bytes = bytes.dropFirst(count)
        }
        return nil
    }
}

/// The system's `write`, which `MigrationPlan.write` hides inside the type.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
    #else
    Darwin.write(descriptor, buffer, count)
    #endif
}
