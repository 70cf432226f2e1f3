/// Canonical JSON (TRACE.md): no whitespace, object keys sorted, strings escaped the one way, so
/// that equal documents are equal bytes. Also what `statemachine check --json` prints.
package enum Canonical {

    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object whose member texts are already canonical; members are sorted by key.
    package static func object(_ members: [(String, String)]) -> String {
        let sorted = members.sorted { Array($0.0.utf16).lexicographicallyPrecedes(Array($1.0.utf16)) }
        return "{" + sorted.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    package static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }
}
