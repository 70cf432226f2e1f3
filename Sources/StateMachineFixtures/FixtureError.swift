/// A problem in a fixture file, located by file, line, column and the path inside the document.
///
/// Its description is one line a terminal or an editor can jump to:
///
/// ```text
/// Fixtures/matter.json:12:7: scenarios[2].steps[5].event: expected a value of Event (a case name string or {"case": {fields}}), got number 3
/// ```
public struct FixtureError: Error, CustomStringConvertible, Equatable, Sendable {

    /// The file as it was named when loading.
    public let file: String
    /// 1-based line of the offending value (or of the syntax error).
    public let line: Int
    /// 1-based column, in characters.
    public let column: Int
    /// The path inside the document, `scenarios[2].steps[5].event`; nil for JSON syntax errors.
    public let path: String?
    /// What is wrong and what was expected.
    public let message: String

    public init(file: String, line: Int, column: Int, path: String?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    public var description: String {
        "\(file):\(line):\(column): " + (path.map { "\($0): " } ?? "") + message
    }
}

/// A problem found while reading a parsed document; located in the text when it is reported.
struct InputError: Error {
    let path: DocumentPath
    let message: String
    /// Point at the member's key rather than its value (unknown and duplicate keys).
    var atKey = false
}

/// A parsed JSON value with the path where it was found.
struct Node {
    let json: JSON
    let path: DocumentPath

    func fail(_ message: String) -> InputError {
        InputError(path: path, message: message)
    }

    var members: [(key: String, value: JSON)]? {
        if case .object(let members) = json { return members }
        return nil
    }

    subscript(key: String) -> Node? {
        guard let members, let member = members.first(where: { $0.key.scalarsEqual(key) }) else { return nil }
        return Node(json: member.value, path: path.appending(key))
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    /// This node as an object with exactly the allowed keys and all the required ones.
    /// - Parameter what: names the object in messages, `a scenario`.
    @discardableResult
    func closed(_ what: String, required: [String], optional: [String] = []) throws(InputError) -> Node {
        guard let members else {
            throw fail("expected \(what) (an object), got \(json.kindDescription)")
        }
        let allowed = required + optional
        for member in members where !allowed.contains(where: { $0.scalarsEqual(member.key) }) {
            throw InputError(
                path: path.appending(member.key),
                message: "unknown key \(Canonical.string(member.key)) in \(what) (expected \(Self.list(allowed)))",
                atKey: true
            )
        }
        for key in required where !has(key) {
            throw fail("missing key \(Canonical.string(key)) in \(what) (it needs \(Self.list(required)))")
        }
        return self
    }

    func need(_ key: String) throws(InputError) -> Node {
        guard let node = self[key] else { throw fail("missing key \(Canonical.string(key))") }
        return node
    }

    func string(_ what: String = "a string") throws(InputError) -> String {
        guard case .string(let text) = json else { throw fail("expected \(what), got \(json.kindDescription)") }
        return text
    }

    func array(_ what: String, nonEmpty: Bool = false) throws(InputError) -> [Node] {
        guard case .array(let items) = json else { throw fail("expected \(what), got \(json.kindDescription)") }
        if nonEmpty && items.isEmpty { throw fail("expected \(what) with at least one element, got an empty array") }
        return items.enumerated().map { Node(json: $0.element, path: path.appending($0.offset)) }
    }

    static func list(_ keys: [String]) -> String {
        keys.map { Canonical.string($0) }.joined(separator: ", ")
    }
}
