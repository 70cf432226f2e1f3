/// Turns a `Codable` enum value into a ``FixtureValue`` through its synthesized `Encodable`
/// conformance: `.locked(credit: 30)` encodes as `{"locked": {"credit": 30}}`, `.unlocked` as
/// `{"unlocked": {}}`, `.insertCoin(10)` as `{"insertCoin": {"_0": 10}}`.
enum FixtureValueEncoder {

    static func encode<T: Encodable>(_ value: T) throws -> FixtureValue {
        let box = Box()
        try value.encode(to: ValueEncoder(box: box, codingPath: []))
        return try box.fixtureValue(typeName: "\(T.self)", path: [])
    }

    /// What has been encoded at one place.
    final class Box {
        enum Content {
            case empty
            case object([(String, Box)])
            case int(Int64)
            case string(String)
            case bool(Bool)
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
                    switch box.content {
                    case .int(let value): fields[name] = .int(value)
                    case .string(let text): fields[name] = .string(text)
                    case .bool(let flag): fields[name] = .bool(flag)
                    case .object: fields[name] = .value(try box.fixtureValue(typeName: typeName, path: path + [caseName, name]))
                    case .empty: throw failure(typeName, path + [caseName, name], "the field encoded nothing")
                    }
                }
            default:
                throw failure(typeName, path + [caseName], "expected the fields of case \(caseName)")
            }
            return FixtureValue(caseName, fields: fields)
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
            Unkeyed(codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(box: box, codingPath: codingPath)
        }
    }

    static func unsupported(_ type: Any.Type, _ codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(type, .init(
            codingPath: codingPath,
            debugDescription: "fixture values hold integers, strings, booleans and enum cases, not \(type)"
        ))
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { throw unsupported(Optional<Int>.self, codingPath + [key]) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try value.encode(to: ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key]))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder {
            ValueEncoder(box: box.child("super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            ValueEncoder(box: box.child(key.stringValue), codingPath: codingPath + [key])
        }
    }

    /// Arrays are not part of fixture values: every write fails.
    struct Unkeyed: UnkeyedEncodingContainer {
        let codingPath: [any CodingKey]
        var count: Int { 0 }

        mutating func encodeNil() throws { throw unsupported([Int].self, codingPath) }
        mutating func encode<T: Encodable>(_ value: T) throws { throw unsupported([T].self, codingPath) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            ValueEncoder(box: Box(), codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { ValueEncoder(box: Box(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let box: Box
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { throw unsupported(Optional<Int>.self, codingPath) }
        mutating func encode(_ value: Bool) throws { box.content = .bool(value) }
        mutating func encode(_ value: String) throws { box.content = .string(value) }
        mutating func encode(_ value: Double) throws { throw unsupported(Double.self, codingPath) }
        mutating func encode(_ value: Float) throws { throw unsupported(Float.self, codingPath) }
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
            try value.encode(to: ValueEncoder(box: box, codingPath: codingPath))
        }
    }
}
