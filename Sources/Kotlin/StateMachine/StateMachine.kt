package com.statemachine.spec

import java.lang.ref.WeakReference
import java.util.concurrent.atomic.AtomicReference
import java.util.concurrent.locks.ReentrantLock
import kotlin.time.Duration

/**
 * Marks the builder receivers of the DSL, so that a nested block cannot reach the members of an
 * outer builder by accident (for example `state { }` or `onTransition { }` inside `state { }`).
 */
@DslMarker
@Target(AnnotationTarget.CLASS)
annotation class StateMachineDsl

/**
 * A finite-state machine defined with a small DSL. Source compatible with the public API of
 * Tinder's Kotlin StateMachine 0.2/0.3; the behaviour follows the rules R1–R16 of the spec:
 *
 * - the first state definition whose matcher matches the current state is its definition (R5);
 * - inside it, the first `on` handler whose matcher matches the event runs (R6);
 * - no matching handler: [Transition.Invalid] (R9);
 * - no matching state definition when an event arrives: [IllegalStateException]
 *   `Missing definition for state <state>` (R13); entering such a state is allowed and fires no onEnter;
 * - listeners run after the state changed, outside the lock, in the order onTransition, onExit of the
 *   from-state's definition, onEnter of the to-state's definition, for every valid transition including
 *   `dontTransition` and self-transitions (R11, R12); under concurrent senders, one transition's listeners at a
 *   time, in the order the state changed, before its `transition` returns (R11);
 * - an exception thrown by a handler or matcher predicate reaches the caller, the state is unchanged
 *   and no listener is called (R15);
 * - `transition` called from inside a handler or listener of the same machine on the same thread
 *   throws [RecursionDetectedException] and changes nothing (R16);
 * - a state's delayed events (`after(delay, send)`) start when the machine enters the state (and when it is
 *   made in it), are cancelled by every valid transition, which then starts those of the entered state, and
 *   fire nothing once the state was left or the machine is [close]d or unreachable (R18);
 * - a failed transition (a handler's exception, a missing definition) is reported to the `onTransitionFailure`
 *   listeners, in listener order, before it reaches the caller; a timer's failed transition has no caller, so
 *   the listeners are all that see it: it does not propagate out of the clock (R15, R18).
 */
class StateMachine<STATE : Any, EVENT : Any, SIDE_EFFECT : Any> private constructor(
    private val graph: Graph<STATE, EVENT, SIDE_EFFECT>,
    private val clock: StateMachineClock?
) : AutoCloseable {

    private val stateRef = AtomicReference<STATE>(graph.initialState)
    private val lock = Any()

    // The shallow history of a composite graph's superstates (guarded by `lock`); null for a flat graph.
    private val history: HashMap<Any, Any>? = if (graph.composition != null) HashMap() else null
    private val busyOnThisThread = ThreadLocal<Boolean>()

    // Listener turns (R11): every transition that reaches its listeners takes a ticket under `lock`, in the
    // order of state changes (`ticketsTaken`, guarded by `lock`); its listeners run after those of the previous
    // ticket (`ticketsDeliveredUnderTurn`, guarded by `turn`), outside `lock`.
    private var ticketsTaken = 0L
    private var ticketsDeliveredUnderTurn = 0L
    private val turn = ReentrantLock()
    private val turnChanged = turn.newCondition()

    // Delayed events (R18, R28), only when a block of the graph or of a level inside it has some; guarded by `lock`.
    private val timers: Timers? = if (graph.hasTimers) Timers(clock ?: ExecutorClock.shared) else null

    // The macrostep of a graph that runs to completion (R32); null otherwise.
    private val macrostep: Macrostep<EVENT>? = if (graph.runToCompletion != null) Macrostep() else null

    init {
        if (timers != null) synchronized(lock) {
            if (graph.composition == null) restartTimers(graph.initialState.definition())
            else moveBlockTimers(null, graph.initialState)
        }
    }

    val state: STATE
        get() = stateRef.get()

    /**
     * Whether the machine is in a final state (`finalState`, R27): it has finished, and every event is an invalid
     * transition that calls no listener. A machine made or restored in a final state is finished from the start.
     */
    val isFinished: Boolean
        get() = stateRef.get().isFinal()

    fun transition(event: EVENT): Transition<STATE, EVENT, SIDE_EFFECT> {
        if (macrostep == null) return send(event, null)!!
        return runMacrostep(macrostep, event, null)!!
    }

    /**
     * Sends [event] from inside this machine's own handlers and listeners: in a graph that runs to completion
     * (`runToCompletion`, R32), the event is queued and handled after the current step, before the call that
     * started that step returns, and this returns null.
     *
     * ```kotlin
     * state<State.Connecting> {
     *     onEnter { machine.raise(Event.Connected) }
     * }
     * ```
     *
     * Called when no step of the machine runs on this thread, or on a graph that does not run to completion, it is
     * [transition]: it returns the transition or throws. ([transition] from inside a handler or listener throws
     * [RecursionDetectedException] in every graph: its result would not be known when it returns.)
     */
    fun raise(event: EVENT): Transition<STATE, EVENT, SIDE_EFFECT>? {
        if (macrostep != null && macrostep.lock.isHeldByCurrentThread) {
            macrostep.queue.addLast(event)
            return null
        }
        return transition(event)
    }

    /**
     * Cancels the delayed events of the current state: none fires afterwards (R18). Transitions still work but
     * start no new timer. A machine without delayed events has nothing to close.
     */
    override fun close() {
        val timers = timers ?: return
        synchronized(lock) {
            timers.closed = true
            timers.generation = 0
            timers.cancelAll()
            timers.groups.values.forEach { group -> group.scheduled.forEach { it.cancel() } }
            timers.groups.clear()
        }
    }

    /** [transition], or, for a timer's event ([timerGeneration] not null), nothing when the state was left since. */
    private fun send(event: EVENT, timerGeneration: Long?): Transition<STATE, EVENT, SIDE_EFFECT>? {
        if (busyOnThisThread.get() == true) {
            throw RecursionDetectedException(
                "transition($event) was called from inside a handler or listener of the same state machine"
            )
        }
        busyOnThisThread.set(true)
        try {
            var failure: FailedTransition<STATE, EVENT>? = null
            val outcome = synchronized(lock) {
                if (timerGeneration != null && timers?.isCurrent(timerGeneration) != true) return null
                val fromState = stateRef.get()
                // R27: a finished machine answers every event invalid and calls no listener.
                if (fromState.isFinal()) return Transition.Invalid(fromState, event)
                try {
                    if (history != null) return@synchronized compositeStep(fromState, event, history)
                    val fromDefinition = fromState.definition()
                        ?: throw IllegalStateException("Missing definition for state $fromState")
                    val target = fromDefinition.targetFor(fromState, event)
                        ?: return@synchronized Outcome(Transition.Invalid(fromState, event), fromDefinition, null, ++ticketsTaken)
                    val transition = Transition.Valid(fromState, event, target.toState, target.sideEffect)
                    // R35: a targetless transition leaves the state, its listeners and its timers as they are.
                    if (target.isTargetless) return@synchronized Outcome(transition, fromDefinition, null, ++ticketsTaken, emptyList())
                    val toDefinition = target.toState.definition()
                    stateRef.set(target.toState)
                    if (timers != null) restartTimers(toDefinition)
                    ticketsTaken += 1
                    Outcome(transition, fromDefinition, toDefinition, ticketsTaken)
                } catch (error: Exception) {
                    // R15, R18: nothing changed; the failure listeners hear of it in turn, then the caller (if any).
                    if (graph.onTransitionFailureListeners.isEmpty()) {
                        if (timerGeneration != null) return null
                        throw error
                    }
                    failure = FailedTransition(fromState, event, error)
                    ticketsTaken += 1
                    Outcome(null, null, null, ticketsTaken)
                }
            }
            failure?.let { failed ->
                reportFailure(outcome.ticket, failed)
                if (timerGeneration != null) return null
                throw failed.error
            }
            val transition = outcome.transition!!
            callListeners(outcome, transition, event)
            return transition
        } finally {
            busyOnThisThread.remove()
        }
    }

    /**
     * The machine's state and its history (R17, R24), to restore later with `create(graph, restoring = snapshot)`.
     * The history is empty for a flat graph, and until the machine leaves a superstate or a child-holding state; the
     * history inside child machines and regions is in [Snapshot.nested].
     */
    fun snapshot(): Snapshot<STATE> = synchronized(lock) { snapshotOf(stateRef.get(), history) }

    /**
     * A new machine of this machine's graph that resumes [snapshot] (R17, R24), as `create(graph, restoring = snapshot)`;
     * it uses this machine's clock. `with { initialState(saved) }` restores a bare state, with no history.
     * @throws SnapshotException when the snapshot's history does not fit the graph.
     */
    fun restoring(snapshot: Snapshot<STATE>): StateMachine<STATE, EVENT, SIDE_EFFECT> = create(graph, snapshot, clock)

    /** A new machine in this machine's state with these definitions and [init]'s after them (R14); it uses this machine's clock. */
    fun with(init: GraphBuilder<STATE, EVENT, SIDE_EFFECT>.() -> Unit): StateMachine<STATE, EVENT, SIDE_EFFECT> {
        return create(graph.copy(initialState = state), clock, init)
    }

    /** The running timers of a machine with delayed events; guarded by the machine's `lock`. */
    private class Timers(val clock: StateMachineClock) {
        /** The last generation given out: each start of a state's or a superstate's timers takes the next one. */
        var lastGeneration = 0L
        /** The generation of the state's timers, renewed when the state is left: a timer fires only in its own. */
        var generation = 0L
        /** A composite machine's running timers (R28), by block: the active state definitions and superstates of every level. */
        val groups = HashMap<TimerBlock, Group>()

        class Group(val generation: Long, val scheduled: List<ScheduledTimer>)

        fun isCurrent(generation: Long) = generation == this.generation || groups.values.any { it.generation == generation }
        var closed = false
        val scheduled = ArrayList<ScheduledTimer>()

        fun cancelAll() {
            scheduled.forEach { it.cancel() }
            scheduled.clear()
        }
    }

    /** Cancels the running timers and starts those of [definition]; call with `lock` held. */
    private fun restartTimers(definition: Graph.State<STATE, EVENT, SIDE_EFFECT>?) {
        val timers = timers ?: return
        timers.lastGeneration += 1
        timers.generation = timers.lastGeneration
        timers.cancelAll()
        if (timers.closed || definition == null) return
        timers.scheduled += schedule(timers, definition.delayedEvents, timers.generation)
    }

    /**
     * A composite machine's timers after a step to [to] that left [exits] (R28, R29; null: the machine is made in
     * [to]): cancels those of the blocks left or no longer active, then starts those of the active blocks not running,
     * outermost level first; call with `lock` held.
     */
    private fun moveBlockTimers(exits: TimerExits?, to: STATE) {
        val timers = timers ?: return
        val active = ArrayList<ActiveTimers>()
        graph.activeTimers(to, null, active)
        val iterator = timers.groups.entries.iterator()
        while (iterator.hasNext()) {
            val (key, group) = iterator.next()
            if (exits?.left(key) == true || active.none { it.key == key }) {
                group.scheduled.forEach { it.cancel() }
                iterator.remove()
            }
        }
        if (timers.closed) return
        for (block in active) {
            if (block.key in timers.groups) continue
            timers.lastGeneration += 1
            val generation = timers.lastGeneration
            @Suppress("UNCHECKED_CAST")
            val delayedEvents = block.delayedEvents as List<Graph.State.DelayedEvent<EVENT>>
            timers.groups[block.key] = Timers.Group(generation, schedule(timers, delayedEvents, generation, block.key.path))
        }
    }

    /** Schedules [delayedEvents], declared by a block of the level at [path] (null: the top machine). */
    private fun schedule(
        timers: Timers,
        delayedEvents: List<Graph.State.DelayedEvent<EVENT>>,
        generation: Long,
        path: LevelPath? = null
    ): List<ScheduledTimer> {
        // The timer holds the machine weakly: a pending timer does not keep it alive.
        val machine = WeakReference(this)
        return delayedEvents.mapNotNull { delayed ->
            // R28.4: a level's timer sends the top machine's event that stands for it (none: not scheduled).
            @Suppress("UNCHECKED_CAST")
            val event = if (path == null) delayed.event else liftTimerEvent(path, delayed.event) as EVENT? ?: return@mapNotNull null
            timers.clock.schedule(delayed.delay) { machine.get()?.fire(event, generation) }
        }
    }

    /** A timer's [event]: a macrostep of its own in a graph that runs to completion (R32). */
    private fun fire(event: EVENT, generation: Long) {
        if (macrostep == null) send(event, generation) else runMacrostep(macrostep, event, generation)
    }

    private class Outcome<STATE : Any, EVENT : Any, SIDE_EFFECT : Any>(
        /** Null for a failed transition. */
        val transition: Transition<STATE, EVENT, SIDE_EFFECT>?,
        val fromDefinition: Graph.State<STATE, EVENT, SIDE_EFFECT>?,
        val toDefinition: Graph.State<STATE, EVENT, SIDE_EFFECT>?,
        val ticket: Long,
        /**
         * The exit and enter listener calls: a composite graph's, in statechart order; none for a targetless
         * transition (R35); null for a flat graph's move, whose definitions' listeners run.
         */
        val statechartCalls: List<() -> Unit>? = null
    )

    /** One event on a composite graph (under `lock`): the state and history change, the listener calls planned. */
    private fun compositeStep(fromState: STATE, event: EVENT, history: HashMap<Any, Any>): Outcome<STATE, EVENT, SIDE_EFFECT> {
        val effects = Effects()
        if (timers != null) effects.timerExits = TimerExits()
        val moved = try {
            graph.step(fromState, event, effects, history)
        } catch (e: MissingDefinitionInLevel) {
            // R21, R23: a definition missing in a child or a region is reported with the machine's whole state.
            throw IllegalStateException("Missing definition for state $fromState")
        }
        val transition: Transition<STATE, EVENT, SIDE_EFFECT> =
            if (moved == null) Transition.Invalid(fromState, event)
            else Transition.Valid(fromState, event, moved.toState, moved.sideEffect)
        if (moved != null) {
            stateRef.set(moved.toState)
            effects.commitHistory()
            // R28: only the blocks the step left restart their timers (a move of a child leaves its parent's running).
            if (timers != null) moveBlockTimers(effects.timerExits, moved.toState)
        }
        ticketsTaken += 1
        return Outcome(transition, null, null, ticketsTaken, if (moved == null) emptyList() else effects.calls)
    }

    /** Calls the listeners of a transition, in its turn (R11). */
    private fun callListeners(outcome: Outcome<STATE, EVENT, SIDE_EFFECT>, transition: Transition<STATE, EVENT, SIDE_EFFECT>, event: EVENT) {
        awaitTurn(outcome.ticket)
        try {
            graph.onTransitionListeners.forEach { it(transition) }
            val statechartCalls = outcome.statechartCalls
            if (statechartCalls != null) {
                statechartCalls.forEach { it() }
            } else if (transition is Transition.Valid) {
                outcome.fromDefinition!!.onExitListeners.forEach { it(transition.fromState, event) }
                outcome.toDefinition?.onEnterListeners?.forEach { it(transition.toState, event) }
            }
        } finally {
            endTurn(outcome.ticket)
        }
    }

    /** Calls the failure listeners with [failed], in the turn of [ticket] (R11, R15). */
    private fun reportFailure(ticket: Long, failed: FailedTransition<STATE, EVENT>) {
        awaitTurn(ticket)
        try {
            graph.onTransitionFailureListeners.forEach { it(failed) }
        } finally {
            endTurn(ticket)
        }
    }

    // MARK: - Run to completion (R32–R34)

    /** The lock a macrostep holds, from its event's step until its queue is empty, and the queue of raised events. */
    internal class Macrostep<EVENT : Any> {
        /** Held by the thread running a macrostep: another thread's event waits for the whole macrostep (R32). */
        val lock = ReentrantLock()
        /** The raised events waiting for their step, in the order they were raised; used by the lock's holder only. */
        val queue = ArrayDeque<EVENT>()
        /** The posted events (R37), SCXML's external queue: each is taken when no raised event is left. */
        val posted = ArrayDeque<EVENT>()

        /** Makes this the thread's running macrostep, for the raise actions of R36, until [leave]; returns the one it replaces. */
        fun enter(): Macrostep<*>? = current.get().also { current.set(this) }

        fun leave(previous: Macrostep<*>?) {
            if (previous == null) current.remove() else current.set(previous)
        }

        companion object {
            /** The macrostep running on this thread: raise actions are listeners of a graph shared by its machines. */
            val current = ThreadLocal<Macrostep<*>>()

            /** What a raise action (`onEnterRaise`, R36) does: queues [events] on the macrostep running on this thread. */
            @Suppress("UNCHECKED_CAST")
            fun <EVENT : Any> raise(events: List<EVENT>) {
                (current.get() as Macrostep<EVENT>?)?.queue?.addAll(events)
            }

            /** What a post action (`onEnterPost`, R37) does: puts [events] on the external queue of the macrostep running on this thread. */
            @Suppress("UNCHECKED_CAST")
            fun <EVENT : Any> post(events: List<EVENT>) {
                (current.get() as Macrostep<EVENT>?)?.posted?.addAll(events)
            }
        }
    }

    /**
     * The macrostep of [event] (R32, R33): its step, then the eventless steps and the queued events. Returns its own
     * event's transition (null for a timer's event whose state was left, or that failed); throws its failure, or the
     * [LivelockException] of the bound (a timer's event throws nothing: its failures reach the listeners only).
     */
    private fun runMacrostep(macrostep: Macrostep<EVENT>, event: EVENT, timerGeneration: Long?): Transition<STATE, EVENT, SIDE_EFFECT>? {
        // Inside a macrostep of this machine on this thread: a handler or a listener runs, and send refuses (R16).
        if (macrostep.lock.isHeldByCurrentThread) return send(event, timerGeneration)
        macrostep.lock.lock()
        val previous = macrostep.enter()
        try {
            val transition = try {
                send(event, timerGeneration)
            } catch (error: Exception) {
                val livelock = settle(macrostep, event)
                throw livelock ?: error
            }
            if (transition == null && macrostep.queue.isEmpty() && macrostep.posted.isEmpty()) return null
            val livelock = settle(macrostep, event)
            if (livelock != null && timerGeneration == null) throw livelock
            return transition
        } finally {
            macrostep.leave(previous)
            macrostep.lock.unlock()
        }
    }

    /**
     * Enters the initial state of a graph that runs to completion (R34): the onEnter listeners of its superstates,
     * outermost first, then its definition's, with the initial event; then the macrostep they start.
     */
    private fun enterInitialState() {
        val macrostep = macrostep ?: return
        val initialEvent = graph.runToCompletion!!.initialEvent
        macrostep.lock.lock()
        val previous = macrostep.enter()
        try {
            val state = stateRef.get()
            val listeners = ArrayList<(STATE, EVENT) -> Unit>()
            graph.composition?.chain(state)?.forEach { listeners += it.onEnterListeners }
            try {
                state.definition()?.let { listeners += it.onEnterListeners }
            } catch (error: Exception) {
                failed(FailedTransition(state, initialEvent, error))
                return
            }
            // As for any listener, a transition sent from these is refused (R16).
            busyOnThisThread.set(true)
            try {
                listeners.forEach { it(state, initialEvent) }
            } finally {
                busyOnThisThread.remove()
            }
            settle(macrostep, initialEvent)
        } finally {
            macrostep.leave(previous)
            macrostep.lock.unlock()
        }
    }

    /**
     * The rest of a macrostep (R32, R33): the eventless steps, then each queued event with its own, within
     * [macrostepLimit] steps. Call holding the macrostep's lock. Returns the livelock when the bound was reached.
     */
    private fun settle(macrostep: Macrostep<EVENT>, event: EVENT): LivelockException? {
        var steps = 0
        var cause = event
        while (true) {
            eventless@ while (true) {
                when (eventlessStep(cause, allowed = steps < macrostepLimit)) {
                    EventlessOutcome.NONE -> break@eventless
                    EventlessOutcome.FAILED -> { steps += 1; break@eventless }
                    EventlessOutcome.TAKEN -> steps += 1
                    EventlessOutcome.BLOCKED -> return livelock(macrostep, steps, cause)
                }
            }
            if (macrostep.queue.isEmpty() && macrostep.posted.isEmpty()) return null
            if (steps >= macrostepLimit) return livelock(macrostep, steps, cause)
            cause = if (macrostep.queue.isEmpty()) macrostep.posted.removeFirst() else macrostep.queue.removeFirst()
            steps += 1
            try {
                send(cause, null)
            } catch (_: Exception) {
                // A queued event's failure changed nothing and reached the failure listeners (R32); the queue goes on.
            }
        }
    }

    private fun livelock(macrostep: Macrostep<EVENT>, steps: Int, cause: EVENT): LivelockException {
        macrostep.queue.clear()
        macrostep.posted.clear()
        val state = stateRef.get()
        val error = LivelockException(state, steps)
        failed(FailedTransition(state, cause, error))
        return error
    }

    /** Reports a failure that has no step of its own to the failure listeners, in its turn. */
    private fun failed(failure: FailedTransition<STATE, EVENT>) {
        if (graph.onTransitionFailureListeners.isEmpty()) return
        val ticket = synchronized(lock) { ++ticketsTaken }
        busyOnThisThread.set(true)
        try {
            reportFailure(ticket, failure)
        } finally {
            busyOnThisThread.remove()
        }
    }

    private enum class EventlessOutcome { NONE, TAKEN, FAILED, BLOCKED }

    /**
     * Takes the first enabled eventless transition of the current state (R33), as a step whose event is [cause];
     * [allowed] false: the macrostep has taken its steps, and an enabled one is [EventlessOutcome.BLOCKED].
     */
    private fun eventlessStep(cause: EVENT, allowed: Boolean): EventlessOutcome {
        busyOnThisThread.set(true)
        try {
            var failure: FailedTransition<STATE, EVENT>? = null
            val outcome = synchronized(lock) {
                val fromState = stateRef.get()
                if (fromState.isFinal()) return EventlessOutcome.NONE
                try {
                    val fromDefinition = fromState.definition() ?: return EventlessOutcome.NONE
                    val enabled = fromDefinition.eventless.firstOrNull { it.isEnabled(fromState, cause) }
                        ?: superstateEventless(fromState, cause)
                        ?: return EventlessOutcome.NONE
                    if (!allowed) return EventlessOutcome.BLOCKED
                    if (history != null) return@synchronized compositeEventless(fromState, fromDefinition, enabled, cause, history)
                    val target = enabled.action(fromState, cause)
                    val taken = Transition.Valid(fromState, cause, target.toState, target.sideEffect)
                    // R35: a targetless `always` moves nothing; taken again and again, the bound ends it (R32).
                    if (target.isTargetless) return@synchronized Outcome(taken, fromDefinition, null, ++ticketsTaken, emptyList())
                    val toDefinition = target.toState.definition()
                    stateRef.set(target.toState)
                    if (timers != null) restartTimers(toDefinition)
                    ticketsTaken += 1
                    Outcome(taken, fromDefinition, toDefinition, ticketsTaken)
                } catch (error: Exception) {
                    failure = FailedTransition(fromState, cause, error)
                    ticketsTaken += 1
                    Outcome(null, null, null, ticketsTaken)
                }
            }
            failure?.let { failed ->
                reportFailure(outcome.ticket, failed)
                return EventlessOutcome.FAILED
            }
            try {
                callListeners(outcome, outcome.transition!!, cause)
            } catch (_: Exception) {
                // R39: an onTransition listener threw after the step; the step failed, the macrostep goes on (R32).
                return EventlessOutcome.FAILED
            }
            return EventlessOutcome.TAKEN
        } finally {
            busyOnThisThread.remove()
        }
    }

    /** The first enabled eventless transition of the superstates around [state], innermost first (R38). */
    private fun superstateEventless(state: STATE, cause: EVENT): Eventless<STATE, EVENT, SIDE_EFFECT>? {
        val chain = graph.composition?.chain(state) ?: return null
        for (index in chain.indices.reversed()) {
            chain[index].eventless.firstOrNull { it.isEnabled(state, cause) }?.let { return it }
        }
        return null
    }

    /** An eventless step on a composite graph (under `lock`), as [compositeStep] plans a handler's. */
    private fun compositeEventless(
        fromState: STATE,
        fromDefinition: Graph.State<STATE, EVENT, SIDE_EFFECT>,
        eventless: Eventless<STATE, EVENT, SIDE_EFFECT>,
        cause: EVENT,
        history: HashMap<Any, Any>
    ): Outcome<STATE, EVENT, SIDE_EFFECT> {
        val effects = Effects()
        if (timers != null) effects.timerExits = TimerExits()
        val moved = graph.eventlessMove(fromState, fromDefinition, eventless, cause, effects, history)
        stateRef.set(moved.toState)
        effects.commitHistory()
        if (timers != null) moveBlockTimers(effects.timerExits, moved.toState)
        ticketsTaken += 1
        return Outcome(Transition.Valid(fromState, cause, moved.toState, moved.sideEffect), null, null, ticketsTaken, effects.calls)
    }

    /** Waits until the listeners of every earlier ticket have run. */
    private fun awaitTurn(ticket: Long) {
        turn.lock()
        try {
            while (ticketsDeliveredUnderTurn != ticket - 1) turnChanged.await()
        } finally {
            turn.unlock()
        }
    }

    /** Hands the turn to the next ticket. */
    private fun endTurn(ticket: Long) {
        turn.lock()
        try {
            ticketsDeliveredUnderTurn = ticket
            turnChanged.signalAll()
        } finally {
            turn.unlock()
        }
    }

    /** Whether this state's definition is a final state (R27); false when a matcher's predicate throws. */
    private fun STATE.isFinal(): Boolean =
        graph.hasFinalStates && runCatching { graph.isFinalState(this) }.getOrDefault(false)

    private fun STATE.definition(): Graph.State<STATE, EVENT, SIDE_EFFECT>? {
        for ((matcher, definition) in graph.stateDefinitions) {
            if (matcher.matches(this)) return definition
        }
        return null
    }

    /** What the first handler of [event] answers in [fromState]; null when none takes it (invalid). */
    private fun Graph.State<STATE, EVENT, SIDE_EFFECT>.targetFor(
        fromState: STATE,
        event: EVENT
    ): Graph.State.TransitionTo<STATE, SIDE_EFFECT>? {
        for ((matcher, createTransitionTo) in transitions) {
            if (matcher.matches(event)) return createTransitionTo(fromState, event)
        }
        return null
    }

    /**
     * A transition that failed: [error] was thrown by a handler or a matcher's predicate, or is the
     * [IllegalStateException] of a missing definition (R13, R15). The state is unchanged. Given to the
     * `onTransitionFailure` listeners, which are all that see the failure of a delayed event's transition (R18).
     */
    data class FailedTransition<out STATE : Any, out EVENT : Any>(
        val fromState: STATE,
        val event: EVENT,
        val error: Exception
    )

    /** Thrown by [transition] when it is called re-entrantly on the same machine and thread (R16). */
    class RecursionDetectedException(message: String) : IllegalStateException(message)

    /**
     * Thrown by [transition] in a graph that runs to completion when one call took [macrostepLimit] steps after its
     * own event's (eventless transitions or raised events that never stop, R32): the machine stopped in [state]. The
     * steps taken stay taken and were reported to the listeners; the events still queued were dropped. Also reported
     * to the `onTransitionFailure` listeners.
     */
    class LivelockException(val state: Any, val limit: Int) : IllegalStateException(
        "The machine took $limit steps after one event without coming to rest (eventless transitions or raised " +
            "events that never stop) and stopped in $state: check the `always` conditions and the events its listeners raise."
    )

    sealed class Transition<out STATE : Any, out EVENT : Any, out SIDE_EFFECT : Any> {
        abstract val fromState: STATE
        abstract val event: EVENT

        data class Valid<out STATE : Any, out EVENT : Any, out SIDE_EFFECT : Any> internal constructor(
            override val fromState: STATE,
            override val event: EVENT,
            val toState: STATE,
            val sideEffect: SIDE_EFFECT?
        ) : Transition<STATE, EVENT, SIDE_EFFECT>()

        data class Invalid<out STATE : Any, out EVENT : Any, out SIDE_EFFECT : Any> internal constructor(
            override val fromState: STATE,
            override val event: EVENT
        ) : Transition<STATE, EVENT, SIDE_EFFECT>()
    }

    data class Graph<STATE : Any, EVENT : Any, SIDE_EFFECT : Any>(
        val initialState: STATE,
        val stateDefinitions: Map<Matcher<STATE, STATE>, State<STATE, EVENT, SIDE_EFFECT>>,
        val onTransitionListeners: List<(Transition<STATE, EVENT, SIDE_EFFECT>) -> Unit>,
        /** Superstates or regions (statecharts); null for a flat graph, which pays nothing for them. */
        val composition: Composition<STATE, EVENT, SIDE_EFFECT>? = null,
        /** The listeners of failed transitions (R15, R18), in declaration order. */
        val onTransitionFailureListeners: List<(FailedTransition<STATE, EVENT>) -> Unit> = emptyList(),
        /** Whether and how the graph runs to completion (`runToCompletion`, R32–R34); null: Tinder's semantics. */
        val runToCompletion: RunToCompletion<EVENT>? = null
    ) {
        /** Whether some definition is a `finalState` (R27), so that a machine of this graph may finish. */
        internal val hasFinalStates: Boolean = stateDefinitions.values.any { it.isFinal } ||
            composition?.regions?.let { regions -> regions.isNotEmpty() && regions.all { it.graph.hasFinalStates } } == true

        /** Whether a block of this graph or of a level inside it declares an `after` (R18, R28). */
        internal val hasTimers: Boolean = declaresTimers()

        class State<STATE : Any, EVENT : Any, SIDE_EFFECT : Any> internal constructor() {
            /** The state's delayed events (`after`), in declaration order (R18). */
            val delayedEvents = mutableListOf<DelayedEvent<EVENT>>()
            val onEnterListeners = mutableListOf<(STATE, EVENT) -> Unit>()
            val onExitListeners = mutableListOf<(STATE, EVENT) -> Unit>()
            val transitions = linkedMapOf<Matcher<EVENT, EVENT>, (STATE, EVENT) -> TransitionTo<STATE, SIDE_EFFECT>>()

            /** Its eventless transitions (`always`, R33), in declaration order. */
            internal val eventless = ArrayList<Eventless<STATE, EVENT, SIDE_EFFECT>>()

            /** Whether this is a `finalState` (R27): a machine in it has finished. */
            var isFinal = false
                internal set

            /** The child machine that runs inside the states of this definition, if any. */
            internal var child: ChildMachine<STATE, EVENT, SIDE_EFFECT, *, *, *>? = null

            /** What the state does when its child reaches a final state (R27), and where `onDone` was called. */
            internal var onDone: ((STATE, EVENT) -> TransitionTo<STATE, SIDE_EFFECT>)? = null
            internal var onDoneSite: CallSite? = null

            /** Its handlers declared with `on(…, toHistoryOf = …)`, checked when the graph is built (R25). */
            internal val historyDeclarations = ArrayList<HistoryDeclaration>()

            /** What a handler answers: a move to [toState] with [sideEffect]; [isTargetless] for `stay` (R35). */
            data class TransitionTo<out STATE : Any, out SIDE_EFFECT : Any> internal constructor(
                val toState: STATE,
                val sideEffect: SIDE_EFFECT?,
                /** `stay`: valid, to the from-state, and nothing is exited or entered (R35). */
                val isTargetless: Boolean = false
            )

            /** `after(delay, send = event)`: [event] is sent when the machine has stayed [delay] in the state. */
            data class DelayedEvent<out EVENT : Any> internal constructor(val delay: Duration, val event: EVENT) {
                /** Where `after` was called, for the composition errors of R25. */
                internal var site: CallSite? = null
            }
        }
    }

    /**
     * Matches values of type [R] (a subtype of [T]) for which every predicate added with [where] holds.
     * Matchers compare by identity, so two `state`/`on` calls always make two definitions.
     */
    class Matcher<T : Any, out R : T> private constructor(private val clazz: Class<R>) {

        /** The class matched, and whether predicates narrow it (for the composition checks of R25). */
        internal val type: Class<*> get() = clazz
        internal val isPlain: Boolean get() = predicates.isEmpty()

        private val predicates = mutableListOf<(T) -> Boolean>()

        /** Adds a predicate (to this matcher) and returns this matcher. */
        fun where(predicate: R.() -> Boolean): Matcher<T, R> = apply {
            predicates.add { value ->
                @Suppress("UNCHECKED_CAST")
                (value as R).predicate()
            }
        }

        fun matches(value: T): Boolean = clazz.isInstance(value) && predicates.all { it(value) }

        companion object {
            fun <T : Any, R : T> any(clazz: Class<R>): Matcher<T, R> = Matcher(clazz)

            inline fun <T : Any, reified R : T> any(): Matcher<T, R> = any(R::class.java)

            inline fun <T : Any, reified R : T> eq(value: R): Matcher<T, R> = any<T, R>().where { this == value }
        }
    }

    @StateMachineDsl
    class GraphBuilder<STATE : Any, EVENT : Any, SIDE_EFFECT : Any>(
        graph: Graph<STATE, EVENT, SIDE_EFFECT>? = null
    ) {
        private var initialState: STATE? = graph?.initialState
        private val stateDefinitions = LinkedHashMap(graph?.stateDefinitions ?: emptyMap())
        private val onTransitionListeners = ArrayList(graph?.onTransitionListeners ?: emptyList())
        private val onTransitionFailureListeners = ArrayList(graph?.onTransitionFailureListeners ?: emptyList())
        internal val superstates = ArrayList(graph?.composition?.superstates ?: emptyList())
        internal val regions = ArrayList(graph?.composition?.regions ?: emptyList())
        internal var runToCompletion: RunToCompletion<EVENT>? = graph?.runToCompletion

        fun initialState(initialState: STATE) {
            this.initialState = initialState
        }

        fun <S : STATE> state(
            stateMatcher: Matcher<STATE, S>,
            init: StateDefinitionBuilder<S>.() -> Unit
        ) {
            stateDefinitions[stateMatcher] = StateDefinitionBuilder<S>().apply(init).build()
        }

        inline fun <reified S : STATE> state(noinline init: StateDefinitionBuilder<S>.() -> Unit) {
            state(Matcher.any(), init)
        }

        inline fun <reified S : STATE> state(state: S, noinline init: StateDefinitionBuilder<S>.() -> Unit) {
            state(Matcher.eq<STATE, S>(state), init)
        }

        /**
         * A state in which the machine finishes (R27): once in it, [isFinished] is true and every event is an
         * invalid transition that calls no listener. [init] may add `onEnter` / `onExit` listeners; a final
         * state handles no event, so an `on` handler in it is refused.
         * @throws IllegalArgumentException when [init] declares an `on` handler.
         */
        fun <S : STATE> finalState(stateMatcher: Matcher<STATE, S>, init: StateDefinitionBuilder<S>.() -> Unit = {}) {
            val definition = StateDefinitionBuilder<S>().apply(init).build()
            require(definition.transitions.isEmpty()) {
                "finalState(${stateMatcher.type.simpleName}): a final state handles no event (R27), but it declares " +
                    "${definition.transitions.size} `on` handler(s); move them to a state { } block, or remove them"
            }
            definition.isFinal = true
            stateDefinitions[stateMatcher] = definition
        }

        inline fun <reified S : STATE> finalState(noinline init: StateDefinitionBuilder<S>.() -> Unit = {}) {
            finalState(Matcher.any(), init)
        }

        fun onTransition(listener: (Transition<STATE, EVENT, SIDE_EFFECT>) -> Unit) {
            onTransitionListeners.add(listener)
        }

        /**
         * Called with every transition that fails (a handler's or predicate's exception, a missing definition),
         * after the listeners of the transitions before it (R11); the state is unchanged. The exception then
         * reaches the caller of [transition]; the failure of a delayed event's transition (R18) has no caller,
         * so these listeners are all that see it. Not called when [transition] itself is refused as a recursion
         * (R16), which changes nothing and reaches its caller only.
         */
        fun onTransitionFailure(listener: (FailedTransition<STATE, EVENT>) -> Unit) {
            onTransitionFailureListeners.add(listener)
        }

        fun build(): Graph<STATE, EVENT, SIDE_EFFECT> {
            return Graph(
                requireNotNull(initialState) { "The state machine needs an initialState" },
                LinkedHashMap(stateDefinitions),
                onTransitionListeners.toList(),
                composition(stateDefinitions),
                onTransitionFailureListeners.toList(),
                runToCompletion
            )
        }

        @StateMachineDsl
        inner class StateDefinitionBuilder<S : STATE> {

            internal val stateDefinition = Graph.State<STATE, EVENT, SIDE_EFFECT>()

            inline fun <reified E : EVENT> any(): Matcher<EVENT, E> = Matcher.any()

            inline fun <reified R : EVENT> eq(value: R): Matcher<EVENT, R> = Matcher.eq(value)

            fun <E : EVENT> on(
                eventMatcher: Matcher<EVENT, E>,
                createTransitionTo: S.(E) -> Graph.State.TransitionTo<STATE, SIDE_EFFECT>
            ) {
                @Suppress("UNCHECKED_CAST")
                val handler: (STATE, EVENT) -> Graph.State.TransitionTo<STATE, SIDE_EFFECT> =
                    { state, event -> (state as S).createTransitionTo(event as E) }
                stateDefinition.transitions[eventMatcher] = handler
            }

            inline fun <reified E : EVENT> on(
                noinline createTransitionTo: S.(E) -> Graph.State.TransitionTo<STATE, SIDE_EFFECT>
            ) {
                return on(any(), createTransitionTo)
            }

            inline fun <reified E : EVENT> on(
                event: E,
                noinline createTransitionTo: S.(E) -> Graph.State.TransitionTo<STATE, SIDE_EFFECT>
            ) {
                return on(eq(event), createTransitionTo)
            }

            /**
             * Sends [send] to the machine when it has stayed [delay] in a state of this definition (R18). The timer
             * starts when the machine enters the state or is made in it, measured by the machine's clock
             * ([StateMachine.create] with a [StateMachineClock]); every valid transition cancels it, a
             * self-transition or `dontTransition` starts it again from zero. When it fires, the event is sent as by
             * [transition]: the state's handlers decide, an unhandled event is an invalid transition.
             */
            fun after(delay: Duration, send: EVENT) {
                require(!delay.isNegative()) { "after: the delay must not be negative, got $delay" }
                stateDefinition.delayedEvents += Graph.State.DelayedEvent(delay, send).also { it.site = CallSite.here() }
            }

            fun onEnter(listener: S.(EVENT) -> Unit) {
                stateDefinition.onEnterListeners += narrowed(listener)
            }

            fun onExit(listener: S.(EVENT) -> Unit) {
                stateDefinition.onExitListeners += narrowed(listener)
            }

            /**
             * Raise actions on entry (R36): each time a state of this definition is entered, the machine raises
             * [events], in this order, as [StateMachine.raise] called from an `onEnter` listener at this place would:
             * they are queued and handled after the current step, before the call that started it returns. Entering
             * the initial state when the machine is made raises them too, and they are handled before the machine is
             * returned, which a listener cannot do: it has no machine to call yet.
             *
             * ```kotlin
             * state<State.Connecting> {
             *     onEnterRaise(Event.Dial, Event.Wait)
             *     on<Event.Dial> { transitionTo(State.Dialing) }
             * }
             * ```
             *
             * Only in a graph that runs to completion (`runToCompletion`); elsewhere they are not run.
             */
            fun onEnterRaise(vararg events: EVENT) {
                stateDefinition.onEnterListeners += raising(events.toList())
            }

            /** Raise actions on exit (R36): each time a state of this definition is left; see [onEnterRaise]. */
            fun onExitRaise(vararg events: EVENT) {
                stateDefinition.onExitListeners += raising(events.toList())
            }

            /**
             * Post actions on entry (R37): each time a state of this definition is entered, the machine puts [events],
             * in this order, on its external queue, as SCXML's `<send>` to the machine itself does. A posted event waits
             * until the machine has settled (no eventless transition enabled, no raised event queued); then each is
             * handled in turn, with the events its own step raises, before the call that started the step returns.
             *
             * ```kotlin
             * state<State.Loading> {
             *     onEnterRaise(Event.Validate)   // handled first
             *     onEnterPost(Event.Loaded)      // handled once Validate and what it raises are done
             * }
             * ```
             *
             * Only in a graph that runs to completion (`runToCompletion`); elsewhere they are not run.
             */
            fun onEnterPost(vararg events: EVENT) {
                stateDefinition.onEnterListeners += posting(events.toList())
            }

            /** Post actions on exit (R37): each time a state of this definition is left; see [onEnterPost]. */
            fun onExitPost(vararg events: EVENT) {
                stateDefinition.onExitListeners += posting(events.toList())
            }

            private fun posting(events: List<EVENT>): (STATE, EVENT) -> Unit =
                { _, _ -> if (this@GraphBuilder.runToCompletion != null) Macrostep.post(events) }

            private fun raising(events: List<EVENT>): (STATE, EVENT) -> Unit =
                { _, _ -> if (this@GraphBuilder.runToCompletion != null) Macrostep.raise(events) }

            @Suppress("UNCHECKED_CAST")
            private fun narrowed(listener: S.(EVENT) -> Unit): (STATE, EVENT) -> Unit =
                { state, cause -> (state as S).listener(cause) }

            fun build() = stateDefinition

            @Suppress("UNUSED")
            fun S.transitionTo(state: STATE, sideEffect: SIDE_EFFECT? = null) =
                Graph.State.TransitionTo(state, sideEffect)

            @Suppress("UNUSED")
            fun S.dontTransition(sideEffect: SIDE_EFFECT? = null) = transitionTo(this, sideEffect)

            /**
             * A targetless transition (R35): valid, with [sideEffect], and the state is neither exited nor entered: the
             * onTransition listeners run, no onExit or onEnter does, the timers keep running. [dontTransition] exits
             * and enters (R12).
             */
            @Suppress("UNUSED")
            fun S.stay(sideEffect: SIDE_EFFECT? = null) = Graph.State.TransitionTo(this, sideEffect, isTargetless = true)
        }
    }

    companion object {
        /** The steps one call may take after its own event's in a graph that runs to completion (R32): beyond, it livelocks. */
        const val macrostepLimit: Int = 1_000

        fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> create(
            init: GraphBuilder<STATE, EVENT, SIDE_EFFECT>.() -> Unit
        ): StateMachine<STATE, EVENT, SIDE_EFFECT> {
            return create(null, null, init).apply { enterInitialState() }
        }

        /**
         * A machine whose delayed events (`after`, R18) are measured by [clock]; pass a [ManualClock] in tests.
         * Without a clock, an [ExecutorClock] measures them.
         */
        fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> create(
            clock: StateMachineClock,
            init: GraphBuilder<STATE, EVENT, SIDE_EFFECT>.() -> Unit
        ): StateMachine<STATE, EVENT, SIDE_EFFECT> {
            return create(null, clock, init).apply { enterInitialState() }
        }

        /**
         * A machine running [graph], starting in its initial state. One graph can run in many machines, and
         * be a child machine or a region of another graph.
         */
        fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> create(
            graph: Graph<STATE, EVENT, SIDE_EFFECT>
        ): StateMachine<STATE, EVENT, SIDE_EFFECT> = StateMachine(graph, null).apply { enterInitialState() }

        /**
         * A machine running [graph] that resumes a [snapshot] taken earlier with [snapshot]: in its state, with its
         * history, so a `transitionToHistory` leads where it would have led in the saved machine (R17, R24). Restoring
         * calls no listener. With [clock], as [create] with a clock.
         * @throws SnapshotException when a history entry names a superstate or child machine the graph does not
         *   have, or holds a state outside its target; nothing is restored then.
         */
        fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> create(
            graph: Graph<STATE, EVENT, SIDE_EFFECT>,
            restoring: Snapshot<STATE>,
            clock: StateMachineClock? = null
        ): StateMachine<STATE, EVENT, SIDE_EFFECT> {
            val problems = graph.snapshotProblems(restoring)
            if (problems.isNotEmpty()) throw SnapshotException(problems)
            val machine = StateMachine(graph.copy(initialState = restoring.state), clock)
            if (restoring.history.isNotEmpty() || restoring.nested.isNotEmpty()) synchronized(machine.lock) {
                machine.history!!.putAll(restoring.history)
                putNested(machine.history, restoring.nested)
            }
            return machine
        }

        /**
         * A graph built with the DSL, without a machine: the definition of a child machine or of a region
         * (`child(…)`, `region(…)`), or of machines made with [create].
         */
        fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> graph(
            init: GraphBuilder<STATE, EVENT, SIDE_EFFECT>.() -> Unit
        ): Graph<STATE, EVENT, SIDE_EFFECT> = GraphBuilder<STATE, EVENT, SIDE_EFFECT>().apply(init).build()

        private fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> create(
            graph: Graph<STATE, EVENT, SIDE_EFFECT>?,
            clock: StateMachineClock?,
            init: GraphBuilder<STATE, EVENT, SIDE_EFFECT>.() -> Unit
        ): StateMachine<STATE, EVENT, SIDE_EFFECT> {
            return StateMachine(GraphBuilder(graph).apply(init).build(), clock)
        }
    }
}
