package com.statemachine.verify

import com.google.gson.JsonObject
import com.statemachine.spec.fixtures.Sequences
import com.google.gson.JsonParser
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.PrintStream
import java.lang.reflect.InvocationTargetException
import java.net.URLClassLoader
import kotlin.reflect.KClass
import kotlin.reflect.full.memberProperties
import kotlin.reflect.jvm.isAccessible
import kotlin.system.exitProcess

/**
 * The Kotlin half of `statemachine port --verify`: runs the original machine, compiled against a Tinder-compatible
 * library, on generated event sequences and writes what it did ([Trace]), for the Swift port's run to be compared with.
 *
 *     verify-runner PLAN.json CLASSES OUT [--seed N] [--depth D] [--random R] [--length L] [--from N]
 *
 * Writes OUT/sequences.json (the events, as fixture values), OUT/context.json (what the Swift owner gives: the values
 * of the class's properties, the results of its functions the port leaves to it), OUT/kotlin.trace, OUT/kotlin.results
 * and OUT/notes.txt (what could not be exercised), as Spec/VERIFY.md describes. `--from N` starts again after the N
 * sequences an earlier run began (the driver's restart after a crash, a timeout or an exit, V8): it appends to the
 * trace and reads the earlier results back. Exit status 0, or 2 when the machine could not be run (the reason on
 * standard error).
 */
fun main(args: Array<String>) {
    val standardError = System.err
    // What the machine writes to standard error is not compared: kept up to a megabyte, for the driver's messages.
    System.setErr(PrintStream(object : java.io.OutputStream() {
        private var left = 1 shl 20
        override fun write(b: Int) {
            if (left > 0) standardError.write(b).also { left -= 1 }
        }
        override fun write(b: ByteArray, off: Int, len: Int) {
            val kept = minOf(len, left)
            if (kept > 0) standardError.write(b, off, kept).also { left -= kept }
        }
    }, true))
    exitProcess(
        try {
            Runner(args.toList()).run()
        } catch (failure: Owners.CannotRun) {
            standardError.println("verify: the Kotlin machine cannot be run: ${failure.message}")
            2
        } catch (failure: Throwable) {
            // Whatever else the Kotlin code threw where the runner calls it (making the owner, reading the events):
            // one line, never a stack trace.
            val cause = (failure as? java.lang.reflect.InvocationTargetException)?.targetException ?: failure
            standardError.println("verify: the Kotlin machine cannot be run: ${cause::class.simpleName}: ${cause.message?.take(300)}")
            2
        }
    )
}

class Runner(args: List<String>) {
    private val plan: JsonObject
    private val out: File
    private val classes: Array<java.net.URL>
    private val seed: Long
    private val depth: Int
    private val randomCount: Int
    private val length: Int
    private val from: Int

    init {
        val positional = args.filter { !it.startsWith("--") && args.getOrNull(args.indexOf(it) - 1)?.startsWith("--") != true }
        fun option(name: String, default: Long) = args.indexOf(name).takeIf { it >= 0 }?.let { args[it + 1].toLong() } ?: default
        plan = JsonParser.parseString(File(positional[0]).readText()).asJsonObject
        classes = positional[1].split(File.pathSeparator).map { File(it).toURI().toURL() }.toTypedArray()
        out = File(positional[2]).also { it.mkdirs() }
        seed = option("--seed", 1)
        depth = option("--depth", 2).toInt()
        randomCount = option("--random", 200).toInt()
        length = option("--length", 8).toInt()
        from = option("--from", 0).toInt()
    }

    /** A comparison with a Swift machine written by hand (`statemachine compare`): listener calls, outcomes and states (V10). */
    private val compare = Compare.isCompare(plan)

    private val trace = Trace(File(out, "kotlin.trace"), File(out, "kotlin.results"), append = from > 0).also {
        if (from > 0) it.readResults(File(out, "kotlin.results"))
    }

    /** What could not be exercised, each once; written to notes.txt as it is found, so that a run stopped later keeps it. */
    private val notes = object {
        private val seen = linkedSetOf<String>()
        private val file = File(out, "notes.txt").also { if (from == 0) it.writeText("") }
        operator fun plusAssign(note: String) {
            if (seen.add(note)) file.appendText(note + "\n")
        }
    }

    /**
     * The machine's classes, loaded afresh: each sequence runs in a loader of its own, so that a machine held by an
     * object or a top-level property starts from its initial state every time, as the Swift port's does.
     */
    private fun freshLoader(): ClassLoader = URLClassLoader(classes, javaClass.classLoader)

    fun run(): Int {
        val literals = plan.getAsJsonObject("literals")
        fun strings(key: String) = literals?.getAsJsonArray(key)?.map { it.asString }.orEmpty()
        val events = Events(Events.Literals(
            strings("strings"),
            literals?.getAsJsonArray("ints")?.map { it.asLong }.orEmpty(),
            literals?.getAsJsonArray("doubles")?.map { it.asDouble }.orEmpty(),
        ))
        val stubs = Stubs(trace)
        val ownerJson = plan.getAsJsonObject("owner")
        // A comparison names the owner as the user wrote it and leaves the types to the machine's declared type.
        val spec = if (ownerJson["kind"].asString == "auto") {
            Compare.owner("${ownerJson["class"].asString}.${ownerJson["member"].asString}", freshLoader(), classes.map { File(it.toURI()) })
        } else {
            OwnerSpec(ownerJson["kind"].asString, ownerJson["class"].asString, ownerJson["member"].asString)
        }
        val declaredTypes = plan.getAsJsonObject("types")
        val inferred = if (declaredTypes?.get("event")?.isJsonNull != false) Compare.types(spec, freshLoader()) else null
        val eventName = inferred?.second ?: declaredTypes!!["event"].asString
        if (compare && from == 0) {
            val loader = freshLoader()
            val stateName = inferred?.first ?: declaredTypes!!["state"].asString
            val sideEffectName = inferred?.let { it.third } ?: declaredTypes?.get("sideEffect")?.takeIf { !it.isJsonNull }?.asString
            fun shapeOf(name: String?) = name?.let { Compare.shape(Class.forName(it, false, loader).kotlin, events) } ?: "[]"
            File(out, "shapes.json").writeText(
                "{\n  \"state\": ${shapeOf(stateName)},\n  \"event\": ${shapeOf(eventName)},\n  \"sideEffect\": ${shapeOf(sideEffectName)}\n}\n"
            )
        }
        // The events of a loader: every case's values that have a form in the fixture format the port can read.
        fun eventsIn(owners: Owners) = owners.load(eventName).let { type -> events.values(type).map { case -> case.filter { sendable(it, type) } } }
        val shape = eventsIn(Owners(freshLoader(), stubs, events))
        if (shape.all { it.isEmpty() }) throw Owners.CannotRun("no event of ${eventName.substringAfterLast('.')} could be made")
        // A case without a value is never sent: say so, or "behaves as the Kotlin machine" would claim it.
        val caseNames = events.caseNames(Owners(freshLoader(), stubs, events).load(eventName))
        for ((index, values) in shape.withIndex()) if (values.isEmpty()) {
            notes += "not exercised: the event ${caseNames.getOrElse(index) { "case ${index + 1}" }}: the runner could not make a " +
                "value of it that the port can read (a field of a type without values here, such as an interface, or a throwable that does not keep a constructor parameter as a property)"
        }
        // Values made but not sent (a throwable of the files whose constructor takes a parameter it does not keep as a
        // property, which its fixture form cannot carry): the case is exercised, but not with these values.
        Owners(freshLoader(), stubs, events).load(eventName).let { type ->
            for ((index, values) in events.values(type).withIndex()) {
                val unsent = values.filterNot { sendable(it, type) }
                if (unsent.isEmpty() || shape.getOrNull(index).isNullOrEmpty()) continue
                val name = caseNames.getOrElse(index) { "case ${index + 1}" }
                val example = Trace.render(unsent.first()).takeUnless { it == "?" } ?: unsent.first().javaClass.simpleName
                notes += "not exercised: ${unsent.size} of the values made of the event $name, such as $example: the " +
                    "fixture format cannot carry them to the port (a throwable of yours that does not keep a constructor parameter as a property)"
            }
        }
        val picks = shape.flatMapIndexed { case, values -> values.indices.map { case to it } }.groupBy { it.first }.values.toList()
        val sequences = Sequences(picks, depth, randomCount, length, seed).all()

        Calls.trace = trace
        // The owner's properties as the first owner held them when it was made, before any event (V5): what its own
        // code does to them later (in functions the port calls as collaborators) is not the Swift owner's to give.
        var properties: List<String>? = null
        val eventsOf = { owners: Owners, values: List<List<Any>> -> { sequence: List<Pair<Int, Int>> -> sequence.map { (case, value) -> values[case][value] } } }
        if (from == 0) {
            val made = Owners(freshLoader(), stubs, events).let { owners -> eventsIn(owners).let { values -> sequences.map { eventsOf(owners, values)(it) } } }
            File(out, "sequences.json").writeText(
                made.joinToString(",\n", "[\n", "\n]\n") { sequence -> sequence.joinToString(", ", "[", "]") { Trace.render(it) } }
            )
        }
        // A class makes a fresh machine with each instance: one loader serves every sequence. An object's or a
        // file's machine is made once per loader.
        val shared = if (spec.kind == "class") Owners(freshLoader(), stubs, events).let { it to eventsIn(it) } else null
        for (index in from until sequences.size) {
            val sequence = sequences[index]
            trace.lines += "# sequence ${index + 1}"
            trace.flush()
            Calls.sequence = index + 1
            val (owners, values) = shared ?: Owners(freshLoader(), stubs, events).let { it to eventsIn(it) }
            trace.quiet += 1   // what the owner does while it is made is not compared: the Swift owner is made otherwise
            // The stubs' answers of platform types count from 0 in each sequence, again once the owner is made (the
            // Swift owner makes other calls, or none, while it is made).
            stubs.restartAnswers()
            val owner = try {
                owners.make(spec)
            } finally {
                trace.quiet -= 1
            }
            stubs.restartAnswers()
            if (properties == null) {
                properties = propertyEntries(owner, owners)
                stubs.restartAnswers()
            }
            val eventType = owners.load(eventName)
            if (compare) {
                // Listener calls are behaviour in a comparison: each is written where it happens (V10).
                Listeners.probe(owner.machine, trace)
                trace.lines += "= start ${Trace.render(stateOf(owner.machine))}"
                trace.flush()
            }
            var ended = false
            for ((position, event) in eventsOf(owners, values)(sequence).withIndex()) {
                thrownWhere = "sequence ${index + 1} at event ${position + 1}"
                val text = Trace.render(event)
                trace.lines += "> $text"
                trace.flush()
                // Each event is made afresh from its text, as an app makes a new event to send: an instance of a class
                // that Kotlin compares by identity is never one an earlier event carried, and the Swift port, which
                // compares by value, can be seen to differ.
                val going = send(owner.machine, com.statemachine.spec.fixtures.Values.fromText(text, eventType, "event"))
                trace.flush()
                if (!going) {
                    ended = true
                    break
                }
            }
            if (compare && !ended) {
                trace.lines += "= final ${Trace.render(stateOf(owner.machine))}"
                trace.flush()
            }
        }
        if (properties == null) {
            // Every sequence ran in earlier runs (the last one stopped the process): an owner to read the properties of.
            val owners = Owners(freshLoader(), stubs, events)
            trace.quiet += 1
            val owner = try {
                owners.make(spec)
            } finally {
                trace.quiet -= 1
            }
            properties = propertyEntries(owner, owners)
        }
        write(properties)
        return 0
    }

    /**
     * Sends [event]; false when the sequence ends there: a stub could not answer, the machine crashed (a
     * `VirtualMachineError`, such as a `StackOverflowError`, came out of the transition) or printed more than
     * [OUTPUT_LIMIT] bytes.
     */
    private fun send(machine: Any, event: Any): Boolean {
        val method = machine.javaClass.methods.first { it.name == "transition" && it.parameterCount == 1 }
        val printed = BoundedOutput(OUTPUT_LIMIT)
        val standardOut = System.out
        System.setOut(PrintStream(printed, true, "UTF-8"))
        val result = try {
            runCatching { method.invoke(machine, event) }
        } finally {
            System.setOut(standardOut)
        }
        val outcome = if (printed.exceeded) "= output limit" else result.fold(
            onSuccess = { transition -> outcomeOf(transition!!) },
            onFailure = { failure ->
                val cause = (failure as? InvocationTargetException)?.targetException ?: failure
                when {
                    cause is Unstubbable -> {
                        // Written as the Swift harness writes it: a sequence that a stub stops on both sides is no
                        // difference; what the stub could not make is a note.
                        notes += "not exercised: ${cause.message}"
                        STUB_STOP
                    }
                    cause is VirtualMachineError -> "= crash ${cause::class.simpleName}"
                    cause.message?.startsWith("Missing definition") == true -> "= error missing definition"
                    else -> {
                        noteThrown(cause)
                        "= error thrown"
                    }
                }
            },
        )
        // What the machine printed comes before its result, as it happened; past the limit, nothing of it is kept (as
        // the Swift harness keeps nothing).
        val printedLines = if (printed.exceeded) emptyList() else printed.text().lines().dropLastWhile { it.isEmpty() }
        val calls = trace.lines.takeLastWhile { !it.startsWith(">") }
        trace.lines.subList(trace.lines.size - calls.size, trace.lines.size).clear()
        // A comparison with a machine written by hand compares listener calls and outcomes: what each codebase calls on
        // its collaborators and prints is its own.
        trace.lines += if (compare) calls.filter { it.startsWith(LISTENER) } + outcome
            else (calls + printedLines.map { "print $it" }).map(::withoutIdentities) + outcome
        return !(outcome.startsWith("= stop") || outcome.startsWith("= crash") || outcome == "= output limit")
    }

    /** Where the event being sent is (`sequence 3 at event 2`), for [noteThrown]. */
    private var thrownWhere = ""
    private val thrownKinds = mutableSetOf<String>()

    /**
     * Notes what a handler threw, once per kind and place (Spec/VERIFY.md, V6): the trace says only `= error thrown`, as
     * the Swift port's does, and the report says what each side threw where the two differ. The place is the first
     * frame of the machine's own code, not the library's or the runtime's.
     */
    private fun noteThrown(cause: Throwable) {
        val frame = cause.stackTrace.firstOrNull { frame ->
            frame.fileName != null && LIBRARY_PACKAGES.none { frame.className.startsWith(it) }
        }
        val place = frame?.let { " at ${it.fileName}:${it.lineNumber}" } ?: ""
        val kind = cause::class.simpleName ?: cause.javaClass.name
        if (!thrownKinds.add(kind + place)) return
        val message = cause.message?.let { ": ${withoutIdentities(it.lines().first())}" } ?: ""
        notes += "thrown: the Kotlin machine threw $kind$message$place, first in $thrownWhere"
    }

    /** The machine's current state (Tinder's `state` property). */
    private fun stateOf(machine: Any): Any? = machine.javaClass.getMethod("getState").invoke(machine)

    private fun outcomeOf(transition: Any): String {
        fun property(name: String): Any? = transition::class.memberProperties.first { it.name == name }.let {
            it.isAccessible = true
            it.getter.call(transition)
        }
        return when (transition::class.simpleName) {
            // A machine whose side effects are Kotlin's `Unit` emits the port's `SideEffect.unit`, written as the
            // fixture format writes that case.
            "Valid" -> "= valid ${Trace.render(property("fromState"))} -> ${Trace.render(property("toState"))} / " +
                property("sideEffect").let { if (it == Unit) "{\"unit\":{}}" else Trace.render(it) }
            "Invalid" -> "= invalid ${Trace.render(property("fromState"))}"
            else -> "= ${transition::class.simpleName}"
        }
    }

    /**
     * Whether [value] can be sent to the port: it has a form in the fixture format that reads back into [type] (a
     * throwable of a class that does not keep a constructor parameter as a property has a form but cannot be made from
     * it, Spec/SPEC.md, R30).
     */
    private fun sendable(value: Any, type: KClass<*>): Boolean {
        val text = Trace.render(value)
        return text != "?" && runCatching { com.statemachine.spec.fixtures.Values.fromText(text, type, "event") }.isSuccess
    }

    /**
     * The value a `StateFlow` or a `LiveData` holds (`private val _state = MutableStateFlow(State.Idle)`), which the
     * port's owner holds as the value itself; null for anything else.
     */
    private fun stateFlowValue(value: Any?): Any? {
        if (value == null) return null
        for (holder in listOf("kotlinx.coroutines.flow.StateFlow", "androidx.lifecycle.LiveData")) {
            val type = runCatching { Class.forName(holder, false, value.javaClass.classLoader) }.getOrNull()
            if (type != null && type.isInstance(value)) return type.getMethod("getValue").invoke(value)
        }
        return null
    }

    /** The context's `property` entries (V5): the owner's properties, read as the port's owner will give them. */
    private fun propertyEntries(owner: Owner, owners: Owners): List<String> {
        val context = mutableListOf<String>()
        val instance = owner.instance
        // Reading a getter calls what it reads (`now` calls the clock): not part of any sequence.
        trace.quiet += 1
        for (name in plan.getAsJsonArray("properties")?.map { it.asString }.orEmpty()) {
            // A property of the owner (null included: `var lastSync: Instant? = null`), else what the runner gave
            // the owner's parameter, else what its default gave.
            val read = instance?.let { runCatching { owners.member(it::class, it, name) } }?.takeIf { it.isSuccess }
            val value: Any? = read?.getOrNull() ?: when (name) {
                in owners.madeArguments -> owners.madeArguments[name]
                in Calls.defaults -> Calls.defaults[name]
                else -> if (read != null) null else continue
            }
            if (value != null && java.lang.reflect.Proxy.isProxyClass(value.javaClass)) continue
            val text = Trace.render(stateFlowValue(value) ?: value)
            if (text != "?") context += "[\"property\", ${com.statemachine.spec.fixtures.Canonical.string(name)}, $text]"
        }
        trace.quiet -= 1
        return context
    }

    private fun write(properties: List<String>) {
        val context = properties.toMutableList()
        // An argument without a form in the fixture format (a stub of an interface) is `?` on both sides: a call with
        // one is given when the Kotlin's calls of that text all had the same result, and left out when they did not.
        val ambiguous = trace.results.filter { (_, arguments, _) -> arguments.any { it == "?" } }
            .groupBy { (name, arguments, _) -> name to arguments }.filterValues { calls -> calls.map { it.third }.distinct().size > 1 }.keys
        val unknown = linkedSetOf<String>()
        // A call whose results differ with the same arguments (a getter reading a clock, a counter): its results in
        // each sequence, in order, for the Swift owner to give the n-th one at its n-th call.
        val varying = trace.results.groupBy { (name, arguments, _) -> name to arguments }
            .filter { (key, calls) -> key !in ambiguous && calls.map { it.third }.distinct().size > 1 && calls.none { it.third == "?" } }.keys
        for ((sequence, calls) in trace.ordered.filter { (it.name to it.arguments) in varying }.groupBy { it.sequence }) {
            for ((key, inOrder) in calls.groupBy { it.name to it.arguments }) {
                val texts = key.second.joinToString(", ") { com.statemachine.spec.fixtures.Canonical.string(it) }
                val results = inOrder.joinToString(", ") { if (it.result == "()") "null" else it.result }
                context += "[\"results\", $sequence, ${com.statemachine.spec.fixtures.Canonical.string(key.first)}, [$texts], [$results]]"
            }
        }
        for ((name, arguments, result) in trace.results) {
            if ((name to arguments) in varying) continue
            // Each argument as its text (a JSON string): `?` is not a JSON value, and the port's owner looks results
            // up by the texts its own calls render.
            val texts = arguments.joinToString(", ") { com.statemachine.spec.fixtures.Canonical.string(it) }
            val quotedName = com.statemachine.spec.fixtures.Canonical.string(name)
            // A result the Swift owner cannot give: it stops the sequence there, as a stub that cannot answer does.
            val reason = when {
                result == "?" -> "its result has no form in the fixture format"
                (name to arguments) in ambiguous -> "the Kotlin's calls with these argument texts had different results " +
                    "(an argument without a form in the fixture format, written ?)"
                else -> null
            }
            if (reason != null) {
                unknown += "[\"unknown\", $quotedName, [$texts], ${com.statemachine.spec.fixtures.Canonical.string(reason)}]"
            } else {
                context += "[\"result\", $quotedName, [$texts], ${if (result == "()") "null" else result}]"
            }
        }
        context += unknown
        File(out, "context.json").writeText(context.joinToString(",\n", "[\n", "\n]\n"))
    }
}

/** The trace's line where a stub cannot answer and the sequence stops (the Swift harness writes the same). */
internal const val STUB_STOP = "= stop (a stub cannot answer)"

/** The most a machine may print while it handles one event (Spec/VERIFY.md, V7). */
internal const val OUTPUT_LIMIT = 16 * 1024 * 1024

/** Thrown where the machine prints past [OUTPUT_LIMIT]: an `Error`, which a handler's `catch (e: Exception)` lets by. */
class OutputLimitExceeded : Error("the machine printed more than $OUTPUT_LIMIT bytes while it handled one event")

/** What the machine prints while it handles an event, up to [limit] bytes; past it, each write throws. */
internal class BoundedOutput(private val limit: Int) : java.io.OutputStream() {
    private val bytes = ByteArrayOutputStream()
    var exceeded = false
        private set

    override fun write(b: Int) = write(byteArrayOf(b.toByte()), 0, 1)

    override fun write(b: ByteArray, off: Int, len: Int) {
        if (exceeded || bytes.size() + len > limit) {
            exceeded = true
            throw OutputLimitExceeded()
        }
        bytes.write(b, off, len)
    }

    fun text(): String = bytes.toString(Charsets.UTF_8)
}

/** A class's simple name for messages. */
internal val KClass<*>.shown: String get() = simpleName ?: qualifiedName ?: "?"

/**
 * Kotlin's text of a value that is neither a data class nor a data object is its identity, `com.example.Event$Start@4df5bcb4`,
 * which changes from run to run: the port writes the class's simple name (`Start`), and so does the trace.
 */
/** The packages of the library and the runtime, whose frames are not the machine's place of a throw. */
private val LIBRARY_PACKAGES = listOf(
    "com.tinder.StateMachine", "com.statemachine.spec.", "com.statemachine.verify.", "kotlin.", "java.", "javax.", "jdk.", "sun.",
)

private val IDENTITY = Regex("""\b(?:[A-Za-z_][\w]*[.$])*([A-Za-z_]\w*)@[0-9a-f]{5,8}\b""")

internal fun withoutIdentities(line: String): String = IDENTITY.replace(line) { it.groupValues[1] }
