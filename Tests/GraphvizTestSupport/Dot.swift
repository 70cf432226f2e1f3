import Foundation

/// What Graphviz's `dot` printed for some DOT source.
public struct DotOutput {
    public let output: Data
    /// What it wrote to standard error (warnings), empty when nothing.
    public let errors: String
}

/// The failure of a `dot` run: its exit status and what it wrote to standard error.
public struct DotFailure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}

/// Runs `dot -T<format>` on `source` (Graphviz is installed by `scripts/install-dependencies`);
/// throws when it exits with another status than 0.
public func runDot(format: String, on source: String) throws -> DotOutput {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    guard path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/dot") }) else {
        // A failure, not a skip: CI installs Graphviz, and a diagram test that passes without
        // drawing anything would hide a broken picture.
        throw DotFailure(description: "Graphviz's dot is not on PATH, so the diagram cannot be drawn and checked: install Graphviz (scripts/install-dependencies does; Debian: apt-get install graphviz; macOS: brew install graphviz)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["dot", "-T\(format)"]
    let input = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errors = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw DotFailure(description: "dot -T\(format) exited with status \(process.terminationStatus) (Graphviz is installed by scripts/install-dependencies): \(errors)")
    }
    return DotOutput(output: data, errors: errors)
}
