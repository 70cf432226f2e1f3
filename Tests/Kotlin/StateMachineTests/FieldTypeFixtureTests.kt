package com.statemachine.spec.tests

import com.statemachine.spec.fixtures.FixtureReader
import com.statemachine.spec.fixtures.FormatError
import com.statemachine.spec.fixtures.Value
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// The fixture runner's reading of the field types of version 3 (Spec/SPEC.md, "Field types of version 3"): their
// located errors, word for word, and their equality and canonical form.

/** A fixture of [version] whose one step sends [event]. */
private fun fieldFixture(event: String, version: Int = 3) = """
    {"schemaVersion": $version, "name": "fields", "description": "d", "rules": ["R26"], "origin": {"kind": "hand-derived"},
     "scenarios": [{"name": "s", "steps": [{"event": $event, "expect": {"result": "invalid", "from": "idle"}, "calls": []}], "finalState": "idle"}]}
"""

private fun fieldError(event: String, version: Int = 3): String {
    val error = expectThrows<FormatError> { FixtureReader.read("fields.json", fieldFixture(event, version)) }
    return "${error.path}: ${error.message}"
}

private fun event(text: String): Value {
    val fixture = FixtureReader.read("fields.json", fieldFixture(text))
    return Value.parse(com.statemachine.spec.fixtures.parseJson(text))
        .also { check(fixture.scenarios.isNotEmpty()) }
}

fun fieldTypeFixtureTests() = group("field types of version 3") {
    test("a field type of version 3 in a version-1 or version-2 file is refused, naming the type") {
        expectEqual(fieldError("""{"setTo": {"degrees": 1.5}}""", version = 1),
            "$.scenarios[0].steps[0].event.setTo.degrees: a double field needs \"schemaVersion\": 3 (this file has 1)", "double")
        expectEqual(fieldError("""{"select": {"history": ["A"]}}""", version = 2),
            "$.scenarios[0].steps[0].event.select.history: a list field needs \"schemaVersion\": 3 (this file has 2)", "list")
        expectEqual(fieldError("""{"play": {"from": null}}""", version = 2),
            "$.scenarios[0].steps[0].event.play.from: a null field needs \"schemaVersion\": 3 (this file has 2)", "null")
    }
    test("a map entry that is not a pair, and duplicates in sets and maps, are located errors") {
        expectEqual(fieldError("""{"restock": {"stock": {"${'$'}map": [["A", 1], ["B", 2, 3]]}}}"""),
            "$.scenarios[0].steps[0].event.restock.stock[\"${'$'}map\"][1]: expected a map entry (an array [key, value]), got an array of 3 elements", "three")
        expectEqual(fieldError("""{"restock": {"stock": {"${'$'}map": [1]}}}"""),
            "$.scenarios[0].steps[0].event.restock.stock[\"${'$'}map\"][0]: expected a map entry (an array [key, value]), got integer", "not an array")
        expectEqual(fieldError("""{"restock": {"stock": {"${'$'}map": [["A", 1], ["A", 2]]}}}"""),
            "$.scenarios[0].steps[0].event.restock.stock[\"${'$'}map\"][1][0]: duplicate key \"A\" in a map", "duplicate key")
        expectEqual(fieldError("""{"check": {"coins": {"${'$'}set": [10, 25, 10.0, 10]}}}"""),
            "$.scenarios[0].steps[0].event.check.coins[\"${'$'}set\"][3]: duplicate element 10 in a set", "duplicate element")
    }
    test("sets and maps are equal in any order, lists only in theirs, and -0.0 is not 0.0") {
        expectEqual(event("""{"c": {"s": {"${'$'}set": [1, 2]}}}"""), event("""{"c": {"s": {"${'$'}set": [2, 1]}}}"""), "set")
        expectEqual(event("""{"c": {"m": {"${'$'}map": [["a", 1], ["b", null]]}}}"""), event("""{"c": {"m": {"${'$'}map": [["b", null], ["a", 1]]}}}"""), "map")
        expectEqual(event("""{"c": {"l": [1, 2]}}""") == event("""{"c": {"l": [2, 1]}}"""), false, "list")
        expectEqual(event("""{"c": {"d": -0.0}}""") == event("""{"c": {"d": 0.0}}"""), false, "-0.0")
        expectEqual(event("""{"c": {"d": 3.0}}""") == event("""{"c": {"d": 3}}"""), false, "3.0 and 3")
        expectEqual(event("""{"c": {"d": 30e-1}}"""), event("""{"c": {"d": 3.00}}"""), "3.0")
        expectEqual(event("""{"c": {"d": null}}""") == event("""{"c": {}}"""), false, "null and absent")
    }
    test("the canonical form sorts set elements and map keys and writes doubles with their shortest digits") {
        expectEqual(
            event("""{"c": {"s": {"${'$'}set": [10, 2, 1]}, "m": {"${'$'}map": [["b", 1.50], ["a", [null]]]}, "d": 1e21, "e": 0.0000015}}""").toString(),
            """{"c":{"d":1.0e21,"e":0.0000015,"m":{"${'$'}map":[["a",[null]],["b",1.5]]},"s":{"${'$'}set":[1,10,2]}}}""",
            "canonical"
        )
    }
}
