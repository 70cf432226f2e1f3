package com.statemachine.spec.fixtures

/**
 * A delayed event of a state definition or superstate (format 2, R18, R28): `{"delay": 30000, "send": "timeout"}`;
 * [path] locates its `send` in the document.
 */
class TimerDef(val milliseconds: Long, val event: Value, val path: String = "")

/** The largest delay or advance in milliseconds: its nanoseconds fit a signed 64-bit integer. */
private const val MAXIMUM_MILLISECONDS = Long.MAX_VALUE / 1_000_000

/** The optional keys of a state definition that only the file's version has. */
internal val FixtureReader.stateKeysOfVersion: List<String>
    get() = if (version >= 2) listOf("after", "final") + RUN_TO_COMPLETION_KEYS else emptyList()

/** Reads `"final": true` (format 2, R27): a final state, matching a whole case, whose `on` is empty. */
internal fun readFinal(obj: J.Obj): Boolean {
    val flag = obj["final"] ?: return false
    if (flag !is J.Bool || !flag.value) {
        flag.fail("expected true (a final state, R27), got ${flag.kind}; leave \"final\" out for a state that is not final")
    }
    val matcher = obj.need("state")
    if (matcher !is J.Obj || matcher.members.keys != setOf("case")) {
        matcher.fail("expected {\"case\": name} in a final state: a final state matches a whole case (R27)")
    }
    val handlers = obj.need("on")
    if (handlers.array().isNotEmpty()) {
        handlers.fail("expected [] in a final state: a final state handles no event (R27); remove the handlers, or remove \"final\": true")
    }
    return true
}

/** Fails when [node] has [key], which only format 2 has, in a file of format 1. */
internal fun FixtureReader.requireVersion2(key: String, node: J) {
    if (version < 2 && node is J.Obj) {
        node[key]?.failAtKey("${Canonical.string(key)} needs \"schemaVersion\": 2 (this file has 1)")
    }
}

/** Reads `"after": [{"delay": milliseconds, "send": event}, ...]`. */
internal fun FixtureReader.readTimers(node: J): List<TimerDef> = node.array().map { item ->
    val obj = item.closed(listOf("delay", "send"))
    val send = obj.need("send")
    TimerDef(milliseconds(obj.need("delay"), "a delay"), Value.parse(send), send.path)
}

/** Reads an advance step, `{"advance": milliseconds, "expect": [results], "calls": [calls]}`; null for other steps. */
internal fun FixtureReader.readAdvanceStep(node: J): Step? {
    requireVersion2("advance", node)
    if (node !is J.Obj || "advance" !in node.members.keys) return null
    val obj = node.closed(listOf("advance", "expect", "calls"))
    val outcomes = obj.need("expect").array().map { item ->
        readOutcome(item).also { if (it == Outcome.RecursionDetected) item.fail("recursionDetected appears only inside send records") }
    }
    return Step.Advance(milliseconds(obj.need("advance"), "a time to advance"), outcomes, obj.need("calls").array().map { readCall(it) })
}

private fun milliseconds(node: J, what: String): Long {
    if (node !is J.Int || node.value < 0 || node.value > MAXIMUM_MILLISECONDS) {
        node.fail("expected $what in milliseconds (an integer from 0 to $MAXIMUM_MILLISECONDS), got ${if (node is J.Int) node.value.toString() else node.kind}")
    }
    return node.value
}
