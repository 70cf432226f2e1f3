package com.statemachine.spec.tests

import com.statemachine.spec.DefinitionException
import com.statemachine.spec.ManualClock
import com.statemachine.spec.StateMachine
import com.statemachine.spec.child
import com.statemachine.spec.orthogonal
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import kotlin.time.Duration.Companion.seconds

// Timers in composite machines (R28): a superstate's `after`, a parent state's `after` while its child moves,
// and the `after` of a child's or a region's graph, refused when the graph is built.

private sealed interface Track {
    data object Normal : Track
    data object Muted : Track
    data object Stopped : Track
}

private sealed interface Deck {
    data object Mute : Deck
    data object Unmute : Deck
    data object Stop : Deck
    data object Play : Deck
    data object Idle : Deck
}

/** `playing` = {Normal, Muted} stops itself after 30 s of playing, muted or not; [log] gets `from>event>to`. */
private fun player(clock: ManualClock, log: MutableList<String>, withListener: Boolean) = StateMachine.create<Track, Deck, String>(clock) {
    initialState(Track.Normal)
    superstate(Track.Normal::class, Track.Muted::class) {
        after(30.seconds, send = Deck.Idle)
        on<Deck.Idle> { transitionTo(Track.Stopped) }
        on<Deck.Stop> { transitionTo(Track.Stopped) }
        if (withListener) onEnter { }
    }
    state<Track.Normal> { on<Deck.Mute> { transitionTo(Track.Muted) } }
    state<Track.Muted> { on<Deck.Unmute> { transitionTo(Track.Normal) } }
    state<Track.Stopped> { on<Deck.Play> { transitionTo(Track.Normal) } }
    onTransition { if (it is StateMachine.Transition.Valid) log += "${it.fromState}>${it.event}>${it.toState}" }
}

private sealed interface Lamp {
    data object Off : Lamp
    data object On : Lamp
}

private sealed interface Hall {
    data class Lit(val lamp: Lamp) : Hall
    data object Dark : Hall
}

private enum class HallEvent { Flip, Reset, Timeout }

private fun lamp(timer: Boolean) = StateMachine.graph<Lamp, String, String> {
    initialState(Lamp.Off)
    state<Lamp.Off> {
        if (timer) after(5.seconds, send = "toggle")
        on<String> { transitionTo(Lamp.On) }
    }
    state<Lamp.On> { on<String> { transitionTo(Lamp.Off) } }
}

/** A lit hall goes dark 30 s after it was lit, whatever its lamp does meanwhile. */
private fun hall(clock: ManualClock, lampGraph: StateMachine.Graph<Lamp, String, String> = lamp(false)) =
    StateMachine.create<Hall, HallEvent, String>(clock) {
        initialState(Hall.Lit(Lamp.Off))
        state<Hall.Lit> {
            child(lampGraph, get = { it.lamp }, put = { _, lamp -> Hall.Lit(lamp) },
                events = { if (it == HallEvent.Flip) "toggle" else null }, sideEffects = { it })
            after(30.seconds, send = HallEvent.Timeout)
            on(HallEvent.Timeout) { transitionTo(Hall.Dark) }
            on(HallEvent.Reset) { transitionTo(Hall.Lit(Lamp.Off)) }
        }
        state<Hall.Dark> { }
    }

fun compositeTimerTests() = group("timers in composite machines (R28)") {
    for (withListener in listOf(false, true)) {
        test("a superstate's timer is kept across moves inside it (superstate listener: $withListener)") {
            val clock = ManualClock()
            val log = ArrayList<String>()
            val machine = player(clock, log, withListener)
            clock.advanceBy(20.seconds)
            machine.transition(Deck.Mute)
            machine.transition(Deck.Unmute)
            clock.advanceBy(9.seconds)
            expectEqual(machine.state, Track.Normal, "state at 29 s")
            clock.advanceBy(1.seconds)
            expectEqual(machine.state, Track.Stopped, "state at 30 s")
            expectEqual(log, listOf("Normal>Mute>Muted", "Muted>Unmute>Normal", "Normal>Idle>Stopped"), "transitions")
        }
        test("a superstate's timer starts again when it is entered from outside (superstate listener: $withListener)") {
            val clock = ManualClock()
            val log = ArrayList<String>()
            val machine = player(clock, log, withListener)
            clock.advanceBy(10.seconds)
            machine.transition(Deck.Stop)
            clock.advanceBy(60.seconds)
            expectEqual(clock.pendingCount, 0, "pending timers once the superstate is left")
            machine.transition(Deck.Play)
            clock.advanceBy(29.seconds)
            expectEqual(machine.state, Track.Normal, "state 29 s after re-entry")
            clock.advanceBy(1.seconds)
            expectEqual(machine.state, Track.Stopped, "state 30 s after re-entry")
            expectEqual(log, listOf("Normal>Stop>Stopped", "Stopped>Play>Normal", "Normal>Idle>Stopped"), "transitions")
        }
    }
    test("a parent state's timer keeps running while its child moves") {
        val clock = ManualClock()
        val machine = hall(clock)
        clock.advanceBy(20.seconds)
        machine.transition(HallEvent.Flip)
        clock.advanceBy(9.seconds)
        machine.transition(HallEvent.Flip)
        expectEqual(machine.state, Hall.Lit(Lamp.Off), "state at 29 s")
        clock.advanceBy(1.seconds)
        expectEqual(machine.state, Hall.Dark, "state at 30 s")
    }
    test("a parent state's own transition to its case restarts its timer") {
        val clock = ManualClock()
        val machine = hall(clock)
        clock.advanceBy(20.seconds)
        machine.transition(HallEvent.Reset)
        clock.advanceBy(29.seconds)
        expectEqual(machine.state, Hall.Lit(Lamp.Off), "state 29 s after the reset")
        clock.advanceBy(1.seconds)
        expectEqual(machine.state, Hall.Dark, "state 30 s after the reset")
    }
    test("a child graph's after is refused when the parent graph is built") {
        val error = expectThrows<DefinitionException> { hall(ManualClock(), lamp(true)) }
        val problem = error.problems.single()
        expectTrue(problem.file == "CompositeTimerTests.kt", "the problem is in this file, got ${problem.file}")
        expectEqual(
            problem.message,
            "the graph of the child machine of Lit declares after(5s, send = String), which is never scheduled: timers run only in the top machine's states and superstates (R28); move it to the parent's `state` block that holds the `child(…)`, sending a parent event that the child's event mapping delegates.",
            "message"
        )
    }
    test("a region graph's after is refused when the product graph is built") {
        val error = expectThrows<DefinitionException> { StateMachine.orthogonal(lamp(true), lamp(false)) }
        expectTrue(error.problems.single().message.startsWith("the graph of the region \"stateA\" declares after(5s"), "message: ${error.problems}")
    }
}
