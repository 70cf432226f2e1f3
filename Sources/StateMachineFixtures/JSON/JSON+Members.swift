/// JSON for the other modules of this package: the verification's driver reads the porter's `plan.json` and a
/// comparison's mapping file with it.
package enum JSONMembers {
    /// The string members of the object that `text` is, by key; nil when `text` is not a JSON object.
    package static func strings(of text: String) -> [String: String]? {
        guard case .object(let members)? = try? FixtureJSON.parse(Array(text.utf8)) else { return nil }
        var strings: [String: String] = [:]
        for (key, value) in members {
            if case .string(let string) = value { strings[key] = string }
        }
        return strings
    }

    /// A JSON document as it was written, object members in order, with where each value starts.
    package indirect enum Document: Sendable {
        case object([(key: String, value: Document, line: Int)])
        case array([Document])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// Parses `text`: the document, or a message that names `file`, the line and the column of the problem.
    package static func document(_ text: String, file: String) -> Result<Document, PackageJSONError> {
        let bytes = Array(text.utf8)
        let locator = JSONLocator(bytes)
        do {
            return .success(convert(try FixtureJSON.parse(bytes), at: .root, locator: locator))
        } catch {
            let position = locator.position(ofOffset: error.offset)
            return .failure(PackageJSONError(description: "\(file):\(position.line):\(position.column): \(error.message)"))
        }
    }

    private static func convert(_ json: JSON, at path: DocumentPath, locator: JSONLocator) -> Document {
        switch json {
        case .object(let members):
            return .object(members.map { member in
                let inner = path.appending(member.key)
                return (member.key, convert(member.value, at: inner, locator: locator), locator.position(of: inner, atKey: true)?.line ?? 1)
            })
        case .array(let items): return .array(items.enumerated().map { convert($1, at: path.appending($0), locator: locator) })
        case .string(let text): return .string(text)
        case .integer(let value): return .number(Double(value))
        case .real(let value): return .number(value)
        case .bool(let value): return .bool(value)
        case .null: return .null
        }
    }
}

/// A JSON document that could not be read: where, and what was expected.
package struct PackageJSONError: Error, CustomStringConvertible {
    package let description: String
}
