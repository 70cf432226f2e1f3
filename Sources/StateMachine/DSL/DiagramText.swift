/// How names and labels are written in diagrams, so that no name is empty and no text breaks
/// out of its quotes, in DOT or in Mermaid.
enum DiagramText {

    /// A name as drawn: itself, or `""` for the empty name, so that no node, cluster or label
    /// is built from an empty string.
    static func shown(_ name: String) -> String {
        name.isEmpty ? "\"\"" : name
    }

    /// A DOT quoted string: backslashes and quotes escaped, line breaks as `\n`. `<`, `>` and
    /// `|` stay as they are: in a quoted string they are text (`shape=record` is not used).
    static func dot(_ text: String) -> String {
        "\"" + replacing(text) { $0 == "\\" ? "\\\\" : $0 == "\"" ? "\\\"" : $0.isNewline ? "\\n" : nil } + "\""
    }

    /// Text on one Mermaid line (an edge label): line breaks as spaces, and the characters
    /// Mermaid reads as markup as entity codes: `;` ends a statement, `#` starts an entity code,
    /// `<` and `>` are HTML, `|` separates parts of a label.
    static func mermaid(_ text: String) -> String {
        replacing(text) { character in
            switch character {
            case ";": "#59;"
            case "#": "#35;"
            case "<": "#lt;"
            case ">": "#gt;"
            case "|": "#124;"
            default: character.isNewline ? " " : nil
            }
        }
    }

    /// Text for `state "…" as id`: Mermaid text with its `"` as an entity code.
    static func mermaidLabel(_ text: String) -> String {
        replacing(mermaid(text)) { $0 == "\"" ? "#quot;" : nil }
    }

    /// `text` with each character that `replacement` maps replaced.
    private static func replacing(_ text: String, _ replacement: (Character) -> String?) -> String {
        var result = ""
        for character in text { result += replacement(character) ?? String(character) }
        return result
    }
}
