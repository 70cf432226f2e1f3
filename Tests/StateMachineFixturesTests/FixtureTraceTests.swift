@testable import StateMachineFixtures
import Testing

/// The differential trace protocol (Spec/TRACE.md).
@Suite struct FixtureTraceTests {

    @Test func splitMix64GivesThePublishedTestValuesForSeedZero() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func aTraceLineIsTheNameTheSeedAndCanonicalJSON() throws {
        let fixture = try loadFixture("Fixtures/seed-004-matter.json")
        let lines = fixture.traceLines(sequences: 3, seed: 41)
        #expect(lines.count == 3)
        #expect(lines.map { $0.split(separator: " ", maxSplits: 2).prefix(2).joined(separator: " ") }
            == ["seed-004-matter 41", "seed-004-matter 42", "seed-004-matter 43"])
        for line in lines {
            #expect(!line.contains("\n") && line.split(separator: " ").count == 3)
            #expect(line.split(separator: " ")[2].hasPrefix("{\"final\":"))
        }
    }

    @Test func theFirstSequenceOfSeedZeroFollowsTheGenerator() throws {
        // Seed 0: start = starts[0xE220A8397B1DCDAF mod 3], length = 1 + (0x6E789E6AA1B965F4 mod 16),
        // initialState first, then the scenarios' starts in file order: solid, gas, liquid.
        let fixture = try loadFixture("Fixtures/seed-004-matter.json")
        let line = try #require(fixture.traceLines(sequences: 1, seed: 0).first)
        let starts = ["solid", "gas", "liquid"]
        let start = starts[Int(0xE220_A839_7B1D_CDAF as UInt64 % 3)]
        #expect(line.contains("\"start\":\"\(start)\""))
        let length = 1 + Int(0x6E78_9E6A_A1B9_65F4 as UInt64 % 16)
        #expect(line.components(separatedByEvent: ()) == length)
    }

    @Test func canonicalStringsEscapeExactlyAsTheProtocolSays() {
        #expect(Canonical.string("a\"b\\c\n\t\r\u{08}\u{0C}\u{01}é") == #""a\"b\\c\n\t\r\b\f\u0001é""#)
    }

    @Test func valuesPrintInCanonicalFormWithSortedFields() {
        let value = FixtureValue("broken", fields: ["z": .bool(true), "oldState": .value(FixtureValue("unlocked")), "a": .string("x")])
        #expect(value.description == #"{"broken":{"a":"x","oldState":{"unlocked":{}},"z":true}}"#)
        #expect(FixtureValue("solid") == FixtureValue("solid", fields: [:]))
    }
}

private extension String {
    /// The number of steps in a trace line: each step object has one `"expect":` key.
    func components(separatedByEvent: Void) -> Int {
        split(separator: "\"expect\":", omittingEmptySubsequences: false).count - 1
    }
}
