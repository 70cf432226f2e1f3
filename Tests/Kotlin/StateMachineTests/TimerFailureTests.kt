package com.statemachine.spec.tests

import com.statemachine.spec.ManualClock
import com.statemachine.spec.StateMachine
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import kotlin.time.Duration.Companion.seconds

// R15, R18: a failed transition goes to the onTransitionFailure listeners; a timer's failure goes nowhere else.

private sealed interface Hinge {
    data object Open : Hinge
    data object Closed : Hinge
}

private sealed interface Nudge {
    data object Timeout : Nudge
    data object Close : Nudge
    data object Jam : Nudge
}

private class Stuck : IllegalStateException("the hinge is stuck")

/** A gate whose 1 s timer's handler throws and whose 3 s timer closes it; [log] gets every listener call. */
private fun stuckGate(clock: ManualClock, log: MutableList<String>, listensToFailures: Boolean = true) =
    StateMachine.create<Hinge, Nudge, String>(clock) {
        initialState(Hinge.Open)
        state<Hinge.Open> {
            after(1.seconds, send = Nudge.Timeout)
            after(3.seconds, send = Nudge.Close)
            on<Nudge.Timeout> { throw Stuck() }
            on<Nudge.Jam> { throw Stuck() }
            on<Nudge.Close> { transitionTo(Hinge.Closed) }
            onExit { log += "exit $this" }
        }
        state<Hinge.Closed> {}
        onTransition { log += "transition ${it.fromState}>${it.event}" }
        if (listensToFailures) {
            onTransitionFailure { log += "failure ${it.fromState}>${it.event}: ${it.error.message}" }
        }
    }

fun timerFailureTests() = group("failed transitions (R15, R18)") {
    test("a timer's failed transition goes to the failure listeners, not out of the clock, and changes nothing") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = stuckGate(clock, log)
        clock.advanceBy(1.seconds)
        expectEqual(log, listOf("failure Open>Timeout: the hinge is stuck"), "listener calls")
        expectEqual(machine.state, Hinge.Open, "state after the failure")
        expectEqual(clock.pendingCount, 1, "running timers after the failure (the 3 s one keeps its deadline)")
        clock.advanceBy(2.seconds)
        expectEqual(machine.state, Hinge.Closed, "state at 3 s")
    }
    test("without failure listeners a timer's failed transition is dropped") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = stuckGate(clock, log, listensToFailures = false)
        clock.advanceBy(1.seconds)
        expectEqual(log, emptyList<String>(), "listener calls")
        expectEqual(machine.state, Hinge.Open, "state after the failure")
    }
    test("a caller's failed transition goes to the failure listeners, then its exception to the caller") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = stuckGate(clock, log)
        val error = expectThrows<Stuck> { machine.transition(Nudge.Jam) }
        expectEqual(error.message, "the hinge is stuck", "message")
        expectEqual(log, listOf("failure Open>Jam: the hinge is stuck"), "listener calls")
    }
    test("a missing definition is a failed transition with the machine's state") {
        val log = ArrayList<String>()
        val machine = StateMachine.create<Hinge, Nudge, String> {
            initialState(Hinge.Closed)
            onTransitionFailure { log += "failure ${it.fromState}>${it.event}: ${it.error.message}" }
        }
        expectThrows<IllegalStateException> { machine.transition(Nudge.Close) }
        expectEqual(log, listOf("failure Closed>Close: Missing definition for state Closed"), "listener calls")
    }
    test("with keeps the failure listeners") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = stuckGate(clock, log).with { }
        expectThrows<Stuck> { machine.transition(Nudge.Jam) }
        expectEqual(log, listOf("failure Open>Jam: the hinge is stuck"), "listener calls")
    }
}
