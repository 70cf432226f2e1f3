import SwiftParser

/// libFuzzer entry point for the migration planner (`scripts/fuzz migrate-libfuzzer`).
///
/// Compiled into the `StateMachineMigration` module itself (see `scripts/fuzz`). Each input is
/// read as a Swift source (bytes that are not UTF-8 repaired, as `String(decoding:as:)` does) and
/// migrated. Any `error:` is fine (a syntax error, a limit of ``MigrationLimits``); a trap, a
/// stack overflow, a timeout or running out of memory is a bug, and so is a migration that breaks
/// its own promises, checked here:
/// - every diagnostic is located inside the source;
/// - a refused source (an `error:`) is left unchanged;
/// - a migrated source parses, and migrating it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMigrate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let source = String(decoding: bytes, as: UTF8.self)
    let result = Migration.migrate(source: source, file: "Fuzz.swift")
    let lines = source.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    for diagnostic in result.diagnostics where !(1...lines).contains(diagnostic.line) || diagnostic.column < 1 {
        fatalError("a diagnostic outside the source's \(lines) lines: \(diagnostic)")
    }
    if let error = result.error {
        if result.changed { fatalError("a refused source was changed: \(error)") }
        return 0
    }
    guard result.changed else { return 0 }
    var migrated = result.migrated
    if migrated.withUTF8({ Parser.parse(source: $0, maximumNestingLevel: MigrationLimits.parserNestingLevel) }).hasError {
        fatalError("the migrated source does not parse:\n\(result.migrated)")
    }
    let again = Migration.migrate(source: result.migrated, file: "Fuzz.swift")
    if again.changed {
        fatalError("migrating the migrated source changed it again:\n\(result.migrated)\n---\n\(again.migrated)")
    }
    return 0
}
