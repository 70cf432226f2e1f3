/// A construct that `statemachine migrate` did not rewrite and that needs a hand edit, or a
/// rewrite the user should know about, with its location.
public struct MigrationDiagnostic: Equatable, Sendable, CustomStringConvertible {

    /// The file as named to ``Migration/migrate(source:file:)``.
    public let file: String

    /// The 1-based line of the construct.
    public let line: Int

    /// The 1-based column of the construct.
    public let column: Int

    /// What was found and what to write instead.
    public let message: String

    /// Whether the construct still needs a hand edit (a `warning:`), or the migration only tells
    /// what it did (a `note:`).
    public let needsHandEdit: Bool

    init(file: String, line: Int, column: Int, message: String, needsHandEdit: Bool = true) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.needsHandEdit = needsHandEdit
    }

    /// `file:line:column: warning: message` (or `note:`), the format compilers and editors understand.
    public var description: String {
        "\(file):\(line):\(column): \(needsHandEdit ? "warning" : "note"): \(message)"
    }
}
