package com.statemachine.spec.fixtures

import java.io.File
import java.util.concurrent.TimeUnit

/**
 * The comparison of the Android team's Kotlin machine with the iOS team's Swift one, from a JUnit test
 * (Docs/Comparing.md): runs `statemachine compare` (the `scripts/statemachine` of a checkout of this project, or the
 * command you give) on the two machines and gives its verdict.
 *
 *     @Test fun iosTurnstileAgrees() = SwiftComparison(
 *         statemachine = listOf("../StateMachine/scripts/statemachine"),
 *         swiftPackage = File("../ios/TurnstileKit"), swiftMachine = "TurnstileKit.Turnstile.definition",
 *         kotlin = listOf(File("src/main/java/com/example/turnstile")), kotlinMachine = "TurnstileStateMachine.stateMachine",
 *         mapping = File("turnstile.mapping.json"),
 *     ).assertAgrees()
 *
 * [assertAgrees] throws an [AssertionError] (a failed test under JUnit 4 and 5) whose message is the command's report:
 * the first difference, the events that lead there, the Kotlin line and the Swift line; or why it could not run.
 */
class SwiftComparison(
    /** The command and the arguments that come before `compare`: `listOf("../StateMachine/scripts/statemachine")`. */
    val statemachine: List<String>,
    /** The Swift package that holds the Swift machine's module. */
    val swiftPackage: File,
    /** The Swift machine: `Module.Type.definition`, or `Module.makeMachine()`. */
    val swiftMachine: String,
    /** The Kotlin machine's source files or folders. */
    val kotlin: List<File> = emptyList(),
    /** The property or function that makes the Kotlin machine: `TurnstileStateMachine.stateMachine`, `TurnstileKt.machine`. */
    val kotlinMachine: String,
    /** Jars of compiled Kotlin that hold the machine, instead of or besides [kotlin]. */
    val kotlinJars: List<File> = emptyList(),
    /** The file that pairs names that differ between the two codebases. */
    val mapping: File? = null,
    /** More options of `statemachine compare`: `listOf("--seed", "7", "--random", "1000")`. */
    val options: List<String> = emptyList(),
    /** The folder the command runs in. */
    val workingDirectory: File = File("."),
    /** How long the whole comparison may take. */
    val timeoutMinutes: Long = 30,
) {
    /** The verdict: [status] 0 when the machines agree, 1 when they differ, 2 when the comparison could not run. */
    data class Result(val status: Int, val report: String) {
        val agrees: Boolean get() = status == 0
        override fun toString(): String = report
    }

    /** The arguments given to the command. */
    val arguments: List<String>
        get() = statemachine + listOf("compare", "--swift-package", swiftPackage.path, "--swift", swiftMachine) +
            kotlin.flatMap { listOf("--kotlin", it.path) } + kotlinJars.flatMap { listOf("--kotlin-jar", it.path) } +
            listOf("--kotlin-machine", kotlinMachine) + (mapping?.let { listOf("--mapping", it.path) } ?: emptyList()) + options

    /** Runs the comparison. A command that cannot be started, or that runs past [timeoutMinutes], is status 2. */
    fun run(): Result {
        require(statemachine.isNotEmpty()) { "statemachine: give the command, e.g. listOf(\"../StateMachine/scripts/statemachine\")" }
        val output = File.createTempFile("statemachine-compare", ".txt")
        try {
            val process = try {
                ProcessBuilder(arguments).directory(workingDirectory).redirectErrorStream(true)
                    .redirectOutput(output).start()
            } catch (failure: java.io.IOException) {
                return Result(2, "compare: could not run: ${statemachine.first()} could not be started (${failure.message})")
            }
            if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
                process.descendants().forEach { it.destroyForcibly() }
                process.destroyForcibly().waitFor()
                return Result(2, "compare: could not run: the comparison took more than $timeoutMinutes minutes\n" + output.readText().trimEnd())
            }
            return Result(process.exitValue(), output.readText().trimEnd())
        } finally {
            output.delete()
        }
    }

    /** Runs the comparison and throws an [AssertionError] with its report unless the two machines agree. */
    fun assertAgrees(): Result {
        val result = run()
        if (!result.agrees) throw AssertionError(result.report)
        return result
    }
}
