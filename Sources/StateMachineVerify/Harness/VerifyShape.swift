@_spi(Tooling) import StateMachine
import StateMachineFixtures

/// The cases of a Swift machine's type and the fields of each, as its `Decodable` conformance reads them, for pairing
/// them with the Kotlin machine's (`statemachine compare`, Spec/VERIFY.md, V10).
///
/// A synthesized `init(from:)` of an enum asks its decoder for a keyed container whose keys are the enum's
/// `CodingKeys` (one case per case of the enum), then for a nested container keyed by the case's own coding keys
/// (one per associated value: its label, or `_0`, `_1` for unlabelled ones). ``read(_:)`` answers those questions
/// with a decoder that records the key types' case names and then stops, once per case. A type with a `Decodable`
/// of its own may ask other questions: its shape is then unknown (nil), and the comparison says so.
enum VerifyShape {
    struct Case: Equatable {
        let name: String
        let fields: [String]
    }

    static func read<T: Decodable>(_ type: T.Type) -> [Case]? {
        let probe = Probe(case: nil)
        _ = try? T(from: probe)
        guard let names = probe.keys else { return nil }
        var cases: [Case] = []
        for name in names {
            let caseProbe = Probe(case: name)
            _ = try? T(from: caseProbe)
            cases.append(Case(name: name, fields: caseProbe.fields ?? []))
        }
        return cases
    }

    /// The shape as JSON, as the Kotlin runner writes its own (`shapes.json`).
    static func json(_ cases: [Case]?) -> String {
        guard let cases else { return "null" }
        return "[" + cases.map { c in
            "{\"case\": \(Canonical.string(c.name)), \"fields\": [\(c.fields.map { Canonical.string($0) }.joined(separator: ", "))]}"
        }.joined(separator: ", ") + "]"
    }

    private struct Stop: Error {}

    private final class Probe: Decoder {
        let probedCase: String?
        var keys: [String]?
        var fields: [String]?
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]

        init(case probedCase: String?) {
            self.probedCase = probedCase
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard keys == nil else { throw Stop() }
            keys = enumCaseNames(of: Key.self).map { names in names.compactMap { Key(stringValue: $0)?.stringValue } }
            return KeyedDecodingContainer(Container<Key>(probe: self, nested: false))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Stop() }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Stop() }

        struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
            let probe: Probe
            let nested: Bool
            var codingPath: [any CodingKey] { [] }

            var allKeys: [Key] {
                guard !nested, let name = probe.probedCase, let key = Key(stringValue: name) else { return [] }
                return [key]
            }

            func contains(_ key: Key) -> Bool { allKeys.contains { $0.stringValue == key.stringValue } }

            func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
                guard !nested else { throw Stop() }
                probe.fields = enumCaseNames(of: NestedKey.self).map { names in names.compactMap { NestedKey(stringValue: $0)?.stringValue } } ?? []
                throw Stop()
            }

            func decodeNil(forKey key: Key) throws -> Bool { throw Stop() }
            func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw Stop() }
            func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Stop() }
            func superDecoder() throws -> any Decoder { throw Stop() }
            func superDecoder(forKey key: Key) throws -> any Decoder { throw Stop() }
        }
    }
}
