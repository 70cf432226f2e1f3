package com.statemachine.spec.tests

import com.statemachine.spec.fixtures.Canonical
import com.statemachine.spec.fixtures.FixtureReader
import com.statemachine.spec.fixtures.SplitMix64
import com.statemachine.spec.fixtures.Traces
import com.statemachine.spec.fixtures.Value
import com.statemachine.spec.fixtures.compareTraces
import com.statemachine.spec.fixtures.parseJson
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

private fun hex(text: String) = java.lang.Long.parseUnsignedLong(text, 16)

/** A two-state machine: "go" moves a → b emitting "beep", and b → a. Its only event is "go". */
private val pingPong = FixtureReader.read(
    "ping-pong.json",
    """
    {"schemaVersion": 1, "name": "ping-pong", "description": "a and b.", "rules": ["R7"], "origin": {"kind": "hand-derived"},
     "machine": {"initialState": "a", "states": [
       {"state": {"case": "a"}, "on": [{"event": {"case": "go"}, "do": {"transition": {"value": "b"}, "emit": {"value": "beep"}}}]},
       {"state": {"case": "b"}, "on": [{"event": {"case": "go"}, "do": {"transition": {"value": "a"}}}]}
     ]},
     "scenarios": [{"name": "go", "steps": [{"event": "go", "expect": {"result": "valid", "from": "a", "to": "b", "sideEffect": "beep"},
       "calls": [{"onTransition": {"result": "valid", "from": "a", "event": "go", "to": "b", "sideEffect": "beep"}}]}], "finalState": "b"}]}
    """
)

fun traceTests() = group("traces") {
    test("SplitMix64 from seed 0 gives the published test values") {
        val random = SplitMix64(0)
        expectEqual(random.next(), hex("E220A8397B1DCDAF"), "first output")
        expectEqual(random.next(), hex("6E789E6AA1B965F4"), "second output")
        expectEqual(random.next(), hex("06C45D188009454F"), "third output")
    }
    test("below(n) is the unsigned remainder of the next output") {
        // 0xE220A8397B1DCDAF is negative as a signed Long; its last hex digit is F, so mod 16 is 15, mod 2 is 1.
        expectEqual(SplitMix64(0).below(16), 15, "below(16)")
        expectEqual(SplitMix64(0).below(2), 1, "below(2)")
        expectEqual(SplitMix64(0).below(1), 0, "below(1)")
    }
    test("a sequence draws the start, then the length, then the events") {
        val fixture = FixtureReader.read(
            "two-starts.json",
            """
            {"schemaVersion": 1, "name": "two-starts", "description": "d", "rules": ["R1"], "origin": {"kind": "hand-derived"},
             "machine": {"initialState": "a", "states": []},
             "scenarios": [
               {"name": "one", "start": "b", "steps": [{"event": "x", "expect": {"result": "error", "error": "missingDefinition", "state": "b"}, "calls": []}], "finalState": "b"},
               {"name": "two", "start": {"a": {}}, "steps": [{"event": {"y": {}}, "expect": {"result": "error", "error": "missingDefinition", "state": "a"}, "calls": []}], "finalState": "a"}
             ]}
            """
        )
        expectEqual(fixture.starts, listOf(Value("a"), Value("b")), "starts (initialState first, duplicates removed)")
        expectEqual(fixture.alphabet, listOf(Value("x"), Value("y")), "events")
        // Seed 0: start = 0x…AF mod 2 = 1 → "b"; length = 1 + 0x…F4 mod 16 = 5; first event = 0x…4F mod 2 = 1 → "y".
        val sequence = Traces.sequence(fixture, 0)
        expectEqual(sequence.start, Value("b"), "start")
        expectEqual(sequence.symbols.size, 5, "length")
        expectEqual(sequence.symbols[0], Traces.Symbol.Send(Value("y")), "first event")
    }
    test("the advances of advance steps are symbols after the events") {
        val fixture = FixtureReader.read(
            "timer.json",
            """
            {"schemaVersion": 2, "name": "timer", "description": "d", "rules": ["R18"], "origin": {"kind": "hand-derived"},
             "machine": {"initialState": "a", "states": [{"state": {"case": "a"}, "after": [{"delay": 1000, "send": "x"}], "on": [{"event": {"case": "x"}, "do": {"transition": {"value": "b"}}}]}, {"state": {"case": "b"}, "on": []}]},
             "scenarios": [
               {"name": "one", "steps": [
                 {"event": "y", "expect": {"result": "invalid", "from": "a"}, "calls": [{"onTransition": {"result": "invalid", "from": "a", "event": "y"}}]},
                 {"advance": 1000, "expect": [{"result": "valid", "from": "a", "to": "b", "sideEffect": null}], "calls": [{"onTransition": {"result": "valid", "from": "a", "event": "x", "to": "b", "sideEffect": null}}, {"onExit": {"state": "a", "cause": "x"}}, {"onEnter": {"state": "b", "cause": "x"}}]}
               ], "finalState": "b"}
             ]}
            """
        )
        expectEqual(fixture.advances, listOf(1000L), "advances")
        // Seed 0: one start; length = 1 + 0x…F4 mod 16 = 5; first symbol = 0x…4F mod 2 (one event, one advance) = 1 → the advance.
        val sequence = Traces.sequence(fixture, 0)
        expectEqual(sequence.symbols.size, 5, "length")
        expectEqual(sequence.symbols[0], Traces.Symbol.Advance(1000), "first symbol")
        val first = Traces.lines(fixture, 0, 1).single().substringAfter("timer 0 ")
        expectTrue(first.contains(""""steps":[{"advance":1000,"calls":[{"onTransition":{"event":"x","from":"a","result":"valid","sideEffect":null,"to":"b"}}"""), "the fired timer's transition in the first step: ${'$'}first")
    }
    test("a trace line is the name, the seed and the canonical trace JSON") {
        // Seed 0: one start, length 5, one event: a→b, b→a, a→b, b→a, a→b; every definition has the
        // recording onEnter / onExit listeners, so each step calls onTransition, onExit, onEnter.
        val ab = """{"calls":[{"onTransition":{"event":"go","from":"a","result":"valid","sideEffect":"beep","to":"b"}},""" +
            """{"onExit":{"cause":"go","state":"a"}},{"onEnter":{"cause":"go","state":"b"}}],""" +
            """"event":"go","expect":{"from":"a","result":"valid","sideEffect":"beep","to":"b"}}"""
        val ba = """{"calls":[{"onTransition":{"event":"go","from":"b","result":"valid","sideEffect":null,"to":"a"}},""" +
            """{"onExit":{"cause":"go","state":"b"}},{"onEnter":{"cause":"go","state":"a"}}],""" +
            """"event":"go","expect":{"from":"b","result":"valid","sideEffect":null,"to":"a"}}"""
        expectEqual(
            Traces.lines(pingPong, 0, 1),
            listOf("""ping-pong 0 {"final":"b","start":"a","steps":[$ab,$ba,$ab,$ba,$ab]}"""),
            "trace lines"
        )
    }
    test("the seeds of a run are the base seed plus the sequence index, unsigned") {
        val seeds = Traces.lines(pingPong, -1, 2).map { it.split(' ')[1] }
        expectEqual(seeds, listOf("18446744073709551615", "0"), "seeds")
    }
}

fun canonicalJsonTests() = group("canonical JSON") {
    test("strings escape quote, backslash and control characters, and keep every other character") {
        expectEqual(
            Canonical.string("q\"b\\n\n t\t r\r b\b f\u000C \u0001\u001f é€😀 \u007f /"),
            "\"q\\\"b\\\\n\\n t\\t r\\r b\\b f\\f \\u0001\\u001f é€😀 \u007f /\"",
            "escaped string"
        )
    }
    test("object keys are sorted by UTF-16 code units, without whitespace") {
        expectEqual(Canonical.obj("b" to "1", "a" to "2", "B" to "3", "aa" to "4"), """{"B":3,"a":2,"aa":4,"b":1}""", "object")
    }
    test("a parsed document is rewritten canonically") {
        val node = parseJson(""" { "z" : [ 1, true, null, -7 ], "a": {"y": "x", "b": {}} } """)
        expectEqual(Canonical.of(node), """{"a":{"b":{},"y":"x"},"z":[1,true,null,-7]}""", "document")
    }
    test("a case without fields is a bare string, except as a field, where it keeps the long form") {
        expectEqual(Value.parse(parseJson("""{"solid": {}}""")).toString(), "\"solid\"", "top level")
        expectEqual(
            Value.parse(parseJson("""{"broken": {"oldState": "unlocked", "n": 3}}""")).toString(),
            """{"broken":{"n":3,"oldState":"unlocked"}}""",
            "a string field stays a string"
        )
        expectEqual(
            Value.parse(parseJson("""{"broken": {"oldState": {"unlocked": {}}}}""")).toString(),
            """{"broken":{"oldState":{"unlocked":{}}}}""",
            "nested value"
        )
    }
}

fun traceComparisonTests() = group("trace comparison") {
    val one = """m 7 {"final":"b","start":"a","steps":[{"event":"go"}]}"""
    val other = """m 7 {"final":"a","start":"a","steps":[{"event":"go"}]}"""
    test("equal traces pass, machine by machine") {
        expectEqual(compareTraces(listOf(one, "n 0 {}"), listOf(one, "n 0 {}")).text, "ok   m (1 sequences)\nok   n (1 sequences)\n2 passed, 0 failed\n", "report")
    }
    test("the first difference shows the seed, the events and both traces as a diff") {
        val comparison = compareTraces(listOf(one, "n 0 {}"), listOf(other, "n 0 {}"))
        expectEqual(
            comparison.text,
            """
            FAIL m: sequence 1 differs (seed 7)
                events: ["go"]
                  seed: 7
                  start: "a"
                  step 1: {"event":"go"}
                - final: "b"
                + final: "a"
                (Swift: -, Kotlin: +)
            ok   n (1 sequences)
            1 passed, 1 failed

            """.trimIndent(),
            "report"
        )
        expectEqual(comparison.failed, 1, "failed machines")
    }
    test("a machine or a sequence missing on one side is a difference") {
        val comparison = compareTraces(listOf(one), listOf(one, "m 8 {}", "n 0 {}"), "Left", "Right")
        expectEqual(
            comparison.text,
            """
            FAIL m: sequence 2 differs (seed 8); Left printed 1 sequences, Right 2
                - (no sequence)
                + seed: 8
                + trace: {}
                (Left: -, Right: +)
            FAIL n: sequence 1 differs (seed 0); Left printed 0 sequences, Right 1
                - (no sequence)
                + seed: 0
                + trace: {}
                (Left: -, Right: +)
            0 passed, 2 failed

            """.trimIndent(),
            "report"
        )
    }
}
