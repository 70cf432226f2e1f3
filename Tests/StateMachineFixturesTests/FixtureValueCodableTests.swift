@testable import StateMachineFixtures
import Testing

/// Swift's `Codable` payloads of the field types of version 3 (SPEC.md, "Field types of version 3")
/// through the fixture encoder and decoder.
@Suite struct FixtureValueCodableTests {

    enum Card: Codable, Hashable {
        case card(rank: Int, suit: String)
    }

    enum Player: Codable, Equatable {
        case playing(volume: Double, speed: Float, position: Int?, hand: [Card], tags: Set<String>, stock: [String: Int])
        case paused(position: Int?, reason: String?)
        case nested(maybe: Int??)
    }

    @Test func everyFieldTypeOfVersion3EncodesInItsCanonicalForm() throws {
        let value = try FixtureValueEncoder.encode(Player.playing(
            volume: 0.8, speed: 0.1, position: nil, hand: [.card(rank: 10, suit: "hearts"), .card(rank: 2, suit: "spades")],
            tags: ["b", "a", "c"], stock: ["B": 0, "A": 2]
        ))
        #expect(value.description == #"{"playing":{"hand":[{"card":{"rank":10,"suit":"hearts"}},{"card":{"rank":2,"suit":"spades"}}],"position":null,"speed":0.1,"stock":{"$map":[["A",2],["B",0]]},"tags":{"$set":["a","b","c"]},"volume":0.8}}"#)
    }

    @Test func everyFieldTypeOfVersion3RoundTrips() throws {
        let player = Player.playing(volume: -0.0, speed: 1.5, position: 42, hand: [], tags: [], stock: ["A": 1])
        let decoded = try FixtureValueDecoder.decode(Player.self, from: FixtureValueEncoder.encode(player))
        #expect(decoded == player)
        guard case .playing(let volume, _, _, _, _, _) = decoded else { Issue.record("not playing"); return }
        #expect(volume.sign == .minus)
        let paused = Player.paused(position: nil, reason: "user")
        #expect(try FixtureValueDecoder.decode(Player.self, from: FixtureValueEncoder.encode(paused)) == paused)
    }

    @Test func anIntIsReadIntoADoubleFieldAndAMissingOptionalIsNil() throws {
        let value = FixtureValue("playing", fields: [
            "volume": .int(3), "speed": .int(2), "position": .null, "hand": .list([]), "tags": .set([.string("x")]),
            "stock": .map([.init(key: .string("A"), value: .int(1))]),
        ])
        #expect(try FixtureValueDecoder.decode(Player.self, from: value) == .playing(volume: 3.0, speed: 2.0, position: nil, hand: [], tags: ["x"], stock: ["A": 1]))
        #expect(try FixtureValueDecoder.decode(Player.self, from: FixtureValue("paused")) == .paused(position: nil, reason: nil))
    }

    struct Track: Codable, Equatable {
        var title: String
        var lengthMillis: Int?
    }

    enum Media: Codable, Equatable {
        case loaded(track: Track, queue: [Track])
    }

    @Test func aStructIsAValueNamedAfterItsTypeAsTheRecorderNamesADataClass() throws {
        let media = Media.loaded(track: Track(title: "A", lengthMillis: nil), queue: [Track(title: "B", lengthMillis: 3)])
        let value = try FixtureValueEncoder.encode(media)
        #expect(value.description == #"{"loaded":{"queue":[{"track":{"lengthMillis":3,"title":"B"}}],"track":{"track":{"lengthMillis":null,"title":"A"}}}}"#)
        #expect(try FixtureValueDecoder.decode(Media.self, from: value) == media)
    }

    @Test func aNestedOptionalIsRefused() {
        #expect {
            _ = try FixtureValueEncoder.encode(Player.nested(maybe: .some(nil)))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription == "nested optionals (Optional<Optional<T>>) are not representable in a fixture"
        }
    }

    @Test func aNonFiniteDoubleIsRefused() {
        #expect {
            _ = try FixtureValueEncoder.encode(Player.playing(volume: .nan, speed: 1, position: nil, hand: [], tags: [], stock: [:]))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription == "nan is not finite; a fixture double is finite"
        }
    }

    @Test(arguments: [
        (0.1, "0.1"), (3, "3.0"), (-0.0, "-0.0"), (0, "0.0"), (100, "100.0"), (1e-6, "0.000001"), (1.5e-7, "1.5e-7"),
        (1e21, "1.0e21"), (123456789012.5, "123456789012.5"), (1e20, "100000000000000000000.0"), (-2.5e-300, "-2.5e-300"),
        (.leastNonzeroMagnitude, "5.0e-324"), (1.7976931348623157e308, "1.7976931348623157e308"), (0.30000000000000004, "0.30000000000000004"),
    ] as [(Double, String)])
    func aDoubleIsPrintedWithItsShortestDigits(value: Double, text: String) {
        #expect(Canonical.double(value) == text)
    }

    @Test func setsAndMapsAreEqualWhateverTheOrderAndDoublesBySign() {
        #expect(FixtureValue.Field.set([.int(1), .int(2)]) == .set([.int(2), .int(1)]))
        #expect(FixtureValue.Field.map([.init(key: .string("a"), value: .int(1)), .init(key: .string("b"), value: .null)])
            == .map([.init(key: .string("b"), value: .null), .init(key: .string("a"), value: .int(1))]))
        #expect(FixtureValue.Field.list([.int(1), .int(2)]) != .list([.int(2), .int(1)]))
        #expect(FixtureValue.Field.double(-0.0) != .double(0.0))
        #expect(FixtureValue.Field.double(3) != .int(3))
        #expect(FixtureValue("paused", fields: ["position": .null]) != FixtureValue("paused"))
    }
}
