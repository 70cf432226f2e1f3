package com.statemachine.spec.tests

import com.statemachine.spec.fixtures.CaseClasses
import com.statemachine.spec.fixtures.FixtureReader
import com.statemachine.spec.fixtures.Session
import com.statemachine.spec.fixtures.Value
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// The fixture runner matches cases the way users of Tinder's DSL do: by class (`state<S>`, `on<E>`).

private val turnstile = FixtureReader.read(
    "class-matching.json",
    """
    {"schemaVersion": 1, "name": "class-matching", "description": "d", "rules": ["R2"], "origin": {"kind": "hand-derived"},
     "machine": {"initialState": {"locked": {"credit": 0}}, "states": [
       {"state": {"case": "locked"}, "on": [{"event": {"case": "coin"}, "do": {"transition": {"value": "unlocked"}}}]},
       {"state": {"case": "unlocked"}, "on": [{"event": {"case": "push"}, "do": {"transition": {"make": "locked", "fields": {"credit": 0}}}}]}]},
     "scenarios": [{"name": "s", "steps": [{"event": "coin", "expect": {"result": "valid", "from": {"locked": {"credit": 0}}, "to": "unlocked", "sideEffect": null}, "calls": []}], "finalState": "unlocked"}]}
    """.trimIndent()
)

fun classMatchingTests() = group("class-based case matching in the fixture runner") {
    test("each case name has a class of its own, and a value is an instance of its case's class only") {
        val locked = CaseClasses.classOf("locked")
        expectEqual(locked.name, "com.statemachine.spec.fixtures.cases.locked", "class name")
        expectTrue(CaseClasses.classOf("locked") === locked, "the same class for the same case name")
        expectTrue(CaseClasses.classOf("unlocked") != locked, "another class for another case name")
        val value = Value("locked")
        expectTrue(locked.isInstance(CaseClasses.instance(value)), "a locked value is a locked instance")
        expectTrue(!CaseClasses.classOf("unlocked").isInstance(CaseClasses.instance(value)), "a locked value is not an unlocked instance")
        expectEqual(CaseClasses.instance(value), CaseClasses.instance(Value("locked")), "instances of equal values")
    }
    test("a table machine's states and events reach the library as instances of their case classes") {
        val session = Session(turnstile.machine!!, turnstile.machine!!.initialState)
        expectEqual(session.machine.state.javaClass, CaseClasses.classOf("locked"), "class of the initial state")
        session.send(Value("coin"))
        expectEqual(session.machine.state.javaClass, CaseClasses.classOf("unlocked"), "class of the state after coin")
        expectEqual(session.state, Value("unlocked"), "state")
    }
}
