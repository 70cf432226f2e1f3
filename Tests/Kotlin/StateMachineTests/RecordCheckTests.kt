package com.statemachine.spec.tests

import com.statemachine.spec.fixtures.Canonical
import com.statemachine.spec.fixtures.CodeMachine
import com.statemachine.spec.fixtures.FixtureChecker
import com.statemachine.spec.fixtures.FixtureReader
import com.statemachine.spec.fixtures.FixtureRecorder
import com.statemachine.spec.fixtures.FormatError
import com.statemachine.spec.fixtures.Sequences
import com.statemachine.spec.fixtures.Value
import com.statemachine.spec.fixtures.ValueMappingError
import com.statemachine.spec.fixtures.Values
import com.statemachine.spec.fixtures.parseJson
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import com.statemachine.spec.tests.android.Event
import com.statemachine.spec.tests.android.SideEffect
import com.statemachine.spec.tests.android.State
import com.statemachine.spec.tests.android.MatterRecording
import com.statemachine.spec.tests.android.TurnstileFixtures
import com.statemachine.spec.tests.android.TurnstileRecording
import com.statemachine.spec.tests.android.TurnstileStateMachine
import java.io.File

// FixtureRecorder and FixtureChecker on the Android-style turnstile (android/TurnstileStateMachine.kt).
// The unit tests run from the repository root (scripts/kotlin-test).

private val seed001 = File("Fixtures/seed-001-turnstile-with-credit.json")

/** The turnstile without its logger: only onTransition calls are observed. */
private val turnstileWithoutLogger = CodeMachine.of("TurnstileStateMachine without logger") { TurnstileStateMachine().stateMachine }

private fun sameJson(actual: String, expected: String, what: String) =
    expectEqual(Canonical.of(parseJson(actual)), Canonical.of(parseJson(expected)), what)

fun valueMappingTests() = group("sealed classes as fixture values") {
    test("an object is a case without fields, named by its class with a lower-case first letter") {
        expectEqual(Values.toValue(State.Unlocked).toString(), "\"unlocked\"", "Unlocked")
        expectEqual(Values.toValue(Event.MachineRepairDidComplete).toString(), "\"machineRepairDidComplete\"", "MachineRepairDidComplete")
    }
    test("a data class is a case whose fields are its constructor's properties, values nested") {
        expectEqual(Values.toValue(State.Locked(credit = 30)).toString(), """{"locked":{"credit":30}}""", "Locked(30)")
        expectEqual(
            Values.toValue(State.Broken(State.Broken(State.Unlocked))).toString(),
            """{"broken":{"oldState":{"broken":{"oldState":{"unlocked":{}}}}}}""",
            "Broken(Broken(Unlocked))"
        )
    }
    test("a fixture value becomes the sealed subclass of that name, built with its constructor") {
        val value = Value.parse(parseJson("""{"broken": {"oldState": {"locked": {"credit": 15}}}}"""))
        expectEqual(Values.fromValue(value, State::class, "state"), State.Broken(State.Locked(15)), "broken")
        expectEqual(Values.fromValue(Value("openDoors"), SideEffect::class, "sideEffect"), SideEffect.OpenDoors, "openDoors")
    }
    test("an unknown case, a missing field and an out-of-range integer are errors that say so") {
        val unknown = expectThrows<ValueMappingError> { Values.fromValue(Value("kick"), Event::class, "event") }
        expectEqual(unknown.message, "event: Event has no case \"kick\" (its cases: admitPerson, insertCoin, machineDidFail, machineRepairDidComplete)", "unknown case")
        val missing = expectThrows<ValueMappingError> { Values.fromValue(Value("insertCoin"), Event::class, "event") }
        expectEqual(missing.message, "event: insertCoin needs the field value", "missing field")
        val tooBig = expectThrows<ValueMappingError> {
            Values.fromValue(Value.parse(parseJson("""{"insertCoin": {"value": 3000000000}}""")), Event::class, "event")
        }
        expectEqual(tooBig.message, "event.value: 3000000000 is out of the range of Int", "range")
    }
}

fun checkerTests() = group("checking a code-defined machine") {
    test("the Android turnstile passes the seed 001 fixture, onEnter and onExit included") {
        expectEqual(FixtureChecker.check(TurnstileFixtures, seed001).text, "7 passed, 0 failed\n", "report")
    }
    test("a restore step restores the code-defined machine in the step's state, running no listener (R17)") {
        val fixture = FixtureReader.read("restoring.json", """
            {"schemaVersion": 1, "name": "restoring", "description": "restore steps", "rules": ["R17"],
             "origin": {"kind": "hand-derived"},
             "scenarios": [{"name": "restored with credit 30", "steps": [
               {"restore": {"locked": {"credit": 30}}, "calls": []},
               {"event": {"insertCoin": {"value": 20}},
                "expect": {"result": "valid", "from": {"locked": {"credit": 30}}, "to": "unlocked", "sideEffect": "openDoors"},
                "calls": [
                  {"onTransition": {"result": "valid", "from": {"locked": {"credit": 30}}, "event": {"insertCoin": {"value": 20}}, "to": "unlocked", "sideEffect": "openDoors"}},
                  {"onExit": {"state": {"locked": {"credit": 30}}, "cause": {"insertCoin": {"value": 20}}}},
                  {"onEnter": {"state": "unlocked", "cause": {"insertCoin": {"value": 20}}}}
                ]}
             ], "finalState": "unlocked"}]}
        """.trimIndent())
        expectEqual(FixtureChecker.check(TurnstileFixtures, fixture).text, "1 passed, 0 failed\n", "report")
    }
    test("without its logger, the turnstile passes the seed 001 fixture on onTransition calls") {
        expectEqual(FixtureChecker.check(turnstileWithoutLogger, seed001).text, "7 passed, 0 failed\n", "report")
    }
    test("a machine with another fare fails at the step that differs, with a diff of results and calls") {
        val fare60 = CodeMachine.reporting<State, Event, SideEffect>("fare 60") { calls ->
            TurnstileStateMachine(fare = 60, logger = object : com.statemachine.spec.tests.android.TurnstileLogger {
                override fun entered(state: State, cause: Event) = calls.onEnter(state, cause)
                override fun exited(state: State, cause: Event) = calls.onExit(state, cause)
            }).stateMachine
        }
        // Scenario 1, step 2: credit 20 + 30 = 50 is below 60, so the turnstile stays locked with credit 50
        // and emits nothing. The other scenarios do not depend on the fare (45 + 25 = 70 still unlocks).
        expectEqual(
            FixtureChecker.check(fare60, seed001).text,
            """
            FAIL seed-001-turnstile-with-credit.json › two coins pay the fare exactly, then a person passes › step 2
                event: {"insertCoin":{"value":30}}
                - result: {"from":{"locked":{"credit":20}},"result":"valid","sideEffect":"openDoors","to":"unlocked"}
                - call: {"onTransition":{"event":{"insertCoin":{"value":30}},"from":{"locked":{"credit":20}},"result":"valid","sideEffect":"openDoors","to":"unlocked"}}
                + result: {"from":{"locked":{"credit":20}},"result":"valid","sideEffect":null,"to":{"locked":{"credit":50}}}
                + call: {"onTransition":{"event":{"insertCoin":{"value":30}},"from":{"locked":{"credit":20}},"result":"valid","sideEffect":null,"to":{"locked":{"credit":50}}}}
                  call: {"onExit":{"cause":{"insertCoin":{"value":30}},"state":{"locked":{"credit":20}}}}
                - call: {"onEnter":{"cause":{"insertCoin":{"value":30}},"state":"unlocked"}}
                + call: {"onEnter":{"cause":{"insertCoin":{"value":30}},"state":{"locked":{"credit":50}}}}
                (Expected: -, Actual: +)
            6 passed, 1 failed

            """.trimIndent(),
            "report"
        )
    }
}

fun recorderTests() = group("recording a fixture") {
    val scenarios = listOf<FixtureRecorder.Scenario<State, Event>>(
        FixtureRecorder.Scenario("pay and pass", listOf(Event.InsertCoin(50), Event.AdmitPerson)),
        FixtureRecorder.Scenario("a broken turnstile ignores coins", listOf(Event.InsertCoin(10)), start = State.Broken(State.Unlocked))
    )
    test("recording runs the events and writes the results, the calls and the final state") {
        val text = FixtureRecorder.record(TurnstileFixtures, "turnstile-recorded", "The Android turnstile.", listOf("R7", "R9"), scenarios)
        sameJson(
            text,
            """
            {
              "schemaVersion": 1,
              "name": "turnstile-recorded",
              "description": "The Android turnstile.",
              "rules": ["R7", "R9"],
              "origin": {"kind": "recorded", "from": "${TurnstileFixtures.name}", "runtime": "kotlin"},
              "scenarios": [
                {
                  "name": "pay and pass",
                  "steps": [
                    {
                      "event": {"insertCoin": {"value": 50}},
                      "expect": {"result": "valid", "from": {"locked": {"credit": 0}}, "to": "unlocked", "sideEffect": "openDoors"},
                      "calls": [
                        {"onTransition": {"result": "valid", "from": {"locked": {"credit": 0}}, "event": {"insertCoin": {"value": 50}}, "to": "unlocked", "sideEffect": "openDoors"}},
                        {"onExit": {"state": {"locked": {"credit": 0}}, "cause": {"insertCoin": {"value": 50}}}},
                        {"onEnter": {"state": "unlocked", "cause": {"insertCoin": {"value": 50}}}}
                      ]
                    },
                    {
                      "event": "admitPerson",
                      "expect": {"result": "valid", "from": "unlocked", "to": {"locked": {"credit": 0}}, "sideEffect": "closeDoors"},
                      "calls": [
                        {"onTransition": {"result": "valid", "from": "unlocked", "event": "admitPerson", "to": {"locked": {"credit": 0}}, "sideEffect": "closeDoors"}},
                        {"onExit": {"state": "unlocked", "cause": "admitPerson"}},
                        {"onEnter": {"state": {"locked": {"credit": 0}}, "cause": "admitPerson"}}
                      ]
                    }
                  ],
                  "finalState": {"locked": {"credit": 0}}
                },
                {
                  "name": "a broken turnstile ignores coins",
                  "start": {"broken": {"oldState": {"unlocked": {}}}},
                  "steps": [
                    {
                      "event": {"insertCoin": {"value": 10}},
                      "expect": {"result": "invalid", "from": {"broken": {"oldState": {"unlocked": {}}}}},
                      "calls": [
                        {"onTransition": {"result": "invalid", "from": {"broken": {"oldState": {"unlocked": {}}}}, "event": {"insertCoin": {"value": 10}}}}
                      ]
                    }
                  ],
                  "finalState": {"broken": {"oldState": {"unlocked": {}}}}
                }
              ]
            }
            """,
            "recorded fixture"
        )
    }
    test("without observed onEnter / onExit, the recording lists onTransition calls and says so") {
        val text = FixtureRecorder.record(turnstileWithoutLogger, "plain", "Plain.", listOf("R9"), scenarios.drop(1))
        val root = parseJson(text) as com.statemachine.spec.fixtures.J.Obj
        expectEqual(
            Canonical.of(root.members["description"]!!),
            "\"Plain. The machine's onEnter/onExit listeners were not observed: calls list onTransition only.\"",
            "description"
        )
        expectEqual(Canonical.of(root.members["origin"]!!), """{"from":"TurnstileStateMachine without logger","kind":"recorded","runtime":"kotlin"}""", "origin")
    }
    test("a recorded fixture checks against the machine it was recorded from, and not against an altered one") {
        val text = FixtureRecorder.record(TurnstileFixtures, "turnstile-recorded", "The Android turnstile.", listOf("R7"), scenarios)
        val fixture = FixtureReader.read("turnstile-recorded.json", text)
        expectEqual(FixtureChecker.check(TurnstileFixtures, fixture).text, "2 passed, 0 failed\n", "same machine")
        val fare60 = CodeMachine.of("fare 60") { TurnstileStateMachine(fare = 60).stateMachine }
        expectEqual(FixtureChecker.check(fare60, fixture).failed, 1, "failed scenarios with fare 60")
    }
    test("the fixtures the Swift recorder recorded (Tests/Recordings/swift) pass on the Kotlin machines") {
        expectEqual(FixtureChecker.check(TurnstileRecording, File("Tests/Recordings/swift/turnstile-recorded.json")).text, "3 passed, 0 failed\n", "turnstile")
        expectEqual(FixtureChecker.check(MatterRecording, File("Tests/Recordings/swift/matter-recorded.json")).text, "3 passed, 0 failed\n", "matter")
        // 1 listed scenario, then 4 + 16 exhaustive and 4 random generated ones (Spec/FIXTURES.md, "Generated scenarios")
        expectEqual(FixtureChecker.check(MatterRecording, File("Tests/Recordings/swift/matter-generated-recorded.json")).text, "25 passed, 0 failed\n", "matter-generated")
        val origin = (parseJson(File("Tests/Recordings/swift/matter-recorded.json").readText()) as com.statemachine.spec.fixtures.J.Obj).members["origin"]!!
        expectEqual(Canonical.of(origin), """{"from":"matter (seed 004)","kind":"recorded","runtime":"swift"}""", "origin")
    }
    test("generated sequences are the exhaustive ones, then java.util.Random's (by hand and from jshell)") {
        // java.util.Random(1): 1 + nextInt(3) events, each nextInt(2), twice, printed by jshell: [0], [0, 0]
        expectEqual(Sequences(listOf(listOf("a"), listOf("b")), 2, 2, 3, 1).all(),
            listOf(listOf("a"), listOf("b"), listOf("a", "a"), listOf("a", "b"), listOf("b", "a"), listOf("b", "b"), listOf("a"), listOf("a", "a")),
            "sequences")
    }
    test("a malformed generate object is an error at its file, line and column (positions counted by hand)") {
        fun recordError(generate: String): String {
            val scenarios = File.createTempFile("bad", ".scenarios.json")
            try {
                scenarios.writeText("{\"description\": \"D.\", \"rules\": [\"R7\"],\n \"generate\": $generate}\n")
                val out = File(scenarios.parentFile, "bad.json")
                return expectThrows<FormatError> { FixtureRecorder.record(MatterRecording, scenarios, out) }.toString()
                    .replace(scenarios.path, "FILE")
            } finally {
                scenarios.delete()
            }
        }
        expectEqual(recordError("""{"events": ["melt"], "depth": "two"}"""),
            "FILE:2:44: generate.depth: expected an integer, got string", "a depth that is a string")
        expectEqual(recordError("""{"events": ["melt"], "lenght": 3}"""),
            "FILE:2:35: generate.lenght: unknown key \"lenght\"", "a misspelt key, at the key")
        expectEqual(recordError("""{"events": ["melt", "sublimate"]}"""),
            "FILE:2:34: generate.events[1]: event: MatterEvent has no case \"sublimate\" (its cases: condense, freeze, melt, vaporize)",
            "an event the machine does not have")
        expectEqual(recordError("""{"events": ["melt"], "length": 0}"""),
            "FILE:2:45: generate.length: expected an integer from 1 to 2147483647, got 0", "a length below 1")
    }
    test("a malformed fixture is an error at its file, line and column, a duplicate key at its second place") {
        val fixture = File.createTempFile("dup", ".json")
        try {
            fixture.writeText("{\"schemaVersion\": 1, \"name\": \"${fixture.name.removeSuffix(".json")}\",\n  \"scenarios\": [], \"name\": \"x\"}\n")
            val error = expectThrows<FormatError> { FixtureReader.read(fixture) }
            expectEqual(error.toString().replace(fixture.path, "FILE"), "FILE:2:20: name: duplicate key \"name\"", "duplicate key")
        } finally {
            fixture.delete()
        }
    }
    test("two scenarios of one name are refused") {
        val twice = expectThrows<IllegalArgumentException> {
            FixtureRecorder.record(TurnstileFixtures, "t", "T.", listOf("R7"), listOf(scenarios[0], scenarios[0]))
        }
        expectEqual(twice.message, "scenario \"pay and pass\" is named twice: scenario names are unique in a fixture", "message")
    }
}
