package com.statemachine.spec.fixtures

// Reading the keys of run to completion (schemaVersion 2, FIXTURES.md "Run to completion", R32–R34):
// `runToCompletion` in the top machine, `always`, `onEnterRaise`, `onExitRaise`, `onEnterPost`
// and `onExitPost` in its state definitions and superstates (R38).

/** An eventless transition, `{"where": condition, "do": action}` (R33); no `where`: always enabled. */
class EventlessDef(val condition: Expr?, val action: Action)

/** The keys of a top machine's state definition for run to completion (schemaVersion 2). */
internal val RUN_TO_COMPLETION_KEYS = listOf("always", "onEnterRaise", "onExitRaise", "onEnterPost", "onExitPost")

/** Reads `"always": [{"where": condition, "do": action}]` (R33). */
internal fun readEventless(obj: J.Obj): List<EventlessDef> {
    val node = obj["always"] ?: return emptyList()
    return node.array().map { item ->
        val entry = item.closed(listOf("do"), listOf("where"))
        EventlessDef(entry["where"]?.let { Expr.parse(it) }, FixtureReader.readAction(entry.need("do")))
    }
}

/**
 * Reads `"runToCompletion": {"initialEvent": e}` of a top machine, refusing the keys of run to completion where they
 * do not apply: without it, and (in this format) beside children or regions.
 */
internal fun readRunToCompletion(machine: J.Obj): Value? {
    val states = machine["states"]?.array() ?: emptyList()
    val node = machine["runToCompletion"]
    if (node == null) {
        for (item in states + (machine["superstates"]?.array() ?: emptyList())) {
            val obj = item as? J.Obj ?: continue
            for (key in RUN_TO_COMPLETION_KEYS) {
                val found = obj[key] ?: continue
                throw FormatError(found.path, "${Canonical.string(key)} needs \"runToCompletion\" in the machine: only a machine that runs to completion takes eventless transitions and queues raised events (R32, R33)", atKey = true)
            }
        }
        return null
    }
    val body = node.closed(listOf("initialEvent"))
    // At the key, as Swift's reader refuses it in a product.
    if (machine["product"] != null || machine["regions"] != null) {
        throw FormatError(node.path, "\"runToCompletion\" in a product is not in this format yet: a machine that runs to completion has superstates at most, no regions (FIXTURES.md, Run to completion)", atKey = true)
    }
    for (item in states) {
        val obj = item as? J.Obj ?: continue
        obj["child"]?.let { throw FormatError(it.path, "\"child\" with \"runToCompletion\" is not in this format yet: a machine that runs to completion has superstates at most, no child machines (FIXTURES.md, Run to completion)", atKey = true) }
        val always = obj["always"]
        if (always != null && obj["final"] != null) throw FormatError(always.path, "\"always\" in a final state: a final state has no eventless transitions (R27, R33)", atKey = true)
    }
    return Value.parse(body.need("initialEvent"))
}

/** `"onEnterRaise"`, `"onExitRaise"`, `"onEnterPost"`, `"onExitPost"`: an event, or a non-empty array of events (R36, R37). */
internal fun readRaised(node: J): List<Value> {
    if (node !is J.Arr) return listOf(Value.parse(node))
    if (node.items.isEmpty()) throw FormatError(node.path, "expected an event or a non-empty array of events, got an empty array")
    return node.items.map { Value.parse(it) }
}
