#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The trace of a run, appended a line at a time and flushed, so that it survives the port stopping the process.
final class VerifyTraceFile {
    private let file: UnsafeMutablePointer<FILE>
    private let notes: UnsafeMutablePointer<FILE>

    /// Opens `path` (and `path.notes`), emptied when `append` is false.
    init?(path: String, append: Bool) {
        guard let file = fopen(path, append ? "a" : "w"), let notes = fopen(path + ".notes", append ? "a" : "w") else { return nil }
        self.file = file
        self.notes = notes
    }

    deinit {
        fclose(file)
        fclose(notes)
    }

    func write(_ line: String) {
        fputs(line + "\n", file)
        fflush(file)
    }

    /// What could not be exercised, for the report.
    func note(_ line: String) {
        fputs(line + "\n", notes)
        fflush(notes)
    }
}

/// What the port prints while it handles an event, read back as lines (the Kotlin runner reads what the machine
/// prints the same way), and whether it printed more than ``limit`` bytes (Spec/VERIFY.md, V7).
///
/// Standard output goes to a file of the temporary folder (`TMPDIR`, the scratch folder the driver gives) that is
/// removed as soon as it is made, so that no file is left behind even when the port stops the process.
enum VerifyOutput {
    /// The most a machine may print while it handles one event, as on the JVM.
    static let limit = 16 << 20

    static func capture<T>(_ body: () -> T) -> (T, [String], exceeded: Bool) {
        fflush(nil)
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var path = Array("\(folder)/statemachine-verify-XXXXXX".utf8CString)
        let descriptor = path.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return (body(), [], false) }
        path.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let saved = dup(1)
        dup2(descriptor, 1)
        let result = body()
        fflush(nil)
        dup2(saved, 1)
        close(saved)
        let size = Int(lseek(descriptor, 0, SEEK_END))
        guard size <= limit else {
            close(descriptor)
            return (result, [], true)
        }
        var text: [UInt8] = []
        lseek(descriptor, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            text.append(contentsOf: buffer[..<count])
        }
        close(descriptor)
        var lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        return (result, lines, false)
    }
}
