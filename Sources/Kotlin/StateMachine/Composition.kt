package com.statemachine.spec

// The statechart engine: superstates, child machines, regions and shallow history. Only graphs that use one
// of them take this path (`Graph.composition` is not null); a flat graph runs StateMachine.transition's
// original code.

/**
 * What a graph adds to flat state definitions: its superstates (a tree, in declaration order) or its
 * regions. Made by the DSL (`superstate`, `child`, `region`); opaque to users.
 */
class Composition<STATE : Any, EVENT : Any, SIDE_EFFECT : Any> internal constructor(
    internal val superstates: List<Superstate<STATE, EVENT, SIDE_EFFECT>>,
    internal val regions: List<Region<STATE, EVENT, *, *, *, *>>
) {
    /** The superstates containing [state], outermost first (empty when none). */
    internal fun chain(state: STATE): List<Superstate<STATE, EVENT, SIDE_EFFECT>> {
        if (superstates.isEmpty()) return emptyList()
        var result: ArrayList<Superstate<STATE, EVENT, SIDE_EFFECT>>? = null
        var level: List<Superstate<STATE, EVENT, SIDE_EFFECT>> = superstates
        while (true) {
            val containing = level.firstOrNull { it.contains(state) } ?: break
            (result ?: ArrayList<Superstate<STATE, EVENT, SIDE_EFFECT>>().also { result = it }) += containing
            level = containing.children
        }
        return result ?: emptyList()
    }
}

/**
 * A superstate: a group of states with handlers, onEnter and onExit listeners of its own, and the
 * superstates nested in it. An event a state's definition does not handle is offered to the superstates
 * containing the state, innermost first. The handle returned by `superstate(…)` names it as a target of
 * `transitionToHistory`.
 */
class Superstate<STATE : Any, EVENT : Any, SIDE_EFFECT : Any> internal constructor(
    /** The name used in error messages. */
    val name: String,
    internal val matchers: List<StateMachine.Matcher<STATE, out STATE>>,
    /** The state classes of a class-based superstate (for build-time checks); null for matchers. */
    internal val classes: List<Class<*>>?
) {
    internal val transitions = ArrayList<Pair<StateMachine.Matcher<EVENT, EVENT>, (STATE, EVENT) -> TransitionTarget<STATE, SIDE_EFFECT>>>()
    internal val onEnterListeners = ArrayList<(STATE, EVENT) -> Unit>()
    internal val onExitListeners = ArrayList<(STATE, EVENT) -> Unit>()
    internal val children = ArrayList<Superstate<STATE, EVENT, SIDE_EFFECT>>()

    internal fun contains(state: STATE): Boolean = matchers.any { it.matches(state) }

    override fun toString() = "superstate $name"
}

private typealias TransitionTarget<S, F> = StateMachine.Graph.State.TransitionTo<S, F>

/**
 * A child machine inside the states of one definition of a parent graph: the parent state holds the
 * child's state ([get], [put]); parent events are mapped to child events ([events]) and child side
 * effects to parent ones ([sideEffects]).
 */
internal class ChildMachine<P : Any, PE : Any, PF : Any, C : Any, CE : Any, CF : Any>(
    val graph: StateMachine.Graph<C, CE, CF>,
    val get: (P) -> C,
    val put: (P, C) -> P,
    val events: (PE) -> CE?,
    val sideEffects: (CF) -> PF?
) {
    /** The child's result for [event] in [from], as a parent result; null when the child does not take it. */
    fun step(from: P, event: PE, effects: Effects): Moved<P, PF>? {
        val childEvent = events(event) ?: return null
        val moved = graph.step(get(from), childEvent, effects) ?: return null
        return Moved(put(from, moved.toState), moved.sideEffect?.let(sideEffects))
    }

    /** Plans the exit of the child's active states (innermost first) when the parent leaves [state]. */
    fun exit(state: P, event: PE, effects: Effects) {
        val cause = events(event) ?: return
        graph.exitAll(get(state), cause, effects)
    }

    /** Plans the entry of the child's active states (outermost first) when the parent enters [state]. */
    fun enter(state: P, event: PE, effects: Effects) {
        val cause = events(event) ?: return
        graph.enterAll(get(state), cause, effects)
    }
}

/**
 * One region of a product graph: its graph runs on one part of the product state ([get], [put]); product
 * events are mapped to region events, region side effects to the product's side effect elements.
 */
internal class Region<P : Any, PE : Any, X : Any, R : Any, RE : Any, RF : Any>(
    val name: String,
    val graph: StateMachine.Graph<R, RE, RF>,
    val get: (P) -> R,
    val put: (P, R) -> P,
    val events: (PE) -> RE?,
    val sideEffects: (RF) -> X?
) {
    /** Steps this region inside [from]; null when the region does not take the event. */
    fun step(from: P, event: PE, effects: Effects, sideEffectsOut: MutableList<Any>): P? {
        val regionEvent = events(event) ?: return null
        val moved = graph.step(get(from), regionEvent, effects) ?: return null
        moved.sideEffect?.let(sideEffects)?.let { sideEffectsOut += it }
        return put(from, moved.toState)
    }

    fun exit(state: P, event: PE, effects: Effects) {
        val cause = events(event) ?: return
        graph.exitAll(get(state), cause, effects)
    }

    fun enter(state: P, event: PE, effects: Effects) {
        val cause = events(event) ?: return
        graph.enterAll(get(state), cause, effects)
    }
}

/** A valid result of one level: its to-state and side effect. */
internal class Moved<S : Any, F : Any>(val toState: S, val sideEffect: F?)

/**
 * What one event does besides changing the state, planned under the machine's lock and carried out only
 * if the step succeeds: listener calls in statechart order, and shallow-history updates.
 */
internal class Effects(private val history: HashMap<Any, Any>) {
    val calls = ArrayList<() -> Unit>()
    private val historyUpdates = ArrayList<Pair<Any, Any>>()

    fun remember(superstate: Superstate<*, *, *>, state: Any) {
        historyUpdates += superstate to state
    }

    fun recall(superstate: Superstate<*, *, *>): Any? = history[superstate]

    fun commitHistory() {
        for ((key, state) in historyUpdates) history[key] = state
    }
}

internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.definitionOf(state: S): StateMachine.Graph.State<S, E, F>? {
    for ((matcher, definition) in stateDefinitions) {
        if (matcher.matches(state)) return definition
    }
    return null
}

private fun <S : Any, E : Any, F : Any> StateMachine.Graph.State<S, E, F>.handle(state: S, event: E): TransitionTarget<S, F>? {
    for ((matcher, createTransitionTo) in transitions) {
        if (matcher.matches(event)) return createTransitionTo(state, event)
    }
    return null
}

private fun <S : Any, E : Any, F : Any> Superstate<S, E, F>.handle(state: S, event: E): TransitionTarget<S, F>? {
    for ((matcher, createTransitionTo) in transitions) {
        if (matcher.matches(event)) return createTransitionTo(state, event)
    }
    return null
}

/**
 * [event] in [from] on this graph: the child machine first, then the state's own handlers, then its
 * superstates innermost first; for a product graph, every region. Returns null for an invalid result;
 * throws on a missing definition or a handler's error. Plans listener calls and history into [effects].
 */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.step(from: S, event: E, effects: Effects): Moved<S, F>? {
    val composition = composition
    if (composition != null && composition.regions.isNotEmpty()) return stepRegions(composition.regions, from, event, effects)

    val fromDefinition = definitionOf(from) ?: throw IllegalStateException("Missing definition for state $from")
    fromDefinition.child?.let { child ->
        @Suppress("UNCHECKED_CAST")
        val moved = (child as ChildMachine<S, E, F, *, *, *>).step(from, event, effects)
        if (moved != null) return moved
    }
    var target = fromDefinition.handle(from, event)
    val fromChain = composition?.chain(from) ?: emptyList()
    if (target == null) {
        for (index in fromChain.indices.reversed()) {
            target = fromChain[index].handle(from, event)
            if (target != null) break
        }
    }
    if (target == null) return null

    val historyOf = target.historyOf
    @Suppress("UNCHECKED_CAST")
    val to = if (historyOf == null) target.toState else (effects.recall(historyOf) as S? ?: target.toState)
    val toChain = composition?.chain(to) ?: emptyList()

    // Exit: the state (its child first), then the superstates left, innermost first.
    exitState(from, fromDefinition, event, effects)
    for (index in fromChain.indices.reversed()) {
        val superstate = fromChain[index]
        if (superstate in toChain) continue
        effects.remember(superstate, from)
        for (listener in superstate.onExitListeners) effects.calls += { listener(from, event) }
    }
    // Enter: the superstates entered, outermost first, then the state (its child after it).
    for (superstate in toChain) {
        if (superstate in fromChain) continue
        for (listener in superstate.onEnterListeners) effects.calls += { listener(to, event) }
    }
    definitionOf(to)?.let { enterState(to, it, event, effects) }
    return Moved(to, target.sideEffect)
}

private fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.stepRegions(
    regions: List<Region<S, E, *, *, *, *>>,
    from: S,
    event: E,
    effects: Effects
): Moved<S, F>? {
    var state = from
    var moved = false
    val sideEffects = ArrayList<Any>()
    for (region in regions) {
        val next = region.step(state, event, effects, sideEffects) ?: continue
        state = next
        moved = true
    }
    if (!moved) return null
    @Suppress("UNCHECKED_CAST")
    return Moved(state, sideEffects as F)
}

private fun <S : Any, E : Any, F : Any> exitState(state: S, definition: StateMachine.Graph.State<S, E, F>, event: E, effects: Effects) {
    @Suppress("UNCHECKED_CAST")
    (definition.child as ChildMachine<S, E, F, *, *, *>?)?.exit(state, event, effects)
    for (listener in definition.onExitListeners) effects.calls += { listener(state, event) }
}

private fun <S : Any, E : Any, F : Any> enterState(state: S, definition: StateMachine.Graph.State<S, E, F>, event: E, effects: Effects) {
    for (listener in definition.onEnterListeners) effects.calls += { listener(state, event) }
    @Suppress("UNCHECKED_CAST")
    (definition.child as ChildMachine<S, E, F, *, *, *>?)?.enter(state, event, effects)
}

/** Plans leaving every active level of this graph in [state]: innermost first. */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.exitAll(state: S, event: E, effects: Effects) {
    val composition = composition
    if (composition != null && composition.regions.isNotEmpty()) {
        @Suppress("UNCHECKED_CAST")
        for (region in composition.regions as List<Region<S, E, *, *, *, *>>) region.exit(state, event, effects)
        return
    }
    definitionOf(state)?.let { exitState(state, it, event, effects) }
    val chain = composition?.chain(state) ?: return
    for (index in chain.indices.reversed()) {
        val superstate = chain[index]
        effects.remember(superstate, state)
        for (listener in superstate.onExitListeners) effects.calls += { listener(state, event) }
    }
}

/** Plans entering every level of this graph in [state]: outermost first. */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.enterAll(state: S, event: E, effects: Effects) {
    val composition = composition
    if (composition != null && composition.regions.isNotEmpty()) {
        @Suppress("UNCHECKED_CAST")
        for (region in composition.regions as List<Region<S, E, *, *, *, *>>) region.enter(state, event, effects)
        return
    }
    composition?.chain(state)?.forEach { superstate ->
        for (listener in superstate.onEnterListeners) effects.calls += { listener(state, event) }
    }
    definitionOf(state)?.let { enterState(state, it, event, effects) }
}
