package com.statemachine.verify

/**
 * The calls of the class's own functions that the Swift port leaves to its owner (requirements of `Collaborators`),
 * recorded where the Kotlin makes them: `--verify` runs a copy of the Kotlin in which `normalize(email)` reads
 * `Calls.record("normalize", arrayOf(email)) { normalize(it[0] as String) }`. The call and its result go to the trace, so
 * that the Swift owner's stub is compared by what it is asked and answers with the same result; what the function does
 * inside is not compared (the owner writes it).
 */
object Calls {
    /** The trace of the run in progress; set by the runner. */
    @JvmStatic
    var trace: Trace? = null

    /**
     * The values the defaults of the owner's parameters gave, by parameter name: `maxRetries: Int = DEFAULT_MAX_RETRIES`
     * reads `maxRetries: Int = Calls.defaultValue("maxRetries", DEFAULT_MAX_RETRIES)` in the copy `--verify` runs, so
     * that the Swift owner gives the value the Kotlin default gave (the runner leaves a defaulted parameter out).
     */
    val defaults = linkedMapOf<String, Any?>()

    @JvmStatic
    fun <T> defaultValue(name: String, value: T): T {
        defaults[name] = value
        return value
    }

    /**
     * The machine a function made last and kept in a local (`val machine = StateMachine.create { }` in a function that
     * returns something else): the copy `--verify` runs reads `val machine = Calls.made(StateMachine.create { })`, so
     * that the runner can take the machine the function made.
     */
    var lastMade: Any? = null

    @JvmStatic
    fun <M> made(machine: M): M {
        lastMade = machine
        return machine
    }

    /** The number of the sequence being sent (from 1), for the results in the order each sequence had them. */
    var sequence = 0

    @JvmStatic
    fun <R> record(name: String, arguments: Array<Any?>, body: (Array<Any?>) -> R): R {
        val trace = trace ?: return body(arguments)
        val rendered = arguments.map { Trace.render(it) }
        trace.quiet += 1
        val result = try {
            body(arguments)
        } finally {
            trace.quiet -= 1
        }
        val resultText = Trace.render(result)
        if (trace.quiet == 0) trace.record(Trace.Result(sequence, name, rendered, resultText))
        return result
    }
}
