/// How the fixture coders recognise the types whose synthesized coding does not say what they are:
/// a `Set` encodes as an array (a fixture set is `{"$set": [...]}`), a `Dictionary` as an object
/// or an array of alternating keys and values (a fixture map is `{"$map": [[key, value], ...]}`),
/// and `Optional<Optional<T>>` cannot be told from `Optional<T>` in JSON.
protocol FixtureEncodableSet {
    var fixtureElements: [any Encodable] { get }
}

protocol FixtureEncodableMap {
    var fixtureEntries: [(key: any Encodable, value: any Encodable)] { get }
}

protocol FixtureDecodableMap {
    static func fixtureDecode(_ entries: [(key: any Decoder, value: any Decoder)]) throws -> Self
}

protocol FixtureOptional {
    static var wrapsOptional: Bool { get }
}

extension Set: FixtureEncodableSet where Element: Encodable {
    var fixtureElements: [any Encodable] { map { $0 } }
}

extension Dictionary: FixtureEncodableMap where Key: Encodable, Value: Encodable {
    var fixtureEntries: [(key: any Encodable, value: any Encodable)] { map { ($0.key, $0.value) } }
}

extension Dictionary: FixtureDecodableMap where Key: Decodable, Value: Decodable {
    static func fixtureDecode(_ entries: [(key: any Decoder, value: any Decoder)]) throws -> Self {
        var result: Self = [:]
        for entry in entries {
            result[try Key(from: entry.key)] = try Value(from: entry.value)
        }
        return result
    }
}

extension Optional: FixtureOptional {
    static var wrapsOptional: Bool { Wrapped.self is any FixtureOptional.Type }
}
