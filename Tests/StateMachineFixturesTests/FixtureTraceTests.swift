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

    @Test func theAdvancesOfAdvanceStepsAreSymbolsAfterTheEvents() throws {
        // One event (y) and one advance (1000 ms): seed 0 has one start, length 1 + (0x…F4 mod 16)
        // = 5, and its first symbol 0x06C45D188009454F mod 2 = 1, the advance, which fires a's timer.
        let fixture = try Fixture(text: #"""
            {"schemaVersion": 2, "name": "trace-advance", "description": "d", "rules": ["R18"], "origin": {"kind": "hand-derived"},
             "machine": {"initialState": "a", "states": [
               {"state": {"case": "a"}, "after": [{"delay": 1000, "send": "x"}], "on": [{"event": {"case": "x"}, "do": {"transition": {"value": "b"}}}]},
               {"state": {"case": "b"}, "on": []}]},
             "scenarios": [{"name": "one", "steps": [
               {"event": "y", "expect": {"result": "invalid", "from": "a"}, "calls": [{"onTransition": {"result": "invalid", "from": "a", "event": "y"}}]},
               {"advance": 1000, "expect": [{"result": "valid", "from": "a", "to": "b", "sideEffect": null}],
                "calls": [{"onTransition": {"result": "valid", "from": "a", "event": "x", "to": "b", "sideEffect": null}}, {"onExit": {"state": "a", "cause": "x"}}, {"onEnter": {"state": "b", "cause": "x"}}]}
             ], "finalState": "b"}]}
            """#, file: "trace-advance.json")
        let line = try #require(fixture.traceLines(sequences: 1, seed: 0).first)
        #expect(line.hasPrefix(#"trace-advance 0 {"final":"b","start":"a","steps":[{"advance":1000,"calls":[{"onTransition":{"event":"x","from":"a","result":"valid","sideEffect":null,"to":"b"}},{"onExit":{"cause":"x","state":"a"}},{"onEnter":{"cause":"x","state":"b"}}],"expect":[{"from":"a","result":"valid","sideEffect":null,"to":"b"}]},"#))
        #expect(line.components(separatedBy: #"{"advance":"#).count + line.components(separatedBy: #""event":"y","expect""#).count - 2 == 5)
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
