package com.statemachine.spec.fixtures

// Composite table machines (schemaVersion 2): built with the library's statechart DSL (superstates,
// child machines, regions, history targets), reached through Library.kt and LibraryComposition.kt.

import java.util.TreeMap

/** One run of a fixture's machine, flat or composite. */
interface ReplaySession {
    /** The machine's current state. */
    val state: Value

    /** The listener calls made when the machine was made: its initial state's entry (R34). */
    val initialCalls: List<Call> get() = emptyList()

    /** Sends [event] to the machine under test and describes what happened. */
    fun send(event: Value): Outcome

    /** The listener calls recorded since the last call. */
    fun takeCalls(): List<Call>

    /**
     * A restore step (R17): a new machine in [state], with the saved [history] by superstate or child-holding
     * case name (R24; empty: no history); the calls restoring made.
     */
    fun restore(state: Value, history: Map<String, Value> = emptyMap()): List<Call>

    /** A with step (R14); flat machines only. */
    fun with(states: List<StateDef>)

    /** An advance step (R18, R28): moves the clock, firing the timers due; the results of their transitions and the calls. */
    fun advance(milliseconds: Long): Pair<List<Outcome>, List<Call>>
}

/** A session on the machine [definition] describes, in [start]. */
fun openSession(definition: MachineDef, start: Value): ReplaySession =
    if (definition.composite != null) CompositeSession(definition.composite, start, definition.initialEvent, definition.onTransitionThrows) else Session(definition, start)

private typealias AnyTransitionTo = TransitionTo<Value, Value>

/** The initial state of a nested graph that gives none (used only by a shallow history, R24), as Swift's runner has it. */
private val NESTED = Value("_")

/** [initialEvent]: the machine runs to completion (R32–R38), its start seen by its listeners with this event. */
class CompositeSession(
    private val top: LevelDef,
    start: Value,
    private val initialEvent: Value? = null,
    private val onTransitionThrows: ListenerThrowDef? = null,
) : ReplaySession {
    private val calls = ArrayList<Call>()
    /** The outcomes every transition's listeners saw, for advance steps. */
    private val outcomes = ArrayList<Outcome>()
    /** The clock of the delayed events (R18, R28), moved only by advance steps. */
    private val clock = FixtureClock()

    /** The history targets of the top level, by superstate or child-holding case name (filled while building). */
    private var topTargets: Map<String, ChartHistoryTarget> = emptyMap()

    /** The history targets of the nested levels, by `level` path, then name (filled while building). */
    private val levelTargets = HashMap<String, Map<String, ChartHistoryTarget>>()

    /** The children and regions, by `level` path (filled while building). */
    private val levelHandles = HashMap<String, ChartHistoryLevel>()

    private var machine: Machine<Value, Value, *> = if (top.product != null) {
        createMachine<Value, Value, List<Value>>(clock) {
            initialState(start)
            for (region in top.regions) {
                val graph = tableGraph {
                    initialState(region.machine.initialState ?: NESTED)
                    level(region.machine, region.name, isTop = false)
                }
                levelHandles[region.name] = tableRegion(
                    graph, region.name, get = { product -> field(product, region.name, "region") },
                    put = { product, state -> replaced(product, region.name, state) }
                )
            }
            onTransition { record(it) }
            onFailure { fromState, error -> outcomes += failureOutcome(fromState, error) }
        }
    } else {
        createMachine<Value, Value, Value>(clock) {
            initialState(start)
            initialEvent?.let { runsToCompletion(it) }
            level(top, null, isTop = true)
            onTransition { record(it) }
            // R39: the listener that throws, right after the recording one.
            onTransitionThrows?.let { thrower -> onTransition { thrower.check(it is ValidTransition) } }
            // A failed transition records no call (R15); for advance steps, its result (R18).
            onFailure { fromState, error -> outcomes += failureOutcome(fromState, error) }
        }
    }

    /** Whether the machine has been made: a listener of its start (R34) has no machine to send on. */
    private var made = false

    override val initialCalls: List<Call> = takeCalls().also { made = true }

    override val state: Value get() = machine.state

    override fun send(event: Value): Outcome = try {
        when (val transition = machine.transition(event)) {
            is ValidTransition -> Outcome.Valid(transition.fromState, transition.toState, transition.sideEffect)
            is InvalidTransition -> Outcome.Invalid(transition.fromState)
        }
    } catch (e: FixtureError) {
        Outcome.Thrown(e.message ?: "")
    } catch (e: IllegalStateException) {
        when {
            isRecursionDetected(e) -> Outcome.RecursionDetected
            isMissingDefinition(e) -> Outcome.MissingDefinition(machine.state)
            else -> throw e
        }
    }

    override fun takeCalls(): List<Call> = ArrayList(calls).also { calls.clear() }

    override fun advance(milliseconds: Long): Pair<List<Outcome>, List<Call>> {
        outcomes.clear()
        takeCalls()
        clock.advanceMillis(milliseconds)
        return ArrayList(outcomes).also { outcomes.clear() } to takeCalls()
    }

    override fun restore(state: Value, history: Map<String, Value>): List<Call> {
        takeCalls()
        machine = if (history.isEmpty()) {
            machine.with { initialState(state) }
        } else {
            // A history key names a superstate of the machine, or else a child-holding case (as `historyOf` does);
            // `level.name` names one of the machine at that level (a child's case or a region's name, R17, R24).
            val top = history.filterKeys { '.' !in it }
            machine.restoringSnapshot(state, top.entries.associate { (name, value) ->
                (topTargets[name] ?: throw FixtureError("history names \"$name\", neither a superstate nor a child-holding case of the machine (R17, R24)")) to value
            }, nestedHistory(history.filterKeys { '.' in it }))
        }
        return takeCalls()
    }

    override fun with(states: List<StateDef>) {
        throw FixtureError("a with step is not allowed in a file whose machine has superstates, children or regions")
    }

    /** The nested history of a restore step's `level.name` keys, by level. */
    private fun nestedHistory(entries: Map<String, Value>): Map<ChartHistoryLevel, ChartNestedHistory> {
        val byLevel = entries.entries.groupBy({ it.key.substringBeforeLast('.') }, { it.key.substringAfterLast('.') to it.value })
        val levels = LinkedHashSet<String>()
        for (level in byLevel.keys) {
            var path = level
            while (true) {
                levels += path
                path = path.substringBeforeLast('.', "")
                if (path.isEmpty()) break
            }
        }
        fun under(parent: String): Map<ChartHistoryLevel, ChartNestedHistory> = levels
            .filter { it.substringBeforeLast('.', "") == parent }
            .associate { path ->
                val handle = levelHandles[path]
                    ?: throw FixtureError("history names the level \"$path\", neither a child-holding case nor a region of the machine (R17, R24)")
                val targets = levelTargets[path] ?: emptyMap()
                handle to ChartNestedHistory((byLevel[path] ?: emptyList()).associate { (name, value) ->
                    (targets[name] ?: throw FixtureError("history names \"$name\" in the level \"$path\", neither a superstate nor a child-holding case there (R17, R24)")) to value
                }, under(path))
            }
        return under("")
    }

    private fun record(transition: Transition<Value, Value, *>) {
        outcomes += when (transition) {
            is ValidTransition -> Outcome.Valid(transition.fromState, transition.toState, transition.sideEffect)
            is InvalidTransition -> Outcome.Invalid(transition.fromState)
        }
        calls += when (transition) {
            is ValidTransition ->
                Call.TransitionValid(transition.fromState, transition.event, transition.toState, transition.sideEffect)
            is InvalidTransition -> Call.TransitionInvalid(transition.fromState, transition.event)
        }
    }

    /** Records the raise and post calls of one entry or exit (R36, R37), raises first, as the actions run. */
    private fun recordRaisesAndPosts(raised: List<Value>, posted: List<Value>) {
        raised.forEach { calls += Call.Raise(it) }
        posted.forEach { calls += Call.Post(it) }
    }

    /** Defines one level's superstates and states in this builder; [path] is the level's `level` key (null at the top). */
    private fun ValueBuilder.level(definition: LevelDef, path: String?, isTop: Boolean) {
        val targets = HashMap<String, ChartHistoryTarget>()
        if (isTop) topTargets = targets
        if (path != null) levelTargets[path] = targets
        // Superstates nest by containment: each one goes inside the smallest superstate that contains all its cases.
        val parents = definition.superstates.associateWith { superstate ->
            definition.superstates
                .filter { it !== superstate && it.cases.containsAll(superstate.cases) && it.cases.size > superstate.cases.size }
                .minByOrNull { it.cases.size }
        }
        fun body(builder: SuperstateBody, def: SuperstateDef) {
            with(builder) {
                onEnter { cause ->
                    calls += Call.Enter(this, cause, path, def.name)
                    recordRaisesAndPosts(def.onEnterRaise, def.onEnterPost)
                }
                onExit { cause ->
                    calls += Call.Exit(this, cause, path, def.name)
                    recordRaisesAndPosts(def.onExitRaise, def.onExitPost)
                }
                // R36–R38: declared right after the recording listeners, so each runs right after its call is recorded.
                if (def.onEnterRaise.isNotEmpty()) superstateRaiseOnEnter(def.onEnterRaise)
                if (def.onEnterPost.isNotEmpty()) superstatePostOnEnter(def.onEnterPost)
                if (def.onExitRaise.isNotEmpty()) superstateRaiseOnExit(def.onExitRaise)
                if (def.onExitPost.isNotEmpty()) superstatePostOnExit(def.onExitPost)
                for (eventless in def.always) {
                    superstateEventlessTransition(eventless.condition?.let { condition -> fun Value.(event: Value) = condition.evaluateBool(Bindings(this, event), "where") }) { event ->
                        val state = this
                        decide(eventless.action, this, event, targets,
                            { to, effect -> transitionTo(to, effect) },
                            { effect -> stay(effect) },
                            { target, shallow, default -> builder.tableSuperstateHistory(state, target, shallow, default) })
                    }
                }
                for (timer in def.after) superstateAfterMillis(timer.milliseconds, timer.event)
                for (handler in def.handlers) {
                    tableOn(eventMatcher(handler.event), handler.reenter) { event ->
                        val state = this
                        decide(handler.action, this, event, targets,
                            { to, effect -> transitionTo(to, effect) },
                            { effect -> stay(effect) },
                            { target, shallow, default -> builder.tableSuperstateHistory(state, target, shallow, default) })
                    }
                }
                for (inner in definition.superstates.filter { parents[it] === def }) {
                    targets[inner.name] = tableInnerSuperstate(inner.name, inner.cases.map { caseMatcher(it) }, inner.initial) { body(this, inner) }
                }
            }
        }
        for (def in definition.superstates.filter { parents[it] == null }) {
            targets[def.name] = tableSuperstate(def.name, def.cases.map { caseMatcher(it) }, def.initial) { body(this, def) }
        }
        for (def in definition.states) {
            val matcher = when (val m = def.matcher) {
                is MatcherDef.Eq -> anyValue().where { this == m.value }
                is MatcherDef.Case -> caseMatcher(m, isState = true)
            }
            val declare: (MachineMatcher<Value, Value>, ValueStateBuilder.() -> Unit) -> Unit =
                if (def.isFinal) { m, init -> finalState(m, init) } else { m, init -> state(m, init) }
            declare(matcher) {
                onEnter { cause ->
                    calls += Call.Enter(this, cause, path)
                    if (isTop && made) def.onEnterSend?.let { calls += Call.Send(it, send(it)) }
                    recordRaisesAndPosts(def.onEnterRaise, def.onEnterPost)
                }
                onExit { cause ->
                    calls += Call.Exit(this, cause, path)
                    if (isTop && made) def.onExitSend?.let { calls += Call.Send(it, send(it)) }
                    recordRaisesAndPosts(def.onExitRaise, def.onExitPost)
                }
                // R33, R36, R37 in the top machine (the reader refuses these keys in a child's or a region's).
                if (def.onEnterRaise.isNotEmpty()) valueRaiseOnEnter(def.onEnterRaise)
                if (def.onEnterPost.isNotEmpty()) valuePostOnEnter(def.onEnterPost)
                if (def.onExitRaise.isNotEmpty()) valueRaiseOnExit(def.onExitRaise)
                if (def.onExitPost.isNotEmpty()) valuePostOnExit(def.onExitPost)
                for (eventless in def.always) {
                    valueEventlessTransition(eventless.condition?.let { condition -> fun Value.(event: Value) = condition.evaluateBool(Bindings(this, event), "where") }) { event ->
                        decide(eventless.action, this, event, targets,
                            { to, effect -> transitionTo(to, effect) },
                            { effect -> stay(effect) },
                            { target, shallow, default -> tableHistory(target, shallow, default) })
                    }
                }
                for (timer in def.after) valueAfterMillis(timer.milliseconds, timer.event)
                def.child?.let { child ->
                    val case = (def.matcher as MatcherDef.Case).case
                    val childPath = if (path == null) case else "$path.$case"
                    val graph = tableGraph {
                        initialState(child.machine.initialState ?: NESTED)
                        level(child.machine, childPath, isTop = false)
                    }
                    val handle = tableChild(
                        graph, get = { parent -> field(parent, child.field, "child") },
                        put = { parent, childState -> replaced(parent, child.field, childState) },
                        events = { event -> child.events[event.case]?.let { Value(it, event.fields) } },
                        sideEffects = { effect -> child.sideEffects[effect.case]?.let { Value(it, effect.fields) } },
                        // R28.4: the inverse of the event mapping (the reader checked it has one parent case per timer event).
                        timerEvents = { event -> child.parentEvent(event) }
                    )
                    targets[case] = handle
                    levelHandles[childPath] = handle
                }
                def.onDone?.let { done ->
                    tableOnDone { event ->
                        decide(done, this, event, targets,
                            { to, effect -> transitionTo(to, effect) },
                            { effect -> stay(effect) },
                            { target, shallow, default -> tableHistory(target, shallow, default) })
                    }
                }
                for (handler in def.handlers) {
                    on(eventMatcher(handler.event)) { event ->
                        decide(handler.action, this, event, targets,
                            { to, effect -> transitionTo(to, effect) },
                            { effect -> stay(effect) },
                            { target, shallow, default -> tableHistory(target, shallow, default) })
                    }
                }
            }
        }
    }
}

/** The field [name] of [value], which must hold a value ([what] names the reader in the error). */
private fun field(value: Value, name: String, what: String): Value {
    val field = value.fields[name] ?: throw FixtureError("state has no field \"$name\"")
    return field as? Value ?: throw FixtureError("\"$what\" expects a value, got ${Value.typeName(field)}")
}

private fun replaced(value: Value, name: String, field: Value): Value =
    Value(value.case, TreeMap<String, Any>(value.fields).also { it[name] = field })

private fun caseMatcher(case: String): MachineMatcher<Value, Value> = anyValue().where { this.case == case }

private fun caseMatcher(matcher: MatcherDef.Case, isState: Boolean): MachineMatcher<Value, Value> {
    val result = caseMatcher(matcher.case)
    val predicate = matcher.where ?: return result
    return result.where { predicate.evaluateBool(if (isState) Bindings(this, null) else Bindings(null, this), "where") }
}

private fun eventMatcher(matcher: MatcherDef): MachineMatcher<Value, Value> = when (matcher) {
    is MatcherDef.Eq -> anyValue().where { this == matcher.value }
    is MatcherDef.Case -> caseMatcher(matcher, isState = false)
}

/** Runs a handler's action; [to], [stay] and [history] are the DSL's `transitionTo`, `stay` and `transitionToHistory`. */
private fun decide(
    action: Action,
    state: Value,
    event: Value,
    targets: Map<String, ChartHistoryTarget>,
    to: (Value, Value?) -> AnyTransitionTo,
    stay: (Value?) -> AnyTransitionTo,
    history: (ChartHistoryTarget, Boolean, () -> Value) -> AnyTransitionTo
): AnyTransitionTo {
    val bindings = Bindings(state, event)
    return when (action) {
        is Action.Transition -> to(action.to.evaluateValue(bindings, "transition"), action.emit?.evaluateValue(bindings, "emit"))
        is Action.DontTransition -> to(state, action.emit?.evaluateValue(bindings, "emit"))
        is Action.Stay -> stay(action.emit?.evaluateValue(bindings, "emit"))
        is Action.If ->
            decide(if (action.condition.evaluateCondition(bindings)) action.then else action.otherwise, state, event, targets, to, stay, history)
        is Action.Throw -> throw FixtureError(action.message)
        is Action.TransitionToHistory -> {
            val target = targets[action.historyOf] ?: throw FixtureError("historyOf \"${action.historyOf}\" names nothing")
            // The target first (the default evaluated only without history, R24), then emit, as for `transition`.
            val toState = history(target, action.shallow) { action.default.evaluateValue(bindings, "default") }.toState
            to(toState, action.emit?.evaluateValue(bindings, "emit"))
        }
    }
}
