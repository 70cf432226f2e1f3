package com.statemachine.spec.tests

import com.statemachine.spec.StateMachine
import com.statemachine.spec.always
import com.statemachine.spec.runToCompletion
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// R32–R34: a graph that runs to completion queues raised events, takes eventless transitions until none is enabled
// (within the bound), and enters its initial state when the machine is made.

private sealed class RtcState {
    data object Idle : RtcState()
    data object A : RtcState()
    data object B : RtcState()
    data object C : RtcState()
    data class Counting(val count: Int) : RtcState()
    data object Ping : RtcState()
    data object Pong : RtcState()
}

private sealed class RtcEvent {
    data object Start : RtcEvent()
    data object X : RtcEvent()
    data object Y : RtcEvent()
    data object Tick : RtcEvent()
    data object Fail : RtcEvent()
    data object Boot : RtcEvent()
}

private class RefusedCue : RuntimeException("refused")

/** What the listeners saw, in order, and the machine they raise events on. */
private class RaiseLog {
    val lines = ArrayList<String>()
    var machine: StateMachine<RtcState, RtcEvent, String>? = null
    fun raise(event: RtcEvent) {
        val outcome = machine!!.raise(event)
        lines += "raise $event -> ${outcome?.let { it::class.simpleName } ?: "queued"}"
    }
}

private fun StateMachine.GraphBuilder<RtcState, RtcEvent, String>.listened(log: RaiseLog) {
    onTransition { transition ->
        if (transition is StateMachine.Transition.Valid) log.lines += "transition ${transition.fromState} -${transition.event}-> ${transition.toState}"
        else log.lines += "invalid ${transition.fromState} ${transition.event}"
    }
    onTransitionFailure { log.lines += "failure ${it.error.message}" }
}

private fun raising(log: RaiseLog, runsToCompletion: Boolean = true) = StateMachine.create<RtcState, RtcEvent, String> {
    initialState(RtcState.Idle)
    if (runsToCompletion) runToCompletion(initialEvent = RtcEvent.Boot)
    listened(log)
    state<RtcState.Idle> {
        on<RtcEvent.Start> { transitionTo(RtcState.A) }
        onExit { log.lines += "exit $this" }
    }
    state<RtcState.A> {
        onEnter { event ->
            log.lines += "enter $this by $event"
            log.raise(RtcEvent.X)
            log.raise(RtcEvent.Y)
        }
        onExit { log.lines += "exit $this" }
        on<RtcEvent.X> { transitionTo(RtcState.B) }
    }
    state<RtcState.B> {
        onEnter { log.lines += "enter $this by $it" }
        on<RtcEvent.Y> { transitionTo(RtcState.C) }
    }
    state<RtcState.C> { onEnter { log.lines += "enter $this by $it" } }
}.also { log.machine = it }

private fun counting(log: RaiseLog) = StateMachine.graph<RtcState, RtcEvent, String> {
    initialState(RtcState.Counting(0))
    runToCompletion(initialEvent = RtcEvent.Boot)
    listened(log)
    state<RtcState.Counting> {
        on<RtcEvent.Tick> { transitionTo(RtcState.Counting(count + 1)) }
        always(where = { count == 3 }) { transitionTo(RtcState.A, "reached") }
    }
    state<RtcState.A> { always { transitionTo(RtcState.B) } }
    state<RtcState.B> {
        onEnter { log.lines += "enter $this by $it" }
        on<RtcEvent.X> { transitionTo(RtcState.C) }
    }
    state<RtcState.C> {}
}

internal fun runToCompletionTests() = group("run to completion (R32–R34)") {
    test("raised events run after the step, in order, before the call returns") {
        val log = RaiseLog()
        val machine = raising(log)
        expectValid(machine.transition(RtcEvent.Start), RtcState.Idle, RtcEvent.Start, RtcState.A, null)
        expectEqual(machine.state, RtcState.C, "state after the queue")
        expectEqual(log.lines, listOf(
            "transition Idle -Start-> A", "exit Idle", "enter A by Start",
            "raise X -> queued", "raise Y -> queued",
            "transition A -X-> B", "exit A", "enter B by X",
            "transition B -Y-> C", "enter C by Y",
        ), "calls")
    }

    test("without runToCompletion, raise is transition and a nested one is a recursion") {
        val log = RaiseLog()
        val machine = raising(log, runsToCompletion = false)
        expectThrows<StateMachine.RecursionDetectedException> { machine.transition(RtcEvent.Start) }
        expectEqual(machine.state, RtcState.A, "state")
    }

    test("transition from a listener is still a recursion when running to completion") {
        var inner: Throwable? = null
        var machine: StateMachine<RtcState, RtcEvent, String>? = null
        machine = StateMachine.create {
            initialState(RtcState.Idle)
            runToCompletion(initialEvent = RtcEvent.Boot)
            state<RtcState.Idle> { on<RtcEvent.Start> { transitionTo(RtcState.A) } }
            state<RtcState.A> {
                onEnter { inner = runCatching { machine!!.transition(RtcEvent.X) }.exceptionOrNull() }
                on<RtcEvent.X> { transitionTo(RtcState.B) }
            }
            state<RtcState.B> {}
        }
        machine.transition(RtcEvent.Start)
        expectTrue(inner is StateMachine.RecursionDetectedException, "recursion detected, got $inner")
        expectEqual(machine.state, RtcState.A, "state")
    }

    test("raise outside a step is transition") {
        val log = RaiseLog()
        val machine = raising(log)
        val outcome = machine.raise(RtcEvent.Start)
        expectValid(outcome!!, RtcState.Idle, RtcEvent.Start, RtcState.A, null)
        expectEqual(machine.state, RtcState.C, "state")
    }

    test("a failing queued event is reported and the queue goes on") {
        val log = RaiseLog()
        val machine = StateMachine.create<RtcState, RtcEvent, String> {
            initialState(RtcState.Idle)
            runToCompletion(initialEvent = RtcEvent.Boot)
            listened(log)
            state<RtcState.Idle> { on<RtcEvent.Start> { transitionTo(RtcState.B) } }
            state<RtcState.B> {
                onEnter {
                    log.raise(RtcEvent.Fail)
                    log.raise(RtcEvent.Y)
                }
                on<RtcEvent.Y> { transitionTo(RtcState.C) }
                on<RtcEvent.Fail> { throw RefusedCue() }
            }
            state<RtcState.C> {}
        }
        log.machine = machine
        machine.transition(RtcEvent.Start)
        expectEqual(machine.state, RtcState.C, "state")
        expectEqual(log.lines, listOf(
            "transition Idle -Start-> B", "raise Fail -> queued", "raise Y -> queued",
            "failure refused", "transition B -Y-> C",
        ), "calls")
    }

    test("eventless transitions run until none is enabled, with the step's event") {
        val log = RaiseLog()
        val machine = StateMachine.create(counting(log))
        machine.transition(RtcEvent.Tick)
        machine.transition(RtcEvent.Tick)
        expectEqual(machine.state, RtcState.Counting(2), "state after two ticks")
        expectValid(machine.transition(RtcEvent.Tick), RtcState.Counting(2), RtcEvent.Tick, RtcState.Counting(3), null)
        expectEqual(machine.state, RtcState.B, "state after the eventless chain")
        expectEqual(log.lines, listOf(
            "transition Counting(count=0) -Tick-> Counting(count=1)", "transition Counting(count=1) -Tick-> Counting(count=2)",
            "transition Counting(count=2) -Tick-> Counting(count=3)",
            "transition Counting(count=3) -Tick-> A", "transition A -Tick-> B", "enter B by Tick",
        ), "calls")
    }

    test("a livelock stops at the bound with an exception") {
        val log = RaiseLog()
        val machine = StateMachine.create<RtcState, RtcEvent, String> {
            initialState(RtcState.Idle)
            runToCompletion(initialEvent = RtcEvent.Boot)
            listened(log)
            state<RtcState.Idle> { on<RtcEvent.Start> { transitionTo(RtcState.Ping) } }
            state<RtcState.Ping> { always { transitionTo(RtcState.Pong) } }
            state<RtcState.Pong> { always { transitionTo(RtcState.Ping) } }
        }
        val livelock = expectThrows<StateMachine.LivelockException> { machine.transition(RtcEvent.Start) }
        expectEqual(livelock.limit, 1_000, "limit")
        // 1 step of its own, then 1,000 eventless steps: an even number, back in Ping.
        expectEqual(livelock.state, RtcState.Ping, "livelock state")
        expectEqual(machine.state, RtcState.Ping, "state")
        expectEqual(log.lines.size, 1 + 1_000 + 1, "listener calls")
        expectEqual(log.lines.last(), "failure The machine took 1000 steps after one event without coming to rest (eventless transitions or raised events that never stop) and stopped in Ping: check the `always` conditions and the events its listeners raise.", "failure")
    }

    test("the initial state is entered when the machine is made") {
        val log = RaiseLog()
        val machine = StateMachine.create<RtcState, RtcEvent, String> {
            initialState(RtcState.A)
            runToCompletion(initialEvent = RtcEvent.Boot)
            listened(log)
            superstate(RtcState.A::class, RtcState.B::class) {
                onEnter { log.lines += "enter superstate by $it in $this" }
            }
            state<RtcState.A> {
                onEnter { log.lines += "enter $this by $it" }
                always(where = { it == RtcEvent.Boot }) { transitionTo(RtcState.B) }
            }
            state<RtcState.B> { onEnter { log.lines += "enter $this by $it" } }
        }
        // Superstate first, then the state; no onTransition for the entry itself; then the eventless transition
        // the initial event enables, before the machine is returned.
        expectEqual(log.lines, listOf("enter superstate by Boot in A", "enter A by Boot", "transition A -Boot-> B", "enter B by Boot"), "calls")
        expectEqual(machine.state, RtcState.B, "state")
    }

    test("a restored machine and a machine made by with enter nothing") {
        val log = RaiseLog()
        val graph = counting(log)
        val restored = StateMachine.create(graph, restoring = com.statemachine.spec.Snapshot(RtcState.A))
        expectEqual(restored.state, RtcState.A, "restored state")
        val made = StateMachine.create(graph)
        log.lines.clear()
        val with = made.with { initialState(RtcState.A) }
        expectEqual(with.state, RtcState.A, "state of with")
        expectEqual(log.lines, emptyList<String>(), "calls")
    }
}
