package com.example.pairs.junit

import com.statemachine.spec.fixtures.SwiftComparison
import org.junit.Assert.assertEquals
import org.junit.Assert.assertThrows
import org.junit.Test
import java.io.File

/**
 * The comparison from the Android team's JUnit tests: the Kotlin machines of Tests/ComparePairs/Kotlin against their
 * Swift twins, through `scripts/statemachine compare` of this checkout (the system property `statemachine.checkout`).
 */
class SwiftComparisonTest {
    private val checkout = File(System.getProperty("statemachine.checkout") ?: ".").absoluteFile
    private val pairs = File(checkout, "Tests/ComparePairs")

    private fun comparison(swift: String, kotlin: String, machine: String, mapping: String? = null) = SwiftComparison(
        statemachine = listOf(File(checkout, "scripts/statemachine").path),
        swiftPackage = pairs,
        swiftMachine = "ComparePairs.$swift",
        kotlin = listOf(File(pairs, "Kotlin/$kotlin")),
        kotlinMachine = machine,
        mapping = mapping?.let { File(pairs, "Kotlin/$it") },
    )

    @Test
    fun matterAgreesWithItsSwiftTwin() {
        val result = comparison("Matter.definition", "Matter.kt", "MatterMachine.stateMachine", "Matter.mapping.json").assertAgrees()
        assertEquals(0, result.status)
        assertEquals(
            "compare: the Swift machine behaves as the Kotlin machine on 220 sequences (926 events).",
            result.report.lines().first(),
        )
    }

    @Test
    fun aSwiftTurnstileWithoutThanksFailsTheTestWithTheFirstDifference() {
        val failure = assertThrows(AssertionError::class.java) {
            comparison("SMCTurnstileWithoutThanks.definition", "SmcTurnstile.kt", "SmcTurnstileKt.smcTurnstile").assertAgrees()
        }
        assertEquals(
            listOf(
                "compare: the Swift machine differs from the Kotlin machine in sequence 3, at event 2:",
                "  events: {\"coin\":{}}, {\"coin\":{}}",
                "  Kotlin: = valid {\"unlocked\":{}} -> {\"unlocked\":{}} / {\"thankYou\":{}}",
                "  Swift:  = valid {\"unlocked\":{}} -> {\"unlocked\":{}} / null",
            ),
            failure.message!!.lines().take(4),
        )
    }

    @Test
    fun aCommandThatIsNotThereCannotRun() {
        val result = SwiftComparison(
            statemachine = listOf(File(checkout, "scripts/no-such-command").path), swiftPackage = pairs,
            swiftMachine = "ComparePairs.Matter.definition", kotlin = listOf(File(pairs, "Kotlin/Matter.kt")),
            kotlinMachine = "MatterMachine.stateMachine",
        ).run()
        assertEquals(2, result.status)
        assertEquals("compare: could not run: ${File(checkout, "scripts/no-such-command").path} could not be started", result.report.substringBefore(" ("))
    }
}
