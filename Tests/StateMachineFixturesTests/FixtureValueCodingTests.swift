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

    enum Direction: String, Codable, Equatable { case up, down }
    enum Compass: String, Codable, Equatable { case north = "N", south = "S" }
    enum Arrow: Codable, Equatable { case arrow(Direction), heading(Compass) }

    // SPEC.md, R30, rule 3: a field whose type is an enum is a value, a case without fields as a Kotlin enum class
    // constant is; a Swift enum with raw values too, named by its case, not its raw value.
    @Test func anEnumWithRawValuesIsWrittenAsItsCase() throws {
        #expect(try FixtureValueCoding.encode(Arrow.arrow(.up)).description == #"{"arrow":{"_0":{"up":{}}}}"#)
        #expect(try FixtureValueCoding.encode(Arrow.heading(.north)).description == #"{"heading":{"_0":{"north":{}}}}"#)
        #expect(try FixtureValueCoding.encode(Compass.south).description == #"{"south":{}}"#)
    }

    @Test func anEnumWithRawValuesIsReadFromItsCase() throws {
        #expect(try FixtureValueCoding.decode(Arrow.self, from: FixtureValueCoding.field(json: #"{"arrow": {"_0": {"down": {}}}}"#)) == .arrow(.down))
        #expect(try FixtureValueCoding.decode(Arrow.self, from: FixtureValueCoding.field(json: #"{"heading": {"_0": {"south": {}}}}"#)) == .heading(.south))
        #expect(try FixtureValueCoding.decode(Compass.self, from: FixtureValueCoding.field(json: #"{"north": {}}"#)) == .north)
        do {
            _ = try FixtureValueCoding.decode(Arrow.self, from: FixtureValueCoding.field(json: #"{"heading": {"_0": {"east": {}}}}"#))
            Issue.record("a case Compass does not have was read")
        } catch {
            #expect("\(error)".contains(#"no case "east""#), "\(error)")
        }
    }

    @Test func aMalformedDocumentIsALocatedError() {
        do {
            _ = try FixtureValueCoding.field(json: "[1, ]", file: "sequences.json")
            Issue.record("a trailing comma was read")
        } catch {
            #expect(error.description == "sequences.json:1:5: [1]: invalid JSON: expected a value, got ']' (JSON allows no comma before ']')")
        }
    }

    enum Upload: Codable, Equatable {
        case started(id: UUID, at: Date, timeout: Duration)
    }

    // SPEC.md, R30. 1,700,000,000 s after 1970 is 2023-11-14 22:13:20 UTC; 2000-02-29 12:00 is 11,016 days and 12 hours
    // after 1970 (10,957 days to 2000, then 59), 951,825,600 s.
    @Test func instantsAreISO8601TextInUTC() throws {
        #expect(try FixtureValueCoding.encode(Date(timeIntervalSince1970: 1_700_000_000)).description == #""2023-11-14T22:13:20Z""#)
        #expect(try FixtureValueCoding.encode(Date(timeIntervalSince1970: 1_700_000_000.5)).description == #""2023-11-14T22:13:20.5Z""#)
        #expect(try FixtureValueCoding.encode(Date(timeIntervalSince1970: 1_700_000_000.000_25)).description == #""2023-11-14T22:13:20.00025Z""#)
        #expect(try FixtureValueCoding.encode(Date(timeIntervalSince1970: 0)).description == #""1970-01-01T00:00:00Z""#)
        #expect(try FixtureValueCoding.encode(Date(timeIntervalSince1970: -1)).description == #""1969-12-31T23:59:59Z""#)
        #expect(try FixtureValueCoding.encode(Date(timeIntervalSince1970: 951_825_600)).description == #""2000-02-29T12:00:00Z""#)
        #expect(try FixtureValueCoding.decode(Date.self, from: .string("2000-02-29T12:00:00Z")) == Date(timeIntervalSince1970: 951_825_600))
        #expect(try FixtureValueCoding.decode(Date.self, from: .string("2023-11-14T22:13:20.5Z")) == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(try FixtureValueCoding.decode(Date.self, from: .string("2023-11-14T22:13:20.123456789Z"))
            == Date(timeIntervalSince1970: 1_700_000_000.123457))
    }

    @Test func textThatIsNotAnInstantIsRefusedSayingWhatWasExpected() {
        for text in ["yesterday", "2023-02-29T00:00:00Z", "2023-11-14T22:13:20", "2023-11-14 22:13:20Z", "2023-11-14T22:13:20.Z",
                     "2023-11-14T24:00:00Z", "0000-01-01T00:00:00Z"] {
            do {
                _ = try FixtureValueCoding.decode(Date.self, from: .string(text))
                Issue.record("\(text) was read as an instant")
            } catch {
                #expect("\(error)" == #"expected an instant, ISO 8601 in UTC such as "2023-11-14T22:13:20Z", got "# + "\"\(text)\"")
            }
        }
    }

    @Test func durationsAreSecondsWholeAsIntsElseDoubles() throws {
        #expect(try FixtureValueCoding.encode(Duration.seconds(90)).description == "90")
        #expect(try FixtureValueCoding.encode(Duration.milliseconds(1500)).description == "1.5")
        #expect(try FixtureValueCoding.encode(Duration.milliseconds(-250)).description == "-0.25")
        // The double nearest to 2.666666666 s, which 2.0 + 0.666666666 misses by one unit in the last place.
        #expect(try FixtureValueCoding.encode(Duration.nanoseconds(2_666_666_666)).description == "2.666666666")
        #expect(try FixtureValueCoding.encode(Duration.nanoseconds(-2_666_666_666)).description == "-2.666666666")
        #expect(try FixtureValueCoding.encode(Duration.zero).description == "0")
        #expect(try FixtureValueCoding.decode(Duration.self, from: .int(90)) == .seconds(90))
        #expect(try FixtureValueCoding.decode(Duration.self, from: .double(1.5)) == .milliseconds(1500))
        #expect(throws: FixtureValueCoding.DecodingFailure.self) { try FixtureValueCoding.decode(Duration.self, from: .string("PT90S")) }
    }

    @Test func uuidsAreLowerCaseTextAndReadInEitherCase() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try FixtureValueCoding.encode(uuid).description == #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#)
        #expect(try FixtureValueCoding.decode(UUID.self, from: .string("e621e1f8-c36c-495a-93fc-0c247a3e6e5f")) == uuid)
        #expect(try FixtureValueCoding.decode(UUID.self, from: .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")) == uuid)
        #expect(throws: FixtureValueCoding.DecodingFailure.self) { try FixtureValueCoding.decode(UUID.self, from: .string("e621e1f8")) }
    }

    @Test func platformValuesInsideAValueRoundTrip() throws {
        let id = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        let started = Upload.started(id: id, at: Date(timeIntervalSince1970: 1_700_000_000), timeout: .seconds(30))
        let field = try FixtureValueCoding.encode(started)
        #expect(field.description == #"{"started":{"at":"2023-11-14T22:13:20Z","id":"00000000-0000-0000-0000-000000000001","timeout":30}}"#)
        #expect(try FixtureValueCoding.decode(Upload.self, from: field) == started)
    }

    struct Linked: Codable {
        let url: URL
    }

    @Test func urlsHaveNoFixtureForm() {
        #expect(throws: EncodingError.self) { try FixtureValueCoding.encode(Linked(url: URL(string: "https://example.com")!)) }
    }
}
