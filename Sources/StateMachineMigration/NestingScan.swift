/// How deep the brackets of a Swift source nest, found in one pass over its bytes without parsing
/// it, so that a source the parser would take too long or too much stack on is refused before
/// the parser sees it (``MigrationLimits``).
///
/// It counts `(`, `[`, `{`, `#if` and the `\(` of string interpolations, and skips what the Swift
/// lexer does not read as code: comments (`//`, nested `/* */`), string literals (`"…"`,
/// `"""…"""`, raw `#"…"#`), extended regex literals (`#/…/#`) and backquoted identifiers. It errs
/// on the side of counting: a bracket it cannot place is counted, a closing bracket without an
/// opening one is ignored, and a one-line literal ends at the end of its line, as the lexer ends it.
struct NestingScan {

    /// The most the scan lets through.
    struct Limits {
        /// Brackets, braces, parentheses, `#if` blocks and interpolations open at once.
        var depth = Int.max
        /// `[` open at once since the innermost `{` (or interpolation).
        var squareRun = Int.max
        /// The sum, over every `[` opened with k ≥ 2 of them open since the innermost `{`, of
        /// 2ᵏ: the work of the parser's lookahead, which tries each `[` twice.
        var squareWork = Int.max
        /// `<` not closed by a `>` since the last `{`, `}`, `;` or `=` (none of which a type holds).
        var angleRun = Int.max
        /// `#if` blocks open at once.
        var conditionalDepth = Int.max
        /// `try` and `await` in a row, with nothing but spaces, `?` and `!` between them.
        var keywordRun = Int.max
        /// Postfix `!` and `?` in a row after an operand (`a!!!`), and member accesses in a row
        /// (`a.b.c`), each counted on its own.
        var postfixRun = Int.max
    }

    /// The first place where the source went past a limit.
    struct Excess: Equatable {
        enum Kind: Equatable {
            case depth, squareRun, squareWork, angleRun, conditionalDepth, keywordRun, postfixRun
        }
        let kind: Kind
        /// The UTF-8 offset of the bracket that went past the limit.
        let offset: Int
        /// The measure that went past the limit, that bracket included.
        let value: Int
    }

    /// The first bracket past the limits, if any; the scan stops there.
    let excess: Excess?
    /// The largest measures of the source (up to the excess, when there is one).
    let maximumDepth: Int
    let maximumSquareRun: Int
    let squareWork: Int
    let maximumAngleRun: Int
    let maximumConditionalDepth: Int
    let maximumKeywordRun: Int

    init(_ bytes: [UInt8], limits: Limits = Limits()) {
        var scanner = Scanner(bytes: bytes, limits: limits)
        scanner.run()
        excess = scanner.excess
        maximumDepth = scanner.maximumDepth
        maximumSquareRun = scanner.maximumSquareRun
        squareWork = scanner.squareWork
        maximumAngleRun = scanner.maximumAngleRun
        maximumConditionalDepth = scanner.maximumConditionalDepth
        maximumKeywordRun = scanner.maximumKeywordRun
    }
}

/// A string or regex literal being skipped.
private struct Literal {
    enum Kind { case string, multilineString, regex, multilineRegex }
    let kind: Kind
    /// The `#`s around a raw string or an extended regex.
    let pounds: Int
}

/// What is open.
private enum Frame {
    /// `(`, `[` or `#if`.
    case bracket(UInt8)
    /// `{`, with the `[` run outside it.
    case brace(savedSquareRun: Int)
    /// The `\(` of an interpolation inside a literal, with the `[` run outside it.
    case interpolation(Literal, savedSquareRun: Int)
}

private struct Scanner {
    let bytes: [UInt8]
    let limits: NestingScan.Limits

    var index = 0
    var stack: [Frame] = []
    var squareRun = 0
    var angleRun = 0
    var conditionalDepth = 0
    var maximumDepth = 0
    var maximumSquareRun = 0
    var squareWork = 0
    var maximumAngleRun = 0
    var maximumConditionalDepth = 0
    var keywordRun = 0
    var maximumKeywordRun = 0
    var postfixRun = 0
    var memberRun = 0
    var excess: NestingScan.Excess?

    init(bytes: [UInt8], limits: NestingScan.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func run() {
        scanKeywordRuns()
        while index < bytes.count, excess == nil {
            scanCode()
        }
    }

    private func isByte(_ character: Unicode.Scalar, at offset: Int) -> Bool {
        offset < bytes.count && bytes[offset] == UInt8(ascii: character)
    }

    /// Whether the byte at `offset` ends a line: `\n` or `\r`, as the Swift lexer ends one (a file
    /// may use `\r` alone).
    private func isLineEnd(at offset: Int) -> Bool {
        isByte("\n", at: offset) || isByte("\r", at: offset)
    }

    /// The number of `#`s from `offset` on.
    private func pounds(at offset: Int) -> Int {
        var count = 0
        while isByte("#", at: offset + count) { count += 1 }
        return count
    }

    /// Whether the bytes at `offset` are `word` and no identifier character follows.
    private func isWord(_ word: String, at offset: Int) -> Bool {
        let end = offset + word.utf8.count
        guard end <= bytes.count, bytes[offset..<end].elementsEqual(word.utf8) else { return false }
        guard end < bytes.count else { return true }
        let next = bytes[end]
        return !(next == UInt8(ascii: "_") || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
            || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z")) || next >= 0x80)
    }

    // MARK: - Code

    /// Whether the byte at `offset` may be part of an identifier.
    private func isIdentifierByte(at offset: Int) -> Bool {
        guard offset >= 0, offset < bytes.count else { return false }
        let byte = bytes[offset]
        return byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0x80
    }

    /// Counts runs of `try` and `await` (nothing but spaces, line ends, `?` and `!` between them)
    /// over the whole source: after a syntax error the parser's recovery over such a run takes time
    /// that grows with the square of its length. Strings and comments are counted too, since where
    /// the parser's recovery ends a literal is not always where the lexer would; no source has a run
    /// of them anywhere.
    private mutating func scanKeywordRuns() {
        var offset = 0
        while offset < bytes.count {
            let current = bytes[offset]
            // `a!!!…` and `a.b.c…`: the parser's recovery after a syntax error grows with the square of
            // these too.
            if current == UInt8(ascii: "!") || current == UInt8(ascii: "?") {
                let previous = offset > 0 ? bytes[offset - 1] : 0
                if isIdentifierByte(at: offset - 1) || previous == UInt8(ascii: ")") || previous == UInt8(ascii: "]")
                    || (postfixRun > 0 && (previous == UInt8(ascii: "!") || previous == UInt8(ascii: "?"))) {
                    postfixRun += 1
                    if postfixRun > limits.postfixRun {
                        excess = NestingScan.Excess(kind: .postfixRun, offset: offset, value: postfixRun)
                        return
                    }
                }
            } else {
                postfixRun = 0
            }
            if current == UInt8(ascii: "."), isIdentifierByte(at: offset - 1), isIdentifierByte(at: offset + 1) {
                memberRun += 1
                if memberRun > limits.postfixRun {
                    excess = NestingScan.Excess(kind: .postfixRun, offset: offset, value: memberRun)
                    return
                }
            } else if !isIdentifierByte(at: offset) {
                memberRun = 0
            }
            if current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") || isLineEnd(at: offset)
                || (keywordRun > 0 && (current == UInt8(ascii: "?") || current == UInt8(ascii: "!"))) {
                offset += 1
                continue
            }
            let word = isIdentifierByte(at: offset - 1) ? 0 : isWord("try", at: offset) ? 3 : isWord("await", at: offset) ? 5 : 0
            guard word > 0 else {
                keywordRun = 0
                offset += 1
                continue
            }
            keywordRun += 1
            maximumKeywordRun = max(maximumKeywordRun, keywordRun)
            if keywordRun > limits.keywordRun {
                excess = NestingScan.Excess(kind: .keywordRun, offset: offset, value: keywordRun)
                return
            }
            offset += word
        }
    }

    /// Reads one token's worth of code at `index`.
    private mutating func scanCode() {
        let current = bytes[index]
        switch current {
        case UInt8(ascii: "/") where isByte("/", at: index + 1):
            skipLine()
        case UInt8(ascii: "/") where isByte("*", at: index + 1):
            skipBlockComment()
        case UInt8(ascii: "\""):
            index = openLiteral(at: index, pounds: 0)
        case UInt8(ascii: "#"):
            scanPound()
        case UInt8(ascii: "`"):
            skipBackquotedIdentifier()
        case UInt8(ascii: "\\") where isByte("(", at: index + 1) || isByte(")", at: index + 1):
            // Outside a string, `\(` is an escaped parenthesis of a regex literal, not a bracket.
            index += 2
        case UInt8(ascii: "("):
            push(.bracket(current), at: index)
            index += 1
        case UInt8(ascii: "["):
            squareRun += 1
            maximumSquareRun = max(maximumSquareRun, squareRun)
            if squareRun >= 2 { squareWork = squareWork &+ (1 << min(squareRun, 40)) }
            if squareRun > limits.squareRun {
                excess = NestingScan.Excess(kind: .squareRun, offset: index, value: squareRun)
            } else if squareWork > limits.squareWork {
                excess = NestingScan.Excess(kind: .squareWork, offset: index, value: squareWork)
            }
            push(.bracket(current), at: index)
            index += 1
        case UInt8(ascii: "{"):
            angleRun = 0
            push(.brace(savedSquareRun: squareRun), at: index)
            squareRun = 0
            index += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            if current == UInt8(ascii: "}") { angleRun = 0 }
            index += 1
            close()
        case UInt8(ascii: ";"), UInt8(ascii: "="):
            angleRun = 0
            index += 1
        case UInt8(ascii: "<"):
            angleRun += 1
            maximumAngleRun = max(maximumAngleRun, angleRun)
            if angleRun > limits.angleRun {
                excess = NestingScan.Excess(kind: .angleRun, offset: index, value: angleRun)
            }
            index += 1
        case UInt8(ascii: ">"):
            // Of `->`, a function type's arrow, not a closing angle bracket.
            if index == 0 || bytes[index - 1] != UInt8(ascii: "-") { angleRun = max(0, angleRun - 1) }
            index += 1
        default:
            index += 1
        }
    }

    /// `#"` and `#/` open literals, `#if` and `#endif` open and close a block.
    private mutating func scanPound() {
        let count = pounds(at: index)
        if isByte("\"", at: index + count) {
            index = openLiteral(at: index + count, pounds: count)
        } else if isByte("/", at: index + count) {
            index += count + 1
            let isMultiline = isLineEnd(at: index)
            skipLiteral(Literal(kind: isMultiline ? .multilineRegex : .regex, pounds: count))
        } else if count == 1, isWord("if", at: index + 1) {
            conditionalDepth += 1
            maximumConditionalDepth = max(maximumConditionalDepth, conditionalDepth)
            if conditionalDepth > limits.conditionalDepth {
                excess = NestingScan.Excess(kind: .conditionalDepth, offset: index, value: conditionalDepth)
            }
            push(.bracket(UInt8(ascii: "#")), at: index)
            index += 3
        } else if count == 1, isWord("endif", at: index + 1) {
            if case .bracket(UInt8(ascii: "#"))? = stack.last { close() }
            index += 6
        } else {
            index += count
        }
    }

    private mutating func push(_ frame: Frame, at offset: Int) {
        stack.append(frame)
        maximumDepth = max(maximumDepth, stack.count)
        if stack.count > limits.depth, excess == nil {
            excess = NestingScan.Excess(kind: .depth, offset: offset, value: stack.count)
        }
    }

    /// Closes the innermost frame; the `)` of an interpolation goes back into its literal.
    private mutating func close() {
        guard let frame = stack.popLast() else { return }
        switch frame {
        case .bracket(let opening):
            if opening == UInt8(ascii: "[") { squareRun = max(0, squareRun - 1) }
            if opening == UInt8(ascii: "#") { conditionalDepth -= 1 }
        case .brace(let saved):
            squareRun = saved
        case .interpolation(let literal, let saved):
            squareRun = saved
            skipLiteral(literal)
        }
    }

    private mutating func skipLine() {
        while index < bytes.count, !isLineEnd(at: index) { index += 1 }
    }

    /// `/* … */`, which nests in Swift; an unterminated one runs to the end of the source.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if isByte("/", at: index), isByte("*", at: index + 1) {
                depth += 1
                index += 2
            } else if isByte("*", at: index), isByte("/", at: index + 1) {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    /// `` `name` ``: ends at the next backquote or the end of the line.
    private mutating func skipBackquotedIdentifier() {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), !isLineEnd(at: index) { index += 1 }
        if isByte("`", at: index) { index += 1 }
    }

    // MARK: - Literals

    /// Opens the string literal whose first quote is at `offset`, skips it, and returns where
    /// scanning goes on.
    private mutating func openLiteral(at offset: Int, pounds: Int) -> Int {
        let isMultiline = isByte("\"", at: offset + 1) && isByte("\"", at: offset + 2)
        index = offset + (isMultiline ? 3 : 1)
        skipLiteral(Literal(kind: isMultiline ? .multilineString : .string, pounds: pounds))
        return index
    }

    /// Skips the rest of `literal` from `index`: to its end, to the end of the line for a
    /// one-line literal, or into the code of an interpolation (`\(`, `\#(` in a raw string),
    /// which is pushed as a frame whose `)` comes back here.
    private mutating func skipLiteral(_ literal: Literal) {
        let isRegex = literal.kind == .regex || literal.kind == .multilineRegex
        let quote = isRegex ? UInt8(ascii: "/") : UInt8(ascii: "\"")
        let quotes = literal.kind == .multilineString ? 3 : 1
        let isOneLine = literal.kind == .string || literal.kind == .regex
        while index < bytes.count {
            let current = bytes[index]
            if isLineEnd(at: index), isOneLine {
                return
            }
            if current == UInt8(ascii: "\\"), isRegex {
                // A regex has no interpolation; `\/` is an escaped slash.
                index = min(index + 2, bytes.count)
                continue
            }
            if current == UInt8(ascii: "\\"), pounds(at: index + 1) >= literal.pounds {
                let next = index + 1 + literal.pounds
                if isByte("(", at: next) {
                    push(.interpolation(literal, savedSquareRun: squareRun), at: next)
                    squareRun = 0
                    angleRun = 0
                    index = next + 1
                    return
                }
                // An escaped character, `\"` included; a `\` before a line break continues a
                // multi-line string.
                index = min(next + 1, bytes.count)
                continue
            }
            if current == quote, index + quotes <= bytes.count, bytes[index..<index + quotes].allSatisfy({ $0 == quote }),
               pounds(at: index + quotes) >= literal.pounds {
                index += quotes + literal.pounds
                return
            }
            index += 1
        }
    }
}
