package com.statemachine.verify

import com.statemachine.spec.fixtures.Canonical
import com.statemachine.spec.fixtures.ValueMappingError
import com.statemachine.spec.fixtures.Values
import java.io.File
import java.io.FileOutputStream
import java.io.OutputStreamWriter

/**
 * What one run of the Kotlin machine does, as lines both runtimes write alike (Spec/VERIFY.md, V6):
 *
 * ```
 * # sequence 3
 * > {"insertCoin":{"value":30}}
 * call logger.d("Turnstile", "credit 30")
 * print unlocked by insertCoin
 * = valid {"locked":{"credit":0}} -> {"locked":{"credit":30}} / null
 * ```
 *
 * [lines] holds what the event being handled wrote so far; [flush] appends them to the trace file, a line at a time,
 * so that the driver sees each sequence begin (its time limit counts from there) and a run it stops leaves what came
 * before. Each recorded call's result also goes to [resultsFile] as it is made (V8), so that a run started again
 * after a stop knows the results of the sequences before it.
 */
class Trace(file: File? = null, private val resultsFile: File? = null, append: Boolean = false) {
    val lines = mutableListOf<String>()

    private val writer = file?.let { OutputStreamWriter(FileOutputStream(it, append), Charsets.UTF_8) }
    private val resultsWriter = resultsFile?.let { OutputStreamWriter(FileOutputStream(it, append), Charsets.UTF_8) }

    /** Above 0 inside a function of the class the port leaves to its owner: what it calls is not compared. */
    var quiet = 0

    /** The results the class's own functions gave, for the Swift port's owner to give the same: name, arguments, result. */
    val results = linkedSetOf<Triple<String, List<String>, String>>()

    /** Every result, in the order the calls were made, with the sequence they were made in. */
    val ordered = mutableListOf<Result>()

    class Result(val sequence: Int, val name: String, val arguments: List<String>, val result: String)

    fun call(receiver: String, arguments: List<Any?>) {
        if (quiet == 0) lines += "call $receiver(${arguments.joinToString(", ") { render(it) }})"
    }

    /** A recorded call of a function the Swift side is given, with its result. */
    fun record(result: Result) {
        lines += "call ${result.name}(${result.arguments.joinToString(", ")}) -> ${result.result}"
        add(result)
        resultsWriter?.run {
            write("[${result.sequence}, ${Canonical.string(result.name)}, [${result.arguments.joinToString(", ") { Canonical.string(it) }}], " +
                "${Canonical.string(result.result)}]\n")
            flush()
        }
    }

    private fun add(result: Result) {
        results += Triple(result.name, result.arguments, result.result)
        ordered += result
    }

    /** Reads back the results an earlier run of the same job wrote (V8). */
    fun readResults(file: File) {
        if (!file.isFile) return
        for (line in file.readLines()) {
            if (line.isBlank()) continue
            val parts = com.google.gson.JsonParser.parseString(line).asJsonArray
            add(Result(parts[0].asInt, parts[1].asString, parts[2].asJsonArray.map { it.asString }, parts[3].asString))
        }
    }

    /** Writes [lines] to the trace file and empties them. */
    fun flush() {
        val writer = writer ?: return
        for (line in lines) writer.write(line + "\n")
        writer.flush()
        lines.clear()
    }

    companion object {
        /** A value as the fixture format writes it; `?` when it has no form there (both runtimes write `?`). */
        fun render(value: Any?): String = when (value) {
            Unit -> "()"
            // A function (a callback handed on) has no fixture form; the Swift harness writes `?` for it too.
            // A stand-in call's result has no form; a value of a stand-in type (`Context()`) is written as its case.
            NotCompared, is Function<*> -> "?"
            is StandInValue -> if (value.javaClass == StandInValue::class.java) "?" else try {
                Values.fieldText(value, "value")
            } catch (failure: ValueMappingError) {
                "?"
            }
            else -> try {
                Values.fieldText(value, "value")
            } catch (failure: ValueMappingError) {
                "?"
            }
        }
    }
}

/** An argument the trace does not compare (declared with `Any` in its type), written `?` on both sides. */
object NotCompared

/** A collaborator call the stubs cannot answer: the sequence stops there on both sides. */
class Unstubbable(message: String) : RuntimeException(message)
