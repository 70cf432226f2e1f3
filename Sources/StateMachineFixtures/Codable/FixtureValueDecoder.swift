@_spi(Tooling) import StateMachine

/// Turns a ``FixtureValue`` into a `Codable` enum value through its synthesized `Decodable`
/// conformance, presenting the value in the shape that conformance reads:
/// `{"locked": {"credit": 30}}`, `{"unlocked": {}}`. Lists and sets decode into arrays and sets,
/// maps into dictionaries, `null` into `nil`, doubles (and ints a double holds exactly) into
/// `Double` and `Float` (SPEC.md, "Field types of version 3").
enum FixtureValueDecoder {

    /// Decodes `T` from `node`, building dictionaries from a map field first.
    static func decodeAny<T: Decodable>(_ type: T.Type, _ node: Node, codingPath: [any CodingKey], state: State) throws -> T {
        if T.self == FixtureOpaqueValue.self {
            switch node {
            case .value(let value), .fields(let value): return FixtureOpaqueValue(.value(value)) as! T
            case .field(let field): return FixtureOpaqueValue(field) as! T
            }
        }
        if let kind = FixturePlatformValues.kind(of: T.self) {
            return try FixturePlatformValues.decode(T.self, kind: kind, node, codingPath: codingPath, state: state)
        }
        if let map = T.self as? any FixtureDecodableMap.Type {
            guard case .field(.map(let entries)) = node else {
                throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "expected a map, got \(node.kind)"))
            }
            let decoders = entries.map { entry -> (key: any Decoder, value: any Decoder) in
                (ValueDecoder(node: .field(entry.key), codingPath: codingPath, state: state), ValueDecoder(node: .field(entry.value), codingPath: codingPath, state: state))
            }
            return try map.fixtureDecode(decoders) as! T
        }
        // A Swift enum with raw values is read from its case, `{"up": {}}`, the form the encoder writes (its raw value,
        // `"up"`, is read by its own conformance).
        if T.self is any RawRepresentable.Type, let value = node.caseWithoutFields {
            if let found = enumCase(named: value.caseName, of: T.self) { return found }
            if state.unknownCase == nil {
                let path = codingPath.map(\.stringValue)
                state.unknownCase = (value.caseName, path.isEmpty ? "" : " (at \(path.joined(separator: ".")))")
            }
        }
        return try T(from: ValueDecoder(node: node, codingPath: codingPath, state: state))
    }

    /// Why a value could not be decoded, in words for a fixture error.
    struct Failure: Error {
        let reason: String
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: FixtureValue) throws(Failure) -> T {
        try decode(T.self, from: .value(value))
    }

    /// Decodes `T` from a field: a value, or an int, string, list, set or map.
    static func decode<T: Decodable>(_ type: T.Type, from field: FixtureValue.Field) throws(Failure) -> T {
        let state = State()
        let node: Node = if case .value(let value) = field { .value(value) } else { .field(field) }
        do {
            return try decodeAny(T.self, node, codingPath: [], state: state)
        } catch let error as DecodingError {
            throw Failure(reason: state.unknownCase.map { "\(T.self) has no case \(Canonical.string($0.name))" + $0.where } ?? describe(error))
        } catch {
            throw Failure(reason: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            let names = path.map(\.stringValue)
            return names.count > 1 ? " at \(names.joined(separator: "."))" : ""
        }
        switch error {
        case let .keyNotFound(key, context):
            return "missing field \(Canonical.string(key.stringValue))\(at(context.codingPath))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            return context.debugDescription + at(context.codingPath)
        @unknown default:
            return "\(error)"
        }
    }

    /// Shared by the containers of one decoding: the first case name the type did not know.
    final class State {
        var unknownCase: (name: String, where: String)?
    }

    /// A node of the value as the synthesized conformance sees it.
    enum Node {
        case value(FixtureValue)       // {"case": {fields}}
        case fields(FixtureValue)      // {fields}
        case field(FixtureValue.Field)

        var kind: String {
            switch self {
            case .value(let value), .fields(let value): "\(value)"
            case .field(let field): "\(field.typeName) \(field)"
            }
        }

        /// The value a case without fields is, `{"up": {}}`; nil for anything else.
        var caseWithoutFields: FixtureValue? {
            switch self {
            case .value(let value) where value.fields.isEmpty, .field(.value(let value)) where value.fields.isEmpty: value
            default: nil
            }
        }
    }

    struct ValueDecoder: Decoder {
        let node: Node
        let codingPath: [any CodingKey]
        let state: State
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            switch node {
            case .value(let value):
                // A struct (a Kotlin data class) reads its fields directly: `{"card": {"rank": 10}}` has the keys
                // `card` (for an enum) and `rank` (for a struct named Card).
                let readsFields = !value.fields.isEmpty && value.fields.keys.allSatisfy { Key(stringValue: $0) != nil }
                if Key(stringValue: value.caseName) == nil && !readsFields && state.unknownCase == nil {
                    let path = codingPath.map(\.stringValue)
                    state.unknownCase = (value.caseName, path.isEmpty ? "" : " (at \(path.joined(separator: ".")))")
                }
                let entries: [(String, Node)] = [(value.caseName, .fields(value))]
                    + (readsFields && Key(stringValue: value.caseName) == nil ? value.fields.map { ($0.key, Node.field($0.value)) } : [])
                return KeyedDecodingContainer(Keyed<Key>(entries: entries, codingPath: codingPath, state: state))
            case .fields(let value):
                let entries = value.fields.map { ($0.key, Node.field($0.value)) }
                return KeyedDecodingContainer(Keyed<Key>(entries: entries, codingPath: codingPath, state: state))
            case .field(.value(let nested)):
                return try ValueDecoder(node: .value(nested), codingPath: codingPath, state: state).container(keyedBy: type)
            case .field:
                throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected an enum case, got \(node.kind)"))
            }
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            switch node {
            case .field(.list(let items)), .field(.set(let items)):
                return Unkeyed(items: items, codingPath: codingPath, state: state)
            default:
                throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "expected a list or a set, got \(node.kind)"))
            }
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(node: node, codingPath: codingPath, state: state)
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let entries: [(String, Node)]
        let codingPath: [any CodingKey]
        let state: State

        var allKeys: [Key] { entries.compactMap { Key(stringValue: $0.0) } }

        func contains(_ key: Key) -> Bool { entries.contains { $0.0 == key.stringValue } }

        private func node(_ key: Key) throws -> Node {
            guard let entry = entries.first(where: { $0.0 == key.stringValue }) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no field \(key.stringValue)"))
            }
            return entry.1
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .field(.null) = try node(key) { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decodeAny(type, node(key), codingPath: codingPath + [key], state: state)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try ValueDecoder(node: node(key), codingPath: codingPath + [key], state: state).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ValueDecoder(node: node(key), codingPath: codingPath + [key], state: state).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            try ValueDecoder(node: node(Key(stringValue: "super")!), codingPath: codingPath, state: state)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            ValueDecoder(node: try node(key), codingPath: codingPath + [key], state: state)
        }
    }

    struct Single: SingleValueDecodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        let state: State

        func decodeNil() -> Bool {
            if case .field(.null) = node { return true }
            return false
        }

        private func mismatch(_ type: Any.Type) -> DecodingError {
            .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type), got \(node.kind)"))
        }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .field(.bool(let flag)) = node else { throw mismatch(type) }
            return flag
        }

        func decode(_ type: String.Type) throws -> String {
            guard case .field(.string(let text)) = node else { throw mismatch(type) }
            return text
        }

        /// A double, or an int that the double holds exactly (`3` reads as `3.0`).
        func decode(_ type: Double.Type) throws -> Double {
            switch node {
            case .field(.double(let value)): return value
            case .field(.int(let value)):
                guard let exact = Double(exactly: value) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value) is not exactly a Double"))
                }
                return exact
            default: throw mismatch(type)
            }
        }

        func decode(_ type: Float.Type) throws -> Float {
            switch node {
            case .field(.double(let value)): return Float(value)
            case .field(.int(let value)):
                guard let exact = Float(exactly: value) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value) is not exactly a Float"))
                }
                return exact
            default: throw mismatch(type)
            }
        }

        private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
            guard case .field(.int(let value)) = node else { throw mismatch(type) }
            guard let result = I(exactly: value) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value) does not fit in \(type)"))
            }
            return result
        }

        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try decodeAny(type, node, codingPath: codingPath, state: state)
        }
    }

    /// The elements of a list or a set.
    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [FixtureValue.Field]
        let codingPath: [any CodingKey]
        let state: State
        var currentIndex = 0

        init(items: [FixtureValue.Field], codingPath: [any CodingKey], state: State) {
            self.items = items
            self.codingPath = codingPath
            self.state = state
        }

        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private mutating func next() throws -> Node {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "no element \(currentIndex)"))
            }
            defer { currentIndex += 1 }
            return .field(items[currentIndex])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .null = items[currentIndex] else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try decodeAny(type, next(), codingPath: codingPath, state: state)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try ValueDecoder(node: next(), codingPath: codingPath, state: state).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try ValueDecoder(node: next(), codingPath: codingPath, state: state).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            ValueDecoder(node: try next(), codingPath: codingPath, state: state)
        }
    }
}
