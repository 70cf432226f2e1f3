/// Values in the fixture format for tools that drive a machine with them rather than check a fixture file:
/// `statemachine port --verify` sends the same generated events to a Kotlin machine and to its Swift port and
/// compares what each does, written in this format.
///
/// ```swift
/// let field = try FixtureValueCoding.field(json: #"[{"insertCoin": {"value": 30}}, "admitPerson"]"#)
/// guard case .list(let items) = field else { return }
/// let events = try items.map { try FixtureValueCoding.decode(Turnstile.Event.self, from: $0) }
/// print(try FixtureValueCoding.encode(Turnstile.State.locked(credit: 30)))   // {"locked":{"credit":30}}
/// ```
///
/// Values map as ``FixtureMapping/codable`` maps them (SPEC.md, "Field types of version 3").
public enum FixtureValueCoding {

    /// Reads a JSON document (an array or an object) as a field of the fixture format: arrays are lists, objects
    /// are values (`{"locked": {"credit": 30}}`), sets (`{"$set": […]}`) or maps (`{"$map": [[key, value], …]}`),
    /// and a string inside a list may name a case without fields.
    ///
    /// - Throws: ``FixtureError`` with the line, column and path of the problem; `file` names the text in it.
    public static func field(json: String, file: String = "(text)") throws(FixtureError) -> FixtureValue.Field {
        let bytes = Array(json.utf8)
        let locator = JSONLocator(bytes)
        let document: JSON
        do {
            document = try FixtureJSON.parse(bytes)
        } catch {
            let position = locator.position(ofOffset: error.offset)
            throw FixtureError(file: file, line: position.line, column: position.column,
                               path: error.path == .root ? nil : error.path.description, message: error.message)
        }
        do {
            return try FixtureReader(version: 3).readField(Node(json: document, path: .root))
        } catch {
            throw Fixture.locate(error, file: file, locator: locator)
        }
    }

    /// The `T` a field stands for: a `Codable` enum's case from a value (or from a string naming a case without
    /// fields), an `Int`, a `String`, an array from a list, and so on.
    ///
    /// - Throws: an error whose description says what did not match.
    public static func decode<T: Decodable>(_ type: T.Type, from field: FixtureValue.Field) throws -> T {
        if case .string(let name) = field, isName(name), (T.self as? any FixtureCaseDecodable.Type) == nil,
           let value = try? FixtureValueDecoder.decode(T.self, from: FixtureValue(name)) {
            return value
        }
        do {
            return try FixtureValueDecoder.decode(T.self, from: field)
        } catch {
            throw DecodingFailure(description: error.reason)
        }
    }

    /// `value` as a field of the fixture format; its `description` is the canonical JSON both runtimes write.
    ///
    /// - Throws: `EncodingError` when the value has no form in the format (a nested optional, a dictionary with
    ///   keys that are not values of the format).
    public static func encode<T: Encodable>(_ value: T) throws -> FixtureValue.Field {
        try FixtureValueEncoder.field(of: value, codingPath: [])
    }

    /// Why a field could not be decoded.
    public struct DecodingFailure: Error, CustomStringConvertible {
        public let description: String
    }
}

/// Types decoded from a string field as themselves rather than as a case name: `String`.
private protocol FixtureCaseDecodable {}
extension String: FixtureCaseDecodable {}
