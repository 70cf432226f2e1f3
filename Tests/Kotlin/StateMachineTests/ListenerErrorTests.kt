package com.statemachine.spec.tests

import com.statemachine.spec.ManualClock
import com.statemachine.spec.StateMachine
import com.statemachine.spec.always
import com.statemachine.spec.runToCompletion
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import kotlin.time.Duration.Companion.seconds

// R39: an exception thrown by an onTransition listener reaches the caller of `transition` after the state changed; the
// listeners after it (the next onTransition listeners, onExit, onEnter) do not run for that transition. The expected
// lines are written from the rule, by hand; Swift's ListenerErrorTests check the same machine.

private sealed interface Barrier {
    data object Locked : Barrier
    data object Unlocked : Barrier
    data object Broken : Barrier
}

private sealed interface BarrierEvent {
    data object Coin : BarrierEvent
    data object Person : BarrierEvent
    data object Fail : BarrierEvent
}

private class RefusedTransition(message: String) : Exception(message)

private sealed interface Step {
    data object Idle : Step
    data object A : Step
    data object B : Step
}

private sealed interface Go {
    data object Start : Go
    data object Boot : Go
    data object Timeout : Go
}

/** Idle -Start-> A, then A's eventless transition to B; the listener throws on entering [target]. */
private fun runningToCompletion(log: MutableList<String>, target: Step) = StateMachine.create<Step, Go, String> {
    initialState(Step.Idle)
    runToCompletion(initialEvent = Go.Boot)
    state<Step.Idle> { on<Go.Start> { transitionTo(Step.A) } }
    state<Step.A> {
        onEnter { log += "enter a" }
        always { transitionTo(Step.B) }
    }
    state<Step.B> { onEnter { log += "enter b" } }
    onTransition { if (it is StateMachine.Transition.Valid && it.toState == target) throw RefusedTransition("at $target") }
}

/** Kotlin machines' idiom: `onTransition { if (it is Invalid) throw Exception(…) }`, and a throw for one valid transition. */
private fun gate(log: MutableList<String>) = StateMachine.create<Barrier, BarrierEvent, String> {
    initialState(Barrier.Locked)
    state<Barrier.Locked> {
        onExit { log += "exit locked" }
        on<BarrierEvent.Coin> { transitionTo(Barrier.Unlocked, "open doors") }
    }
    state<Barrier.Unlocked> {
        onEnter { log += "enter unlocked" }
        on<BarrierEvent.Person> { transitionTo(Barrier.Locked) }
    }
    onTransition { transition ->
        log += "first"
        when {
            transition is StateMachine.Transition.Invalid -> throw RefusedTransition("invalid from ${transition.fromState}")
            transition is StateMachine.Transition.Valid && transition.sideEffect == "open doors" -> throw RefusedTransition("opened")
        }
    }
    onTransition { log += "second" }
}

internal fun listenerErrorTests() = group("listener errors (R39)") {
    test("an invalid transition's listener error reaches the sender; no later listener runs") {
        val log = ArrayList<String>()
        val machine = gate(log)
        val error = expectThrows<RefusedTransition> { machine.transition(BarrierEvent.Person) }
        expectEqual(error.message, "invalid from Locked", "message")
        expectEqual(machine.state, Barrier.Locked, "state")
        expectEqual(log, listOf("first"), "listeners")
    }
    test("a valid transition's listener error comes after the state changed; no onExit or onEnter runs") {
        val log = ArrayList<String>()
        val machine = gate(log)
        val error = expectThrows<RefusedTransition> { machine.transition(BarrierEvent.Coin) }
        expectEqual(error.message, "opened", "message")
        expectEqual(machine.state, Barrier.Unlocked, "state")
        expectEqual(log, listOf("first"), "listeners")
        expectEqual(machine.transition(BarrierEvent.Person), StateMachine.Transition.Valid(Barrier.Unlocked, BarrierEvent.Person, Barrier.Locked, null), "next transition")
        expectEqual(log, listOf("first", "first", "second"), "listeners of the next transition")
    }
    test("a composite machine's listener error skips the calls planned for its transition") {
        val log = ArrayList<String>()
        val machine = StateMachine.create<Barrier, BarrierEvent, String> {
            initialState(Barrier.Locked)
            superstate(Barrier.Locked::class, Barrier.Unlocked::class) {
                onExit { log += "exit working" }
                on<BarrierEvent.Fail> { transitionTo(Barrier.Broken) }
            }
            state<Barrier.Locked> {
                onExit { log += "exit locked" }
                on<BarrierEvent.Coin> { transitionTo(Barrier.Unlocked) }
            }
            state<Barrier.Unlocked> {
                onEnter { log += "enter unlocked" }
                onExit { log += "exit unlocked" }
            }
            state<Barrier.Broken> { onEnter { log += "enter broken" } }
            onTransition { if (it is StateMachine.Transition.Valid && it.toState == Barrier.Unlocked) throw RefusedTransition("unlocked") }
        }
        expectThrows<RefusedTransition> { machine.transition(BarrierEvent.Coin) }
        expectEqual(machine.state, Barrier.Unlocked, "state")
        expectEqual(log, emptyList<String>(), "no listener of the failed transition")
        machine.transition(BarrierEvent.Fail)
        expectEqual(log, listOf("exit unlocked", "exit working", "enter broken"), "the next transition's listeners only")
    }
    test("running to completion, the event's own step throws after the macrostep") {
        val log = ArrayList<String>()
        val machine = runningToCompletion(log, Step.A)
        val error = expectThrows<RefusedTransition> { machine.transition(Go.Start) }
        expectEqual(error.message, "at A", "message")
        // A's onEnter did not run; its eventless transition still did.
        expectEqual(machine.state, Step.B, "state")
        expectEqual(log, listOf("enter b"), "listeners")
    }
    test("running to completion, an eventless step's error ends that step only") {
        val log = ArrayList<String>()
        val machine = runningToCompletion(log, Step.B)
        expectEqual(machine.transition(Go.Start), StateMachine.Transition.Valid(Step.Idle, Go.Start, Step.A, null), "the event's step")
        expectEqual(machine.state, Step.B, "state")
        expectEqual(log, listOf("enter a"), "listeners")
    }
    test("a delayed event's listener error propagates from the clock (R18)") {
        val log = ArrayList<String>()
        val clock = ManualClock()
        val machine = StateMachine.create<Step, Go, String>(clock) {
            initialState(Step.A)
            state<Step.A> {
                after(1.seconds, send = Go.Timeout)
                on<Go.Timeout> { transitionTo(Step.B) }
            }
            state<Step.B> { onEnter { log += "enter b" } }
            onTransition { throw RefusedTransition("timer") }
        }
        expectThrows<RefusedTransition> { clock.advanceBy(1.seconds) }
        expectEqual(machine.state, Step.B, "state")
        expectEqual(log, emptyList<String>(), "listeners")
    }
}
