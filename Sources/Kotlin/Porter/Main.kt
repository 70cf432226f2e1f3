package com.statemachine.porter

import java.io.File
import kotlin.system.exitProcess

/**
 * `port-kotlin <file or folder>... [-o Machine.swift]`: ports a Tinder-style Kotlin state machine to the Swift DSL.
 *
 * Exit status: 0 the port is complete; 1 the Swift output needs a hand (each place announced by a warning);
 * 2 the input could not be ported (syntax error, no machine, ...), or the command line is wrong.
 * Warnings and errors go to standard error as `file:line:column: warning|error: ...`.
 */
fun main(args: Array<String>) {
    exitProcess(run(args.toList()))
}

private const val USAGE = "usage: port-kotlin <Machine.kt | folder>... [-o <Machine.swift>] [--name <SwiftName>]"

fun run(args: List<String>): Int {
    if (args.size == 2 && args[0] == "--batch") return batch(args[1])
    return portCommand(args)
}

/**
 * `--batch JOBS`: several ports in one run (one JVM start for a test suite). Each line of JOBS is tab-separated: an
 * output prefix, then the arguments of one port. Writes PREFIX.swift (unless status 2), PREFIX.messages (standard
 * error of that port) and PREFIX.status (its exit status).
 */
private fun batch(jobsPath: String): Int {
    val jobs = File(jobsPath).readLines().filter { it.isNotBlank() }
    // The ports one after the other (they share the compiler's environment), then their type checks side by side.
    val ported = jobs.map { job ->
        val fields = job.split('\t')
        val prefix = fields[0]
        val errors = java.io.ByteArrayOutputStream()
        val target = PrintStreamTarget(prefix, errors)
        target to port(fields.drop(1), target)
    }
    val pool = java.util.concurrent.Executors.newFixedThreadPool(2)
    try {
        val checked = ported.map { (_, result) ->
            pool.submit<Pair<Int, List<String>>> {
                val outcome = result.outcome
                if (outcome == null) result.status to emptyList()
                else outcome.typeChecked(result.fallback).let { it.status to it.messages.drop(outcome.messages.size) }
            }
        }
        for ((index, pair) in ported.withIndex()) {
            val (target, result) = pair
            val (status, typeMessages) = checked[index].get()
            val stream = java.io.PrintStream(target.errors, true, "UTF-8")
            typeMessages.forEach { stream.println(it) }
            File("${target.prefix}.messages").writeText(target.errors.toString(Charsets.UTF_8))
            File("${target.prefix}.status").writeText("$status\n")
        }
    } finally {
        pool.shutdown()
    }
    return 0
}

/** Where a batch job's Swift and messages go. */
private class PrintStreamTarget(val prefix: String, val errors: java.io.ByteArrayOutputStream)

/** One port before its type check: the status when it stopped before (usage, unreadable files), else the outcome. */
private class JobResult(val status: Int, val outcome: PortOutcome?, val fallback: String, val output: String?)

/** The single port of the command line: ported, type-checked, written. */
private fun portCommand(args: List<String>): Int {
    val result = port(args, null)
    val outcome = result.outcome?.typeChecked(result.fallback) ?: return result.status
    outcome.messages.forEach { System.err.println(it) }
    val swift = outcome.swift ?: return outcome.status
    if (result.output == null) print(swift) else File(result.output).writeText(swift)
    return outcome.status
}

/** Reads the arguments and ports; for a batch job ([target]) writes the Swift and this part of the messages. */
private fun port(args: List<String>, target: PrintStreamTarget?): JobResult {
    val standardError = if (target != null) java.io.PrintStream(target.errors, true, "UTF-8") else System.err
    fun stop(status: Int) = JobResult(status, null, "", null)
    val inputs = mutableListOf<String>()
    var output: String? = null
    var name: String? = null
    var verify: File? = null
    var index = 0
    while (index < args.size) {
        val arg = args[index]
        when {
            arg == "-h" || arg == "--help" -> {
                println(USAGE)
                println("Ports the StateMachine.create { } block of Kotlin files (and the sealed classes, enums and data")
                println("classes it uses, from any of the files) to Swift. A folder stands for the .kt files under it.")
                println("--name: the Swift enum that holds the port (default: the class holding the machine, or the file's name).")
                println("The Swift is type-checked against the StateMachine library: each Swift error is a warning at its Kotlin line.")
                println("Exit status: 0 complete (it compiles), 1 the output needs a hand (see the warnings), 2 error.")
                return stop(0)
            }
            arg == "-o" || arg == "--output" -> {
                if (index + 1 >= args.size) return stop(usageError(standardError, "$arg needs a file name"))
                output = args[index + 1]
                index += 1
            }
            arg == "--verify-plan" -> {
                if (index + 1 >= args.size) return stop(usageError(standardError, "$arg needs a folder"))
                verify = File(args[index + 1])
                index += 1
            }
            arg == "--name" -> {
                if (index + 1 >= args.size) return stop(usageError(standardError, "$arg needs a Swift type name"))
                name = args[index + 1]
                if (!name.matches(Regex("[A-Za-z_][A-Za-z0-9_]*"))) return stop(usageError(standardError, "$name is not a Swift type name"))
                index += 1
            }
            arg.startsWith("-") -> return stop(usageError(standardError, "unknown option $arg"))
            else -> inputs.add(arg)
        }
        index += 1
    }
    if (inputs.isEmpty()) return stop(usageError(standardError, "no input file"))
    val files = try {
        InputFiles.read(inputs)
    } catch (failure: PortError) {
        failure.problems.forEach { standardError.println(it) }
        return stop(2)
    }
    val outcome = PortRunner.portOnLargeStack(files, name, verify)
    if (target != null) {
        outcome.messages.forEach { standardError.println(it) }
        outcome.swift?.let { File("${target.prefix}.swift").writeText(it) }
    }
    return JobResult(outcome.status, outcome, "${files.first().path}:1:1", output)
}

private fun usageError(standardError: java.io.PrintStream, message: String): Int {
    standardError.println("port-kotlin: error: $message")
    standardError.println(USAGE)
    return 2
}

/**
 * What a port gives: the exit status, the messages (each `file:line:column: ...`), the Swift (not for status 2), and the
 * Kotlin place each Swift line was written from.
 */
class PortOutcome(val status: Int, val messages: List<String>, val swift: String?, val origins: List<String?> = emptyList()) {
    /** This outcome with its Swift type-checked ([SwiftTypeCheck]). */
    fun typeChecked(fallback: String): PortOutcome = SwiftTypeCheck.apply(this, origins, fallback)
}

/** Problems that stop the port, each already formatted as `file:line:column: error: ...`. */
class PortError(val problems: List<String>) : Exception(problems.joinToString("\n"))

/**
 * The porter's entry point, used by the command line and by the fuzzer: never throws; every failure, including the
 * porter's own, is a located error with status 2.
 */
object PortRunner {
    /** Brackets nested deeper than this are refused before parsing. */
    const val MAX_BRACKET_DEPTH = 500

    /**
     * Type arguments nested deeper than this are refused before translating: the Swift compiler's time to type-check
     * the port grows about tenfold with every four more levels (measured: 16 levels 0.5 s, 24 levels 11 s, 32 more
     * than 100 s), and no real machine nests its types so.
     */
    const val MAX_TYPE_ARGUMENT_DEPTH = 16

    /**
     * The calls that become Swift collection literals, whose nesting costs Swift's type checker as much as nested type
     * arguments do (24 nested `[…]` take 7 s), and are refused past the same depth.
     */
    private val COLLECTION_FACTORIES = HelperClasses.LIST_FACTORIES + HelperClasses.SET_FACTORIES + HelperClasses.MAP_FACTORIES +
        setOf("arrayOf", "emptyList", "emptySet", "emptyMap", "listOfNotNull", "setOfNotNull", "mutableSetOf", "sortedSetOf", "arrayListOf")

    /** Syntax trees deeper than this are refused before translating. */
    const val MAX_TREE_DEPTH = 3000

    /** Runs [port] on a thread with a large stack, so the parser and the translator have room for deep input. */
    fun portOnLargeStack(files: List<InputFile>, name: String? = null, verify: File? = null): PortOutcome {
        var outcome: PortOutcome? = null
        val thread = Thread(null, { outcome = port(files, name, verify) }, "port", 256L * 1024 * 1024)
        thread.start()
        thread.join()
        return outcome ?: PortOutcome(2, listOf("${files.firstOrNull()?.path ?: "port-kotlin"}:1:1: error: the porter stopped"), null)
    }

    /** Ports [files]; with [verify], also writes there what `--verify` runs ([Verification]). */
    fun port(files: List<InputFile>, name: String? = null, verify: File? = null): PortOutcome {
        var sources: List<KotlinSource> = emptyList()
        return try {
            sources = files.map { parse(it) }
            sources.forEach { checkTreeDepth(it) }
            val resolution = quietly { Resolution.analyze(sources) }
            val porter = Porter(MachineFiles.of(sources, resolution), name, resolution)
            val result = porter.port()
            if (verify != null) Verification.write(Verification(porter, result), result.swift, verify)
            // Notes say what the port made of something and leave the status 0; a warning marks the port incomplete.
            PortOutcome(if (result.warnings.none { ": warning: " in it }) 0 else 1, result.warnings, result.swift, result.origins)
        } catch (failure: PortError) {
            PortOutcome(2, failure.problems, null)
        } catch (overflow: StackOverflowError) {
            PortOutcome(2, listOf("${Tracker.location(sources, files)}: error: the code here is nested too deeply to port"), null)
        } catch (failure: Throwable) {
            if (failure is VirtualMachineError && failure !is OutOfMemoryError) throw failure
            val what = failure.message?.lines()?.firstOrNull()?.let { ": $it" } ?: ""
            PortOutcome(
                2,
                listOf("${Tracker.location(sources, files)}: error: the porter cannot port the code here " +
                    "(${failure.javaClass.simpleName}$what)"),
                null
            )
        } finally {
            Tracker.element = null
        }
    }

    /**
     * Runs [body] with standard error discarded: the compiler's analysis logs its own failures there (an exception
     * with its stack, `ERROR: Exception while analyzing expression`), which the porter reports as a located error.
     */
    private fun <T> quietly(body: () -> T): T {
        val standardError = System.err
        System.setErr(java.io.PrintStream(java.io.OutputStream.nullOutputStream()))
        try {
            return body()
        } finally {
            System.setErr(standardError)
        }
    }

    private fun parse(file: InputFile): KotlinSource {
        deepestBracket(file.text)?.let { (_, line, column) ->
            throw PortError(listOf("${file.path}:$line:$column: error: brackets nested more than $MAX_BRACKET_DEPTH " +
                "deep; the porter does not read such code"))
        }
        return try {
            KotlinSource.parse(file.path, file.text)
        } catch (overflow: StackOverflowError) {
            throw PortError(listOf("${file.path}:1:1: error: the file is nested too deeply to parse"))
        }
    }

    /** Where brackets outside strings and comments first nest deeper than [MAX_BRACKET_DEPTH]. */
    fun deepestBracket(text: String): Triple<Int, Int, Int>? {
        var depth = 0
        var line = 1
        var column = 1
        var index = 0
        while (index < text.length) {
            val char = text[index]
            when {
                char == '/' && text.startsWith("//", index) -> {
                    while (index < text.length && text[index] != '\n') { index++; column++ }
                    continue
                }
                char == '(' || char == '[' || char == '{' -> {
                    depth++
                    if (depth > MAX_BRACKET_DEPTH) return Triple(index, line, column)
                }
                char == ')' || char == ']' || char == '}' -> if (depth > 0) depth--
                char == '\n' -> { line++; column = 0 }
            }
            index++
            column++
        }
        return null
    }

    /**
     * Refuses a syntax tree deeper than [MAX_TREE_DEPTH], or type arguments or collection factories nested deeper than
     * [MAX_TYPE_ARGUMENT_DEPTH] (walked without recursion), located at the first node too deep.
     */
    private fun checkTreeDepth(source: KotlinSource) {
        class Node(val element: org.jetbrains.kotlin.com.intellij.psi.PsiElement, val depth: Int, val typeDepth: Int, val collectionDepth: Int)
        val stack = ArrayDeque<Node>()
        stack.addLast(Node(source.file, 0, 0, 0))
        while (stack.isNotEmpty()) {
            val node = stack.removeLast()
            if (node.depth > MAX_TREE_DEPTH) {
                throw source.error(node.element, "the code here is nested more than $MAX_TREE_DEPTH levels deep; the porter does not read such code")
            }
            val typeDepth = node.typeDepth + if (node.element is org.jetbrains.kotlin.psi.KtTypeArgumentList) 1 else 0
            if (typeDepth > MAX_TYPE_ARGUMENT_DEPTH) {
                throw source.error(node.element, "type arguments nested more than $MAX_TYPE_ARGUMENT_DEPTH levels deep " +
                    "(`List<List<…>>`); the Swift compiler cannot type-check such a port in reasonable time, so the porter " +
                    "does not write it: name an inner type with a typealias or a class")
            }
            val collection = (node.element as? org.jetbrains.kotlin.psi.KtCallExpression)?.calleeExpression?.text in COLLECTION_FACTORIES
            val collectionDepth = node.collectionDepth + if (collection) 1 else 0
            if (collectionDepth > MAX_TYPE_ARGUMENT_DEPTH) {
                throw source.error(node.element, "collections nested more than $MAX_TYPE_ARGUMENT_DEPTH levels deep " +
                    "(`listOf(listOf(…))`); the Swift compiler cannot type-check such a port in reasonable time, so the " +
                    "porter does not write it: build the inner collections in steps")
            }
            var child = node.element.firstChild
            while (child != null) {
                stack.addLast(Node(child, node.depth + 1, typeDepth, collectionDepth))
                child = child.nextSibling
            }
        }
    }
}

/** The element the porter is translating, so that a failure of the porter itself can say where it happened. */
object Tracker {
    @Volatile
    var element: org.jetbrains.kotlin.com.intellij.psi.PsiElement? = null

    fun location(sources: List<KotlinSource>, files: List<InputFile>): String {
        val current = element
        if (current != null) {
            val source = sources.firstOrNull { it.file == current.containingFile }
            if (source != null) return source.location(current)
        }
        return "${files.firstOrNull()?.path ?: "port-kotlin"}:1:1"
    }
}
