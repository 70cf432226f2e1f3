/// How much of a Swift source ``Migration`` parses. A source past a limit is refused before it is
/// parsed, with an `error:` diagnostic that says which limit and what to do, and is left unchanged:
/// no source makes the migration run for minutes or overflow its stack.
///
/// swift-syntax's parser backtracks: on `[`, its lookahead tries an inline-array type, then a
/// collection type, each descending into the next `[`, so the work doubles with every `[` nested
/// without a `{` between them (in the debug build `scripts/statemachine` runs, `let x = [[…]]`
/// nested 14 levels takes 0.6 s, 16 levels 2.4 s, 18 levels 9 s, 20 levels 34 s). Its parser and
/// visitors recurse once per level of any nesting, and its lookahead knows no nesting limit (1,000
/// nested `A<A<…>>` or 3,000 nested `[` overflow an 8 MiB stack).
///
/// Only sources that mention Tinder's names (`StateMachineHashable`, or `Invalid` as a word) are
/// parsed at all: the others have nothing to migrate, whatever their size or shape.
public enum MigrationLimits {

    /// The largest source parsed, 256 KiB: a debug build parses plain code at about 30 KiB a
    /// second, and code dense with generic arguments at about 10, so a source this large takes 8
    /// to 30 s.
    public static let maximumSourceSize = 256 << 10

    /// Brackets, braces, parentheses, `#if` blocks and string interpolations open at once, 256:
    /// the limit swift-syntax itself keeps in release builds. A level takes up to about 30 KiB of
    /// stack in a debug build (an interpolation in an interpolation).
    public static let maximumNestingDepth = 256

    /// `[` open at once without a `{` between them, 8: each doubles the lookahead's work; at 8
    /// levels one such construct takes up to about 25 ms in a debug build.
    public static let maximumSquareBracketRun = 8

    /// The lookahead work of a whole source: 2ᵏ for each `[` opened with k ≥ 2 of them open since
    /// the innermost `{`, at most 2¹⁴ in all (31 constructs 8 levels deep, under a second in a debug
    /// build), so that many constructs under ``maximumSquareBracketRun`` cannot add up to minutes.
    public static let maximumSquareBracketWork = 1 << 14

    /// `<` not closed by a `>` without a `{`, `}`, `;` or `=` between them (none of which a type
    /// holds), 32: the parser looks ahead over the rest of a generic argument list at each `<`, so
    /// the work grows with the square of the nesting.
    public static let maximumAngleBracketRun = 32

    /// `#if` blocks open at once, 16: the parser's work grows with the square of their nesting.
    public static let maximumConditionalDepth = 16

    /// `try` and `await` in a row, 16: after a syntax error, the parser's recovery over a run of
    /// them takes time that grows with the square of its length (a run of 1,000 takes seconds).
    public static let maximumKeywordRun = 16

    /// Postfix `!` and `?` in a row after an operand, and member accesses in a row (`a.b.c`), 64
    /// each: the parser's recovery after a syntax error grows with the square of these too.
    public static let maximumPostfixRun = 64

    /// The parser's own nesting limit, past anything the limits above let through, so that a
    /// debug build (whose default is 20) parses what a release build parses.
    static let parserNestingLevel = maximumNestingDepth + maximumAngleBracketRun

    /// The stack the parser and the planner get: 64 MiB, and 2 KiB for each byte of the source,
    /// for chains that nest without brackets (`a!!!…`, `try try …`, `a.b.c…`), which take up to
    /// about 1.3 KiB of stack per byte in a debug build. Only what is used is ever touched.
    static func stackSize(forSourceOfSize size: Int) -> Int {
        (64 << 20) + 2048 * size
    }

    /// The `error:` that refuses `bytes` before parsing, or nil when the source is within limits.
    static func refusal(of bytes: [UInt8], file: String) -> MigrationDiagnostic? {
        let again = "then run `statemachine migrate` again"
        if bytes.count > maximumSourceSize {
            return MigrationDiagnostic(
                file: file, line: 1, column: 1,
                message: "too large: \(kibibytes(bytes.count)), more than the \(kibibytes(maximumSourceSize)) the "
                    + "migration parses; split the file, or make its changes by hand and migrate the other files",
                severity: .error
            )
        }
        let scan = NestingScan(bytes, limits: NestingScan.Limits(
            depth: maximumNestingDepth, squareRun: maximumSquareBracketRun,
            squareWork: maximumSquareBracketWork, angleRun: maximumAngleBracketRun,
            conditionalDepth: maximumConditionalDepth, keywordRun: maximumKeywordRun,
            postfixRun: maximumPostfixRun
        ))
        guard let excess = scan.excess else { return nil }
        let message = switch excess.kind {
        case .depth:
            "\(excess.value) brackets, braces, parentheses and `#if` blocks are open here, more than the "
                + "\(maximumNestingDepth) the migration parses; move the inner part into a function or a "
                + "constant of its own, \(again)"
        case .squareRun:
            "\(excess.value) `[` are open here without a `{` between them, more than the \(maximumSquareBracketRun) "
                + "the migration parses (each doubles the Swift parser's work); name the inner type or literal "
                + "with a `typealias` or a constant, \(again)"
        case .squareWork:
            "the `[` nested in this file add up to more work for the Swift parser than the migration allows "
                + "(2^k for each `[` opened with k ≥ 2 open since the last `{`, \(maximumSquareBracketWork) in all); "
                + "name nested types or literals with a `typealias` or a constant, or split the file, \(again)"
        case .angleRun:
            "\(excess.value) `<` are open here (without a `>`, `{`, `}`, `;` or `=` since), more than the "
                + "\(maximumAngleBracketRun) the migration parses; split the expression or name the inner "
                + "generic type with a `typealias`, \(again)"
        case .keywordRun:
            "\(excess.value) `try` and `await` follow one another here, more than the \(maximumKeywordRun) the "
                + "migration parses; write each once, \(again)"
        case .postfixRun:
            "\(excess.value) postfix `!` or `?`, or member accesses (`.name`), follow one another here, more than "
                + "the \(maximumPostfixRun) the migration parses; name a part of the chain with a constant, \(again)"
        case .conditionalDepth:
            "\(excess.value) `#if` blocks are open here, more than the \(maximumConditionalDepth) the migration "
                + "parses; combine the conditions of nested blocks with `&&`, \(again)"
        }
        let (line, column) = location(of: excess.offset, in: bytes)
        return MigrationDiagnostic(file: file, line: line, column: column, message: "nested too deep: " + message, severity: .error)
    }

    /// The 1-based line and UTF-8 column of `offset`; a line ends at `\n`, `\r` or `\r\n`, as the
    /// Swift lexer ends one.
    private static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset {
            let isLineEnd = bytes[index] == UInt8(ascii: "\n")
                || (bytes[index] == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n")))
            if isLineEnd {
                line += 1
                lineStart = index + 1
            }
        }
        return (line, offset - lineStart + 1)
    }

    /// `300 KiB`, rounded up.
    private static func kibibytes(_ bytes: Int) -> String {
        "\((bytes + 1023) / 1024) KiB"
    }
}
