package com.statemachine.verify

import com.statemachine.spec.fixtures.ValueMappingError
import com.statemachine.spec.fixtures.Values

/**
 * What one run of the Kotlin machine does, as lines both runtimes write alike (Spec: `statemachine port --verify`):
 *
 * ```
 * > {"insertCoin":{"value":30}}
 * = valid {"locked":{"credit":0}} -> {"locked":{"credit":30}} / null
 * call logger.d("Turnstile", "credit 30")
 * print unlocked by insertCoin
 * ```
 */
class Trace {
    val lines = mutableListOf<String>()

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

    companion object {
        /** A value as the fixture format writes it; `?` when it has no form there (both runtimes write `?`). */
        fun render(value: Any?): String = when (value) {
            Unit -> "()"
            NotCompared -> "?"
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
