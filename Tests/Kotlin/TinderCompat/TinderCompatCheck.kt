package com.statemachine.spec.tinder

import com.statemachine.spec.fixtures.FixtureChecker
import com.statemachine.spec.fixtures.FixtureReader
import com.statemachine.spec.fixtures.FixtureRecorder
import com.statemachine.spec.fixtures.Value
import com.statemachine.spec.tests.android.Event
import com.statemachine.spec.tests.android.State
import com.statemachine.spec.tests.android.TurnstileFixtures
import com.statemachine.spec.tests.android.TurnstileStateMachine
import java.io.File
import java.util.TreeMap
import kotlin.system.exitProcess

// Run by scripts/kotlin-tinder-compat, compiled against a Tinder-compatible API (package com.tinder): the
// Android-style turnstile, whose one library import reads `import com.tinder.StateMachine`, checked against a
// fixture and recorded with the record/check helpers, whose Library.kt imports `com.tinder.StateMachine`.

private var failures = 0

private fun expect(what: String, actual: Any?, expected: Any?) {
    if (actual == expected) {
        println("ok   $what")
    } else {
        failures += 1
        println("FAIL $what\n    - $expected\n    + $actual\n    (Expected: -, Actual: +)")
    }
}

fun main() {
    expect(
        "the user's machine is built with com.tinder.StateMachine",
        TurnstileStateMachine().stateMachine.javaClass.name,
        "com.tinder.StateMachine"
    )
    expect(
        "FixtureChecker checks it against seed 001, onEnter and onExit included",
        FixtureChecker.check(TurnstileFixtures, File("Fixtures/seed-001-turnstile-with-credit.json")).text,
        "7 passed, 0 failed\n"
    )
    val recorded = FixtureRecorder.record(
        TurnstileFixtures, "turnstile-recorded", "The Android turnstile.", listOf("R7"),
        listOf(FixtureRecorder.Scenario<State, Event>("pay and pass", listOf(Event.InsertCoin(50), Event.AdmitPerson)))
    )
    val fixture = FixtureReader.read("turnstile-recorded.json", recorded)
    expect(
        "FixtureRecorder records it: pay 50 and pass ends locked with no credit",
        fixture.scenarios.single().finalState,
        Value("locked", TreeMap<String, Any>(mapOf("credit" to 0L)))
    )
    println(if (failures == 0) "Tinder-compatible API: all checks passed" else "Tinder-compatible API: $failures failed")
    exitProcess(if (failures == 0) 0 else 1)
}
