package com.statemachine.spec.fixtures

// Composite machines of schemaVersion 2 (Spec/FIXTURES.md, "schemaVersion 2"): superstates, child machines,
// regions and history targets, read and checked for the composition errors of R25 (located errors).

/** One machine of a composition (a level): a state machine ([states], [superstates]) or a product ([regions]). */
class LevelDef(
    val states: List<StateDef>,
    val superstates: List<SuperstateDef>,
    val product: String?,
    val regions: List<RegionDef>,
    /** A nested machine's `initialState`, where a shallow history (R24) starts it; `_` when not given. */
    val initialState: Value? = null
)

/** A superstate; [initial] is the state a shallow history of a superstate around it enters it in (R24); [after]: its delayed events (R28). */
class SuperstateDef(
    val name: String,
    val cases: List<String>,
    val handlers: List<HandlerDef>,
    val initial: Value? = null,
    val after: List<TimerDef> = emptyList(),
    /** Its eventless transitions and raise and post actions, in a top machine that runs to completion (R38). */
    val always: List<EventlessDef> = emptyList(),
    val onEnterRaise: List<Value> = emptyList(),
    val onExitRaise: List<Value> = emptyList(),
    val onEnterPost: List<Value> = emptyList(),
    val onExitPost: List<Value> = emptyList()
)

/** The child machine of a definition of case `p` (R21): the field of `p` holding its state, and the mappings. */
class ChildDef(val field: String, val machine: LevelDef, val events: Map<String, String>, val sideEffects: Map<String, String>) {
    /** The parent event a child timer's [event] stands for (R28.4): the one parent case mapped to its case, same fields; null when none. */
    fun parentEvent(event: Value): Value? =
        events.entries.singleOrNull { it.value == event.case }?.let { Value(it.key, event.fields) }
}

class RegionDef(val name: String, val machine: LevelDef)

object CompositeReader {
    /** A version-2 `machine`: a flat machine when it uses no composition, otherwise [MachineDef.composite]. */
    fun readMachine(node: J): MachineDef {
        val obj = node.closed(listOf("initialState"), listOf("states", "superstates", "product", "regions", "runToCompletion", "onTransitionThrows"))
        val initialEvent = readRunToCompletion(obj)
        val level = readLevel(obj, top = true)
        val thrower = obj["onTransitionThrows"]?.let { thrower ->
            // R39 leaves a timer's transition out: it has no caller, and the runtimes differ there (R18).
            if (level.product != null || hasDelayedEvents(level) || initialEvent != null) {
                throw FormatError(thrower.path, "\"onTransitionThrows\" needs a machine without delayed events (\"after\") and without \"runToCompletion\" (R39)", atKey = true)
            }
            ListenerThrowDef.read(thrower)
        }
        val initialState = Value.parse(obj.need("initialState"))
        val composite = level.product != null || level.superstates.isNotEmpty() || level.states.any { it.child != null }
        return MachineDef(initialState, level.states, if (composite) level else null, initialEvent, thrower)
    }

    /** Whether a state or superstate of [level], at any level below it too, has delayed events. */
    private fun hasDelayedEvents(level: LevelDef): Boolean =
        level.superstates.any { it.after.isNotEmpty() } || level.states.any { state ->
            state.after.isNotEmpty() || state.child?.let { hasDelayedEvents(it.machine) } == true
        }

    /** R25 in scenarios: no `with` step in a file whose machine is composite. */
    fun checkScenarios(scenarios: J) {
        for (scenario in scenarios.array()) {
            val steps = (scenario as? J.Obj)?.get("steps") ?: continue
            for (step in steps.array()) {
                if (step is J.Obj && "with" in step.members.keys) {
                    step.fail("a with step is not allowed in a file whose machine has superstates, children or regions")
                }
            }
        }
    }

    private fun readLevel(obj: J.Obj, top: Boolean): LevelDef {
        if ("product" in obj.members.keys || "regions" in obj.members.keys) {
            if (!top) obj.fail("a product is only the top machine (not a child, not a region)")
            obj.closed(listOf("initialState", "product", "regions"))
            val productNode = obj.need("product")
            val product = productNode.string()
            if (!isName(product)) productNode.fail("${Canonical.string(product)} is not a valid case name")
            val names = HashSet<String>()
            val regions = obj.need("regions").array(nonEmpty = true).map { regionNode ->
                val region = regionNode.closed(listOf("name", "machine"))
                val nameNode = region.need("name")
                val name = nameNode.string()
                if (!isName(name)) nameNode.fail("${Canonical.string(name)} is not a valid region name")
                if (!names.add(name)) nameNode.fail("two regions are named ${Canonical.string(name)} (R25)")
                val machineNode = region.need("machine").closed(listOf("states"), listOf("superstates", "initialState"))
                val machine = readLevel(machineNode, top = false)
                if (!machine.hasHandlers()) machineNode.fail("region ${Canonical.string(name)} has no handler, so no event reaches it (R25)")
                RegionDef(name, machine)
            }
            return LevelDef(emptyList(), emptyList(), product, regions)
        }
        if (!top) obj.closed(listOf("states"), listOf("superstates", "initialState"))
        val stateNodes = obj.need("states").array()
        val states = stateNodes.map { readState(it, top) }
        val superstateNodes = obj["superstates"]?.array() ?: emptyList()
        val superstates = superstateNodes.map { readSuperstate(it, top) }
        checkSuperstates(superstates, superstateNodes, states, stateNodes)
        checkChildren(states, stateNodes)
        checkHistoryTargets(states, stateNodes, superstates, superstateNodes)
        return LevelDef(states, superstates, null, emptyList(), if (top) null else obj["initialState"]?.let { Value.parse(it) })
    }

    private fun readState(node: J, top: Boolean): StateDef {
        val obj = node.closed(listOf("state", "on"), (if (top) listOf("onEnterSend", "onExitSend") + RUN_TO_COMPLETION_KEYS else emptyList()) + "after" + "child" + "final" + "onDone")
        val plain = FixtureReader.readState(J.Obj(obj.path, LinkedHashMap(obj.members.filterKeys { it != "child" && it != "onDone" })))
        val child = obj["child"]?.let { readChild(it) }
        val onDone = obj["onDone"]?.let { node ->
            if (child == null) node.fail("\"onDone\" needs a \"child\" in the same state definition: only a child machine reaching a final state finishes a state (R27)")
            FixtureReader.readAction(node).also { action ->
                if (action.targetsHistory()) node.fail("expected an action without a history target in \"onDone\": this format's onDone transitions to a value (R27)")
            }
        }
        return StateDef(
            plain.matcher, plain.handlers, plain.onEnterSend, plain.onExitSend, plain.after, child = child, isFinal = plain.isFinal,
            onDone = onDone, always = plain.always, onEnterRaise = plain.onEnterRaise, onExitRaise = plain.onExitRaise,
            onEnterPost = plain.onEnterPost, onExitPost = plain.onExitPost
        )
    }

    private fun readChild(node: J): ChildDef {
        val obj = node.closed(listOf("field", "machine", "events"), listOf("sideEffects"))
        val fieldNode = obj.need("field")
        val field = fieldNode.string()
        if (!isName(field)) fieldNode.fail("${Canonical.string(field)} is not a valid field name")
        val machine = readLevel(obj.need("machine").closed(listOf("states"), listOf("superstates", "initialState")), top = false)
        val events = readMapping(obj.need("events"))
        for ((parentCase, childCase) in events) {
            if (!machine.handlesCase(childCase)) {
                throw FormatError(
                    memberPath(obj.need("events").path, parentCase),
                    "event ${Canonical.string(parentCase)} is mapped to ${Canonical.string(childCase)}, which no handler of the child machine matches (R25)"
                )
            }
        }
        // R28.4: a child timer sends the one parent event the mapping delegates as its event (same fields).
        for ((timer, event) in machine.levelTimers()) {
            val parents = events.filterValues { it == event.case }.keys
            if (parents.size != 1) {
                throw FormatError(
                    timer.path,
                    if (parents.isEmpty()) "the child's timer sends ${Canonical.string(event.case)}, which no parent event maps to in \"events\", so no parent event stands for it and the timer could not be sent (R28, R25); map a parent case to ${Canonical.string(event.case)}"
                    else "the child's timer sends ${Canonical.string(event.case)}, which ${parents.size} parent events map to in \"events\" (${parents.joinToString(", ")}), so which one stands for it is ambiguous (R28, R25); map one parent case to ${Canonical.string(event.case)}"
                )
            }
        }
        return ChildDef(field, machine, events, obj["sideEffects"]?.let { readMapping(it) } ?: emptyMap())
    }

    private fun readMapping(node: J): Map<String, String> {
        val obj = node as? J.Obj ?: node.fail("a mapping is an object of case names, got ${node.kind}")
        return obj.members.entries.associate { (from, toNode) ->
            if (!isName(from)) throw FormatError(memberPath(obj.path, from), "${Canonical.string(from)} is not a valid case name", atKey = true)
            val to = toNode.string()
            if (!isName(to)) toNode.fail("${Canonical.string(to)} is not a valid case name")
            from to to
        }
    }

    private fun readSuperstate(node: J, top: Boolean): SuperstateDef {
        val obj = node.closed(listOf("name", "states", "on"), listOf("initial", "after") + (if (top) RUN_TO_COMPLETION_KEYS else emptyList()))
        val nameNode = obj.need("name")
        val name = nameNode.string()
        if (!isName(name)) nameNode.fail("${Canonical.string(name)} is not a valid superstate name")
        val cases = obj.need("states").array(nonEmpty = true).map { caseNode ->
            caseNode.string().also { if (!isName(it)) caseNode.fail("${Canonical.string(it)} is not a valid case name") }
        }
        val handlers = obj.need("on").array().map { handler ->
            val h = handler.closed(listOf("event", "do"), listOf("reenter"))
            val reenter = h["reenter"]?.let { flag -> (flag as? J.Bool)?.value ?: flag.fail("expected true or false (R29), got ${flag.kind}") } ?: false
            HandlerDef(FixtureReader.readMatcher(h.need("event")), FixtureReader.readAction(h.need("do")), reenter)
        }
        return SuperstateDef(
            name, cases, handlers, obj["initial"]?.let { Value.parse(it) }, obj["after"]?.let { FixtureReader.readTimers(it) } ?: emptyList(),
            always = readEventless(obj),
            onEnterRaise = obj["onEnterRaise"]?.let { readRaised(it) } ?: emptyList(),
            onExitRaise = obj["onExitRaise"]?.let { readRaised(it) } ?: emptyList(),
            onEnterPost = obj["onEnterPost"]?.let { readRaised(it) } ?: emptyList(),
            onExitPost = obj["onExitPost"]?.let { readRaised(it) } ?: emptyList()
        )
    }

    /** R25: distinct names, no case twice, no two superstates with the same cases or overlapping without nesting. */
    private fun checkSuperstates(superstates: List<SuperstateDef>, nodes: List<J>, states: List<StateDef>, stateNodes: List<J>) {
        val childCases = states.filter { it.child != null }.mapNotNull { (it.matcher as? MatcherDef.Case)?.case }.toSet()
        for ((index, superstate) in superstates.withIndex()) {
            val node = nodes[index] as J.Obj
            if (superstates.subList(0, index).any { it.name == superstate.name }) {
                node.need("name").fail("two superstates are named ${Canonical.string(superstate.name)} (R25)")
            }
            if (superstate.name in childCases) {
                node.need("name").fail("superstate ${Canonical.string(superstate.name)} has the name of a child-holding case (R25)")
            }
            if (superstate.cases.toSet().size != superstate.cases.size) {
                node.need("states").fail("superstate ${Canonical.string(superstate.name)} names a case twice (R25)")
            }
            val cases = superstate.cases.toSet()
            for (other in superstates.subList(0, index)) {
                val otherCases = other.cases.toSet()
                val shared = cases.intersect(otherCases)
                val problem = when {
                    cases == otherCases -> "superstates ${Canonical.string(other.name)} and ${Canonical.string(superstate.name)} have the same cases (R25)"
                    shared.isNotEmpty() && !cases.containsAll(otherCases) && !otherCases.containsAll(cases) ->
                        "superstates ${Canonical.string(other.name)} and ${Canonical.string(superstate.name)} overlap " +
                            "(${shared.joinToString(", ")}) but neither contains the other (R25)"
                    else -> null
                }
                if (problem != null) node.need("states").fail(problem)
            }
        }
    }

    /** R25: a child-holding definition is `{"case": p}` and the only definition that can match case p. */
    private fun checkChildren(states: List<StateDef>, nodes: List<J>) {
        for ((index, state) in states.withIndex()) {
            if (state.child == null) continue
            val matcherNode = (nodes[index] as J.Obj).need("state")
            val matcher = state.matcher
            if (matcher !is MatcherDef.Case || matcher.where != null) {
                matcherNode.fail("a definition with a child matches a case without \"where\" ({\"case\": p}) (R25)")
            }
            for ((otherIndex, other) in states.withIndex()) {
                if (otherIndex != index && other.matcher.case() == matcher.case) {
                    (nodes[otherIndex] as J.Obj).need("state").fail(
                        "another definition can match case ${Canonical.string(matcher.case)}, which holds a child machine (R25)"
                    )
                }
            }
        }
    }

    /** R25: every `historyOf` of this level names exactly one of its superstates or child-holding cases. */
    private fun checkHistoryTargets(states: List<StateDef>, stateNodes: List<J>, superstates: List<SuperstateDef>, superstateNodes: List<J>) {
        val superstateNames = superstates.map { it.name }.toSet()
        val childCases = states.filter { it.child != null }.mapNotNull { (it.matcher as? MatcherDef.Case)?.case }.toSet()
        // Handlers' actions, and eventless transitions' (R38).
        val actions = states.flatMap { it.handlers }.map { it.action } + superstates.flatMap { it.handlers }.map { it.action } +
            states.flatMap { it.always }.map { it.action } + superstates.flatMap { it.always }.map { it.action }
        for (action in actions) {
            for (history in action.historyTargets()) {
                val isSuperstate = history.historyOf in superstateNames
                val isChild = history.historyOf in childCases
                if (isSuperstate == isChild) {
                    throw FormatError(
                        "${history.path}.historyOf",
                        if (isSuperstate) "historyOf ${Canonical.string(history.historyOf)} names both a superstate and a child-holding case (R25)"
                        else "historyOf ${Canonical.string(history.historyOf)} names neither a superstate nor a child-holding case of this machine (R25)"
                    )
                }
            }
        }
    }

    private fun Action.historyTargets(): List<Action.TransitionToHistory> = when (this) {
        is Action.TransitionToHistory -> listOf(this)
        is Action.If -> then.historyTargets() + otherwise.historyTargets()
        else -> emptyList()
    }

    private fun MatcherDef.case(): String = when (this) {
        is MatcherDef.Case -> case
        is MatcherDef.Eq -> value.case
    }

    /**
     * The timers of this level and of the levels inside it, each with the event it sends at this level: a child's
     * timer's event is lifted to the parent case that maps to it (checked when the child was read).
     */
    private fun LevelDef.levelTimers(): List<Pair<TimerDef, Value>> =
        (superstates.flatMap { it.after } + states.flatMap { it.after }).map { it to it.event } +
            states.mapNotNull { it.child }.flatMap { child ->
                child.machine.levelTimers().mapNotNull { (timer, event) -> child.parentEvent(event)?.let { timer to it } }
            }

    private fun LevelDef.hasHandlers(): Boolean =
        states.any { it.handlers.isNotEmpty() || it.child != null } || superstates.any { it.handlers.isNotEmpty() }

    /** Whether a handler of this machine (a state definition's or a superstate's) matches events of [case] by case. */
    private fun LevelDef.handlesCase(case: String): Boolean =
        (states.flatMap { it.handlers } + superstates.flatMap { it.handlers }).any { it.event.case() == case }
}

/** Whether [this] action, in any branch, targets a history. */
private fun Action.targetsHistory(): Boolean = when (this) {
    is Action.TransitionToHistory -> true
    is Action.If -> then.targetsHistory() || otherwise.targetsHistory()
    else -> false
}
