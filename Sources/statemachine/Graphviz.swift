import Foundation

/// Graphviz's `dot`, found on `PATH`, which turns a DOT diagram into a picture.
struct Graphviz {

    /// How long `dot` may take to draw one diagram before it is stopped.
    static let timeLimit: Double = 60

    /// What to tell when `dot` is not on `PATH`, after "needs".
    static let installAdvice = """
        Graphviz's dot, which is not on PATH; install Graphviz (Debian or Ubuntu: sudo apt-get install \
        graphviz; Fedora: sudo dnf install graphviz; macOS: brew install graphviz), or print the diagram \
        with --format dot and render it elsewhere
        """

    /// A picture `dot` could not draw, with what it said.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let executable: String

    /// `dot` on `PATH`, or nil when it is not there.
    init?(path: String? = ProcessInfo.processInfo.environment["PATH"]) {
        guard let path else { return nil }
        let candidates = path.split(separator: ":", omittingEmptySubsequences: true).map { "\($0)/dot" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        executable = found
    }

    /// Draws `dot` source as `format` (`svg`, `png`) and returns the picture's bytes.
    ///
    /// - Throws: ``Failure`` when `dot` fails, says nothing, or takes longer than ``timeLimit``.
    func render(_ source: String, format: String) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("statemachine-graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("diagram.dot")
        let output = folder.appendingPathComponent("diagram.\(format)")
        let messages = folder.appendingPathComponent("messages.txt")
        try Data(source.utf8).write(to: input)
        _ = FileManager.default.createFile(atPath: messages.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-T\(format)", "-o", output.path, input.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: messages)
        try process.run()
        let deadline = Date().addingTimeInterval(Self.timeLimit)
        while process.isRunning, Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "dot did not finish within \(Int(Self.timeLimit)) s and was stopped")
        }
        let said = (try? String(contentsOf: messages, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard process.terminationStatus == 0, let picture = try? Data(contentsOf: output), !picture.isEmpty else {
            throw Failure(description: "dot failed (exit status \(process.terminationStatus))" + (said.isEmpty ? "" : ": \(said)"))
        }
        return picture
    }
}
