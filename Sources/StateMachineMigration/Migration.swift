import SwiftParser
import SwiftSyntax

/// Rewrites Swift sources written for Tinder's StateMachine into sources for this library.
///
/// - `@StateMachineHashable enum X { … }` (Tinder's macro) and `enum X: AutoStateMachineHashable`
///   (Tinder's Sourcery template) become `enum X: StateMachineHashable { … }`, with a nested
///   `enum HashableIdentifier: String { case … }` naming the cases when some case carries values.
/// - The conformances Sourcery generated for `AutoStateMachineHashable` (in a file headed
///   "Generated using Sourcery", or between `// sourcery:inline:…AutoStateMachineHashable` and
///   `// sourcery:end`) are removed.
/// - Hand-written conformances (Tinder 0.3's `HashableIdentifier` and `associatedValue`) are kept.
/// - Other constructs that no longer compile are reported with their location and what to write
///   instead; they are not rewritten.
///
/// Migrating a migrated source changes nothing.
public enum Migration {

    /// Migrates one source file.
    ///
    /// ```swift
    /// let result = Migration.migrate(source: text, file: "Sources/App/Machine.swift")
    /// if result.changed { try result.migrated.write(…) }
    /// result.diagnostics.forEach { print($0) }   // Sources/App/Machine.swift:12:19: …
    /// ```
    ///
    /// A source that mentions none of Tinder's names is returned unchanged without being parsed. A
    /// source that does not parse, or that is past one of the ``MigrationLimits``, is returned
    /// unchanged with one `error:` diagnostic (``MigrationResult/error``) saying where and why.
    ///
    /// - Parameters:
    ///   - source: The Swift source text.
    ///   - file: The name used in diagnostics.
    /// - Returns: The migrated text and the diagnostics, in source order.
    public static func migrate(source: String, file: String) -> MigrationResult {
        let bytes = Array(source.utf8)
        guard mentionsTinderNames(bytes) else {
            return MigrationResult(original: source, migrated: source, diagnostics: [])
        }
        if let refusal = MigrationLimits.refusal(of: bytes, file: file) {
            return MigrationResult(original: source, migrated: source, diagnostics: [refusal])
        }
        return runOnThread(stackSize: MigrationLimits.stackSize(forSourceOfSize: bytes.count)) {
            migrateParsed(source: source, file: file)
        }
    }

    /// Whether the source holds `StateMachineHashable` (the macro, `AutoStateMachineHashable`, the
    /// Sourcery annotation and its output) or the word `Invalid` (`.Invalid()` and the aliases of
    /// `Invalid`): what every rewrite and every diagnostic of the migration starts from.
    static func mentionsTinderNames(_ bytes: [UInt8]) -> Bool {
        contains(Array("StateMachineHashable".utf8), in: bytes, asWord: false)
            || contains(Array("Invalid".utf8), in: bytes, asWord: true)
    }

    private static func contains(_ needle: [UInt8], in bytes: [UInt8], asWord: Bool) -> Bool {
        guard bytes.count >= needle.count else { return false }
        func isIdentifierByte(_ index: Int) -> Bool {
            guard bytes.indices.contains(index) else { return false }
            let byte = bytes[index]
            return byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            guard bytes[start..<start + needle.count].elementsEqual(needle) else { continue }
            if !asWord || (!isIdentifierByte(start - 1) && !isIdentifierByte(start + needle.count)) { return true }
        }
        return false
    }

    /// Parses a source within the limits and plans its edits.
    private static func migrateParsed(source: String, file: String) -> MigrationResult {
        var text = source
        let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: MigrationLimits.parserNestingLevel) }
        if tree.hasError {
            // Rewriting around a syntax error could move code the parser misread: leave the file alone.
            let converter = SourceLocationConverter(fileName: file, tree: tree)
            let location = firstError(in: tree).map { converter.location(for: $0) }
            return MigrationResult(original: source, migrated: source, diagnostics: [MigrationDiagnostic(
                file: file, line: location?.line ?? 1, column: location?.column ?? 1,
                message: "the file does not parse as Swift here, so it was left unchanged; fix the syntax error "
                    + "and run `statemachine migrate` again",
                severity: .error
            )])
        }
        let lines = SourceLines(source)
        let sections = SourceryInlineSections(lines: lines)
        let planner = MigrationPlanner(
            file: file,
            converter: SourceLocationConverter(fileName: file, tree: tree),
            lines: lines,
            inlineSections: sections.ranges,
            isSourceryOutput: source.utf8.prefix(400).split(separator: UInt8(ascii: "\n"))
                .contains { String(decoding: $0, as: UTF8.self).contains("Generated using Sourcery") }
        )
        let aliases = InvalidAliasCollector(viewMode: .sourceAccurate)
        aliases.walk(tree)
        planner.invalidAliases = aliases.names
        planner.walk(tree)
        var edits = planner.edits
        var diagnostics = planner.diagnostics
        for range in sections.ranges {
            edits.append(.remove(range.lowerBound, range.upperBound))
        }
        for unterminated in sections.unterminated {
            let location = planner.converter.location(for: AbsolutePosition(utf8Offset: unterminated))
            diagnostics.append(MigrationDiagnostic(
                file: file, line: location.line, column: location.column,
                message: "a `// sourcery:inline` section for AutoStateMachineHashable has no `// sourcery:end`; "
                    + "remove the generated code by hand"
            ))
        }
        diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return MigrationResult(
            original: source,
            migrated: TextEdit.apply(edits, to: source),
            diagnostics: diagnostics
        )
    }

    /// Where the first missing or unexpected piece of syntax, or the first lexical error (an
    /// unterminated comment or literal), is.
    private static func firstError(in tree: SourceFileSyntax) -> AbsolutePosition? {
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing { return token.positionAfterSkippingLeadingTrivia }
            if token.parent?.is(UnexpectedNodesSyntax.self) == true { return token.positionAfterSkippingLeadingTrivia }
            if let diagnostic = token.tokenDiagnostic, diagnostic.severity == .error {
                return token.position.advanced(by: Int(diagnostic.byteOffset))
            }
        }
        return nil
    }
}
