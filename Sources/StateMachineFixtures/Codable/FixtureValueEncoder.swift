@_spi(Tooling) import StateMachine

/// Turns a `Codable` enum value into a ``FixtureValue`` through its synthesized `Encodable`
/// conformance: `.locked(credit: 30)` encodes as `{"locked": {"credit": 30}}`, `.unlocked` as
/// `{"unlocked": {}}`, `.insertCoin(10)` as `{"insertCoin": {"_0": 10}}`. Doubles, optionals
/// (always written, `null` when absent), arrays, sets and dictionaries encode as the field types of
/// version 3 (SPEC.md, "Field types of version 3").
enum FixtureValueEncoder {

    /// The platform types a fixture cannot hold, as `String(reflecting:)` names them (Foundation's value types are
    /// declared in FoundationEssentials on Linux and in newer Apple SDKs).
    static let noFixtureForm: Set<String> = ["Foundation.URL", "FoundationEssentials.URL"]

    static func encode<T: Encodable>(_ value: T) throws -> FixtureValue {
        let box = Box()
        try encodeAny(value, into: box, codingPath: [])
        return try box.fixtureValue(typeName: "\(T.self)", path: [])
    }

    /// Encodes `value` into `box`, recognising sets, dictionaries and nested optionals first.
    static func encodeAny<T: Encodable>(_ value: T, into box: Box, codingPath: [any CodingKey]) throws {
        if let optional = T.self as? any FixtureOptional.Type, optional.wrapsOptional {
            throw nestedOptional(T.self, codingPath)
        }
        if let opaque = value as? FixtureOpaqueValue {
            guard let field = opaque.field else { throw unsupported(T.self, codingPath) }
            box.content = .field(field)
            return
        }
        // Instants, durations and UUIDs have forms of their own (SPEC.md, R30), not their Codable forms (a
        // reference-date double, attosecond pairs, upper-case text).
        if let kind = FixturePlatformValues.kind(of: T.self) {
            box.content = .field(try FixturePlatformValues.field(of: value, kind: kind, codingPath: codingPath))
            return
        }
        let name = String(reflecting: T.self)
        if Self.noFixtureForm.contains(name) {
            throw EncodingError.invalidValue(value, .init(
                codingPath: codingPath,
                debugDescription: "\(name.split(separator: ".").last ?? "") has no form in the fixture format (SPEC.md, Values and names)"
            ))
        }
        if let set = value as? any FixtureEncodableSet {
            var items: [FixtureValue.Field] = []
            for element in set.fixtureElements {
                items.append(try field(of: element, codingPath: codingPath))
            }
            box.content = .field(.set(items))
            return
        }
        if let map = value as? any FixtureEncodableMap {
            var entries: [FixtureValue.Field.MapEntry] = []
            for entry in map.fixtureEntries {
                entries.append(.init(key: try field(of: entry.key, codingPath: codingPath), value: try field(of: entry.value, codingPath: codingPath)))
            }
            box.content = .field(.map(entries))
            return
        }
        // A Swift enum with raw values (`enum Direction: String { case up }`) encodes its raw value; the fixture format
        // writes it as its case, `{"up": {}}`, as it writes a Kotlin `enum class` constant (SPEC.md, R30).
        if value is any RawRepresentable, Mirror(reflecting: value).displayStyle == .enum, let name = enumCaseName(ofValue: value) {
            box.content = .object([(name, Box())])
            return
        }
        try value.encode(to: ValueEncoder(box: box, codingPath: codingPath))
        if case .object = box.content, Mirror(reflecting: value).displayStyle == .struct {
            // A struct with keyed fields (a Kotlin data class outside the sealed hierarchy) is a value named after
            // its type: `Card` is `{"card": {"rank": 10, …}}`. One that encodes a single value (a Kotlin value
            // class, `UserId`) stays that value.
            let fields = Box()
            fields.content = box.content
            box.content = .object([(caseName(of: T.self), fields)])
        }
    }

    /// `Card` → `card`, as the Kotlin recorder names a data class.
    static func caseName(of type: Any.Type) -> String {
        let name = "\(type)".split(separator: ".").last.map(String.init) ?? "\(type)"
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    static func field(of value: any Encodable, codingPath: [any CodingKey]) throws -> FixtureValue.Field {
        let box = Box()
        try encodeAny(value, into: box, codingPath: codingPath)
        return try box.field(typeName: "\(type(of: value))", path: codingPath.map(\.stringValue))
    }

    /// What has been encoded at one place.
    final class Box {
        enum Content {
            case empty
            case object([(String, Box)])
            case array([Box])
            case int(Int64)
            case string(String)
            case bool(Bool)
            case double(Double)
            case null
            case field(FixtureValue.Field)
        }

        var content: Content = .empty

        func child(_ key: String) -> Box {
            if case .object(let members) = content, let existing = members.first(where: { $0.0 == key }) {
                return existing.1
            }
            let box = Box()
            if case .object(var members) = content {
                members.append((key, box))
                content = .object(members)
            } else {
                content = .object([(key, box)])
            }
            return box
        }

        func append() -> Box {
            let box = Box()
            if case .array(var items) = content {
                items.append(box)
                content = .array(items)
            } else {
                content = .array([box])
            }
            return box
        }

        func fixtureValue(typeName: String, path: [String]) throws -> FixtureValue {
            guard case .object(let members) = content, members.count == 1 else {
                throw failure(typeName, path, "expected an enum case (one key holding its fields)")
            }
            let (caseName, body) = members[0]
            var fields: [String: FixtureValue.Field] = [:]
            switch body.content {
            case .empty:
                break
            case .object(let fieldBoxes):
                for (name, box) in fieldBoxes {
                    fields[name] = try box.field(typeName: typeName, path: path + [caseName, name])
                }
            default:
                throw failure(typeName, path + [caseName], "expected the fields of case \(caseName)")
            }
            return FixtureValue(caseName, fields: fields)
        }

        /// The field this box holds.
        func field(typeName: String, path: [String]) throws -> FixtureValue.Field {
            switch content {
            case .int(let value): return .int(value)
            case .string(let text): return .string(text)
            case .bool(let flag): return .bool(flag)
            case .double(let value): return .double(value)
            case .null: return .null
            case .field(let field): return field
            case .array(let items):
                var fields: [FixtureValue.Field] = []
                for (index, item) in items.enumerated() {
                    fields.append(try item.field(typeName: typeName, path: path + ["\(index)"]))
                }
                return .list(fields)
            case .object: return .value(try fixtureValue(typeName: typeName, path: path))
            case .empty: throw failure(typeName, path, "the field encoded nothing")
            }
        }

        private func failure(_ typeName: String, _ path: [String], _ message: String) -> EncodingError {
            EncodingError.invalidValue(typeName, .init(codingPath: [], debugDescription: (path.isEmpty ? "" : path.joined(separator: ".") + ": ") + message))
        }
    }

    struct ValueEncoder: Encoder {
        let box: Box
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .empty = box.content { box.content = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .empty = box.content { box.content = .array([]) }
            return Unkeyed(box: box, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(box: box, codingPath: codingPath)
        }
    }

    static func unsupported(_ type: Any.Type, _ codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(type, .init(
            codingPath: codingPath,
            debugDescription: "fixture values hold integers, doubles, strings, booleans, optionals, arrays, sets, dictionaries and enum cases, not \(type)"
        ))
    }

    static func nestedOptional(_ type: Any.Type, _ codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(type, .init(
            codingPath: codingPath,
            debugDescription: "nested optionals (Optional<Optional<T>>) are not representable in a fixture"
        ))
    }

    static func double(_ value: Double, _ codingPath: [any CodingKey]) throws -> Double {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is not finite; a fixture double is finite"))
        }
        return value
    }

    /// A `Float` as the double of its shortest digits: `0.1` rather than `0.10000000149011612`.
    static func double(_ value: Float, _ codingPath: [any CodingKey]) throws -> Double {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(value) is not finite; a fixture double is finite"))
        }
        return Double(value.description) ?? Double(value)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { box.child(key.stringValue).content = .null }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encodeAny(value, into: box.child(key.stringValue), codingPath: codingPath + [key])
        }

        // An absent optional is written as null (Swift's default leaves the key out).
        private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
            if T.self is any FixtureOptional.Type { throw nestedOptional(T?.self, codingPath + [key]) }
            guard let value else { return try encodeNil(forKey: key) }
            try encode(value, forKey: key)
        }

        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            ValueEncoder(box: box.child("super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key])
        }
    }

    /// An array: a list field.
    struct Unkeyed: UnkeyedEncodingContainer {
        let box: Box
        let codingPath: [any CodingKey]
        var count: Int {
            if case .array(let items) = box.content { return items.count }
            return 0
        }

        private var next: Single { Single(box: box.append(), codingPath: codingPath) }

        mutating func encodeNil() throws { box.append().content = .null }
        mutating func encode<T: Encodable>(_ value: T) throws { try encodeAny(value, into: box.append(), codingPath: codingPath) }
        mutating func encode(_ value: Bool) throws { var single = next; try single.encode(value) }
        mutating func encode(_ value: String) throws { var single = next; try single.encode(value) }
        mutating func encode(_ value: Double) throws { var single = next; try single.encode(value) }
        mutating func encode(_ value: Float) throws { var single = next; try single.encode(value) }
        mutating func encode(_ value: Int) throws { var single = next; try single.encode(value) }
        mutating func encode(_ value: Int64) throws { var single = next; try single.encode(value) }
        mutating func encode(_ value: UInt64) throws { var single = next; try single.encode(value) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            ValueEncoder(box: box.append(), codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            ValueEncoder(box: box.append(), codingPath: codingPath).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { ValueEncoder(box: box.append(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let box: Box
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { box.content = .null }
        mutating func encode(_ value: Bool) throws { box.content = .bool(value) }
        mutating func encode(_ value: String) throws { box.content = .string(value) }
        mutating func encode(_ value: Double) throws { box.content = .double(try FixtureValueEncoder.double(value, codingPath)) }
        mutating func encode(_ value: Float) throws { box.content = .double(try FixtureValueEncoder.double(value, codingPath)) }
        mutating func encode(_ value: Int) throws { box.content = .int(Int64(value)) }
        mutating func encode(_ value: Int8) throws { box.content = .int(Int64(value)) }
        mutating func encode(_ value: Int16) throws { box.content = .int(Int64(value)) }
        mutating func encode(_ value: Int32) throws { box.content = .int(Int64(value)) }
        mutating func encode(_ value: Int64) throws { box.content = .int(value) }
        mutating func encode(_ value: UInt) throws { try encodeUnsigned(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { box.content = .int(Int64(value)) }
        mutating func encode(_ value: UInt16) throws { box.content = .int(Int64(value)) }
        mutating func encode(_ value: UInt32) throws { box.content = .int(Int64(value)) }
        mutating func encode(_ value: UInt64) throws { try encodeUnsigned(value) }

        private mutating func encodeUnsigned(_ value: UInt64) throws {
            guard let signed = Int64(exactly: value) else { throw unsupported(UInt64.self, codingPath) }
            box.content = .int(signed)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try encodeAny(value, into: box, codingPath: codingPath)
        }
    }
}
