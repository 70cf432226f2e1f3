import Foundation
import StateMachineFixtures
import Testing

/// `FixtureValueCoding`: values in the fixture format for tools (`statemachine port --verify`). Expected texts written
/// from SPEC.md's "Values and names" and "Field types of version 3".
@Suite struct FixtureValueCodingTests {

    enum Door: Codable, Equatable {
        case open
        case locked(code: String, tries: Int)
    }

    @Test func aDocumentIsReadAsFieldsAndDecodedIntoValues() throws {
        let field = try FixtureValueCoding.field(json: #"[{"locked": {"code": "1234", "tries": 2}}, "open", 7, "text"]"#)
        guard case .list(let items) = field else {
            Issue.record("expected a list, got \(field)")
            return
        }
        #expect(try FixtureValueCoding.decode(Door.self, from: items[0]) == .locked(code: "1234", tries: 2))
        #expect(try FixtureValueCoding.decode(Door.self, from: items[1]) == .open)
        #expect(try FixtureValueCoding.decode(Int.self, from: items[2]) == 7)
        #expect(try FixtureValueCoding.decode(String.self, from: items[3]) == "text")
    }

    @Test func valuesAreWrittenAsFixturesWriteThem() throws {
        #expect(try FixtureValueCoding.encode(Door.locked(code: "1234", tries: 2)).description == #"{"locked":{"code":"1234","tries":2}}"#)
        #expect(try FixtureValueCoding.encode(Door.open).description == #"{"open":{}}"#)
        #expect(try FixtureValueCoding.encode("a \"quote\"").description == #""a \"quote\"""#)
        #expect(try FixtureValueCoding.encode([1, 2]).description == "[1,2]")
    }

    @Test func aMalformedDocumentIsALocatedError() {
        do {
            _ = try FixtureValueCoding.field(json: "[1, ]", file: "sequences.json")
            Issue.record("a trailing comma was read")
        } catch {
            #expect(error.description == "sequences.json:1:5: [1]: invalid JSON: expected a value, got ']' (JSON allows no comma before ']')")
        }
    }

    struct Stamped: Codable {
        let at: Date
    }

    @Test func instantsDurationsAndUUIDsHaveNoFixtureForm() {
        #expect(throws: EncodingError.self) { try FixtureValueCoding.encode(Stamped(at: Date(timeIntervalSince1970: 0))) }
        #expect(throws: EncodingError.self) { try FixtureValueCoding.encode(Duration.seconds(1)) }
        #expect(throws: EncodingError.self) { try FixtureValueCoding.encode(UUID()) }
    }
}
