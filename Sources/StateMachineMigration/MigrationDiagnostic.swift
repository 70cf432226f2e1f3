/// Something `statemachine migrate` tells about a file, with its location: why the file could not be
/// migrated, a construct that needs a hand edit, or a rewrite the user should know about.
public struct MigrationDiagnostic: Equatable, Sendable, CustomStringConvertible {

    /// How much a diagnostic asks of the user.
    public enum Severity: String, Equatable, Sendable {
        /// The file could not be migrated (it does not parse, or is too large or nested too
        /// deep to parse) and was left unchanged.
        case error
        /// A construct that still needs a hand edit.
        case warning
        /// A rewrite the migration made, told so that the user knows.
        case note
    }

    /// The file as named to ``Migration/migrate(source:file:)``.
    public let file: String

    /// The 1-based line of the construct.
    public let line: Int

    /// The 1-based column of the construct, in UTF-8 bytes as compilers count it.
    public let column: Int

    /// What was found and what to write instead.
    public let message: String

    /// How much the diagnostic asks of the user.
    public let severity: Severity

    /// Whether the construct still needs a hand edit (a `warning:`).
    public var needsHandEdit: Bool { severity == .warning }

    init(file: String, line: Int, column: Int, message: String, severity: Severity = .warning) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    /// `file:line:column: warning: message` (or `error:`, `note:`), the format compilers and
    /// editors understand.
    public var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message)"
    }
}
