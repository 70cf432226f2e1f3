package com.statemachine.spec

// The timers of a composite machine (R28, R29): each state definition and superstate of every level runs its
// `after` while its block is active, and a level's timer sends the parent event that stands for it, lifted level
// by level to the top. Only composite graphs with timers take this path; a flat graph keeps StateMachine's own.

/** The levels from the top machine down to one level: the child machines and regions passed through; null is the top. */
internal data class LevelPath(val outer: LevelPath?, val level: HistoryLevel) {
    /** Whether this path is [level] or passes through it. */
    fun isInside(level: LevelPath): Boolean {
        var path: LevelPath? = this
        while (path != null) {
            if (path == level) return true
            path = path.outer
        }
        return false
    }
}

/** A block that declares timers (a state definition or a superstate) at one level of the composition. */
internal data class TimerBlock(val path: LevelPath?, val block: Any)

/** An active block with timers, and its delayed events. */
internal class ActiveTimers(val key: TimerBlock, val delayedEvents: List<StateMachine.Graph.State.DelayedEvent<*>>)

/**
 * What one step leaves, recorded by [Effects] for a machine with timers: the blocks it exits (R20, R22, R29) and
 * the levels it exits with their holder (every block inside them is left).
 */
internal class TimerExits {
    val blocks = HashSet<TimerBlock>()
    val levels = ArrayList<LevelPath>()

    fun left(key: TimerBlock): Boolean = key in blocks || (key.path != null && levels.any { key.path.isInside(it) })
}

/** Whether a state definition or superstate of this graph or of a level inside it declares an `after` (R18, R28). */
internal fun StateMachine.Graph<*, *, *>.declaresTimers(): Boolean {
    if (stateDefinitions.values.any { it.delayedEvents.isNotEmpty() || it.child?.graph?.hasTimers == true }) return true
    val composition = composition ?: return false
    return allSuperstates(composition.superstates).any { it.delayedEvents.isNotEmpty() } ||
        composition.regions.any { it.graph.hasTimers }
}

/**
 * The blocks with timers that are active in [state], at [path] and in the levels inside it, in the order their
 * timers start (R28.3): outermost level first; inside a level, its superstates outermost first, then the state's
 * definition (R28.2); regions in region order.
 */
internal fun StateMachine.Graph<*, *, *>.activeTimers(state: Any, path: LevelPath?, out: MutableList<ActiveTimers>) {
    if (!hasTimers) return
    @Suppress("UNCHECKED_CAST")
    val graph = this as StateMachine.Graph<Any, Any, Any>
    val composition = graph.composition
    if (composition != null && composition.regions.isNotEmpty()) {
        for (region in composition.regions) {
            @Suppress("UNCHECKED_CAST")
            val typed = region as Region<Any, Any, Any, Any, Any, Any>
            typed.graph.activeTimers(typed.get(state), LevelPath(path, region), out)
        }
        return
    }
    if (composition != null) {
        for (superstate in composition.chain(state)) {
            if (superstate.delayedEvents.isNotEmpty()) out += ActiveTimers(TimerBlock(path, superstate), superstate.delayedEvents)
        }
    }
    val definition = graph.definitionOf(state) ?: return
    if (definition.delayedEvents.isNotEmpty()) out += ActiveTimers(TimerBlock(path, definition), definition.delayedEvents)
    @Suppress("UNCHECKED_CAST")
    val child = definition.child as ChildMachine<Any, Any, Any, Any, Any, Any>? ?: return
    child.graph.activeTimers(child.get(state), LevelPath(path, child), out)
}

/** The top machine's event that a timer's [event] at [path] stands for (R28.4); null when a level has none. */
internal fun liftTimerEvent(path: LevelPath?, event: Any): Any? {
    var level = path
    var lifted = event
    while (level != null) {
        lifted = level.level.parentTimerEvent(lifted) ?: return null
        level = level.outer
    }
    return lifted
}

/** The event of the level around [this] one that [event], a timer's event of this level, stands for (`timerEvents`). */
internal fun HistoryLevel.parentTimerEvent(event: Any): Any? {
    @Suppress("UNCHECKED_CAST")
    val timerEvents = when (this) {
        is ChildMachine<*, *, *, *, *, *> -> timerEvents
        is Region<*, *, *, *, *, *> -> timerEvents
        else -> null
    } as ((Any) -> Any?)? ?: return null
    return timerEvents(event)
}

/**
 * The timers of [graph]'s blocks and of the levels inside it, each with its event as seen by [graph]'s machine
 * (lifted through the inner levels' `timerEvents`); a timer whose inner level has no event for it is left out
 * (its own level's build reported it).
 */
internal fun levelTimerEvents(graph: StateMachine.Graph<*, *, *>): List<Pair<StateMachine.Graph.State.DelayedEvent<*>, Any>> {
    if (!graph.hasTimers) return emptyList()
    val result = ArrayList<Pair<StateMachine.Graph.State.DelayedEvent<*>, Any>>()
    val composition = graph.composition
    for (superstate in allSuperstates(composition?.superstates ?: emptyList())) superstate.delayedEvents.mapTo(result) { it to it.event }
    for (definition in graph.stateDefinitions.values) {
        definition.delayedEvents.mapTo(result) { it to it.event }
        val child = definition.child ?: continue
        for ((timer, event) in levelTimerEvents(child.graph)) child.parentTimerEvent(event)?.let { result += timer to it }
    }
    for (region in composition?.regions ?: emptyList()) {
        for ((timer, event) in levelTimerEvents(region.graph)) region.parentTimerEvent(event)?.let { result += timer to it }
    }
    return result
}

/**
 * R25, R28.4: each timer of [level]'s graph (and of the levels inside it) has a parent event standing for it, which
 * [events] maps back to the timer's event case; otherwise a problem at the `after`'s line.
 */
internal fun checkLevelTimers(level: HistoryLevel, name: String, events: (Any) -> Any?, out: CompositionProblems) {
    val graph = level.graph ?: return
    for ((timer, event) in levelTimerEvents(graph)) {
        val declared = "the $name declares after(${timer.delay}, send = ${timer.event})"
        val parent = try {
            level.parentTimerEvent(event)
        } catch (e: Exception) {
            out.add(timer.site, "$declared, and its `timerEvents` threw $e for ${eventName(event)}: return the parent event that stands for it, or null.")
            continue
        }
        if (parent == null) {
            out.add(timer.site, "$declared, and no event of the parent stands for ${eventName(event)} (R28): the timer could not be sent. Pass `timerEvents = { … }` to `${if (level is Region<*, *, *, *, *, *>) "region" else "child"}(…)`, returning the parent event that the event mapping delegates as ${eventName(event)}.")
            continue
        }
        val back = try {
            events(parent)
        } catch (e: Exception) {
            null
        }
        if (back == null || !sameCase(back, event)) {
            out.add(timer.site, "$declared, whose parent event ${eventName(parent)} (from `timerEvents`) the event mapping maps to ${back?.let { eventName(it) } ?: "nothing"}, not to ${eventName(event)}, so the timer's event would not reach the ${if (level is Region<*, *, *, *, *, *>) "region" else "child"} (R28). Make `timerEvents` return the parent event that `events` maps to ${eventName(event)}.")
        }
    }
}

/** Whether [a] and [b] are the same case: equal enum constants or plain values (strings, numbers), or values of one class. */
private fun sameCase(a: Any, b: Any): Boolean =
    if (a is Enum<*> || b is Enum<*> || a.isPlainValue() || b.isPlainValue()) a == b else a.javaClass == b.javaClass
