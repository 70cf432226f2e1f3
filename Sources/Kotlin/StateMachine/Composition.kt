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
 * A target of `transitionToHistory`: a superstate, or the states of a definition holding a child machine.
 * The machine remembers, per target, the state it was in when the target was last exited (R24).
 */
interface HistoryTarget

/**
 * A level of a composite graph with a history of its own: a child machine (the handle `child(…)` returns) or a
 * region (the handle `region(…)` returns). A [Snapshot] keeps the history inside each level in [Snapshot.nested].
 */
interface HistoryLevel

/**
 * The handle `child(…)` returns: the history target of the states of the definition holding the child (R24), and
 * the level of the child's own history in a [Snapshot] ([Snapshot.nested]).
 */
interface ChildLevel : HistoryTarget, HistoryLevel

/** The key of a level's history map inside its parent level's history. */
internal class LevelKey(val level: HistoryLevel)

/** The key of [this] level's history map in its parent level's history. */
internal val HistoryLevel.levelKey: LevelKey?
    get() = when (this) {
        is ChildMachine<*, *, *, *, *, *> -> levelKey
        is Region<*, *, *, *, *, *> -> levelKey
        else -> null
    }

/** The graph that runs in [this] level. */
internal val HistoryLevel.graph: StateMachine.Graph<*, *, *>?
    get() = when (this) {
        is ChildMachine<*, *, *, *, *, *> -> graph
        is Region<*, *, *, *, *, *> -> graph
        else -> null
    }

/**
 * A superstate: a group of states with handlers, onEnter and onExit listeners of its own, and the
 * superstates nested in it. An event a state's definition does not handle is offered to the superstates
 * containing the state, innermost first (R19). The handle returned by `superstate(…)` names it as a
 * target of `transitionToHistory`.
 */
class Superstate<STATE : Any, EVENT : Any, SIDE_EFFECT : Any> internal constructor(
    /** The name used in error messages. */
    val name: String,
    internal val matchers: List<StateMachine.Matcher<STATE, out STATE>>,
    /** The state classes of a class-based superstate (for build-time checks); null for matchers. */
    internal val classes: List<Class<*>>?,
    /** Where it was declared, for the composition errors of R25. */
    internal val site: CallSite? = null,
    /** The state it is entered in when a shallow history of a superstate around it returns to it (R24). */
    internal val initial: STATE? = null
) : HistoryTarget {
    /** Its handlers declared with `on(…, toHistoryOf = …)`, checked when the graph is built (R25). */
    internal val historyDeclarations = ArrayList<HistoryDeclaration>()
    internal val transitions = ArrayList<Pair<StateMachine.Matcher<EVENT, EVENT>, (STATE, EVENT) -> TransitionTarget<STATE, SIDE_EFFECT>>>()
    /** The indices in [transitions] of the handlers declared with `reenter = true` (R29). */
    internal val reentering = HashSet<Int>()
    internal val onEnterListeners = ArrayList<(STATE, EVENT) -> Unit>()
    internal val onExitListeners = ArrayList<(STATE, EVENT) -> Unit>()
    internal val children = ArrayList<Superstate<STATE, EVENT, SIDE_EFFECT>>()
    /** Its delayed events (`after`), running while the machine is in any of its states (R28). */
    internal val delayedEvents = ArrayList<StateMachine.Graph.State.DelayedEvent<EVENT>>()
    /** Its eventless transitions (`always`, R38), tried after those of the state's definition, innermost first. */
    internal val eventless = ArrayList<Eventless<STATE, EVENT, SIDE_EFFECT>>()

    internal fun contains(state: STATE): Boolean = matchers.any { it.matches(state) }

    override fun toString() = "superstate $name"
}

private typealias TransitionTarget<S, F> = StateMachine.Graph.State.TransitionTo<S, F>

/**
 * A child machine inside the states of one definition of a parent graph: the parent state holds the
 * child's state ([get], [put]); parent events are mapped to child events ([events]) and child side
 * effects to parent ones ([sideEffects]). Also the history target of the definition's states.
 */
internal class ChildMachine<P : Any, PE : Any, PF : Any, C : Any, CE : Any, CF : Any>(
    val graph: StateMachine.Graph<C, CE, CF>,
    val get: (P) -> C,
    val put: (P, C) -> P,
    val events: (PE) -> CE?,
    val sideEffects: (CF) -> PF?,
    /** Where `child(…)` was called, for the composition errors of R25. */
    val site: CallSite? = null,
    /** The parent event a child timer's event stands for (R28.4); null: none. */
    val timerEvents: ((CE) -> PE?)? = null
) : ChildLevel {
    /** Names it in messages: set when the parent graph is built. */
    internal var name = "child machine"

    override fun toString() = name

    /** The child's result for [event] in [from], as a parent result; null when the child does not take it (R21). */
    fun step(from: P, event: PE, effects: Effects, history: HashMap<Any, Any>): Moved<P, PF>? {
        val childEvent = events(event) ?: return null
        val moved = effects.inside(this) { graph.step(get(from), childEvent, effects, effects.level(history, levelKey)) } ?: return null
        return Moved(put(from, moved.toState), moved.sideEffect?.let(sideEffects))
    }

    /** Whether the child held by [parent] is in one of its final states (R27). */
    fun isDone(parent: P): Boolean = graph.isFinalState(get(parent))

    /** The key of the child's level in its parent's history (this object is the key of the case's own history). */
    internal val levelKey = LevelKey(this)
}

/**
 * One region of a product graph: its graph runs on one part of the product state ([get], [put]); product
 * events are mapped to region events, region side effects to the product's side effect elements (R23).
 */
internal class Region<P : Any, PE : Any, X : Any, R : Any, RE : Any, RF : Any>(
    val name: String,
    val graph: StateMachine.Graph<R, RE, RF>,
    val get: (P) -> R,
    val put: (P, R) -> P,
    val events: (PE) -> RE?,
    val sideEffects: (RF) -> X?,
    /** Where `region(…)` was called, for the composition errors of R25. */
    val site: CallSite? = null,
    /** The product event a region timer's event stands for (R28.4); null: none. */
    val timerEvents: ((RE) -> PE?)? = null
) : HistoryLevel {
    override fun toString() = "region $name"

    /** Steps this region inside [from]; null when the region does not take the event. */
    fun step(from: P, event: PE, effects: Effects, history: HashMap<Any, Any>, sideEffectsOut: MutableList<Any>): P? {
        val regionEvent = events(event) ?: return null
        val moved = effects.inside(this) { graph.step(get(from), regionEvent, effects, effects.level(history, levelKey)) } ?: return null
        moved.sideEffect?.let(sideEffects)?.let { sideEffectsOut += it }
        return put(from, moved.toState)
    }

    internal val levelKey = LevelKey(this)

    /** Whether this region's part of [product] is in a final state (R27). */
    fun isFinal(product: P): Boolean = graph.isFinalState(get(product))
}

/**
 * Whether [state] is final (R27): its definition is a `finalState`, or, for a product, every region's part is
 * final (SCXML's parallel state).
 */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.isFinalState(state: S): Boolean {
    if (!hasFinalStates) return false
    val regions = composition?.regions
    if (!regions.isNullOrEmpty()) return regions.all { it.isFinal(state) }
    return definitionOf(state)?.isFinal == true
}

/** A missing definition inside a composite step; the machine reports it with its whole state (R21, R23). */
internal class MissingDefinitionInLevel : RuntimeException(null, null, false, false)

/** A valid result of one level: its to-state and side effect. */
internal class Moved<S : Any, F : Any>(val toState: S, val sideEffect: F?)

/**
 * What one event does besides changing the state, planned under the machine's lock and carried out only
 * if the step succeeds: listener calls in statechart order, and shallow-history updates (R24).
 * History is kept per level: a child's or a region's history is a map inside its parent level's.
 */
internal class Effects {
    /** The exit listener calls, in the order they run: innermost first, later regions first (R20, R23). */
    val exits = ArrayList<() -> Unit>()
    /** The enter listener calls, run after every exit: outermost first, in region order. */
    val enters = ArrayList<() -> Unit>()

    /** Every planned call: all exits, then all entries (SCXML's order). */
    val calls: List<() -> Unit> get() = exits + enters

    /**
     * The timer blocks and levels the step leaves (R28, R29), recorded only for a machine with timers (null
     * otherwise), with [path], the level whose step runs.
     */
    var timerExits: TimerExits? = null
    var path: LevelPath? = null
    private val historyUpdates = ArrayList<Triple<HashMap<Any, Any>, Any, Any>>()

    fun remember(history: HashMap<Any, Any>, target: HistoryTarget, state: Any) {
        historyUpdates += Triple(history, target, state)
    }

    /** The history of the level of [key] (a child or a region) inside [history]. */
    fun level(history: HashMap<Any, Any>, key: Any): HashMap<Any, Any> {
        @Suppress("UNCHECKED_CAST")
        return history.getOrPut(key) { HashMap<Any, Any>() } as HashMap<Any, Any>
    }

    /** Runs [body], the step of [level] inside the current level, with the level path it needs for timers. */
    inline fun <T> inside(level: HistoryLevel, body: () -> T): T {
        if (timerExits == null) return body()
        val outer = path
        path = LevelPath(outer, level)
        val result = body()
        path = outer
        return result
    }

    /** The step leaves [block] (a state definition or a superstate) of the current level, and its timers stop. */
    fun leave(block: Any) {
        timerExits?.blocks?.add(TimerBlock(path, block))
    }

    /** The step leaves the state holding [level], and so every block of the level and of the levels inside it. */
    fun leaveLevel(level: HistoryLevel) {
        timerExits?.levels?.add(LevelPath(path, level))
    }

    fun commitHistory() {
        for ((history, target, state) in historyUpdates) history[target] = state
    }

    companion object {
        /** The history of the level whose handler runs on this thread (read by `transitionToHistory`). */
        val current = ThreadLocal<HashMap<Any, Any>?>()
        /** The graph of that level (read by a shallow `transitionToHistory`). */
        val currentGraph = ThreadLocal<StateMachine.Graph<*, *, *>?>()
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

/** The superstate's first handler of [event] and whether it re-enters the superstate (R29). */
private fun <S : Any, E : Any, F : Any> Superstate<S, E, F>.handle(state: S, event: E): Pair<TransitionTarget<S, F>, Boolean>? {
    for ((index, transition) in transitions.withIndex()) {
        if (transition.first.matches(event)) return transition.second(state, event) to (index in reentering)
    }
    return null
}

/** Runs a handler with [history] and [graph] as the level `transitionToHistory` reads. */
private inline fun <T> withHistory(history: HashMap<Any, Any>, graph: StateMachine.Graph<*, *, *>, body: () -> T): T {
    val saved = Effects.current.get()
    val savedGraph = Effects.currentGraph.get()
    Effects.current.set(history)
    Effects.currentGraph.set(graph)
    try {
        return body()
    } finally {
        Effects.current.set(saved)
        Effects.currentGraph.set(savedGraph)
    }
}

/**
 * The direct substate of [outer] (of the whole level when null) that [state] is in, entered at its default (R24,
 * shallow history): the outermost superstate inside [outer] containing [state], at its `initial`; otherwise
 * [state], with its child machine (if its definition holds one) at the child's initial state. A nested superstate
 * without `initial` gives [state] (the graph's build reports it).
 */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.shallowEntry(state: S, outer: Superstate<S, E, F>?): S {
    val level = outer?.children ?: composition?.superstates ?: emptyList()
    level.firstOrNull { it.contains(state) }?.let { return it.initial ?: state }
    @Suppress("UNCHECKED_CAST")
    val child = definitionOf(state)?.child as ChildMachine<S, E, F, Any, Any, Any>? ?: return state
    return child.put(state, child.graph.initialState)
}

/** The shallow history of [child]'s states: [state] with the child's state reduced to the child's direct substate. */
internal fun <P : Any, C : Any> ChildMachine<P, *, *, C, *, *>.shallowEntry(state: P): P {
    @Suppress("UNCHECKED_CAST")
    val graph = graph as StateMachine.Graph<C, Any, Any>
    return put(state, graph.shallowEntry(get(state), null))
}

/**
 * [event] in [from] on this graph: the child machine first, then the state's own handlers, then its
 * superstates innermost first (R19, R21); for a product graph, every region (R23). Returns null for an
 * invalid result; throws on a handler's error, [MissingDefinitionInLevel] on a missing definition. Plans
 * listener calls and history updates into [effects]; [history] is this level's.
 */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.step(
    from: S,
    event: E,
    effects: Effects,
    history: HashMap<Any, Any>
): Moved<S, F>? {
    val composition = composition
    if (composition != null && composition.regions.isNotEmpty()) return stepRegions(composition.regions, from, event, effects, history)

    val fromDefinition = definitionOf(from) ?: throw MissingDefinitionInLevel()
    @Suppress("UNCHECKED_CAST")
    val child = fromDefinition.child as ChildMachine<S, E, F, *, *, *>?
    if (child != null) {
        val moved = child.step(from, event, effects, history)
        if (moved != null) {
            val done = fromDefinition.onDone
            if (done == null || !child.isDone(moved.toState)) return moved
            // R27: the child's move is a step of its own, whose exits and entries run before the parent's.
            effects.exits += effects.enters
            effects.enters.clear()
            val finished = moved.toState
            val target = withHistory(history, this) { done(finished, event) }
            return move(fromDefinition, child, finished, target.toState, event, effects, history, target.sideEffect ?: moved.sideEffect)
        }
    }
    val fromChain = composition?.chain(from) ?: emptyList()
    // R29: the superstate whose `reenter = true` handler ran, and the superstates inside it, are left and entered.
    var reentered: Superstate<S, E, F>? = null
    val target = withHistory(history, this) {
        var target = fromDefinition.handle(from, event)
        if (target == null) {
            for (index in fromChain.indices.reversed()) {
                val handled = fromChain[index].handle(from, event) ?: continue
                target = handled.first
                if (handled.second) reentered = fromChain[index]
                break
            }
        }
        target
    } ?: return null
    // R35: a targetless transition exits and enters nothing, at any level, and writes no history.
    if (target.isTargetless) return Moved(from, target.sideEffect)
    return move(fromDefinition, child, from, target.toState, event, effects, history, target.sideEffect, reentered)
}

/** This level's move from [from] to [to]: its listener calls and history updates planned into [effects] (R20, R22, R24). */
private fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.move(
    fromDefinition: StateMachine.Graph.State<S, E, F>,
    child: ChildMachine<S, E, F, *, *, *>?,
    from: S,
    to: S,
    event: E,
    effects: Effects,
    history: HashMap<Any, Any>,
    sideEffect: F?,
    reentered: Superstate<S, E, F>? = null
): Moved<S, F> {
    val composition = composition
    val fromChain = composition?.chain(from) ?: emptyList()
    val toChain = composition?.chain(to) ?: emptyList()
    val reexitFrom = reentered?.takeIf { it in toChain }?.let { fromChain.indexOf(it) } ?: fromChain.size
    val reenterFrom = reentered?.let { toChain.indexOf(it) }?.takeIf { it >= 0 } ?: toChain.size
    // R20 and R22: the listeners of this level only (a child's do not run when its parent state is left or entered).
    if (child != null) effects.remember(history, child, from)
    // R28: the blocks left stop their timers (entered again, they start from zero).
    effects.leave(fromDefinition)
    if (child != null) effects.leaveLevel(child)
    for (listener in fromDefinition.onExitListeners) effects.exits += { listener(from, event) }
    for (index in fromChain.indices.reversed()) {
        val superstate = fromChain[index]
        if (superstate in toChain && index < reexitFrom) continue
        effects.remember(history, superstate, from)
        effects.leave(superstate)
        for (listener in superstate.onExitListeners) effects.exits += { listener(from, event) }
    }
    for ((index, superstate) in toChain.withIndex()) {
        if (superstate in fromChain && index < reenterFrom) continue
        for (listener in superstate.onEnterListeners) effects.enters += { listener(to, event) }
    }
    definitionOf(to)?.let { toDefinition ->
        for (listener in toDefinition.onEnterListeners) effects.enters += { listener(to, event) }
    }
    return Moved(to, sideEffect)
}

private fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.stepRegions(
    regions: List<Region<S, E, *, *, *, *>>,
    from: S,
    event: E,
    effects: Effects,
    history: HashMap<Any, Any>
): Moved<S, F>? {
    var state = from
    var moved = false
    val sideEffects = ArrayList<Any>()
    // R23, SCXML's order: the exits of a later region run before those of an earlier one.
    val start = effects.exits.size
    for (region in regions) {
        val mark = effects.exits.size
        val next = region.step(state, event, effects, history, sideEffects) ?: continue
        val exits = effects.exits.subList(mark, effects.exits.size)
        val moving = ArrayList(exits)
        exits.clear()
        effects.exits.addAll(start, moving)
        state = next
        moved = true
    }
    if (!moved) return null
    @Suppress("UNCHECKED_CAST")
    return Moved(state, sideEffects as F)
}

/**
 * An eventless transition of [fromDefinition] taken in [from] (R33): its action's move, with its listener calls and
 * history updates planned into [effects] as for a handler's at this level.
 */
internal fun <S : Any, E : Any, F : Any> StateMachine.Graph<S, E, F>.eventlessMove(
    from: S,
    fromDefinition: StateMachine.Graph.State<S, E, F>,
    eventless: Eventless<S, E, F>,
    event: E,
    effects: Effects,
    history: HashMap<Any, Any>
): Moved<S, F> {
    val target = withHistory(history, this) { eventless.action(from, event) }
    @Suppress("UNCHECKED_CAST")
    val child = fromDefinition.child as ChildMachine<S, E, F, *, *, *>?
    if (target.isTargetless) return Moved(from, target.sideEffect)
    return move(fromDefinition, child, from, target.toState, event, effects, history, target.sideEffect)
}
