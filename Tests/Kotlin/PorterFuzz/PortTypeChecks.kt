package com.statemachine.porter.fuzz

import com.statemachine.porter.SwiftTypeCheck
import java.io.File
import java.util.concurrent.Executors
import java.util.concurrent.Future
import java.util.concurrent.TimeUnit

/**
 * Type-checks the ports the fuzzer got with exit status 0, since exit status 0 promises a port that compiles: many
 * ports in one `swiftc -typecheck` (one file each, each wrapped in an `enum` of its own so that their names do not
 * collide), on a thread of its own while the fuzzer goes on. A port the batch finds errors in is checked again alone,
 * exactly as the porter checks it ([SwiftTypeCheck.check]); only an error there is a failure, so the wrapping can
 * cost time but never a false failure. A port that does not type-check is a failure only when its Kotlin compiles
 * ([kotlinCompiles]): a mutation such as `if (cents)` with `cents: Long` makes Kotlin no compiler accepts, and the
 * porter's own type check (which the fuzzer leaves to these batches) gives such a port exit status 1 with the error at
 * its Kotlin line.
 *
 * Ports arriving while a batch runs wait for the next one, up to [batchSize]; the rest are counted and skipped.
 */
internal class PortTypeChecks(
    private val modules: String,
    private val fail: (input: String, what: String) -> Unit,
    private val batchSize: Int = 40,
) {
    private val executor = Executors.newSingleThreadExecutor { Thread(it, "type-check").apply { isDaemon = true } }
    private var running: Future<*>? = null
    private val pending = ArrayList<Pair<String, String>>()
    private val seen = HashSet<String>()

    /** Distinct exit-0 ports offered. */
    var offered = 0
        private set

    /** Ports type-checked (in a batch, and alone when the batch found an error in them). */
    @Volatile var checked = 0
        private set

    /** `swiftc` runs. */
    @Volatile var runs = 0
        private set

    /** Exit-0 ports that do not type-check, of Kotlin that compiles. */
    @Volatile var broken = 0
        private set

    /** Exit-0 ports that do not type-check, of Kotlin that does not compile either (not failures). */
    @Volatile var invalidKotlin = 0
        private set

    /** Queues [swift], ported from [input] with exit status 0, for a type check. */
    fun offer(input: String, swift: String) {
        if (!seen.add(swift)) return
        offered++
        if (pending.size < batchSize) pending.add(input to swift)
        if (pending.size >= batchSize && running?.isDone != false) startBatch()
    }

    /** Checks what is still queued and waits for it, at most [seconds]; false when the time ran out. */
    fun finish(seconds: Long): Boolean {
        running?.get(seconds, TimeUnit.SECONDS)
        if (pending.isNotEmpty()) startBatch()
        return try {
            running?.get(seconds, TimeUnit.SECONDS)
            true
        } catch (timeout: java.util.concurrent.TimeoutException) {
            false
        } finally {
            executor.shutdownNow()
        }
    }

    private fun startBatch() {
        val batch = ArrayList(pending)
        pending.clear()
        running = executor.submit { check(batch) }
    }

    private fun check(batch: List<Pair<String, String>>) {
        val folder = File.createTempFile("fuzz-ports", "").apply { delete(); mkdirs() }
        try {
            val files = batch.mapIndexed { index, (_, swift) -> File(folder, "Port$index.swift").apply { writeText(wrapped(swift, index)) } }
            val command = listOf(
                "swiftc", "-typecheck", "-I", modules, "-module-name", "FuzzPorts", "-swift-version", "6", "-parse-as-library",
                "-Xfrontend", "-solver-expression-time-threshold=15",
            ) + files.map { it.path }
            val process = ProcessBuilder(command).redirectErrorStream(true).start()
            val output = process.inputStream.bufferedReader().readText()
            process.waitFor()
            runs++
            val suspects = if (process.exitValue() == 0) emptySet() else files.indices.filter { index ->
                Regex("^" + Regex.escape(files[index].path) + ":\\d+:\\d+: error: ", RegexOption.MULTILINE).containsMatchIn(output)
            }.toSet().ifEmpty { batch.indices.toSet() }
            checked += batch.size - suspects.size
            for (index in suspects) {
                val (input, swift) = batch[index]
                val alone = SwiftTypeCheck.check(swift)
                runs++
                checked++
                when {
                    alone.notRun != null -> fail(input, "exit status 0, and the port could not be type-checked: ${alone.notRun}")
                    alone.errors.isNotEmpty() && !kotlinCompiles(input) -> invalidKotlin++
                    alone.errors.isNotEmpty() -> {
                        broken++
                        val first = alone.errors.first()
                        fail(input, "exit status 0, but the port does not type-check (Swift line ${first.line}:${first.column}: " +
                            "${first.message}; ${alone.errors.size} error(s))\n$swift")
                    }
                }
            }
        } finally {
            folder.deleteRecursively()
        }
    }

    /**
     * Whether [input] compiles as Kotlin against what the porter's analysis sees (`porter.classpath`: the standard
     * library and the Tinder-compatible StateMachine): the compiler of this JVM's class path, in a process of its own.
     */
    private fun kotlinCompiles(input: String): Boolean {
        val folder = File.createTempFile("fuzz-kotlin", "").apply { delete(); mkdirs() }
        try {
            val source = File(folder, "fuzz.kt").apply { writeText(input) }
            val java = File(System.getProperty("java.home"), "bin/java").path
            val command = listOf(
                java, "-cp", System.getProperty("java.class.path"), "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
                "-no-stdlib", "-no-reflect", "-nowarn", "-jvm-target", "17", "-classpath", System.getProperty("porter.classpath") ?: "",
                "-d", File(folder, "classes").path, source.path,
            )
            val process = ProcessBuilder(command).redirectErrorStream(true).start()
            process.inputStream.bufferedReader().readText()
            return process.waitFor() == 0
        } finally {
            folder.deleteRecursively()
        }
    }

    /** [swift] with its imports first and the rest inside `enum FuzzPortN { … }`. */
    private fun wrapped(swift: String, index: Int): String {
        val (imports, rest) = swift.lines().partition { it.startsWith("import ") }
        return imports.joinToString("\n") + "\nenum FuzzPort$index {\n" + rest.joinToString("\n") + "\n}\n"
    }
}
