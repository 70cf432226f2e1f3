import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `body` wrote to standard error (file descriptor 2), read back from a temporary file that
/// stands in for it meanwhile. Other threads' output of that time lands there too: callers look
/// for their own lines, in a `.serialized` suite so that no two captures overlap.
func capturingStandardError(_ body: () throws -> Void) rethrows -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
    let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    precondition(file >= 0, "cannot create \(path)")
    let saved = dup(2)
    dup2(file, 2)
    defer {
        dup2(saved, 2)
        close(saved)
        close(file)
        unlink(path)
    }
    try body()
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
