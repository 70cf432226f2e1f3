import StateMachine
@testable import StateMachineFixtures
import StateMachineFixturesTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Swift `FixtureRecorder`, and the recordings of Tests/Recordings: recorded here and by the Kotlin recorder
/// (scripts/test-recorders compares the two byte for byte), each replayed on the other runtime's machine.
@Suite struct RecorderTests {

    /// The turnstile with credit of seed 001 (the Kotlin twin's android/TurnstileStateMachine.kt), its onEnter and
    /// onExit listeners reporting to `listeners`.
    static func turnstile(_ listeners: FixtureListenerRecorder<Turnstile.State, Turnstile.Event>) -> StateMachine<Turnstile.State, Turnstile.Event, Turnstile.SideEffect>.Definition {
        .init {
            Turnstile.initialState(.locked(credit: 0))
            Turnstile.state(.locked) {
                Turnstile.on(.insertCoin) { locked, coin in
                    let credit: Int = try locked.credit() + coin.value()
                    return credit >= 50
                        ? Turnstile.transition(to: .unlocked, emit: .openDoors)
                        : Turnstile.transition(to: .locked(credit: credit))
                }
                Turnstile.on(.admitPerson) { Turnstile.dontTransition(emit: .soundAlarm) }
                Turnstile.on(.machineDidFail) { Turnstile.transition(to: .broken(oldState: $0)) }
                Turnstile.onEnter(listeners.onEnter)
                Turnstile.onExit(listeners.onExit)
            }
            Turnstile.state(.unlocked) {
                Turnstile.on(.admitPerson) { Turnstile.transition(to: .locked(credit: 0), emit: .closeDoors) }
                Turnstile.on(.machineDidFail) { Turnstile.transition(to: .broken(oldState: $0)) }
                Turnstile.onEnter(listeners.onEnter)
                Turnstile.onExit(listeners.onExit)
            }
            Turnstile.state(.broken) {
                Turnstile.on(.machineRepairDidComplete) { Turnstile.transition(to: .locked(credit: 0)) }
                Turnstile.onEnter(listeners.onEnter)
                Turnstile.onExit(listeners.onExit)
            }
        }
    }

    static let recordings = repositoryRoot + "/Tests/Recordings"

    /// Records `name` from Tests/Recordings/<name>.scenarios.json into a temporary file, and into
    /// `$RECORDINGS_OUT/<name>-recorded.json` when that is set (scripts/test-recorders); returns the text.
    static func recordFromScenarios<S, E, F>(_ recorder: FixtureRecorder<S, E, F>, _ name: String) throws -> String {
        let folder = getenv("RECORDINGS_OUT").map { String(cString: $0) } ?? (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
        let out = folder + "/\(name)-recorded.json"
        try recorder.record(scenariosFile: recordings + "/\(name).scenarios.json", to: out)
        return String(decoding: try FileSystem.read(out), as: UTF8.self)
    }

    @Test func aRecordingHoldsTheResultsTheCallsAndTheFinalStates() throws {
        let recorder = FixtureRecorder("matter (seed 004)", definition: Matter.definition)
        let text = try recorder.record(name: "matter-by-hand", description: "Matter.", rules: ["R7", "R9"], scenarios: [
            .init("a solid cannot freeze", events: [.freeze]),
            .init("from gas, condense", events: [.condense], start: .gas),
        ])
        // Derived by hand: freeze has no handler in solid, an invalid transition (R9) that onTransition sees;
        // condense in gas goes to liquid and emits logCondensed (R7, R10). No listener recorder: the description
        // says onEnter/onExit were not observed.
        #expect(text == #"""
            {
              "schemaVersion": 1,
              "name": "matter-by-hand",
              "description": "Matter. The machine's onEnter/onExit listeners were not observed: calls list onTransition only.",
              "rules": ["R7", "R9"],
              "origin": {"kind": "recorded", "from": "matter (seed 004)", "runtime": "swift"},
              "scenarios": [
                {
                  "name": "a solid cannot freeze",
                  "steps": [
                    {
                      "event": "freeze",
                      "expect": {"from":"solid","result":"invalid"},
                      "calls": [
                        {"onTransition":{"event":"freeze","from":"solid","result":"invalid"}}
                      ]
                    }
                  ],
                  "finalState": "solid"
                },
                {
                  "name": "from gas, condense",
                  "start": "gas",
                  "steps": [
                    {
                      "event": "condense",
                      "expect": {"from":"gas","result":"valid","sideEffect":"logCondensed","to":"liquid"},
                      "calls": [
                        {"onTransition":{"event":"condense","from":"gas","result":"valid","sideEffect":"logCondensed","to":"liquid"}}
                      ]
                    }
                  ],
                  "finalState": "liquid"
                }
              ]
            }

            """#)
    }

    @Test func theListenerRecorderAddsOnExitAndOnEnterAfterOnTransition() throws {
        let listeners = FixtureListenerRecorder<Turnstile.State, Turnstile.Event>()
        let recorder = FixtureRecorder("turnstile", definition: Self.turnstile(listeners), listeners: listeners)
        let text = try recorder.record(name: "t", description: "T.", rules: ["R11"], scenarios: [
            .init("pay", events: [.insertCoin(value: 50)], start: .broken(oldState: .unlocked)),
        ])
        // A broken turnstile has no insertCoin handler: invalid, no onExit / onEnter (R9, R11).
        #expect(text.contains(#"""
                  "start": {"broken":{"oldState":{"unlocked":{}}}},
                  "steps": [
                    {
                      "event": {"insertCoin":{"value":50}},
                      "expect": {"from":{"broken":{"oldState":{"unlocked":{}}}},"result":"invalid"},
                      "calls": [
                        {"onTransition":{"event":{"insertCoin":{"value":50}},"from":{"broken":{"oldState":{"unlocked":{}}}},"result":"invalid"}}
                      ]
                    }
                  ],
            """#))
        let paid = try recorder.record(name: "t", description: "T.", rules: ["R11"], scenarios: [.init("pay", events: [.insertCoin(value: 50)])])
        // Locked with no credit + 50 unlocks: onTransition, then onExit of locked, then onEnter of unlocked (R11).
        #expect(paid.contains(#"""
                      "calls": [
                        {"onTransition":{"event":{"insertCoin":{"value":50}},"from":{"locked":{"credit":0}},"result":"valid","sideEffect":"openDoors","to":"unlocked"}},
                        {"onExit":{"cause":{"insertCoin":{"value":50}},"state":{"locked":{"credit":0}}}},
                        {"onEnter":{"cause":{"insertCoin":{"value":50}},"state":"unlocked"}}
                      ]
            """#))
        #expect(!paid.contains("were not observed"))
    }

    @Test func badInputIsAnErrorThatSaysWhatIsWrong() throws {
        let recorder = FixtureRecorder("matter", definition: Matter.definition)
        #expect(throws: FixtureRecordingError(#"scenario "a" is named twice: scenario names are unique in a fixture"#)) {
            try recorder.record(name: "m", description: "M.", rules: ["R7"], scenarios: [.init("a", events: [.melt]), .init("a", events: [.melt])])
        }
        #expect(throws: FixtureRecordingError(#"scenario "a" has no event"#)) {
            try recorder.record(name: "m", description: "M.", rules: ["R7"], scenarios: [.init("a", events: [])])
        }
        #expect(throws: FixtureRecordingError("a fixture names at least one rule it exercises (R1, R2, ...)")) {
            try recorder.record(name: "m", description: "M.", rules: [], scenarios: [.init("a", events: [.melt])])
        }
        let tmp = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let scenarios = tmp + "/sublimate.scenarios.json"
        try FileSystem.write("{\"description\": \"D.\", \"rules\": [\"R7\"],\n \"scenarios\": [{\"name\": \"s\", \"events\": [\"melt\", \"sublimate\"]}]}\n", to: scenarios)
        #expect(throws: FixtureRecordingError(scenarios + #":2:49: scenarios[0].events[1]: expected a value Event can decode, got "sublimate": Event has no case "sublimate""#)) {
            try recorder.record(scenariosFile: scenarios, to: tmp + "/sublimate.json")
        }
    }

    /// A malformed `generate` object is an error at its file, line and column (the columns counted by hand): the
    /// same places the Kotlin recorder names (RecordCheckTests.kt).
    @Test func aMalformedGenerateObjectIsAnErrorAtItsPlace() throws {
        let recorder = FixtureRecorder("matter", definition: Matter.definition)
        let tmp = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let scenarios = tmp + "/generate.scenarios.json"
        func expectError(_ generate: String, _ expected: String) throws {
            try FileSystem.write("{\"description\": \"D.\", \"rules\": [\"R7\"],\n \"generate\": \(generate)}\n", to: scenarios)
            #expect(throws: FixtureRecordingError(scenarios + expected)) {
                try recorder.record(scenariosFile: scenarios, to: tmp + "/generate.json")
            }
        }
        try expectError(#"{"events": ["melt"], "depth": "two"}"#, #":2:44: generate.depth: expected an integer, got string "two""#)
        try expectError(#"{"events": ["melt"], "lenght": 3}"#,
                        #":2:35: generate.lenght: unknown key "lenght" in a generate object (expected "events", "depth", "random", "length", "seed")"#)
        try expectError(#"{"events": ["melt", "sublimate"]}"#,
                        #":2:34: generate.events[1]: expected a value Event can decode, got "sublimate": Event has no case "sublimate""#)
        try expectError(#"{"events": ["melt"], "length": 0}"#, #":2:45: generate.length: expected an integer from 1 to 2147483647, got 0"#)
    }

    /// The generator is java.util.Random's: the expected numbers were printed by `jshell` (java.util.Random(1).nextInt(8),
    /// .nextInt(3), java.util.Random(42).nextInt(5), eight each), not by this code.
    @Test func theGeneratorDrawsWhatJavaUtilRandomDraws() {
        var one = JavaRandom(seed: 1)
        #expect((0..<8).map { _ in one.nextInt(8) } == [5, 0, 3, 3, 1, 0, 2, 5])
        var three = JavaRandom(seed: 1)
        #expect((0..<8).map { _ in three.nextInt(3) } == [0, 1, 1, 0, 2, 1, 2, 1])
        var five = JavaRandom(seed: 42)
        #expect((0..<8).map { _ in five.nextInt(5) } == [0, 3, 3, 4, 0, 0, 0, 3])
    }

    /// Generated scenarios (FIXTURES.md, "Generated scenarios"): the exhaustive ones by hand, the random ones from
    /// `jshell` (java.util.Random(1): 1 + nextInt(3) events, each nextInt(2), twice: [0], [0, 0]).
    @Test func generatedScenariosAreTheExhaustiveThenTheSeededOnes() {
        let scenarios = FixtureRecorder<Matter.State, Matter.Event, Matter.SideEffect>.Scenario
            .generated(from: [.melt, .freeze], depth: 2, random: 2, length: 3, seed: 1)
        #expect(scenarios.map(\.name) == (1...8).map { "generated \($0)" })
        #expect(scenarios.map(\.events) == [
            [.melt], [.freeze], [.melt, .melt], [.melt, .freeze], [.freeze, .melt], [.freeze, .freeze],
            [.melt], [.melt, .melt],
        ])
        #expect(scenarios.allSatisfy { $0.start == nil })
    }

    /// Tests/Recordings/swift holds what this recorder records; scripts/test-recorders checks that the Kotlin
    /// recorder writes the same bytes, and the Kotlin tests replay these files on the Kotlin twin and on Tinder's API.
    @Test func theSwiftRecordingsAreWhatTheSwiftMachinesRecord() throws {
        let listeners = FixtureListenerRecorder<Turnstile.State, Turnstile.Event>()
        let turnstile = try Self.recordFromScenarios(
            FixtureRecorder("turnstile with credit (seed 001)", definition: Self.turnstile(listeners), listeners: listeners), "turnstile")
        #expect(turnstile == String(decoding: try FileSystem.read(Self.recordings + "/swift/turnstile-recorded.json"), as: UTF8.self))
        let matter = try Self.recordFromScenarios(FixtureRecorder("matter (seed 004)", definition: Matter.definition), "matter")
        #expect(matter == String(decoding: try FileSystem.read(Self.recordings + "/swift/matter-recorded.json"), as: UTF8.self))
        let generated = try Self.recordFromScenarios(FixtureRecorder("matter (seed 004)", definition: Matter.definition), "matter-generated")
        #expect(generated == String(decoding: try FileSystem.read(Self.recordings + "/swift/matter-generated-recorded.json"), as: UTF8.self))
    }

    /// The recordings of the Kotlin recorder replay green on the Swift machines.
    @Test func theKotlinRecordingsPassOnTheSwiftMachines() throws {
        let listeners = FixtureListenerRecorder<Turnstile.State, Turnstile.Event>()
        expectMachine(Self.turnstile(listeners), toPass: Self.recordings + "/kotlin/turnstile-recorded.json", recorder: listeners)
        expectMachine(Matter.definition, toPass: Self.recordings + "/kotlin/matter-recorded.json")
        expectMachine(Matter.definition, toPass: Self.recordings + "/kotlin/matter-generated-recorded.json")
        // 1 listed scenario, then 4 + 16 exhaustive ones and 4 random ones (FIXTURES.md, "Generated scenarios")
        #expect(try Fixture(contentsOf: Self.recordings + "/kotlin/matter-generated-recorded.json").scenarioNames
            == ["from gas, condense then melt"] + (1...24).map { "generated \($0)" })
        let fixture = try Fixture(contentsOf: Self.recordings + "/kotlin/turnstile-recorded.json")
        #expect(fixture.scenarioNames.count == 3)
    }
}
