package com.statemachine.spec.tinder

import com.statemachine.spec.fixtures.FixtureChecker
import com.statemachine.spec.fixtures.FixtureReader
import com.statemachine.spec.fixtures.FixtureRecorder
import com.statemachine.spec.fixtures.Value
import com.statemachine.spec.tests.android.Event
import com.statemachine.spec.tests.android.State
import com.statemachine.spec.tests.android.MatterRecording
import com.statemachine.spec.tests.android.TurnstileFixtures
import com.statemachine.spec.tests.android.TurnstileRecording
import com.statemachine.spec.tests.android.TurnstileStateMachine
import org.junit.Assert.assertEquals
import org.junit.Test
import java.io.File
import java.util.TreeMap

/**
 * Run by scripts/kotlin-tinder-compat, compiled against a Tinder-compatible API (package com.tinder): the
 * Android-style turnstile, whose one library import reads `import com.tinder.StateMachine`, checked against a
 * fixture and recorded with the checker and recorder of the jar statemachine-fixtures-tinder, whose Library.kt
 * imports `com.tinder.StateMachine`.
 */
class TinderCompatTests {
    @Test
    fun theUsersMachineIsBuiltWithTinderStateMachine() {
        assertEquals("com.tinder.StateMachine", TurnstileStateMachine().stateMachine.javaClass.name)
    }

    @Test
    fun fixtureCheckerChecksItAgainstSeed001WithOnEnterAndOnExit() {
        val report = FixtureChecker.check(TurnstileFixtures, File("Fixtures/seed-001-turnstile-with-credit.json"))
        assertEquals("7 passed, 0 failed\n", report.text)
    }

    @Test
    fun fixtureRecorderRecordsItPayingFiftyAndPassingEndsLockedWithNoCredit() {
        val recorded = FixtureRecorder.record(
            TurnstileFixtures, "turnstile-recorded", "The Android turnstile.", listOf("R7"),
            listOf(FixtureRecorder.Scenario<State, Event>("pay and pass", listOf(Event.InsertCoin(50), Event.AdmitPerson)))
        )
        val fixture = FixtureReader.read("turnstile-recorded.json", recorded)
        assertEquals(Value("locked", TreeMap<String, Any>(mapOf("credit" to 0L))), fixture.scenarios.single().finalState)
    }

    @Test
    fun fixturesRecordedInSwiftPassOnTheMachinesBuiltWithTinderStateMachine() {
        assertEquals("com.tinder.StateMachine", com.statemachine.spec.tests.android.MatterStateMachine().stateMachine.javaClass.name)
        assertEquals("3 passed, 0 failed\n", FixtureChecker.check(TurnstileRecording, File("Tests/Recordings/swift/turnstile-recorded.json")).text)
        assertEquals("3 passed, 0 failed\n", FixtureChecker.check(MatterRecording, File("Tests/Recordings/swift/matter-recorded.json")).text)
    }
}
