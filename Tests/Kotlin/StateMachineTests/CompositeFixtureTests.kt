package com.statemachine.spec.tests

import com.statemachine.spec.fixtures.FixtureReader
import com.statemachine.spec.fixtures.FormatError
import com.statemachine.spec.fixtures.Traces
import com.statemachine.spec.fixtures.Value
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// The fixture runner's reading of schemaVersion 2 composite machines: the located composition errors of
// R25, and the traces of composite machines.

/** A version-2 fixture around [machine] with one scenario sending "go" from the initial state "a". */
private fun compositeFixture(machine: String, version: Int = 2, steps: String? = null) = """
    {"schemaVersion": $version, "name": "composite", "description": "d", "rules": ["R19"], "origin": {"kind": "hand-derived"},
     "machine": $machine,
     "scenarios": [{"name": "s", "steps": ${steps ?: """[{"event": "go", "expect": {"result": "invalid", "from": "a"}, "calls": [{"onTransition": {"result": "invalid", "from": "a", "event": "go"}}]}]"""}, "finalState": "a"}]}
"""

private fun readError(text: String): String {
    val error = expectThrows<FormatError> { FixtureReader.read("composite.json", text) }
    return "${error.path}: ${error.message}"
}

private const val GO_TO_B = """{"event": {"case": "go"}, "do": {"transition": {"value": "b"}}}"""

fun compositeFixtureTests() = group("schemaVersion 2 fixtures") {
    test("a version the runner does not know is refused, naming both it reads") {
        expectEqual(
            readError(compositeFixture("""{"initialState": "a", "states": []}""", version = 4)),
            "$.schemaVersion: unsupported schemaVersion 4 (this runtime reads 1, 2 and 3)", "error"
        )
    }
    test("version-2 keys are unknown in a version-1 file") {
        expectEqual(
            readError(compositeFixture("""{"initialState": "a", "states": [], "superstates": []}""", version = 1)),
            "$.machine.superstates: unknown key \"superstates\"", "error"
        )
    }
    test("superstates that overlap without nesting are a located composition error") {
        val machine = """{"initialState": "a", "states": [], "superstates": [
            {"name": "x", "states": ["a", "b"], "on": []}, {"name": "y", "states": ["b", "c"], "on": []}]}"""
        expectEqual(
            readError(compositeFixture(machine)),
            "$.machine.superstates[1].states: superstates \"x\" and \"y\" overlap (b) but neither contains the other (R25)", "error"
        )
    }
    test("superstates with the same cases are a composition error") {
        val machine = """{"initialState": "a", "states": [], "superstates": [
            {"name": "x", "states": ["a", "b"], "on": []}, {"name": "y", "states": ["b", "a"], "on": []}]}"""
        expectEqual(
            readError(compositeFixture(machine)),
            "$.machine.superstates[1].states: superstates \"x\" and \"y\" have the same cases (R25)", "error"
        )
    }
    test("a child-holding definition with a where is a composition error") {
        val machine = """{"initialState": "a", "states": [
            {"state": {"case": "p", "where": true}, "on": [], "child": {"field": "_0", "machine": {"states": [{"state": {"case": "c"}, "on": [$GO_TO_B]}]}, "events": {"go": "go"}}}]}"""
        expectEqual(
            readError(compositeFixture(machine)),
            "$.machine.states[0].state: a definition with a child matches a case without \"where\" ({\"case\": p}) (R25)", "error"
        )
    }
    test("another definition of a child-holding case is a composition error") {
        val machine = """{"initialState": "a", "states": [
            {"state": {"case": "p"}, "on": [], "child": {"field": "_0", "machine": {"states": [{"state": {"case": "c"}, "on": [$GO_TO_B]}]}, "events": {"go": "go"}}},
            {"state": {"eq": {"p": {"_0": {"c": {}}}}}, "on": []}]}"""
        expectEqual(
            readError(compositeFixture(machine)),
            "$.machine.states[1].state: another definition can match case \"p\", which holds a child machine (R25)", "error"
        )
    }
    test("an event mapped to a case no handler of the child matches is a composition error") {
        val machine = """{"initialState": "a", "states": [
            {"state": {"case": "p"}, "on": [], "child": {"field": "_0", "machine": {"states": [{"state": {"case": "c"}, "on": [$GO_TO_B]}]}, "events": {"go": "stop"}}}]}"""
        expectEqual(
            readError(compositeFixture(machine)),
            "$.machine.states[0].child.events.go: event \"go\" is mapped to \"stop\", which no handler of the child machine matches (R25)", "error"
        )
    }
    test("a child's timer whose event no parent case maps to is a located error at its send") {
        val machine = """{"initialState": {"p": {"_0": "c"}}, "states": [
            {"state": {"case": "p"}, "on": [], "child": {"field": "_0", "machine": {"states": [
                {"state": {"case": "c"}, "on": [$GO_TO_B], "after": [{"delay": 5, "send": "tick"}]}]}, "events": {"go": "go"}}}]}"""
        expectEqual(
            readError(compositeFixture(machine)),
            "$.machine.states[0].child.machine.states[0].after[0].send: the child's timer sends \"tick\", which no parent event maps to in \"events\", so no parent event stands for it and the timer could not be sent (R28, R25); map a parent case to \"tick\"",
            "error"
        )
    }
    test("a grandchild's timer whose event two parent cases stand for is a located error at its send") {
        val grandchild = """{"states": [{"state": {"case": "g"}, "on": [$GO_TO_B], "after": [{"delay": 5, "send": "go"}]}]}"""
        val child = """{"states": [{"state": {"case": "c"}, "on": [$GO_TO_B], "child": {"field": "_0", "machine": $grandchild, "events": {"go": "go"}}}]}"""
        val machine = """{"initialState": {"p": {"_0": {"c": {"_0": "g"}}}}, "states": [
            {"state": {"case": "p"}, "on": [], "child": {"field": "_0", "machine": $child, "events": {"go": "go", "again": "go"}}}]}"""
        expectEqual(
            readError(compositeFixture(machine)),
            "$.machine.states[0].child.machine.states[0].child.machine.states[0].after[0].send: the child's timer sends \"go\", which 2 parent events map to in \"events\" (go, again), so which one stands for it is ambiguous (R28, R25); map one parent case to \"go\"",
            "error"
        )
    }
    test("a history target naming nothing is a composition error") {
        val machine = """{"initialState": "a", "states": [
            {"state": {"case": "a"}, "on": [{"event": {"case": "go"}, "do": {"transition": {"historyOf": "nowhere", "default": {"value": "a"}}}}]}]}"""
        expectEqual(
            readError(compositeFixture(machine)),
            "$.machine.states[0].on[0].do.transition.historyOf: historyOf \"nowhere\" names neither a superstate nor a child-holding case of this machine (R25)",
            "error"
        )
    }
    test("a region that no event reaches and two regions of one name are composition errors") {
        val silent = """{"initialState": {"pair": {"left": {"a": {}}}}, "product": "pair", "regions": [{"name": "left", "machine": {"states": [{"state": {"case": "a"}, "on": []}]}}]}"""
        expectEqual(
            readError(compositeFixture(silent)),
            "$.machine.regions[0].machine: region \"left\" has no handler, so no event reaches it (R25)", "error"
        )
        val twice = """{"initialState": {"pair": {"left": {"a": {}}}}, "product": "pair", "regions": [
            {"name": "left", "machine": {"states": [{"state": {"case": "a"}, "on": [$GO_TO_B]}]}},
            {"name": "left", "machine": {"states": [{"state": {"case": "a"}, "on": [$GO_TO_B]}]}}]}"""
        expectEqual(readError(compositeFixture(twice)), "$.machine.regions[1].name: two regions are named \"left\" (R25)", "error")
    }
    test("a with step in a composite file is a located error") {
        val machine = """{"initialState": "a", "states": [{"state": {"case": "a"}, "on": []}], "superstates": [{"name": "x", "states": ["a"], "on": []}]}"""
        expectEqual(
            readError(compositeFixture(machine, steps = """[{"with": {"states": []}}]""")),
            "$.scenarios[0].steps[0]: a with step is not allowed in a file whose machine has superstates, children or regions", "error"
        )
    }
    test("the trace of a product lists the regions' side effects and the level of each listener call") {
        val machine = """{"initialState": {"pair": {"left": {"a": {}}, "right": {"a": {}}}}, "product": "pair", "regions": [
            {"name": "left", "machine": {"states": [{"state": {"case": "a"}, "on": [{"event": {"case": "go"}, "do": {"transition": {"value": "b"}, "emit": {"value": "beep"}}}]}]}},
            {"name": "right", "machine": {"states": [{"state": {"case": "a"}, "on": [$GO_TO_B]}]}}]}"""
        val fixture = FixtureReader.read("composite.json", compositeFixture(machine, steps = """[{"event": "go", "expect": {"result": "invalid", "from": "a"}, "calls": []}]"""))
        val start = fixture.machine!!.initialState
        expectEqual(
            Traces.traceJson(fixture.machine!!, Traces.Sequence(start, listOf(Traces.Symbol.Send(Value("go"))))),
            """{"final":{"pair":{"left":{"b":{}},"right":{"b":{}}}},"start":{"pair":{"left":{"a":{}},"right":{"a":{}}}},"steps":[""" +
                """{"calls":[{"onTransition":{"event":"go","from":{"pair":{"left":{"a":{}},"right":{"a":{}}}},"result":"valid","sideEffect":["beep"],"to":{"pair":{"left":{"b":{}},"right":{"b":{}}}}}},""" +
                // SCXML's order (R23): the later region's exit first.
                """{"onExit":{"cause":"go","level":"right","state":"a"}},{"onExit":{"cause":"go","level":"left","state":"a"}}],""" +
                """"event":"go","expect":{"from":{"pair":{"left":{"a":{}},"right":{"a":{}}}},"result":"valid","sideEffect":["beep"],"to":{"pair":{"left":{"b":{}},"right":{"b":{}}}}}}]}""",
            "trace"
        )
    }
}
