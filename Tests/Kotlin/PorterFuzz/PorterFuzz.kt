package com.statemachine.porter.fuzz

import com.statemachine.porter.InputFile
import com.statemachine.porter.PortOutcome
import com.statemachine.porter.PortRunner
import com.statemachine.porter.SwiftTypeCheck
import java.io.File
import kotlin.random.Random
import kotlin.system.exitProcess

/**
 * A mutation fuzzer for the porter's input, run in one JVM: it mutates the Kotlin files given (examples, test
 * inputs, corpus) and ports each mutant in-process with [PortRunner.port]. A failure is a throwable escaping the
 * porter, a status other than 0, 1 or 2, a status 2 without an error, or a message not of the form
 * `file:line:column: error|warning: ...`; and a port with status 0 that does not type-check against the StateMachine
 * module of `-Dporter.swiftModules` ([PortTypeChecks], on a thread of its own; without that module, none is checked).
 *
 *   PorterFuzz --seconds S [--seed N] [--failures DIR] SEED_FILE_OR_FOLDER...
 *
 * Prints the executions and the statuses; failing inputs are written to DIR. Exits 1 when any input failed.
 */
fun main(args: Array<String>) {
    var seconds = 60.0
    var seed = System.nanoTime()
    var failuresFolder = File("fuzz-failures")
    val paths = mutableListOf<String>()
    var index = 0
    while (index < args.size) {
        when (args[index]) {
            "--seconds" -> seconds = args[++index].toDouble()
            "--seed" -> seed = args[++index].toLong()
            "--failures" -> failuresFolder = File(args[++index])
            else -> paths.add(args[index])
        }
        index++
    }
    val seeds = paths.flatMap { path ->
        val file = File(path)
        if (file.isDirectory) file.walkTopDown().filter { it.isFile && it.name.endsWith(".kt") }.sortedBy { it.path }.toList()
        else listOf(file)
    }.map { it.readText() }
        // The deliberately deep test inputs are slow to port and tell nothing new; deep() makes deep inputs.
        .filter { it.length < 16_000 && PortRunner.deepestBracket(it) == null && !it.contains("((((((((((") }
    if (seeds.isEmpty()) {
        System.err.println("fuzz-porter: no seed files")
        exitProcess(2)
    }
    var result = 0
    val thread = Thread(null, { result = Fuzzer(seeds, Random(seed), failuresFolder).run(seconds, seed) }, "fuzz", 512L * 1024 * 1024)
    thread.start()
    thread.join()
    exitProcess(result)
}

/** How long the type checks still queued when the fuzzing ends may take. */
private const val TYPE_CHECK_SECONDS = 120L

private val located = Regex("^fuzz\\.kt:[0-9]+:[0-9]+: (error|warning|note): .+")

private val tokens = listOf(
    "(", ")", "{", "}", "[", "]", "<", ">", ",", ".", "?", ":", "::", "@", "\"", "'", "$", "\${", "\n", " ", "=",
    "->", "?.", "?:", "!!", "as?", " as ", " is ", "!is", "&&", "||", "+", "-", "*", "/", "%", "!", "==", "\"\"\"",
    "sealed ", "class ", "interface ", "object ", "data ", "enum ", "value ", "@JvmInline ", "abstract ", "open ",
    "val ", "var ", "fun ", "when ", "if ", "else ", "return ", "return@onTransition", "return@on", "run ", "let ",
    "it", "this", "null", "true", "0", "1L", "2.5", "'c'", "StateMachine.create", "transitionTo(", "dontTransition(",
    "on<", "state<", "onEnter ", "onExit ", "onTransition ", "initialState(", "Matcher.any<", "any<", "eq(",
    ".where ", "StateMachine.Transition.Valid", "typealias ", "companion ", "private ", "List<", "Map<", "Set<",
    "Int", "Long", "String", "Boolean", "Double", "Float", "Char", "Unit", "listOf(", "emptyList()", "// ", "/*", "*/",
)

private class Fuzzer(private val seeds: List<String>, private val random: Random, private val failuresFolder: File) {
    private val pool = ArrayList<String>(seeds)
    private var executions = 0L
    private val statuses = LongArray(3)
    private var failures = 0
    private val typeChecks = SwiftTypeCheck.modules?.let { PortTypeChecks(it, ::fail) }

    fun run(seconds: Double, seed: Long): Int {
        val start = System.nanoTime()
        val deadline = start + (seconds * 1e9).toLong()
        while (System.nanoTime() < deadline) {
            val input = if (executions % 5000L == 4999L) deep() else mutate(pool[random.nextInt(pool.size)])
            val outcome = try {
                PortRunner.port(listOf(InputFile("fuzz.kt", input)))
            } catch (failure: Throwable) {
                fail(input, "the porter threw ${failure.javaClass.name}: ${failure.message}\n${failure.stackTrace.take(12).joinToString("\n") { "    at $it" }}")
                continue
            }
            executions++
            check(input, outcome)
            // Inputs that still port keep the search near real machines.
            if (outcome.status != 2 && pool.size < 2000 && random.nextInt(8) == 0) pool.add(input)
        }
        val fuzzed = (System.nanoTime() - start) / 1e9
        val finished = typeChecks?.finish(TYPE_CHECK_SECONDS) ?: true
        if (!finished) fail("", "the last type checks took more than $TYPE_CHECK_SECONDS s")
        val elapsed = (System.nanoTime() - start) / 1e9
        println(
            "fuzz-porter: $executions executions in ${"%.1f".format(elapsed)} s " +
                "(${"%.0f".format(executions / elapsed)}/s, seed $seed): exit 0: ${statuses[0]}, exit 1: ${statuses[1]}, " +
                "exit 2: ${statuses[2]}; $failures failure(s)"
        )
        println(
            typeChecks?.let {
                "fuzz-porter: ${it.offered} distinct exit-0 ports, ${it.checked} type-checked in ${it.runs} swiftc runs " +
                    "(${"%.1f".format(elapsed - fuzzed)} s after the fuzzing), ${it.broken} that do not compile" +
                    " (and ${it.invalidKotlin} whose Kotlin does not compile either)"
            } ?: "fuzz-porter: no StateMachine module (-Dporter.swiftModules): exit-0 ports not type-checked"
        )
        return if (failures == 0) 0 else 1
    }

    private fun check(input: String, outcome: PortOutcome) {
        if (outcome.status !in 0..2) return fail(input, "exit status ${outcome.status}")
        statuses[outcome.status]++
        val unlocated = outcome.messages.filter { !located.matches(it) }
        if (unlocated.isNotEmpty()) return fail(input, "messages without file:line:column:\n${unlocated.joinToString("\n")}")
        when (outcome.status) {
            2 -> if (outcome.messages.none { it.contains(": error: ") }) fail(input, "exit status 2 without an error")
            1 -> if (outcome.messages.none { it.contains(": warning: ") } || outcome.swift == null) fail(input, "exit status 1 without a warning or output")
            0 -> {
                val swift = outcome.swift
                if (swift == null || outcome.messages.any { !it.contains(": note: ") }) {
                    fail(input, "exit status 0 with an error or a warning, or without output")
                } else {
                    typeChecks?.offer(input, swift)
                }
            }
        }
    }

    @Synchronized
    private fun fail(input: String, what: String) {
        failures++
        if (failures > 10) return
        failuresFolder.mkdirs()
        val file = File(failuresFolder, "failure-$failures.kt")
        file.writeText(input)
        System.err.println("fuzz-porter: FAIL ($file): $what")
    }

    /** A seed with one handler's expression nested very deeply. */
    private fun deep(): String {
        val seed = pool[random.nextInt(seeds.size)]
        val at = seed.indexOf("transitionTo(")
        if (at < 0) return seed
        val depth = 1 + random.nextInt(6000)
        val inner = when (random.nextInt(5)) {
            0 -> "(".repeat(depth) + "1" + ")".repeat(depth)
            1 -> (1..depth).joinToString(" + ") { "1" }
            2 -> "listOf(".repeat(depth) + ")".repeat(depth)
            3 -> "emptyList<" + "List<".repeat(depth % 64) + "Int" + ">".repeat(depth % 64) + ">()"
            else -> "if (true) ".repeat(depth) + "1" + " else 2".repeat(depth)
        }
        return seed.substring(0, at) + "println($inner); " + seed.substring(at)
    }

    private fun mutate(seed: String): String {
        var text = seed
        repeat(1 + random.nextInt(4)) { text = mutateOnce(text) }
        return text
    }

    private fun mutateOnce(text: String): String {
        if (text.isEmpty()) return tokens[random.nextInt(tokens.size)]
        val at = random.nextInt(text.length + 1)
        return when (random.nextInt(9)) {
            0 -> text.substring(0, at) + tokens[random.nextInt(tokens.size)] + text.substring(at)
            1 -> { // delete a range
                val end = minOf(text.length, at + 1 + random.nextInt(12))
                if (at >= text.length) text else text.substring(0, at) + text.substring(end)
            }
            2 -> { // duplicate a range
                val end = minOf(text.length, at + 1 + random.nextInt(40))
                if (at >= text.length) text else text.substring(0, end) + text.substring(at, end) + text.substring(end)
            }
            3 -> { // replace a character
                if (at >= text.length) text else text.substring(0, at) + (32 + random.nextInt(95)).toChar() + text.substring(at + 1)
            }
            4 -> { // delete a line
                val lines = text.split('\n').toMutableList()
                lines.removeAt(random.nextInt(lines.size))
                lines.joinToString("\n")
            }
            5 -> { // duplicate a line elsewhere
                val lines = text.split('\n').toMutableList()
                lines.add(random.nextInt(lines.size + 1), lines[random.nextInt(lines.size)])
                lines.joinToString("\n")
            }
            6 -> { // splice in a line of another seed
                val other = seeds[random.nextInt(seeds.size)].split('\n')
                val lines = text.split('\n').toMutableList()
                lines.add(random.nextInt(lines.size + 1), other[random.nextInt(other.size)])
                lines.joinToString("\n")
            }
            7 -> { // swap an identifier for another of the text
                val words = Regex("[A-Za-z_][A-Za-z0-9_]*").findAll(text).toList()
                if (words.size < 2) text else {
                    val target = words[random.nextInt(words.size)]
                    val replacement = words[random.nextInt(words.size)].value
                    text.substring(0, target.range.first) + replacement + text.substring(target.range.last + 1)
                }
            }
            else -> { // a bracket pair around a range
                val end = minOf(text.length, at + random.nextInt(30))
                val (open, close) = listOf("(" to ")", "{" to "}", "[" to "]", "<" to ">").random(random)
                text.substring(0, at) + open + text.substring(at, end) + close + text.substring(end)
            }
        }
    }
}
