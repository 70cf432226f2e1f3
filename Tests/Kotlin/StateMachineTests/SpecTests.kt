package com.statemachine.spec.tests

import org.junit.Test
import org.junit.runner.RunWith
import org.junit.runners.Parameterized

/**
 * Every registered test ([registerAllTests]) as a JUnit 4 test of its own, named `test[group › name]`:
 *
 * ```
 * java -cp "$KOTLIN_CLASSPATH" org.junit.runner.JUnitCore com.statemachine.spec.tests.SpecTests
 * ```
 */
@RunWith(Parameterized::class)
class SpecTests(@Suppress("unused") private val name: String, private val body: () -> Unit) {
    @Test
    fun test() = body()

    companion object {
        @JvmStatic
        @Parameterized.Parameters(name = "{0}")
        fun tests(): List<Array<Any>> = Tests.all(::registerAllTests).map { (name, body) -> arrayOf(name, body) }
    }
}
