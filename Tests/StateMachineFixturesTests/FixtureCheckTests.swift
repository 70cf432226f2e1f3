import StateMachine
@testable import StateMachineFixtures
import Testing

/// Checking code-defined machines against the shared fixtures.
@Suite struct FixtureCheckTests {

    @Test func theMatterMachineInCodePassesTheMatterFixture() throws {
        let results = try loadFixture("Fixtures/seed-004-matter.json").check(definition: Matter.definition)
        #expect(!results.isEmpty)
        for result in results {
            #expect(result.passed, "\(result.failure?.message ?? result.skipped ?? "")")
        }
    }

    @Test func theTurnstileWithPayloadsInCodePassesTheTinderTurnstileFixture() throws {
        let results = try loadFixture("Fixtures/seed-004-tinder-turnstile.json").check(definition: Turnstile.definition)
        #expect(!results.isEmpty)
        for result in results {
            #expect(result.passed, "\(result.failure?.message ?? result.skipped ?? "")")
        }
    }

    @Test func aWrongMachineFailsWithTheDiffOfItsFirstWrongStep() throws {
        // The fixture melts at step 1; this machine has lost its `melt` handler.
        let broken = StateMachine<Matter.State, Matter.Event, Matter.SideEffect>.Definition {
            Matter.initialState(.solid)
            Matter.state(.solid) {
                Matter.on(.freeze) { Matter.dontTransition() }
            }
        }
        let results = try loadFixture("Fixtures/seed-004-matter.json").check(definition: broken)
        let failure = try #require(results.first?.failure)
        #expect(failure.message == """
            Fixture "seed-004-matter", scenario "\(failure.scenario)", step 1 (event "melt"):
              - result: {"from":"solid","result":"valid","sideEffect":"logMelted","to":"liquid"}
              - call: {"onTransition":{"event":"melt","from":"solid","result":"valid","sideEffect":"logMelted","to":"liquid"}}
              + result: {"from":"solid","result":"invalid"}
              + call: {"onTransition":{"event":"melt","from":"solid","result":"invalid"}}
            (Expected: -, Actual: +)
            """)
    }

    /// Matter with its enter and exit listeners reporting to a recorder; `forgetLiquidExit` leaves
    /// out the liquid state's `onExit`.
    static func recordedMatter(
        _ recorder: FixtureListenerRecorder<Matter.State, Matter.Event>, forgetLiquidExit: Bool = false
    ) -> StateMachine<Matter.State, Matter.Event, Matter.SideEffect>.Definition {
        typealias M = Matter
        return .init {
            M.initialState(.solid)
            M.state(.solid) {
                M.onEnter(recorder.onEnter)
                M.onExit(recorder.onExit)
                M.on(.melt) { M.transition(to: .liquid, emit: .logMelted) }
            }
            M.state(.liquid) {
                M.onEnter(recorder.onEnter)
                M.onExit { state, cause in if !forgetLiquidExit { recorder.onExit(state, cause) } }
                M.on(.freeze) { M.transition(to: .solid, emit: .logFrozen) }
                M.on(.vaporize) { M.transition(to: .gas, emit: .logVaporized) }
            }
            M.state(.gas) {
                M.onEnter(recorder.onEnter)
                M.onExit(recorder.onExit)
                M.on(.condense) { M.transition(to: .liquid, emit: .logCondensed) }
            }
        }
    }

    @Test func enterAndExitCallsAreComparedWhenTheListenersReportToARecorder() throws {
        let recorder = FixtureListenerRecorder<Matter.State, Matter.Event>()
        let results = try loadFixture("Fixtures/seed-004-matter.json").check(definition: Self.recordedMatter(recorder), recorder: recorder)
        #expect(!results.isEmpty)
        for result in results {
            #expect(result.passed, "\(result.failure?.message ?? result.skipped ?? "")")
        }
    }

    @Test func aMissingExitCallIsADifferenceWhenARecorderIsUsed() throws {
        let recorder = FixtureListenerRecorder<Matter.State, Matter.Event>()
        let definition = Self.recordedMatter(recorder, forgetLiquidExit: true)
        let results = try loadFixture("Fixtures/seed-004-matter.json").check(definition: definition, recorder: recorder)
        let failure = try #require(results.first?.failure)
        #expect(failure.step == 2)
        #expect(failure.message == """
            Fixture "seed-004-matter", scenario "\(failure.scenario)", step 2 (event "freeze"):
                result: {"from":"liquid","result":"valid","sideEffect":"logFrozen","to":"solid"}
                call: {"onTransition":{"event":"freeze","from":"liquid","result":"valid","sideEffect":"logFrozen","to":"solid"}}
              - call: {"onExit":{"cause":"freeze","state":"liquid"}}
                call: {"onEnter":{"cause":"freeze","state":"solid"}}
            (Expected: -, Actual: +)
            """)
        // Without the recorder the same machine passes: enter and exit are not compared.
        #expect(try loadFixture("Fixtures/seed-004-matter.json").check(definition: definition).allSatisfy { $0.passed })
    }

    @Test func anEventTheMachineHasNoCaseForIsALocatedError() throws {
        let fixture = try loadFixture("Tests/BrokenFixtures/codable-machines/matter-unknown-event.json")
        #expect(throws: FixtureError(
            file: "Tests/BrokenFixtures/codable-machines/matter-unknown-event.json", line: 97, column: 20,
            path: "scenarios[0].steps[0].event",
            message: "expected a value Event can decode, got \"sublimate\": Event has no case \"sublimate\""
        )) {
            try fixture.check(definition: Matter.definition)
        }
    }

    @Test func aFieldOfTheWrongTypeIsALocatedError() throws {
        let fixture = try loadFixture("Tests/BrokenFixtures/codable-machines/turnstile-coin-of-wrong-type.json")
        #expect(throws: FixtureError(
            file: "Tests/BrokenFixtures/codable-machines/turnstile-coin-of-wrong-type.json", line: 153, column: 20,
            path: "scenarios[0].steps[0].event",
            message: "expected a value Event can decode, got {\"insertCoin\":{\"value\":\"ten\"}}: expected Int, got string \"ten\" at insertCoin.value"
        )) {
            try fixture.check(definition: Turnstile.definition)
        }
    }

    @Test func aHandWrittenMappingWorksForTypesThatAreNotCodable() throws {
        enum Water: StateMachineBuilder {
            enum State: StateMachineHashable, CaseIterable { case solid, liquid, gas }
            enum Event: StateMachineHashable, CaseIterable { case melt, freeze, vaporize, condense }
            typealias SideEffect = String
            static let definition = StateMachine<State, Event, SideEffect>.Definition {
                initialState(.solid)
                state(.solid) { on(.melt) { transition(to: .liquid, emit: "logMelted") } }
                state(.liquid) {
                    on(.freeze) { transition(to: .solid, emit: "logFrozen") }
                    on(.vaporize) { transition(to: .gas, emit: "logVaporized") }
                }
                state(.gas) { on(.condense) { transition(to: .liquid, emit: "logCondensed") } }
            }
        }
        struct Unknown: Error, CustomStringConvertible {
            let description: String
        }
        let mapping = FixtureMapping<Water.State, Water.Event, String>(
            state: { value in
                guard let state = Water.State.allCases.first(where: { "\($0)" == value.caseName }) else { throw Unknown(description: "no state \(value.caseName)") }
                return state
            },
            event: { value in
                guard let event = Water.Event.allCases.first(where: { "\($0)" == value.caseName }) else { throw Unknown(description: "no event \(value.caseName)") }
                return event
            },
            stateValue: { FixtureValue("\($0)") },
            eventValue: { FixtureValue("\($0)") },
            sideEffectValue: { FixtureValue($0) }
        )
        let results = try loadFixture("Fixtures/seed-004-matter.json").check(definition: Water.definition, mapping: mapping)
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.passed })
    }

    @Test func codableValuesRoundTripThroughTheCanonicalForm() throws {
        let broken = Turnstile.State.broken(oldState: .locked(credit: 30))
        let value = try FixtureValueEncoder.encode(broken)
        #expect(value.description == #"{"broken":{"oldState":{"locked":{"credit":30}}}}"#)
        #expect(try FixtureValueDecoder.decode(Turnstile.State.self, from: value) == broken)
        #expect(try FixtureValueEncoder.encode(Turnstile.State.unlocked).description == #""unlocked""#)
    }

    @Test func unlabelledPayloadsAreNamedLikeSwiftsSynthesizedCoding() throws {
        enum Coin: Codable, Equatable { case coin(Int, String) }
        let value = try FixtureValueEncoder.encode(Coin.coin(5, "EUR"))
        #expect(value.description == #"{"coin":{"_0":5,"_1":"EUR"}}"#)
        #expect(try FixtureValueDecoder.decode(Coin.self, from: value) == .coin(5, "EUR"))
    }
}

/// Restore steps (R17) on a code-defined machine: the machine is replaced by one restored in the
/// step's state, with the same definition, and restoring records no call.
@Suite struct FixtureRestoreStepTests {

    static let restoringMatter = """
        {
          "schemaVersion": 1, "name": "matter", "description": "restore steps on the matter machine",
          "rules": ["R17"], "origin": {"kind": "hand-derived"},
          "scenarios": [
            {
              "name": "restored in gas",
              "steps": [
                {"restore": "gas", "calls": []},
                {"event": "condense", "expect": {"result": "valid", "from": "gas", "to": "liquid", "sideEffect": "logCondensed"},
                 "calls": [{"onTransition": {"result": "valid", "from": "gas", "event": "condense", "to": "liquid", "sideEffect": "logCondensed"}}]}
              ],
              "finalState": "liquid"
            }
          ]
        }
        """

    @Test static func codeDefinedMachineIsRestoredInTheStepsState() throws {
        let results = try Fixture(text: restoringMatter, file: "Fixtures/matter.json").check(definition: Matter.definition)
        #expect(results.map(\.passed) == [true])
    }

    @Test static func aRestoreStepExpectingCallsFailsWithTheRestoredState() throws {
        let text = restoringMatter.replacingOccurrences(
            of: #"{"restore": "gas", "calls": []}"#,
            with: #"{"restore": "gas", "calls": [{"onTransition": {"result": "invalid", "from": "gas", "event": "melt"}}]}"#
        )
        let results = try Fixture(text: text, file: "Fixtures/matter.json").check(definition: Matter.definition)
        #expect(results.map { $0.failure?.message } == ["""
            Fixture "matter", scenario "restored in gas", step 1 (restore "gas"):
              - call: {"onTransition":{"event":"melt","from":"gas","result":"invalid"}}
            (Expected: -, Actual: +)
            """])
    }
}
