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
    var description: String {
        guard !components.isEmpty else { return "(document)" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key) where isName(key):
                text += text.isEmpty ? key : ".\(key)"
            case .key(let key):
                text += "[\(Canonical.string(key))]"
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
