import Foundation

/// The failure of a type-check run that could not be made: no compiler, or no built module.
struct TypecheckFailure: Error, CustomStringConvertible {
    let description: String
}

/// The errors `swiftc -typecheck` reports for `source`, a file that imports the `StateMachine`
/// module this test bundle was built with, one line each as the compiler prints them
/// (`snippet.swift:3:6: error: …`), notes and code excerpts left out.
///
/// The module is read from the build folder of the test bundle (`.build/<triple>/debug/Modules`),
/// and the compiler is the `swiftc` on `PATH`, the one `swift test` runs with.
func typecheckErrors(of source: String) throws -> [String] {
    guard let bundle = Bundle.main.executableURL?.deletingLastPathComponent() else {
        throw TypecheckFailure(description: "the test bundle's folder is unknown, so the built StateMachine module cannot be found")
    }
    let modules = bundle.appendingPathComponent("Modules")
    guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("StateMachine.swiftmodule").path) else {
        throw TypecheckFailure(description: "no StateMachine.swiftmodule in \(modules.path): the compiler's messages cannot be checked")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("snippet.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", "-diagnostic-style", "llvm", "-I", modules.path, "snippet.swift"]
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let errors = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("snippet.swift:") && $0.contains(": error: ") }
    if process.terminationStatus != 0 && errors.isEmpty {
        throw TypecheckFailure(description: "swiftc failed without an error in the snippet:\n\(text)")
    }
    return errors
}
