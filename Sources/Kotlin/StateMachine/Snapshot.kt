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
 * or a child-holding definition, the handle returned by `child(…)`) to the state it was in when it left it. Only the
 * graph's own history is kept: the history of superstates and children inside a child machine or a region is not.
 */
data class Snapshot<STATE : Any>(
    val state: STATE,
    val history: Map<HistoryTarget, STATE> = emptyMap()
)

/**
 * Thrown by `StateMachine.create(graph, restoring = snapshot)` when the snapshot's history does not fit the graph,
 * e.g. one saved by an older version of it; [problems] has one sentence per entry. Restore `snapshot.state` alone
 * (`create(graph.copy(initialState = snapshot.state))`) to start without history.
 */
class SnapshotException(val problems: List<String>) : IllegalArgumentException(
    (listOf(
        "The snapshot has ${if (problems.size == 1) "1 history entry that does not fit" else "${problems.size} history entries that do not fit"} the graph:"
    ) + problems.map { "- $it" } + "Restore the snapshot's state alone to start without history.").joinToString("\n")
)

/** The problems of [snapshot]'s history in this graph: targets it does not have, states outside their target. */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.snapshotProblems(snapshot: Snapshot<S>): List<String> {
    val superstates = ArrayList<Superstate<S, E, F>>()
    fun collect(level: List<Superstate<S, E, F>>) {
        for (superstate in level) {
            superstates += superstate
            collect(superstate.children)
        }
    }
    collect(composition?.superstates ?: emptyList())
    val problems = ArrayList<String>()
    for ((target, state) in snapshot.history) {
        when {
            target is Superstate<*, *, *> && target in superstates ->
                if (!(target as Superstate<S, E, F>).contains(state)) {
                    problems += "The history of the $target is $state, a state outside it."
                }
            target is Superstate<*, *, *> -> problems += "The $target is not in the graph."
            stateDefinitions.values.none { it.child === target } -> problems += "The child history $state is for a child machine that is not in the graph."
            definitionOf(state)?.child !== target -> problems += "The child history $state is not in a state of its child machine's definition."
        }
    }
    return problems
}
