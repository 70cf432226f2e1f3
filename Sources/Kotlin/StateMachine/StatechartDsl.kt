package com.statemachine.spec

import kotlin.reflect.KClass

// The statechart part of the DSL: superstates, child machines, regions, shallow and deep history.

/**
 * How far a history target goes back into what the machine left (R24). With a superstate `player` holding a
 * superstate `media` = {Radio, Cd} left in `Cd`: [DEEP] returns to `Cd` exactly (payload and child state
 * included), [SHALLOW] to `media`'s `initial` state, the direct substate of `player` at its default. A remembered
 * state directly in the target comes back as it was, with its child machine at the child's initial state under
 * [SHALLOW].
 */
enum class HistoryKind {
    /** The direct substate of the target that was last active, entered at its default (SCXML `type="shallow"`). */
    SHALLOW,
    /** The state that was left, with everything nested in it (SCXML `type="deep"`); the default. */
    DEEP
}

/**
 * Defines a superstate grouping the states of the given classes: its handlers apply in each of them
 * when the state's own definition does not handle the event.
 *
 * ```kotlin
 * superstate(State.Locked::class, State.Unlocked::class) {
 *     on<Event.MachineDidFail> { transitionTo(State.Broken) }
 * }
 * ```
 * A class stands for all its subclasses: `superstate(State.Functioning::class)` groups every state of a
 * sealed subtype. Superstates nest by declaring one inside another; siblings must not share states.
 * @return the superstate, a target for [SuperstateBuilder.transitionToHistory] and
 *   [StateMachine.GraphBuilder.StateDefinitionBuilder.transitionToHistory].
 */
fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.superstate(
    vararg states: KClass<out STATE>,
    initial: STATE? = null,
    init: SuperstateBuilder<STATE, EVENT, SIDE_EFFECT, STATE>.() -> Unit
): Superstate<STATE, EVENT, SIDE_EFFECT> =
    newSuperstate(classSuperstate(states.toList(), CallSite.here(), initial), { runToCompletion != null }, init).also { superstates += it }

/**
 * Defines a superstate of the states any of [matchers] matches, named [name] in messages; [initial] is the state it
 * is entered in when a [HistoryKind.SHALLOW] history of a superstate around it returns to it.
 */
fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.superstate(
    name: String,
    matchers: List<StateMachine.Matcher<STATE, out STATE>>,
    initial: STATE? = null,
    init: SuperstateBuilder<STATE, EVENT, SIDE_EFFECT, STATE>.() -> Unit
): Superstate<STATE, EVENT, SIDE_EFFECT> =
    newSuperstate(Superstate(name, matchers, null, CallSite.here(), initial), { runToCompletion != null }, init).also { superstates += it }

internal fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> classSuperstate(
    states: List<KClass<out STATE>>, site: CallSite, initial: STATE? = null
): Superstate<STATE, EVENT, SIDE_EFFECT> {
    val name = states.joinToString(", ") { it.simpleName ?: it.java.name }
    return Superstate(name, states.map { StateMachine.Matcher.any<STATE, STATE>(it.java as Class<STATE>) }, states.map { it.java }, site, initial)
}

/**
 * Builds [superstate] with [init]; [runsToCompletion] tells, when a raise or post action runs, whether the graph
 * being built runs to completion (it may declare `runToCompletion` after its superstates).
 */
internal fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any, S : STATE> newSuperstate(
    superstate: Superstate<STATE, EVENT, SIDE_EFFECT>,
    runsToCompletion: () -> Boolean,
    init: SuperstateBuilder<STATE, EVENT, SIDE_EFFECT, S>.() -> Unit
): Superstate<STATE, EVENT, SIDE_EFFECT> {
    SuperstateBuilder<STATE, EVENT, SIDE_EFFECT, S>(superstate, runsToCompletion).init()
    return superstate
}

/** The body of a `superstate { }`: handlers, onEnter / onExit listeners and nested superstates. */
@StateMachineDsl
class SuperstateBuilder<STATE : Any, EVENT : Any, SIDE_EFFECT : Any, S : STATE> internal constructor(
    @PublishedApi internal val superstate: Superstate<STATE, EVENT, SIDE_EFFECT>,
    private val runsToCompletion: () -> Boolean
) {
    inline fun <reified E : EVENT> any(): StateMachine.Matcher<EVENT, E> = StateMachine.Matcher.any()

    inline fun <reified R : EVENT> eq(value: R): StateMachine.Matcher<EVENT, R> = StateMachine.Matcher.eq(value)

    /** A handler tried, in declaration order, when the state's own definition does not handle the event. */
    fun <E : EVENT> on(
        eventMatcher: StateMachine.Matcher<EVENT, E>,
        createTransitionTo: S.(E) -> StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT>
    ) {
        @Suppress("UNCHECKED_CAST")
        superstate.transitions += (eventMatcher as StateMachine.Matcher<EVENT, EVENT>) to
            { state, event -> (state as S).createTransitionTo(event as E) }
    }

    inline fun <reified E : EVENT> on(
        noinline createTransitionTo: S.(E) -> StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT>
    ) = on(any(), createTransitionTo)

    inline fun <reified E : EVENT> on(
        event: E,
        noinline createTransitionTo: S.(E) -> StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT>
    ) = on(eq(event), createTransitionTo)

    /**
     * A handler that, with [reenter] true, leaves and enters this superstate again when it leads to one of its own
     * states (R29): the state's onExit, the onExit of every superstate from the state's innermost up to this one,
     * then their onEnter outermost first, then the target's. Without it a transition inside the superstate is local.
     *
     * ```kotlin
     * superstate(State.Stopped::class, State.Playing::class) {
     *     on(any<Event.Reset>(), reenter = true) { transitionTo(State.Stopped) }
     * }
     * ```
     */
    fun <E : EVENT> on(
        eventMatcher: StateMachine.Matcher<EVENT, E>,
        reenter: Boolean,
        createTransitionTo: S.(E) -> StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT>
    ) {
        if (reenter) superstate.reentering += superstate.transitions.size
        on(eventMatcher, createTransitionTo)
    }

    /**
     * Sends [send] to the machine when it has stayed [delay] inside this superstate (R28): the timer starts when
     * the machine enters one of its states from outside it (or is made in one), keeps running while the machine
     * moves between its states, and is cancelled when the machine leaves it. When it fires, the event is sent as
     * by `transition`: the state's handlers first, then the superstates', innermost first (R19).
     */
    fun after(delay: kotlin.time.Duration, send: EVENT) {
        require(!delay.isNegative()) { "after: the delay must not be negative, got $delay" }
        superstate.delayedEvents += StateMachine.Graph.State.DelayedEvent(delay, send).also { it.site = CallSite.here() }
    }

    /** Called with the state entered when a transition enters this superstate from outside it. */
    fun onEnter(listener: S.(EVENT) -> Unit) {
        @Suppress("UNCHECKED_CAST")
        superstate.onEnterListeners += { state, cause -> (state as S).listener(cause) }
    }

    /** Called with the state left when a transition leaves this superstate. */
    fun onExit(listener: S.(EVENT) -> Unit) {
        @Suppress("UNCHECKED_CAST")
        superstate.onExitListeners += { state, cause -> (state as S).listener(cause) }
    }

    /**
     * An eventless transition of this superstate (R38), in a graph that runs to completion: after every step, in a
     * state of this superstate whose own definition has no enabled `always`, the first `always` of the innermost
     * superstate around it whose [where] holds is taken, then the next superstate's outwards. [where] and [action]
     * see the state as their receiver and the event of the step before as their argument. The transition is
     * local to this superstate when it leads to one of its states (R20).
     *
     * ```kotlin
     * superstate(State.Dialing::class, State.Ringing::class) {
     *     always(where = { attempts > 3 }) { transitionTo(State.GaveUp) }
     * }
     * ```
     */
    fun always(
        where: (S.(EVENT) -> Boolean)? = null,
        action: S.(EVENT) -> StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT>
    ) {
        @Suppress("UNCHECKED_CAST")
        val condition: ((STATE, EVENT) -> Boolean)? = where?.let { { state, event -> (state as S).it(event) } }
        @Suppress("UNCHECKED_CAST")
        superstate.eventless += Eventless(condition) { state, event -> (state as S).action(event) }
    }

    /**
     * Raise actions on entry (R36, R38): each time a transition enters this superstate from outside it, and when the
     * machine starts in one of its states, the machine raises [events] in this order, where this superstate's
     * onEnter listeners run (outermost superstate first, before the state's own). Only in a graph that runs to
     * completion (`runToCompletion`); elsewhere they are not run.
     */
    fun onEnterRaise(vararg events: EVENT) {
        val list = events.toList()
        superstate.onEnterListeners += { _, _ -> if (runsToCompletion()) StateMachine.Macrostep.raise(list) }
    }

    /** Raise actions on exit (R36, R38): each time a transition leaves this superstate; see [onEnterRaise]. */
    fun onExitRaise(vararg events: EVENT) {
        val list = events.toList()
        superstate.onExitListeners += { _, _ -> if (runsToCompletion()) StateMachine.Macrostep.raise(list) }
    }

    /**
     * Post actions on entry (R37, R38): where [onEnterRaise] would raise them, [events] go on the machine's external
     * queue, handled once the machine has settled. Only in a graph that runs to completion.
     */
    fun onEnterPost(vararg events: EVENT) {
        val list = events.toList()
        superstate.onEnterListeners += { _, _ -> if (runsToCompletion()) StateMachine.Macrostep.post(list) }
    }

    /** Post actions on exit (R37, R38): each time a transition leaves this superstate; see [onEnterPost]. */
    fun onExitPost(vararg events: EVENT) {
        val list = events.toList()
        superstate.onExitListeners += { _, _ -> if (runsToCompletion()) StateMachine.Macrostep.post(list) }
    }

    /**
     * A superstate nested in this one (its states must be states of this one), entered at [initial] when a
     * [HistoryKind.SHALLOW] history of this one returns to it.
     */
    fun superstate(
        vararg states: KClass<out STATE>,
        initial: STATE? = null,
        init: SuperstateBuilder<STATE, EVENT, SIDE_EFFECT, STATE>.() -> Unit
    ): Superstate<STATE, EVENT, SIDE_EFFECT> =
        newSuperstate(classSuperstate(states.toList(), CallSite.here(), initial), runsToCompletion, init).also { superstate.children += it }

    /** A superstate nested in this one, of the states any of [matchers] matches. */
    fun superstate(
        name: String,
        matchers: List<StateMachine.Matcher<STATE, out STATE>>,
        initial: STATE? = null,
        init: SuperstateBuilder<STATE, EVENT, SIDE_EFFECT, STATE>.() -> Unit
    ): Superstate<STATE, EVENT, SIDE_EFFECT> =
        newSuperstate(Superstate(name, matchers, null, CallSite.here(), initial), runsToCompletion, init).also { superstate.children += it }

    @Suppress("UNUSED")
    fun S.transitionTo(state: STATE, sideEffect: SIDE_EFFECT? = null) =
        StateMachine.Graph.State.TransitionTo(state, sideEffect)

    @Suppress("UNUSED")
    fun S.dontTransition(sideEffect: SIDE_EFFECT? = null) = transitionTo(this, sideEffect)

    /** A targetless transition (R35): valid, with [sideEffect]; no state or superstate is exited or entered. */
    @Suppress("UNUSED")
    fun S.stay(sideEffect: SIDE_EFFECT? = null) = StateMachine.Graph.State.TransitionTo(this, sideEffect, isTargetless = true)

    /**
     * A transition to the state [target] was in when it was last exited (R24; [HistoryKind.SHALLOW]: its direct
     * substate, entered at its default); to [default]'s state when it never was (evaluated only then).
     */
    @Suppress("UNUSED")
    fun S.transitionToHistory(
        target: HistoryTarget,
        sideEffect: SIDE_EFFECT? = null,
        history: HistoryKind = HistoryKind.DEEP,
        default: () -> STATE
    ) = StateMachine.Graph.State.TransitionTo(recallHistory(target, history, default), sideEffect)

    /**
     * A handler of the events [eventMatcher] matches that goes to the history of [toHistoryOf] (R24): the state it
     * was in when it was last exited, or [default]'s when it never was. Unlike `transitionToHistory` inside a
     * handler, the target is known when the graph is built, which checks that it is one of its superstates or
     * child-holding definitions (R25).
     */
    fun <E : EVENT> on(
        eventMatcher: StateMachine.Matcher<EVENT, E>,
        toHistoryOf: HistoryTarget,
        sideEffect: SIDE_EFFECT? = null,
        history: HistoryKind = HistoryKind.DEEP,
        default: S.(E) -> STATE
    ) {
        superstate.historyDeclarations += HistoryDeclaration(toHistoryOf, CallSite.here(), history)
        on(eventMatcher) { event -> transitionToHistory(toHistoryOf, sideEffect, history) { this.default(event) } }
    }
}

/**
 * A transition to the state [target] was in when it was last exited (shallow history, R24): a superstate
 * (the handle `superstate(…)` returns) or a child-holding definition (the handle `child(…)` returns) of
 * this machine; to [default]'s state when it never was (evaluated only then).
 *
 * ```kotlin
 * state<State.Broken> {
 *     on<Event.MachineRepairDidComplete> { transitionToHistory(functioning) { State.Locked(credit = 0) } }
 * }
 * ```
 */
@Suppress("UNUSED")
fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any, S : STATE> StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.StateDefinitionBuilder<S>.transitionToHistory(
    target: HistoryTarget,
    sideEffect: SIDE_EFFECT? = null,
    history: HistoryKind = HistoryKind.DEEP,
    default: () -> STATE
): StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT> = StateMachine.Graph.State.TransitionTo(recallHistory(target, history, default), sideEffect)

/**
 * The remembered state of [target] at the level whose handler runs on this thread ([HistoryKind.SHALLOW]: reduced
 * to the target's direct substate at its default), or [default]'s (taken as it is).
 */
@Suppress("UNCHECKED_CAST")
private fun <STATE : Any> recallHistory(target: HistoryTarget, kind: HistoryKind, default: () -> STATE): STATE {
    val remembered = Effects.current.get()?.get(target) as STATE? ?: return default()
    if (kind == HistoryKind.DEEP) return remembered
    return when (target) {
        is Superstate<*, *, *> -> {
            val graph = Effects.currentGraph.get() as StateMachine.Graph<STATE, Any, Any>? ?: return remembered
            graph.shallowEntry(remembered, target as Superstate<STATE, Any, Any>)
        }
        is ChildMachine<*, *, *, *, *, *> -> (target as ChildMachine<STATE, *, *, Any, *, *>).shallowEntry(remembered)
        else -> remembered
    }
}

/**
 * Runs the machine of [graph] inside the states of this definition, which hold its state.
 *
 * ```kotlin
 * state<State.Functioning> {
 *     child(functioning, get = { it.inner }, put = { _, inner -> State.Functioning(inner) },
 *           events = { it.asFunctioningEvent() }, sideEffects = { it })
 *     on<Event.MachineDidFail> { transitionTo(State.Broken(this)) }
 * }
 * ```
 * The child's listeners run for the child's own transitions only, with its states and the mapped event
 * (R22). An event is mapped with [events] and handled by the child first; a valid child result moves the parent
 * to `put(state, childState)` with the side effect mapped by [sideEffects]. An event the child does not
 * take (mapped to null, or invalid in the child) goes to this definition's handlers, then to its superstates.
 *
 * The child graph's timers (`after`, R28) run while the parent is in these states and the child in the timer's
 * block; entering these states (another value of the case included) starts them from zero, leaving them cancels
 * them. A fired child timer sends the parent event [timerEvents] gives for its event, which [events] must map back
 * to the timer's event case (the graph's build checks it, R25):
 *
 * ```kotlin
 * child(dialer, get = { it.dialer }, put = { _, d -> Phone.Call(d) },
 *       events = { e -> when (e) { PhoneEvent.Timeout -> DialerEvent.GiveUp; else -> null } }, sideEffects = { it },
 *       timerEvents = { e -> if (e == DialerEvent.GiveUp) PhoneEvent.Timeout else null })
 * ```
 * @return the history target of this definition's states, for [transitionToHistory]; also the key of the child's
 *   own history in [Snapshot.nested].
 */
/**
 * A handler of the events [eventMatcher] matches that goes to the history of [toHistoryOf] (R24): the state it was
 * in when it was last exited, or [default]'s when it never was. Unlike `transitionToHistory` inside a handler, the
 * target is known when the graph is built, which checks that it is one of its superstates or child-holding
 * definitions (R25).
 *
 * ```kotlin
 * state<State.Broken> {
 *     on(any<Event.MachineRepairDidComplete>(), toHistoryOf = functioning) { State.Locked(credit = 0) }
 * }
 * ```
 */
fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any, S : STATE, E : EVENT>
    StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.StateDefinitionBuilder<S>.on(
    eventMatcher: StateMachine.Matcher<EVENT, E>,
    toHistoryOf: HistoryTarget,
    sideEffect: SIDE_EFFECT? = null,
    history: HistoryKind = HistoryKind.DEEP,
    default: S.(E) -> STATE
) {
    stateDefinition.historyDeclarations += HistoryDeclaration(toHistoryOf, CallSite.here(), history)
    on(eventMatcher) { event -> transitionToHistory(toHistoryOf, sideEffect, history) { this.default(event) } }
}

fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any, S : STATE, C : Any, CE : Any, CF : Any>
    StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.StateDefinitionBuilder<S>.child(
    graph: StateMachine.Graph<C, CE, CF>,
    get: (S) -> C,
    put: (S, C) -> STATE,
    events: (EVENT) -> CE?,
    sideEffects: (CF) -> SIDE_EFFECT?,
    timerEvents: ((CE) -> EVENT?)? = null
): ChildLevel {
    check(stateDefinition.child == null) { "A state definition has at most one child machine; this one already has one" }
    @Suppress("UNCHECKED_CAST")
    stateDefinition.child = ChildMachine<STATE, EVENT, SIDE_EFFECT, C, CE, CF>(
        graph, { get(it as S) }, { parent, child -> put(parent as S, child) }, events, sideEffects, CallSite.here(), timerEvents
    )
    return stateDefinition.child!!
}

/**
 * What the state does when its child machine reaches one of its final states (R27): when a delegated event moves
 * the child into a `finalState`, [createTransitionTo] runs in the same `transition` call, on the parent state
 * holding the finished child and with the event that finished it. The machine reports one transition, from the
 * state before the event to the handler's target; its side effect is the handler's, or else the child's mapped
 * one. The child's onExit/onEnter run first, then the parent's. Without `onDone` the parent stays, with the child
 * finished. The graph's build refuses an `onDone` in a definition without a child, or whose child has no final state.
 */
fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any, S : STATE>
    StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.StateDefinitionBuilder<S>.onDone(
    createTransitionTo: S.(EVENT) -> StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT>
) {
    check(stateDefinition.onDone == null) { "A state definition has at most one onDone; this one already has one: decide inside it" }
    @Suppress("UNCHECKED_CAST")
    stateDefinition.onDone = { state, event -> (state as S).createTransitionTo(event) }
    stateDefinition.onDoneSite = CallSite.here()
}

/**
 * Adds a region to a product graph: [graph] runs on the part of the state that [get] reads and [put]
 * replaces. Every event goes to every region that takes it ([events]), in declaration order; the
 * transition is valid when one region at least took it, and its side effect is the list of the regions'
 * side effects ([sideEffects]) in region order. A product graph has regions instead of states.
 *
 * The region graph's timers (`after`, R28) run while the region is in the timer's block; a fired one sends the
 * product event [timerEvents] gives for its event, to every region (R23), which [events] must map back to the
 * timer's event case (the graph's build checks it, R25). Without [timerEvents] a region graph declares no `after`.
 * @return the region, the key of its history in [Snapshot.nested].
 */
fun <P : Any, E : Any, X : Any, R : Any, RE : Any, RF : Any> StateMachine.GraphBuilder<P, E, List<X>>.region(
    graph: StateMachine.Graph<R, RE, RF>,
    get: (P) -> R,
    put: (P, R) -> P,
    events: (E) -> RE?,
    sideEffects: (RF) -> X?,
    name: String = "region ${regions.size + 1}",
    timerEvents: ((RE) -> E?)? = null
): HistoryLevel = Region(name, graph, get, put, events, sideEffects, CallSite.here(), timerEvents).also { regions += it }

/** The composition of the graph being built, checked; null for a flat graph. */
internal fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.composition(
    stateDefinitions: Map<StateMachine.Matcher<STATE, STATE>, StateMachine.Graph.State<STATE, EVENT, SIDE_EFFECT>>
): Composition<STATE, EVENT, SIDE_EFFECT>? {
    val definitions = stateDefinitions.values
    val out = CompositionProblems()
    checkOnDone(stateDefinitions, out)
    if (superstates.isEmpty() && regions.isEmpty() && definitions.none { it.child != null }) {
        out.throwIfAny()
        return null
    }
    if (regions.isNotEmpty() && definitions.isNotEmpty()) {
        out.add(regions.first().site, "a product graph has regions instead of states: remove its ${definitions.size} state definition(s) or its regions.")
    }
    if (regions.isNotEmpty() && superstates.isNotEmpty()) {
        out.add(superstates.first().site, "a product graph has regions instead of states, so it has no superstates: put the superstates in a region's graph.")
    }
    checkSuperstates(superstates, null, out)
    val every = allSuperstates(superstates)
    checkSuperstateNames(every, out)
    // R21, R25: a child-holding definition of a class is the only definition that can match its states.
    val children = ArrayList<ChildMachine<*, *, *, *, *, *>>()
    for ((matcher, definition) in stateDefinitions) {
        val child = definition.child ?: continue
        children += child
        val name = matcher.type.simpleName
        child.name = "child machine of $name"
        // A predicate matcher is how tools match cases of one class (the fixture runner's values): not checked.
        if (!matcher.isPlain) continue
        for (other in stateDefinitions.keys) {
            if (other === matcher) continue
            if (other.type.isAssignableFrom(matcher.type) || matcher.type.isAssignableFrom(other.type)) {
                out.add(child.site, "another state definition (of ${other.type.simpleName}) can match the states of $name, which hold a child machine: the child's states must have one definition. Merge the two blocks.")
            }
        }
    }
    // R25: history targets, and the events each child's mapping sends to nothing.
    val declarations = definitions.flatMap { it.historyDeclarations } + every.flatMap { it.historyDeclarations }
    checkHistoryTargets(declarations, every, children, out)
    if (children.isNotEmpty()) {
        val parentEventClasses = LinkedHashSet<Class<*>>()
        for (definition in definitions) definition.transitions.keys.mapTo(parentEventClasses) { it.type }
        for (superstate in every) superstate.transitions.mapTo(parentEventClasses) { it.first.type }
        for (definition in definitions) {
            @Suppress("UNCHECKED_CAST")
            (definition.child as ChildMachine<STATE, EVENT, SIDE_EFFECT, *, *, *>?)?.let { checkEventMapping(it, parentEventClasses, out) }
        }
    }
    // R28.4: every timer of a child's or a region's graph has a parent event that the event mapping delegates back.
    @Suppress("UNCHECKED_CAST")
    for (child in children) checkLevelTimers(child, child.name, child.events as (Any) -> Any?, out)
    @Suppress("UNCHECKED_CAST")
    for (region in regions) checkLevelTimers(region, "region \"${region.name}\"", region.events as (Any) -> Any?, out)
    for ((index, region) in regions.withIndex()) {
        val graph = region.graph
        val handles = graph.stateDefinitions.values.any { it.transitions.isNotEmpty() || it.child != null } ||
            graph.composition?.let { c -> c.regions.isNotEmpty() || c.superstates.any { it.hasHandlers() } } == true
        if (regions.subList(0, index).any { it.name == region.name }) out.add(region.site, "two regions are named \"${region.name}\": give each region its own name.")
        if (!handles) out.add(region.site, "no event reaches the region \"${region.name}\": its machine has no handler. Add handlers to it, or remove the region.")
    }
    out.throwIfAny()
    @Suppress("UNCHECKED_CAST")
    return Composition(superstates.toList(), regions.toList() as List<Region<STATE, EVENT, *, *, *, *>>)
}

private fun Superstate<*, *, *>.hasHandlers(): Boolean = transitions.isNotEmpty() || children.any { it.hasHandlers() }

/** The state of a product of two regions of the same event and side-effect types (seed 001's `OrthogonalState`). */
data class OrthogonalState<A : Any, B : Any>(val stateA: A, val stateB: B)

/**
 * The product of two graphs sharing their event and side-effect types: every event goes to both (R23),
 * the side effect is the list of theirs. `StateMachine.create(StateMachine.orthogonal(capsLock, numLock))`.
 * A region's timer (R28) sends its event to the product as it is, since the regions share the product's events.
 */
fun <A : Any, B : Any, E : Any, F : Any> StateMachine.Companion.orthogonal(
    a: StateMachine.Graph<A, E, F>,
    b: StateMachine.Graph<B, E, F>
): StateMachine.Graph<OrthogonalState<A, B>, E, List<F>> = graph {
    initialState(OrthogonalState(a.initialState, b.initialState))
    region(a, get = { it.stateA }, put = { state, region -> state.copy(stateA = region) }, events = { it }, sideEffects = { it }, name = "stateA", timerEvents = { it })
    region(b, get = { it.stateB }, put = { state, region -> state.copy(stateB = region) }, events = { it }, sideEffects = { it }, name = "stateB", timerEvents = { it })
}
