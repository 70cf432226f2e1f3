package com.example.door

import com.statemachine.spec.fixtures.CodeMachine
import com.statemachine.spec.fixtures.FixtureChecker
import org.junit.Assert.assertEquals
import org.junit.Test
import java.io.File

class DoorFixtureTest {
    private val door = CodeMachine.of("DoorMachine") { DoorMachine().stateMachine }

    @Test
    fun doorBehavesAsItsFixtureSays() {
        val fixture = File(javaClass.getResource("/door.json")!!.toURI())
        val report = FixtureChecker.check(door, fixture)
        assertEquals(report.text, 0, report.failed)
        assertEquals(report.text, 2, report.passed)
    }
}
