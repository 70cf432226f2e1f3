package com.statemachine.spec.tests

import com.statemachine.spec.ExecutorClock
import com.statemachine.spec.ManualClock
import com.statemachine.spec.ScheduledTimer
import com.statemachine.spec.StateMachine
import com.statemachine.spec.StateMachineClock
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import java.lang.ref.WeakReference
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds

// Delayed events (R18): `after(delay, send)`, the clocks, cancellation.

private sealed interface Valve {
    data object Open : Valve
    data object Closed : Valve
    data object Jammed : Valve
}

private sealed interface Cue {
    data object Close : Cue
    data object Reopen : Cue
    data object Timeout : Cue
    data object Wait : Cue
    data object Go : Cue
    data object Touch : Cue
}

/** A gate that closes itself 30 s after it opened; [log] gets every valid transition as `from>event>to`. */
private fun valve(clock: ManualClock, log: MutableList<String>) = StateMachine.create<Valve, Cue, String>(clock) {
    initialState(Valve.Open)
    state<Valve.Open> {
        after(30.seconds, send = Cue.Timeout)
        on<Cue.Timeout> { transitionTo(Valve.Closed, "auto") }
        on<Cue.Close> { transitionTo(Valve.Closed) }
        on<Cue.Touch> { dontTransition() }
    }
    state<Valve.Closed> {
        on<Cue.Reopen> { transitionTo(Valve.Open) }
    }
    onTransition { transition ->
        if (transition is StateMachine.Transition.Valid) log += "${transition.fromState}>${transition.event}>${transition.toState}"
        else log += "invalid ${transition.fromState}>${transition.event}"
    }
}

/** Makes a gate, drops it, and returns a weak reference to it. */
private fun droppedValve(clock: ManualClock, log: MutableList<String>): WeakReference<Any> = WeakReference(valve(clock, log))

fun timerTests() = group("delayed events (R18)") {
    test("the initial state's timer fires at its deadline, not a millisecond before") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = valve(clock, log)
        clock.advanceBy(30.seconds - 1.milliseconds)
        expectEqual(machine.state, Valve.Open, "state one millisecond before the deadline")
        clock.advanceBy(1.milliseconds)
        expectEqual(log, listOf("Open>Timeout>Closed"), "transitions")
        expectEqual(machine.state, Valve.Closed, "state at the deadline")
    }
    test("leaving the state cancels its timer") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = valve(clock, log)
        machine.transition(Cue.Close)
        expectEqual(clock.pendingCount, 0, "pending timers after leaving")
        clock.advanceBy(60.seconds)
        expectEqual(log, listOf("Open>Close>Closed"), "transitions")
    }
    test("dontTransition restarts the timer from zero") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = valve(clock, log)
        clock.advanceBy(20.seconds)
        machine.transition(Cue.Touch)
        clock.advanceBy(29.seconds)
        expectEqual(machine.state, Valve.Open, "state 29 s after the touch")
        clock.advanceBy(1.seconds)
        expectEqual(log, listOf("Open>Touch>Open", "Open>Timeout>Closed"), "transitions")
    }
    test("a timer whose state was left fires nothing, even when its clock could not cancel it") {
        val fires = ArrayList<() -> Unit>()
        val uncancellable = StateMachineClock { _, fire -> fires += fire; ScheduledTimer { } }
        val log = ArrayList<String>()
        val machine = StateMachine.create<Valve, Cue, String>(uncancellable) {
            initialState(Valve.Open)
            state<Valve.Open> {
                after(30.seconds, send = Cue.Timeout)
                on<Cue.Timeout> { transitionTo(Valve.Closed) }
                on<Cue.Close> { transitionTo(Valve.Closed) }
            }
            state<Valve.Closed> {
                on<Cue.Reopen> { transitionTo(Valve.Open) }
                on<Cue.Timeout> { transitionTo(Valve.Jammed) }
            }
            onTransition { transition ->
                if (transition is StateMachine.Transition.Valid) log += "${transition.fromState}>${transition.event}>${transition.toState}"
            }
        }
        machine.transition(Cue.Close)
        fires.single()()
        expectEqual(log, listOf("Open>Close>Closed"), "transitions after the stale timer fired")
        machine.transition(Cue.Reopen)
        fires.last()()
        expectEqual(machine.state, Valve.Closed, "the timer of the new entry fires")
    }
    test("a closed machine's timer fires nothing") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = valve(clock, log)
        machine.close()
        expectEqual(clock.pendingCount, 0, "pending timers after close")
        clock.advanceBy(60.seconds)
        expectEqual(log, emptyList<String>(), "transitions")
        expectEqual(machine.state, Valve.Open, "state")
    }
    test("an unreachable machine's timer fires nothing: a pending timer does not keep its machine alive") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val reference = droppedValve(clock, log)
        var attempts = 0
        while (reference.get() != null && attempts < 100) {
            System.gc()
            Thread.sleep(10)
            attempts += 1
        }
        expectTrue(reference.get() == null, "the machine was collected while its timer was pending")
        clock.advanceBy(60.seconds)
        expectEqual(log, emptyList<String>(), "transitions")
    }
    test("equal deadlines fire in declaration order; a chained timer counts from the firing deadline") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = StateMachine.create<Valve, Cue, String>(clock) {
            initialState(Valve.Open)
            state<Valve.Open> {
                after(1.seconds, send = Cue.Wait)
                after(1.seconds, send = Cue.Go)
                on<Cue.Go> { transitionTo(Valve.Closed) }
            }
            state<Valve.Closed> {
                after(500.milliseconds, send = Cue.Go)
                on<Cue.Go> { transitionTo(Valve.Jammed) }
            }
            state<Valve.Jammed> {}
            onTransition { transition ->
                if (transition is StateMachine.Transition.Valid) log += "${transition.fromState}>${transition.event}>${transition.toState}"
                else log += "invalid ${transition.fromState}>${transition.event}"
            }
        }
        clock.advanceBy(1500.milliseconds)
        expectEqual(log, listOf("invalid Open>Wait", "Open>Go>Closed", "Closed>Go>Jammed"), "transitions")
        expectEqual(machine.state, Valve.Jammed, "state")
    }
    test("with keeps the clock and starts the timers of the current state anew") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val first = valve(clock, log)
        clock.advanceBy(20.seconds)
        val second = first.with { }
        first.close()
        clock.advanceBy(29.seconds)
        expectEqual(second.state, Valve.Open, "state 29 s after with")
        clock.advanceBy(1.seconds)
        expectEqual(second.state, Valve.Closed, "state 30 s after with")
        expectEqual(log, listOf("Open>Timeout>Closed"), "transitions")
    }
    test("a negative delay is refused with a message naming it") {
        val error = expectThrows<IllegalArgumentException> {
            StateMachine.create<Valve, Cue, String> {
                initialState(Valve.Open)
                state<Valve.Open> { after((-1).seconds, send = Cue.Timeout) }
            }
        }
        expectEqual(error.message, "after: the delay must not be negative, got -1s", "message")
    }
    test("the default clock fires on its own thread") {
        val fired = CountDownLatch(1)
        var thread: Thread? = null
        val machine = StateMachine.create<Valve, Cue, String> {
            initialState(Valve.Open)
            state<Valve.Open> {
                after(10.milliseconds, send = Cue.Timeout)
                on<Cue.Timeout> { transitionTo(Valve.Closed) }
            }
            state<Valve.Closed> {
                onEnter {
                    thread = Thread.currentThread()
                    fired.countDown()
                }
            }
        }
        expectTrue(fired.await(10, TimeUnit.SECONDS), "the timer fired within 10 s")
        expectEqual(machine.state, Valve.Closed, "state")
        expectTrue(thread != Thread.currentThread() && thread?.isDaemon == true, "fired on a daemon thread, not the test's")
        expectTrue(ExecutorClock.shared.javaClass == ExecutorClock::class.java, "the default clock is an ExecutorClock")
    }
}
