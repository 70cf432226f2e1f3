package com.statemachine.spec.tests

import com.statemachine.spec.ManualClock
import com.statemachine.spec.StateMachine
import com.statemachine.spec.always
import com.statemachine.spec.runToCompletion
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import kotlin.time.Duration.Companion.seconds

// R35: `stay(sideEffect)` is a targetless transition. It is valid, its onTransition listeners run, and nothing is
// exited or entered: no onExit, no onEnter (at any level), the running timers keep their deadlines.
// `dontTransition(sideEffect)` (R8, R12) exits and enters. The expected lines are written from the rule, by hand.

private sealed interface Porch {
    data object Open : Porch
    data object Closed : Porch
}

private sealed interface Visit {
    data object Knock : Visit
    data object Ring : Visit
    data object Close : Visit
    data object Timeout : Visit
    data object Start : Visit
}

/** Open, inside the superstate Home; every listener appends to [log]; Open closes itself 10 s after it is entered. */
private fun door(log: MutableList<String>, clock: ManualClock = ManualClock()) = StateMachine.create<Porch, Visit, String>(clock) {
    initialState(Porch.Open)
    onTransition { transition ->
        log += when (transition) {
            is StateMachine.Transition.Valid -> "${transition.event}: ${transition.fromState} -> ${transition.toState} ${transition.sideEffect}"
            is StateMachine.Transition.Invalid -> "invalid ${transition.event}"
        }
    }
    superstate(Porch.Open::class, Porch.Closed::class) {
        onEnter { log += "enter home" }
        onExit { log += "exit home" }
        on<Visit.Ring> { stay("home chimes") }
    }
    state<Porch.Open> {
        onEnter { log += "enter open" }
        onExit { log += "exit open" }
        after(10.seconds, send = Visit.Timeout)
        on<Visit.Knock> { stay("answer") }
        on<Visit.Start> { dontTransition("restart") }
        on<Visit.Close> { transitionTo(Porch.Closed) }
        on<Visit.Timeout> { transitionTo(Porch.Closed, "timed out") }
    }
    state<Porch.Closed> {}
}

/** The same door without the superstate and the timer: a flat graph. */
private fun flatDoor(log: MutableList<String>) = StateMachine.create<Porch, Visit, String> {
    initialState(Porch.Open)
    onTransition { log += "transition ${(it as? StateMachine.Transition.Valid)?.sideEffect}" }
    state<Porch.Open> {
        onEnter { log += "enter open" }
        onExit { log += "exit open" }
        on<Visit.Knock> { stay("answer") }
        on<Visit.Ring> { stay() }
        on<Visit.Start> { dontTransition("restart") }
    }
}

internal fun stayTests() = group("targetless transitions (R35)") {
    test("stay is valid, to the same state, and runs onTransition but no onExit or onEnter") {
        val log = ArrayList<String>()
        val machine = flatDoor(log)
        expectEqual(machine.transition(Visit.Knock), StateMachine.Transition.Valid(Porch.Open, Visit.Knock, Porch.Open, "answer"), "stay")
        expectEqual(machine.transition(Visit.Ring), StateMachine.Transition.Valid(Porch.Open, Visit.Ring, Porch.Open, null), "stay without a side effect")
        expectEqual(log, listOf("transition answer", "transition null"), "listeners")
    }
    test("dontTransition exits and enters where stay does not") {
        val log = ArrayList<String>()
        flatDoor(log).transition(Visit.Start)
        expectEqual(log, listOf("transition restart", "exit open", "enter open"), "listeners")
    }
    test("stay in a superstate's handler or a state's exits and enters no level") {
        val log = ArrayList<String>()
        val machine = door(log)
        machine.transition(Visit.Ring)
        machine.transition(Visit.Knock)
        expectEqual(log, listOf("Ring: Open -> Open home chimes", "Knock: Open -> Open answer"), "listeners")
        log.clear()
        machine.transition(Visit.Start)
        // R20: dontTransition exits and enters the state, and leaves the superstate alone.
        expectEqual(log, listOf("Start: Open -> Open restart", "exit open", "enter open"), "dontTransition")
    }
    test("stay keeps the timers' deadlines; dontTransition starts them again") {
        val log = ArrayList<String>()
        val clock = ManualClock()
        val machine = door(log, clock)
        clock.advanceBy(6.seconds)
        machine.transition(Visit.Knock)
        clock.advanceBy(4.seconds)
        // 10 s after Open was entered, whatever stays in between.
        expectEqual(machine.state, Porch.Closed, "closed at 10 s")


        val restartedClock = ManualClock()
        val restarted = door(ArrayList(), restartedClock)
        restartedClock.advanceBy(6.seconds)
        restarted.transition(Visit.Start)
        restartedClock.advanceBy(4.seconds)
        expectEqual(restarted.state, Porch.Open, "dontTransition at 6 s: still open at 10 s")
        restartedClock.advanceBy(6.seconds)
        expectEqual(restarted.state, Porch.Closed, "closed 10 s after dontTransition")
    }
    test("a targetless always in a graph that runs to completion is a livelock the bound reports") {
        val machine = StateMachine.create<Porch, Visit, String> {
            initialState(Porch.Closed)
            runToCompletion(initialEvent = Visit.Start)
            state<Porch.Closed> { on<Visit.Knock> { transitionTo(Porch.Open) } }
            state<Porch.Open> { always { stay("spin") } }
        }
        val livelock = expectThrows<StateMachine.LivelockException> { machine.transition(Visit.Knock) }
        expectEqual(livelock.state, Porch.Open, "livelock state")
        expectEqual(livelock.limit, 1_000, "limit")
    }
}
