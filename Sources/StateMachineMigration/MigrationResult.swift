/// The outcome of migrating one Swift source file.
public struct MigrationResult: Equatable, Sendable {

    /// The source as it was given.
    public let original: String

    /// The migrated source; equal to ``original`` when nothing needed rewriting.
    public let migrated: String

    /// Constructs to change by hand, and rewrites to know about, in source order.
    public let diagnostics: [MigrationDiagnostic]

    /// Whether the migration rewrote anything.
    public var changed: Bool { migrated != original }

    /// Why the source could not be migrated (it does not parse, or is past the
    /// ``MigrationLimits``), or nil when it was.
    public var error: MigrationDiagnostic? { diagnostics.first { $0.severity == .error } }
}
