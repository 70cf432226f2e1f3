@testable import StateMachineFixtures
import Testing

/// The shared fixtures on the Swift engine, and the text of a failure.
@Suite struct FixtureReplayTests {

    static let fixtureFiles: [String] = (try? StateMachineFixturesTests.fixtureFiles(in: "Fixtures")) ?? []

    @Test func theFixturesFolderIsFound() {
        #expect(Self.fixtureFiles.count >= 25)
    }

    @Test(arguments: fixtureFiles)
    func everyScenarioOfTheFixturePassesOnTheSwiftEngine(file: String) throws {
        let fixture = try loadFixture(file)
        #expect(fixture.hasMachine)
        for result in fixture.replay() {
            #expect(result.failure == nil, "\(result.failure?.message ?? "")")
        }
    }

    static let wrongMatter = """
        {
          "schemaVersion": 1,
          "name": "matter",
          "description": "The matter machine with a wrong expectation in step 2.",
          "rules": ["R7"],
          "origin": {"kind": "hand-derived"},
          "machine": {
            "initialState": "solid",
            "states": [
              {"state": {"case": "solid"}, "on": [{"event": {"case": "melt"}, "do": {"transition": {"value": "liquid"}, "emit": {"value": "logMelted"}}}]},
              {"state": {"case": "liquid"}, "on": [{"event": {"case": "freeze"}, "do": {"transition": {"value": "solid"}, "emit": {"value": "logFrozen"}}}]}
            ]
          },
          "scenarios": [
            {
              "name": "melt then freeze",
              "steps": [
                {"event": "melt", "expect": {"result": "valid", "from": "solid", "to": "liquid", "sideEffect": "logMelted"}, "calls": [
                  {"onTransition": {"result": "valid", "from": "solid", "event": "melt", "to": "liquid", "sideEffect": "logMelted"}},
                  {"onExit": {"state": "solid", "cause": "melt"}},
                  {"onEnter": {"state": "liquid", "cause": "melt"}}
                ]},
                {"event": "freeze", "expect": {"result": "valid", "from": "liquid", "to": "gas", "sideEffect": "logFrozen"}, "calls": [
                  {"onTransition": {"result": "valid", "from": "liquid", "event": "freeze", "to": "gas", "sideEffect": "logFrozen"}},
                  {"onExit": {"state": "liquid", "cause": "freeze"}},
                  {"onEnter": {"state": "solid", "cause": "freeze"}}
                ]}
              ],
              "finalState": "solid"
            },
            {
              "name": "melting ends liquid",
              "steps": [
                {"event": "melt", "expect": {"result": "valid", "from": "solid", "to": "liquid", "sideEffect": "logMelted"}, "calls": [
                  {"onTransition": {"result": "valid", "from": "solid", "event": "melt", "to": "liquid", "sideEffect": "logMelted"}},
                  {"onExit": {"state": "solid", "cause": "melt"}},
                  {"onEnter": {"state": "liquid", "cause": "melt"}}
                ]}
              ],
              "finalState": "gas"
            }
          ]
        }
        """

    @Test func aWrongStepIsReportedWithFixtureScenarioStepDiffAndLegend() throws {
        let results = try Fixture(text: Self.wrongMatter, file: "Fixtures/matter.json").replay()
        #expect(results.map(\.passed) == [false, false])
        let failure = try #require(results[0].failure)
        #expect(failure.fixture == "matter")
        #expect(failure.scenario == "melt then freeze")
        #expect(failure.step == 2)
        #expect(failure.message == """
            Fixture "matter", scenario "melt then freeze", step 2 (event "freeze"):
              - result: {"from":"liquid","result":"valid","sideEffect":"logFrozen","to":"gas"}
              - call: {"onTransition":{"event":"freeze","from":"liquid","result":"valid","sideEffect":"logFrozen","to":"gas"}}
              + result: {"from":"liquid","result":"valid","sideEffect":"logFrozen","to":"solid"}
              + call: {"onTransition":{"event":"freeze","from":"liquid","result":"valid","sideEffect":"logFrozen","to":"solid"}}
                call: {"onExit":{"cause":"freeze","state":"liquid"}}
                call: {"onEnter":{"cause":"freeze","state":"solid"}}
            (Expected: -, Actual: +)
            """)
    }

    @Test func aWrongFinalStateIsReportedAfterTheSteps() throws {
        let results = try Fixture(text: Self.wrongMatter, file: "Fixtures/matter.json").replay()
        let failure = try #require(results[1].failure)
        #expect(failure.step == nil)
        #expect(failure.message == """
            Fixture "matter", scenario "melting ends liquid", final state:
              - finalState: "gas"
              + finalState: "liquid"
            (Expected: -, Actual: +)
            """)
    }
}
