/// A JSON document as jansson parsed it, with object members in document order.
indirect enum JSON: Sendable {
    case object([(key: String, value: JSON)])
    case array([JSON])
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case null

    /// What this is, for "got …" in error messages: `number 3`, `string "x"`, `an array`.
    var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): "string \(Canonical.string(text.count > 40 ? String(text.prefix(40)) + "…" : text))"
        case .integer(let value): "number \(value)"
        case .real(let value): "number \(value)"
        case .bool(let value): "boolean \(value)"
        case .null: "null"
        }
    }
}

/// Where a value sits inside a document: `scenarios[2].steps[5].event`.
struct DocumentPath: Hashable, Sendable, CustomStringConvertible {

    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    var components: [Component]

    init(_ components: [Component] = []) {
        self.components = components
    }

    static let root = DocumentPath()

    func appending(_ key: String) -> DocumentPath {
        DocumentPath(components + [.key(key)])
    }

    func appending(_ index: Int) -> DocumentPath {
        DocumentPath(components + [.index(index)])
    }

    /// `scenarios[2].steps[5].event`; keys that are not identifiers are quoted: `transition["+"][0]`.
    /// The document itself is `(document)`.
    ///
    /// A message stays short however deep or long the input: past ``shownLevels`` levels the
    /// middle is left out, `[0][0][0][0][0][0]…(2036 more)…[0][0][0][0][0][0]`, and a key longer
    /// than ``shownKeyLength`` characters ends in `…`.
    var description: String {
        guard !components.isEmpty else { return "(document)" }
        let half = Self.shownLevels / 2
        guard components.count > Self.shownLevels else { return Self.text(components[...], first: true) }
        let left = components.count - 2 * half
        return Self.text(components.prefix(half), first: true) + "…(\(left) more)…" + Self.text(components.suffix(half), first: false)
    }

    /// How many levels a description shows at most.
    static let shownLevels = 12
    /// How many characters of a key a description shows at most.
    static let shownKeyLength = 40

    private static func text(_ components: ArraySlice<Component>, first: Bool) -> String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key) where isName(key) && key.count <= shownKeyLength:
                text += text.isEmpty && first ? key : ".\(key)"
            case .key(let key):
                let shown = key.count > shownKeyLength ? String(key.prefix(shownKeyLength)) + "…" : key
                text += "[\(Canonical.string(shown))]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

/// Whether `text` matches `^[A-Za-z_][A-Za-z0-9_]*$`, the form of case and field names.
func isName(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return false }
    func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }
    guard isLetter(first) else { return false }
    return text.utf8.allSatisfy { isLetter($0) || ($0 >= 48 && $0 <= 57) }
}

extension JSON: Equatable {
    /// Equal values: members in the same order, reals with the same bits (`-0.0` is not `0.0`),
    /// keys and strings with the same Unicode scalars (R31: `"\u{E9}"` is not `"e\u{301}"`).
    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case let (.object(left), .object(right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key.scalarsEqual($1.key) && $0.value == $1.value }
        case let (.array(left), .array(right)): left == right
        case let (.string(left), .string(right)): left.scalarsEqual(right)
        case let (.integer(left), .integer(right)): left == right
        case let (.real(left), .real(right)): left.bitPattern == right.bitPattern
        case let (.bool(left), .bool(right)): left == right
        case (.null, .null): true
        default: false
        }
    }
}
