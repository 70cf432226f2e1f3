package com.statemachine.spec.tests

import com.statemachine.spec.DefinitionException
import com.statemachine.spec.StateMachine
import com.statemachine.spec.child
import com.statemachine.spec.onDone
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// R27: a machine in a final state has finished; a child reaching a final state runs its parent's onDone.

private sealed class Job {
    data object Idle : Job()
    data class Running(val count: Int) : Job()
    data object Done : Job()
}

private sealed class JobEvent {
    data object Start : JobEvent()
    data object Stop : JobEvent()
}

private sealed class Payment {
    data object Paying : Payment()
    data object Paid : Payment()
}

private data object Pay

private sealed class Shop {
    data class Shopping(val payment: Payment) : Shop()
    data object Thanks : Shop()
}

private fun job(calls: MutableList<String>) = StateMachine.create<Job, JobEvent, String> {
    initialState(Job.Idle)
    state<Job.Idle> { on<JobEvent.Start> { transitionTo(Job.Running(0)) } }
    state<Job.Running> {
        on<JobEvent.Stop> { transitionTo(Job.Done, "stopped") }
        onExit { calls += "exit $this" }
    }
    finalState<Job.Done> { onEnter { calls += "enter $this" } }
    onTransition { calls += "transition ${it::class.simpleName}" }
}

private fun shop(calls: MutableList<String>, withOnDone: Boolean = true): StateMachine.Graph<Shop, Pay, String> {
    val payment = StateMachine.graph<Payment, Pay, String> {
        initialState(Payment.Paying)
        state<Payment.Paying> {
            on<Pay> { transitionTo(Payment.Paid, "charged") }
            onExit { calls += "child exit $this" }
        }
        finalState<Payment.Paid> { onEnter { calls += "child enter $this" } }
    }
    return StateMachine.graph {
        initialState(Shop.Shopping(Payment.Paying))
        state<Shop.Shopping> {
            child(payment, get = { it.payment }, put = { _, p -> Shop.Shopping(p) }, events = { it }, sideEffects = { it })
            if (withOnDone) onDone { transitionTo(Shop.Thanks, "receipt") }
            onExit { calls += "exit $this" }
        }
        finalState<Shop.Thanks> { onEnter { calls += "enter $this" } }
        onTransition { calls += "transition" }
    }
}

internal fun finalStateTests() = group("final states (R27)") {
    test("the transition into a final state is told once; then events are invalid and call nothing") {
        val calls = ArrayList<String>()
        val machine = job(calls)
        machine.transition(JobEvent.Start)
        expectTrue(!machine.isFinished, "not finished while running")
        calls.clear()
        expectValid(machine.transition(JobEvent.Stop), Job.Running(0), JobEvent.Stop, Job.Done, "stopped")
        expectEqual(calls, listOf("transition Valid", "exit Running(count=0)", "enter Done"), "calls")
        expectTrue(machine.isFinished, "finished in Done")
        calls.clear()
        expectInvalid(machine.transition(JobEvent.Stop), Job.Done, JobEvent.Stop)
        expectInvalid(machine.transition(JobEvent.Start), Job.Done, JobEvent.Start)
        expectEqual(calls, emptyList<String>(), "calls after the end")
    }

    test("a machine made in a final state has finished") {
        val machine = job(ArrayList()).with { initialState(Job.Done) }
        expectTrue(machine.isFinished, "finished from the start")
        expectInvalid(machine.transition(JobEvent.Start), Job.Done, JobEvent.Start)
    }

    test("a final state with an on handler is refused") {
        val error = expectThrows<IllegalArgumentException> {
            StateMachine.graph<Job, JobEvent, String> {
                initialState(Job.Done)
                finalState<Job.Done> { on<JobEvent.Start> { transitionTo(Job.Idle) } }
            }
        }
        expectEqual(error.message, "finalState(Done): a final state handles no event (R27), but it declares 1 `on` handler(s); move them to a state { } block, or remove them", "message")
    }

    test("a child's final state runs onDone in the same step, after the child's move") {
        val calls = ArrayList<String>()
        val machine = StateMachine.create(shop(calls))
        expectValid(machine.transition(Pay), Shop.Shopping(Payment.Paying), Pay, Shop.Thanks, "receipt")
        expectEqual(calls, listOf("transition", "child exit Paying", "child enter Paid", "exit Shopping(payment=Paid)", "enter Thanks"), "calls")
        expectTrue(machine.isFinished, "the parent's onDone led to its final state")
    }

    test("without onDone the parent stays with the child finished") {
        val calls = ArrayList<String>()
        val machine = StateMachine.create(shop(calls, withOnDone = false))
        expectValid(machine.transition(Pay), Shop.Shopping(Payment.Paying), Pay, Shop.Shopping(Payment.Paid), "charged")
        expectEqual(calls, listOf("transition", "child exit Paying", "child enter Paid"), "calls")
        expectInvalid(machine.transition(Pay), Shop.Shopping(Payment.Paid), Pay)
    }

    test("onDone without a child is refused at its line") {
        val error = expectThrows<DefinitionException> {
            StateMachine.graph<Job, JobEvent, String> {
                initialState(Job.Idle)
                state<Job.Idle> { onDone { transitionTo(Job.Done) } }
                finalState<Job.Done>()
            }
        }
        expectEqual(error.problems.single().line, 119, "line")
        expectTrue(error.problems.single().message.startsWith("this onDone in the state definition of Idle never runs: the state holds no child machine"), "message: ${error.problems.single().message}")
    }
}
