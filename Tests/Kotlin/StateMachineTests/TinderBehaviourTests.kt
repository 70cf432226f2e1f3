package com.statemachine.spec.tests

import com.statemachine.spec.StateMachine
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// The behaviours covered by Tinder's Kotlin test suite (matter, turnstile, objects and constants as
// states, enter/exit listeners, missing definitions), restated for this implementation and its rules.

private sealed interface Matter {
    data object Solid : Matter
    data object Liquid : Matter
    data object Gas : Matter
}

private sealed interface Heat {
    data object Melt : Heat
    data object Freeze : Heat
    data object Vaporize : Heat
    data object Condense : Heat
}

private sealed interface Log {
    data object Melted : Log
    data object Froze : Log
    data object Vaporized : Log
    data object Condensed : Log
}

private class MatterMachine {
    val log = ArrayList<String>()
    val machine = StateMachine.create<Matter, Heat, Log> {
        initialState(Matter.Solid)
        state<Matter.Solid> {
            on<Heat.Melt> { transitionTo(Matter.Liquid, Log.Melted) }
        }
        state<Matter.Liquid> {
            on<Heat.Freeze> { transitionTo(Matter.Solid, Log.Froze) }
            on<Heat.Vaporize> { transitionTo(Matter.Gas, Log.Vaporized) }
        }
        state<Matter.Gas> {
            on<Heat.Condense> { transitionTo(Matter.Liquid, Log.Condensed) }
        }
        onTransition { transition ->
            val valid = transition as? StateMachine.Transition.Valid ?: return@onTransition
            log += when (valid.sideEffect) {
                Log.Melted -> "melted"
                Log.Froze -> "froze"
                Log.Vaporized -> "vaporized"
                Log.Condensed -> "condensed"
                null -> "nothing"
            }
        }
    }

    fun startingIn(state: Matter) = machine.with { initialState(state) }
}

fun matterTests() = group("matter") {
    test("starts solid") {
        expectEqual(MatterMachine().machine.state, Matter.Solid)
    }
    val cases = listOf(
        listOf(Matter.Solid, Heat.Melt, Matter.Liquid, Log.Melted, "melted"),
        listOf(Matter.Liquid, Heat.Freeze, Matter.Solid, Log.Froze, "froze"),
        listOf(Matter.Liquid, Heat.Vaporize, Matter.Gas, Log.Vaporized, "vaporized"),
        listOf(Matter.Gas, Heat.Condense, Matter.Liquid, Log.Condensed, "condensed")
    )
    for ((from, event, to, sideEffect, message) in cases) {
        test("$from on ${event.javaClass.simpleName} goes to $to and logs $message") {
            val subject = MatterMachine()
            val machine = subject.startingIn(from as Matter)
            val transition = machine.transition(event as Heat)
            expectValid(transition, from, event, to as Matter, sideEffect as Log)
            expectEqual(machine.state, to, "state")
            expectEqual(subject.log, listOf(message), "log")
        }
    }
    test("an event without handler is invalid and logs nothing") {
        val subject = MatterMachine()
        val transition = subject.machine.transition(Heat.Freeze)
        expectInvalid(transition, Matter.Solid, Heat.Freeze)
        expectEqual(subject.machine.state, Matter.Solid, "state")
        expectEqual(subject.log, emptyList<String>(), "log")
    }
}

private sealed interface Turnstile {
    data class Locked(val credit: Int) : Turnstile
    data object Unlocked : Turnstile
    data class Broken(val oldState: Turnstile) : Turnstile
}

private sealed interface Action {
    data class InsertCoin(val value: Int) : Action
    data object AdmitPerson : Action
    data object MachineDidFail : Action
    data object MachineRepairDidComplete : Action
}

private sealed interface Command {
    data object SoundAlarm : Command
    data object CloseDoors : Command
    data object OpenDoors : Command
    data object OrderRepair : Command
}

private const val FARE = 50

private fun turnstile() = StateMachine.create<Turnstile, Action, Command> {
    initialState(Turnstile.Locked(credit = 0))
    state<Turnstile.Locked> {
        on<Action.InsertCoin> { coin ->
            val total = credit + coin.value
            if (total >= FARE) transitionTo(Turnstile.Unlocked, Command.OpenDoors)
            else transitionTo(Turnstile.Locked(total))
        }
        on<Action.AdmitPerson> { dontTransition(Command.SoundAlarm) }
        on<Action.MachineDidFail> { transitionTo(Turnstile.Broken(this), Command.OrderRepair) }
    }
    state<Turnstile.Unlocked> {
        on<Action.AdmitPerson> { transitionTo(Turnstile.Locked(credit = 0), Command.CloseDoors) }
    }
    state<Turnstile.Broken> {
        on<Action.MachineRepairDidComplete> { transitionTo(oldState) }
    }
}

fun turnstileTests() = group("turnstile") {
    fun startingIn(state: Turnstile) = turnstile().with { initialState(state) }

    test("starts locked without credit") {
        expectEqual(turnstile().state, Turnstile.Locked(0))
    }
    test("a coin below the fare adds credit") {
        val machine = turnstile()
        expectValid(machine.transition(Action.InsertCoin(10)), Turnstile.Locked(0), Action.InsertCoin(10), Turnstile.Locked(10), null)
        expectEqual(machine.state, Turnstile.Locked(10), "state")
    }
    test("a coin reaching the fare exactly unlocks and opens the doors") {
        val machine = startingIn(Turnstile.Locked(35))
        expectValid(machine.transition(Action.InsertCoin(15)), Turnstile.Locked(35), Action.InsertCoin(15), Turnstile.Unlocked, Command.OpenDoors)
        expectEqual(machine.state, Turnstile.Unlocked, "state")
    }
    test("a coin beyond the fare unlocks and opens the doors") {
        val machine = startingIn(Turnstile.Locked(35))
        expectValid(machine.transition(Action.InsertCoin(20)), Turnstile.Locked(35), Action.InsertCoin(20), Turnstile.Unlocked, Command.OpenDoors)
    }
    test("admitting a person while locked stays and sounds the alarm") {
        val machine = startingIn(Turnstile.Locked(35))
        expectValid(machine.transition(Action.AdmitPerson), Turnstile.Locked(35), Action.AdmitPerson, Turnstile.Locked(35), Command.SoundAlarm)
        expectEqual(machine.state, Turnstile.Locked(35), "state")
    }
    test("a failure while locked breaks it and orders a repair") {
        val machine = startingIn(Turnstile.Locked(15))
        val broken = Turnstile.Broken(Turnstile.Locked(15))
        expectValid(machine.transition(Action.MachineDidFail), Turnstile.Locked(15), Action.MachineDidFail, broken, Command.OrderRepair)
        expectEqual(machine.state, broken, "state")
    }
    test("admitting a person while unlocked locks and closes the doors") {
        val machine = startingIn(Turnstile.Unlocked)
        expectValid(machine.transition(Action.AdmitPerson), Turnstile.Unlocked, Action.AdmitPerson, Turnstile.Locked(0), Command.CloseDoors)
    }
    test("a completed repair returns to the state before the failure") {
        val broken = Turnstile.Broken(Turnstile.Locked(15))
        val machine = startingIn(broken)
        expectValid(machine.transition(Action.MachineRepairDidComplete), broken, Action.MachineRepairDidComplete, Turnstile.Locked(15), null)
        expectEqual(machine.state, Turnstile.Locked(15), "state")
    }
}

private sealed interface Letter {
    data object A : Letter
    data object B : Letter
    data object C : Letter
    data object D : Letter
}

private sealed interface Number {
    data object E1 : Number
    data object E2 : Number
    data object E3 : Number
    data object E4 : Number
}

private sealed interface Effect {
    data object SE1 : Effect
}

/** Object states A–D (D has no definition), two listeners of each kind, everything recorded in [calls]. */
private class ObjectMachine {
    val calls = ArrayList<String>()
    val machine = StateMachine.create<Letter, Number, Effect> {
        initialState(Letter.A)
        state<Letter.A> {
            onExit { cause -> calls += "exit1 $this $cause" }
            onExit { cause -> calls += "exit2 $this $cause" }
            on<Number.E1> { transitionTo(Letter.B) }
            on<Number.E2> { transitionTo(Letter.C) }
            on<Number.E4> { transitionTo(Letter.D) }
        }
        state<Letter.B> {
            on<Number.E3> { transitionTo(Letter.C, Effect.SE1) }
        }
        state<Letter.C> {
            on<Number.E4> { dontTransition() }
            onEnter { cause -> calls += "enter1 $this $cause" }
            onEnter { cause -> calls += "enter2 $this $cause" }
        }
        onTransition { calls += "transition1 $it" }
        onTransition { calls += "transition2 $it" }
    }
}

fun objectStateTests() = group("objects as states") {
    test("starts in the initial state") {
        expectEqual(ObjectMachine().machine.state, Letter.A)
    }
    test("valid events give valid transitions and change the state") {
        val machine = ObjectMachine().machine
        expectValid(machine.transition(Number.E1), Letter.A, Number.E1, Letter.B, null)
        expectEqual(machine.state, Letter.B, "state")
        expectValid(machine.transition(Number.E3), Letter.B, Number.E3, Letter.C, Effect.SE1)
        expectEqual(machine.state, Letter.C, "state")
    }
    test("every onTransition listener gets every transition, dontTransition included") {
        val subject = ObjectMachine()
        subject.machine.transition(Number.E1)
        subject.machine.transition(Number.E3)
        subject.calls.clear()
        val transition = subject.machine.transition(Number.E4)
        expectValid(transition, Letter.C, Number.E4, Letter.C, null)
        expectEqual(
            subject.calls,
            listOf("transition1 $transition", "transition2 $transition", "enter1 C E4", "enter2 C E4"),
            "calls"
        )
    }
    test("exit listeners of the old state, then enter listeners of the new state, after onTransition") {
        val subject = ObjectMachine()
        val transition = subject.machine.transition(Number.E2)
        expectEqual(
            subject.calls,
            listOf("transition1 $transition", "transition2 $transition", "exit1 A E2", "exit2 A E2", "enter1 C E2", "enter2 C E2"),
            "calls"
        )
    }
    test("an event without handler gives Invalid, keeps the state and only notifies onTransition") {
        val subject = ObjectMachine()
        val transition = subject.machine.transition(Number.E3)
        expectInvalid(transition, Letter.A, Number.E3)
        expectEqual(subject.machine.state, Letter.A, "state")
        expectEqual(subject.calls, listOf("transition1 $transition", "transition2 $transition"), "calls")
    }
    test("entering a state without definition is allowed and fires no onEnter (R13)") {
        val subject = ObjectMachine()
        val transition = subject.machine.transition(Number.E4)
        expectValid(transition, Letter.A, Number.E4, Letter.D, null)
        expectEqual(subject.machine.state, Letter.D, "state")
        expectEqual(subject.calls, listOf("transition1 $transition", "transition2 $transition", "exit1 A E4", "exit2 A E4"), "calls")
    }
    test("an event in a state without definition throws IllegalStateException naming the state") {
        val subject = ObjectMachine()
        subject.machine.transition(Number.E4)
        subject.calls.clear()
        val error = expectThrows<IllegalStateException> { subject.machine.transition(Number.E1) }
        expectEqual(error.message, "Missing definition for state D", "message")
        expectEqual(subject.machine.state, Letter.D, "state")
        expectEqual(subject.calls, emptyList<String>(), "calls")
    }
    test("create without initial state throws IllegalArgumentException") {
        expectThrows<IllegalArgumentException> { StateMachine.create<Letter, Number, Effect> {} }
    }
}

private const val STATE_A = "a"
private const val STATE_B = "b"
private const val STATE_C = "c"
private const val STATE_D = "d"
private const val EVENT_1 = 1
private const val EVENT_2 = 2
private const val EVENT_3 = 3
private const val EVENT_4 = 4
private const val SIDE_EFFECT_1 = "alpha"

private class ConstantMachine {
    val calls = ArrayList<String>()
    val machine = StateMachine.create<String, Int, String> {
        initialState(STATE_A)
        state(STATE_A) {
            onExit { cause -> calls += "exit1 $this $cause" }
            onExit { cause -> calls += "exit2 $this $cause" }
            on(EVENT_1) { transitionTo(STATE_B) }
            on(EVENT_2) { transitionTo(STATE_C) }
            on(EVENT_4) { transitionTo(STATE_D) }
        }
        state(STATE_B) {
            on(EVENT_3) { transitionTo(STATE_C, SIDE_EFFECT_1) }
        }
        state(STATE_C) {
            onEnter { cause -> calls += "enter1 $this $cause" }
            onEnter { cause -> calls += "enter2 $this $cause" }
        }
        onTransition { calls += "transition1 $it" }
        onTransition { calls += "transition2 $it" }
    }
}

fun constantStateTests() = group("constants as states") {
    test("starts in the initial state") {
        expectEqual(ConstantMachine().machine.state, STATE_A)
    }
    test("valid events give valid transitions and change the state") {
        val subject = ConstantMachine()
        val machine = subject.machine
        val first = machine.transition(EVENT_1)
        expectValid(first, STATE_A, EVENT_1, STATE_B, null)
        expectEqual(machine.state, STATE_B, "state")
        val second = machine.transition(EVENT_3)
        expectValid(second, STATE_B, EVENT_3, STATE_C, SIDE_EFFECT_1)
        expectEqual(machine.state, STATE_C, "state")
        expectEqual(
            subject.calls,
            listOf("transition1 $first", "transition2 $first", "exit1 a 1", "exit2 a 1", "transition1 $second", "transition2 $second", "enter1 c 3", "enter2 c 3"),
            "calls"
        )
    }
    test("exit and enter listeners get the state as receiver and the event as cause") {
        val subject = ConstantMachine()
        subject.machine.transition(EVENT_2)
        expectEqual(subject.calls.drop(2), listOf("exit1 a 2", "exit2 a 2", "enter1 c 2", "enter2 c 2"), "calls")
    }
    test("an event without handler gives Invalid and keeps the state") {
        val machine = ConstantMachine().machine
        expectInvalid(machine.transition(EVENT_3), STATE_A, EVENT_3)
        expectEqual(machine.state, STATE_A, "state")
    }
    test("an event in a state without definition throws IllegalStateException") {
        val machine = ConstantMachine().machine
        expectValid(machine.transition(EVENT_4), STATE_A, EVENT_4, STATE_D, null)
        val error = expectThrows<IllegalStateException> { machine.transition(EVENT_1) }
        expectEqual(error.message, "Missing definition for state d", "message")
        expectEqual(machine.state, STATE_D, "state")
    }
    test("an exact-value definition does not match other values of the same type") {
        val machine = ConstantMachine().machine.with { initialState("z") }
        expectThrows<IllegalStateException> { machine.transition(EVENT_1) }
    }
    test("create without initial state throws IllegalArgumentException") {
        expectThrows<IllegalArgumentException> { StateMachine.create<String, Int, String> {} }
    }
}
