/// How names and labels are written in diagrams, so that no name is empty, no text breaks out
/// of its quotes, in DOT or in Mermaid, and every text is short enough for Graphviz to draw.
enum DiagramText {

    /// The most Unicode scalars (characters, for most text) a name or label keeps; a longer one
    /// is cut after them, with a marker: `aaa… (800 more)`. Graphviz fails on a quoted string
    /// longer than 16,384 bytes; this keeps every text, escaped, far below that.
    static let maximumLength = 200

    /// A name as drawn: itself, or `""` for the empty name, so that no node, cluster or label
    /// is built from an empty string.
    static func shown(_ name: String) -> String {
        name.isEmpty ? "\"\"" : name
    }

    /// `text`, or, when it has more than `limit` Unicode scalars, its first `limit` followed by
    /// `… (N more)`, N the number of scalars left out. Error messages cut names with it too
    /// (``StateMachineTypes/SnapshotError``).
    static func cut(_ text: String, keeping limit: Int = maximumLength) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(limit))
        return String(kept) + "… (\(scalars.count - limit) more)"
    }

    /// A DOT quoted string, cut to ``maximumLength``: backslashes and quotes escaped, line
    /// breaks as `\n`, control characters written as text (`\u{1B}`, `\t`) so that the SVG
    /// Graphviz writes is valid XML. `<`, `>` and `|` stay as they are: in a quoted string they
    /// are text (`shape=record` is not used).
    static func dot(_ text: String) -> String {
        "\"" + replacing(cut(text)) { character in
            if character.isNewline { return "\\n" }
            var written = ""
            for scalar in character.unicodeScalars {
                switch scalar {
                case "\\": written += "\\\\"
                case "\"": written += "\\\""
                default: written += controlText(scalar).map { "\\" + $0 } ?? String(scalar)
                }
            }
            return written
        } + "\""
    }

    /// A DOT node or cluster id made by a diagram (`s1/s0`, `cluster_@0`), quoted; never cut,
    /// so that two ids stay two.
    static func dotID(_ id: String) -> String {
        "\"" + id + "\""
    }

    /// Text on one Mermaid line (an edge label), cut to ``maximumLength``: line breaks as
    /// spaces, control characters as text (`\u{1B}`), and the characters Mermaid reads as
    /// markup as entity codes: `;` ends a statement, `#` starts an entity code, `<` and `>` are
    /// HTML, `|` separates parts of a label.
    static func mermaid(_ text: String) -> String {
        replacing(cut(text)) { character in
            switch character {
            case ";": "#59;"
            case "#": "#35;"
            case "<": "#lt;"
            case ">": "#gt;"
            case "|": "#124;"
            default:
                character.isNewline ? " " : character.unicodeScalars.map { controlText($0) ?? String($0) }.joined()
            }
        }
    }

    /// Text for `state "…" as id`: Mermaid text with its `"` as an entity code.
    static func mermaidLabel(_ text: String) -> String {
        replacing(mermaid(text)) { $0 == "\"" ? "#quot;" : nil }
    }

    /// How a character that SVG (XML 1.0) cannot hold, or that no font draws, is written: `\t`
    /// for a tab, `\u{1B}` for the other C0 and C1 control characters, DEL and the
    /// noncharacters U+FFFE and U+FFFF; nil for every other character.
    private static func controlText(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09: "\\t"
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: nil
        }
    }

    /// `text` with each character that `replacement` maps replaced.
    private static func replacing(_ text: String, _ replacement: (Character) -> String?) -> String {
        var result = ""
        for character in text { result += replacement(character) ?? String(character) }
        return result
    }
}
