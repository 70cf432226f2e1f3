package com.statemachine.spec

// Saving and restoring a running machine with its history (R17, R24).

/**
 * What a running machine is: its [state] and its shallow [history] (R17, R24). Taken with
 * [StateMachine.snapshot], restored with [StateMachine.Companion.create] (`restoring = snapshot`).
 *
 * ```kotlin
 * val snapshot = machine.snapshot()
 * // … later:
 * val restored = StateMachine.create(graph, restoring = snapshot)
 * ```
 * [history] maps each history target the machine has left (a superstate, the handle returned by `superstate(…)`,
 * or a child-holding definition, the handle returned by `child(…)`) to the state it was in when it left it.
 * [nested] holds the history inside the graph's child machines and regions, by level (the handle `child(…)` or
 * `region(…)` returned), each with the same shape; a level whose machine has left nothing is not in it.
 */
data class Snapshot<STATE : Any>(
    val state: STATE,
    val history: Map<HistoryTarget, STATE> = emptyMap(),
    val nested: Map<HistoryLevel, NestedHistory> = emptyMap()
)

/**
 * The history inside one child machine or region (R17, R24): [history] maps the level's own superstates and
 * child-holding definitions to states of the level's machine, [nested] the levels inside it.
 */
data class NestedHistory(
    val history: Map<HistoryTarget, Any>,
    val nested: Map<HistoryLevel, NestedHistory> = emptyMap()
)

/**
 * Thrown by `StateMachine.create(graph, restoring = snapshot)` when the snapshot's history does not fit the graph,
 * e.g. one saved by an older version of it; [problems] has one sentence per entry. Restore `snapshot.state` alone
 * (`create(graph.copy(initialState = snapshot.state))`) to start without history.
 */
class SnapshotException(val problems: List<String>) : IllegalArgumentException(
    (listOf(
        "The snapshot has ${if (problems.size == 1) "1 history entry that does not fit" else "${problems.size} history entries that do not fit"} the graph:"
    ) + problems.take(SHOWN_PROBLEMS).map { "- $it" }
        + (if (problems.size > SHOWN_PROBLEMS) listOf("- and ${problems.size - SHOWN_PROBLEMS} more.") else emptyList())
        + "Restore the snapshot's state alone to start without history.").joinToString("\n")
) {
    companion object {
        /** How many problems the message lists; the rest are counted (`- and N more.`). */
        const val SHOWN_PROBLEMS = 10
        /** How many Unicode scalars of a name or state a problem shows, then `… (N more)`. */
        const val SHOWN_NAME_LENGTH = 100
    }
}

/** [value] as a snapshot problem shows it: its text, cut after [SnapshotException.SHOWN_NAME_LENGTH] scalars. */
internal fun shown(value: Any?): String {
    val text = value.toString()
    val limit = SnapshotException.SHOWN_NAME_LENGTH
    val count = text.codePointCount(0, text.length)
    if (count <= limit) return text
    return text.substring(0, text.offsetByCodePoints(0, limit)) + "… (${count - limit} more)"
}

/** A machine's history map (targets to states, level keys to the levels' maps) as a snapshot's. */
@Suppress("UNCHECKED_CAST")
internal fun <S : Any> snapshotOf(state: S, history: Map<Any, Any>?): Snapshot<S> {
    if (history == null) return Snapshot(state)
    return Snapshot(state, history.filterKeys { it is HistoryTarget } as Map<HistoryTarget, S>, nestedOf(history))
}

private fun nestedOf(history: Map<Any, Any>): Map<HistoryLevel, NestedHistory> {
    val result = LinkedHashMap<HistoryLevel, NestedHistory>()
    for ((key, value) in history) {
        if (key !is LevelKey) continue
        @Suppress("UNCHECKED_CAST")
        val level = value as Map<Any, Any>
        val nested = NestedHistory(level.filterKeys { it is HistoryTarget } as Map<HistoryTarget, Any>, nestedOf(level))
        if (nested.history.isNotEmpty() || nested.nested.isNotEmpty()) result[key.level] = nested
    }
    return result
}

/** Puts [nested] into a machine's history map [into], under the levels' keys. */
internal fun putNested(into: HashMap<Any, Any>, nested: Map<HistoryLevel, NestedHistory>) {
    for ((level, levelHistory) in nested) {
        val map = HashMap<Any, Any>(levelHistory.history)
        putNested(map, levelHistory.nested)
        into[level.levelKey!!] = map
    }
}

/** The problems of [snapshot]'s history in this graph: targets it does not have, states outside their target. */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.snapshotProblems(snapshot: Snapshot<S>): List<String> =
    historyProblems(snapshot.history, snapshot.nested, "")

/** The problems of one level's [history] and [nested] levels in this graph; [prefix] names the level. */
private fun StateMachine.Graph<*, *, *>.historyProblems(
    history: Map<HistoryTarget, Any>,
    nested: Map<HistoryLevel, NestedHistory>,
    prefix: String
): List<String> {
    val superstates = allSuperstates(composition?.superstates ?: emptyList())
    val problems = ArrayList<String>()
    for ((target, state) in history) {
        when {
            target is Superstate<*, *, *> && superstates.any { it === target } ->
                @Suppress("UNCHECKED_CAST")
                if (!(target as Superstate<Any, *, *>).contains(state)) {
                    problems += "${prefix}The history of the ${shown(target)} is ${shown(state)}, a state outside it."
                }
            target is Superstate<*, *, *> -> problems += "${prefix}The ${shown(target)} is not in the graph."
            stateDefinitions.values.none { it.child === target } -> problems += "${prefix}The child history ${shown(state)} is for a child machine that is not in the graph."
            @Suppress("UNCHECKED_CAST")
            (this as StateMachine.Graph<Any, Any, Any>).definitionOf(state)?.child !== target ->
                problems += "${prefix}The child history ${shown(state)} is not in a state of its child machine's definition."
        }
    }
    for ((level, levelHistory) in nested) {
        val isHere = stateDefinitions.values.any { it.child === level } || composition?.regions?.any { it === level } == true
        val graph = level.graph
        if (!isHere || graph == null) {
            problems += "${prefix}The ${shown(level)} is not in the graph."
            continue
        }
        problems += graph.historyProblems(levelHistory.history, levelHistory.nested, "${prefix}In the ${shown(level)}: ")
    }
    return problems
}
