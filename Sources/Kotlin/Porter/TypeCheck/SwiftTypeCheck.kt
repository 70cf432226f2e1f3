package com.statemachine.porter

import java.io.File
import java.util.concurrent.TimeUnit

/**
 * The porter's fifth phase: the Swift it wrote, type-checked against the StateMachine library before it reports success,
 * so that exit status 0 means the port compiles. Each Swift error becomes a warning at the Kotlin line the Swift was
 * written from (exit status 1).
 *
 * It runs `swiftc -typecheck` with the StateMachine module of `porter.swiftModules` (scripts/port-kotlin builds it); without
 * a Swift compiler or that module, the port is reported as not type-checked, and its exit status stands.
 */
object SwiftTypeCheck {
    /** The folder holding `StateMachine.swiftmodule`, or null: ports are not type-checked. */
    val modules: String? get() = System.getProperty("porter.swiftModules")?.takeIf { File(it, "StateMachine.swiftmodule").exists() }

    private val swiftc: String get() = System.getProperty("porter.swiftc") ?: "swiftc"

    /** How long one type check may take: a port that takes longer is reported, never waited for. */
    private const val TIMEOUT_SECONDS = 120L

    /** How long one expression may take the type checker before it is an error, as Swift reports it. */
    private const val EXPRESSION_SECONDS = 15

    /** A diagnostic of the Swift compiler: the 1-based line and column in the port, and its text. */
    class Problem(val line: Int, val column: Int, val message: String)

    /** What a type check found: the errors (empty: it compiles), or why it could not run. */
    class Outcome(val errors: List<Problem>, val notRun: String? = null)

    fun check(swift: String): Outcome {
        val folder = modules ?: return Outcome(emptyList(), "no StateMachine module to type-check against")
        val work = File.createTempFile("port", ".swift")
        try {
            work.writeText(swift)
            val process = try {
                ProcessBuilder(
                    swiftc, "-typecheck", "-I", folder, "-module-name", "PortTypeCheck", "-swift-version", "6",
                    "-parse-as-library", "-Xfrontend", "-solver-expression-time-threshold=$EXPRESSION_SECONDS", work.path,
                ).redirectErrorStream(true).start()
            } catch (failure: java.io.IOException) {
                return Outcome(emptyList(), "no Swift compiler ($swiftc: ${failure.message})")
            }
            val output = StringBuilder()
            val reader = Thread { output.append(process.inputStream.bufferedReader().readText()) }.apply { start() }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly()
                reader.join(1000)
                return Outcome(emptyList(), "swiftc took more than $TIMEOUT_SECONDS s")
            }
            reader.join()
            val pattern = Regex("^" + Regex.escape(work.path) + ":(\\d+):(\\d+): error: (.*)$")
            val errors = output.lines().mapNotNull { line ->
                pattern.find(line)?.let { Problem(it.groupValues[1].toInt(), it.groupValues[2].toInt(), it.groupValues[3]) }
            }
            if (process.exitValue() != 0 && errors.isEmpty()) {
                return Outcome(emptyList(), "swiftc failed: ${output.lines().firstOrNull { it.isNotBlank() } ?: "exit status ${process.exitValue()}"}")
            }
            return Outcome(errors)
        } finally {
            work.delete()
        }
    }

    /**
     * [outcome] with the port type-checked: each Swift error a warning at the Kotlin place its line was written from
     * (exit status 1); a check that could not run, a note.
     */
    fun apply(outcome: PortOutcome, origins: List<String?>, fallback: String): PortOutcome {
        val swift = outcome.swift ?: return outcome
        val result = check(swift)
        if (result.notRun != null) {
            if (modules == null) return outcome
            return PortOutcome(maxOf(outcome.status, 1), outcome.messages +
                "$fallback: warning: port: the Swift port was not type-checked: ${result.notRun}", swift)
        }
        if (result.errors.isEmpty()) return outcome
        // In the order of the Swift lines, then of the messages: swiftc's order of two errors on one line may vary.
        val messages = result.errors.sortedWith(compareBy({ it.line }, { it.message })).map { problem ->
            val origin = origins.getOrNull(problem.line - 1) ?: fallback
            "$origin: warning: port: the Swift port does not compile here: ${oneLine(problem.message)} (Swift line ${problem.line})"
        }.distinct()
        return PortOutcome(maxOf(outcome.status, 1), outcome.messages + messages, swift)
    }
}
