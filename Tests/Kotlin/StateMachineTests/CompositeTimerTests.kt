package com.statemachine.spec.tests

import com.statemachine.spec.ManualClock
import com.statemachine.spec.StateMachine
import com.statemachine.spec.child
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import kotlin.time.Duration.Companion.seconds

// Timers in composite machines (R28): a superstate's `after`, and a parent state's `after` while its child moves
// (a child's or a region's own `after`: LevelTimerTests.kt).

private sealed interface TimedTrack {
    data object Normal : TimedTrack
    data object Muted : TimedTrack
    data object Stopped : TimedTrack
}

private sealed interface TimedDeck {
    data object Mute : TimedDeck
    data object Unmute : TimedDeck
    data object Stop : TimedDeck
    data object Play : TimedDeck
    data object Idle : TimedDeck
}

/** `playing` = {Normal, Muted} stops itself after 30 s of playing, muted or not; [log] gets `from>event>to`. */
private fun timedPlayer(clock: ManualClock, log: MutableList<String>, withListener: Boolean) = StateMachine.create<TimedTrack, TimedDeck, String>(clock) {
    initialState(TimedTrack.Normal)
    superstate(TimedTrack.Normal::class, TimedTrack.Muted::class) {
        after(30.seconds, send = TimedDeck.Idle)
        on<TimedDeck.Idle> { transitionTo(TimedTrack.Stopped) }
        on<TimedDeck.Stop> { transitionTo(TimedTrack.Stopped) }
        if (withListener) onEnter { }
    }
    state<TimedTrack.Normal> { on<TimedDeck.Mute> { transitionTo(TimedTrack.Muted) } }
    state<TimedTrack.Muted> { on<TimedDeck.Unmute> { transitionTo(TimedTrack.Normal) } }
    state<TimedTrack.Stopped> { on<TimedDeck.Play> { transitionTo(TimedTrack.Normal) } }
    onTransition { if (it is StateMachine.Transition.Valid) log += "${it.fromState}>${it.event}>${it.toState}" }
}

private sealed interface TimedLamp {
    data object Off : TimedLamp
    data object On : TimedLamp
}

private sealed interface TimedHall {
    data class Lit(val lamp: TimedLamp) : TimedHall
    data object Dark : TimedHall
}

private enum class TimedHallEvent { Flip, Reset, Timeout }

private fun timedLamp() = StateMachine.graph<TimedLamp, String, String> {
    initialState(TimedLamp.Off)
    state<TimedLamp.Off> { on<String> { transitionTo(TimedLamp.On) } }
    state<TimedLamp.On> { on<String> { transitionTo(TimedLamp.Off) } }
}

/** A lit hall goes dark 30 s after it was lit, whatever its lamp does meanwhile. */
private fun timedHall(clock: ManualClock, lampGraph: StateMachine.Graph<TimedLamp, String, String> = timedLamp()) =
    StateMachine.create<TimedHall, TimedHallEvent, String>(clock) {
        initialState(TimedHall.Lit(TimedLamp.Off))
        state<TimedHall.Lit> {
            child(lampGraph, get = { it.lamp }, put = { _, lamp -> TimedHall.Lit(lamp) },
                events = { if (it == TimedHallEvent.Flip) "toggle" else null }, sideEffects = { it })
            after(30.seconds, send = TimedHallEvent.Timeout)
            on(TimedHallEvent.Timeout) { transitionTo(TimedHall.Dark) }
            on(TimedHallEvent.Reset) { transitionTo(TimedHall.Lit(TimedLamp.Off)) }
        }
        state<TimedHall.Dark> { }
    }

fun compositeTimerTests() = group("timers in composite machines (R28)") {
    for (withListener in listOf(false, true)) {
        test("a superstate's timer is kept across moves inside it (superstate listener: $withListener)") {
            val clock = ManualClock()
            val log = ArrayList<String>()
            val machine = timedPlayer(clock, log, withListener)
            clock.advanceBy(20.seconds)
            machine.transition(TimedDeck.Mute)
            machine.transition(TimedDeck.Unmute)
            clock.advanceBy(9.seconds)
            expectEqual(machine.state, TimedTrack.Normal, "state at 29 s")
            clock.advanceBy(1.seconds)
            expectEqual(machine.state, TimedTrack.Stopped, "state at 30 s")
            expectEqual(log, listOf("Normal>Mute>Muted", "Muted>Unmute>Normal", "Normal>Idle>Stopped"), "transitions")
        }
        test("a superstate's timer starts again when it is entered from outside (superstate listener: $withListener)") {
            val clock = ManualClock()
            val log = ArrayList<String>()
            val machine = timedPlayer(clock, log, withListener)
            clock.advanceBy(10.seconds)
            machine.transition(TimedDeck.Stop)
            clock.advanceBy(60.seconds)
            expectEqual(clock.pendingCount, 0, "pending timers once the superstate is left")
            machine.transition(TimedDeck.Play)
            clock.advanceBy(29.seconds)
            expectEqual(machine.state, TimedTrack.Normal, "state 29 s after re-entry")
            clock.advanceBy(1.seconds)
            expectEqual(machine.state, TimedTrack.Stopped, "state 30 s after re-entry")
            expectEqual(log, listOf("Normal>Stop>Stopped", "Stopped>Play>Normal", "Normal>Idle>Stopped"), "transitions")
        }
    }
    test("a re-entering superstate handler restarts the superstate's timer (R29)") {
        val clock = ManualClock()
        val machine = StateMachine.create<TimedTrack, TimedDeck, String>(clock) {
            initialState(TimedTrack.Normal)
            superstate(TimedTrack.Normal::class, TimedTrack.Muted::class) {
                after(30.seconds, send = TimedDeck.Idle)
                on<TimedDeck.Idle> { transitionTo(TimedTrack.Stopped) }
                on(any<TimedDeck.Play>(), reenter = true) { transitionTo(TimedTrack.Normal) }
            }
            state<TimedTrack.Normal> { }
            state<TimedTrack.Muted> { }
            state<TimedTrack.Stopped> { }
        }
        clock.advanceBy(20.seconds)
        machine.transition(TimedDeck.Play)
        clock.advanceBy(29.seconds)
        expectEqual(machine.state, TimedTrack.Normal, "state 29 s after the re-entry")
        clock.advanceBy(1.seconds)
        expectEqual(machine.state, TimedTrack.Stopped, "state 30 s after the re-entry")
    }
    test("a parent state's timer keeps running while its child moves") {
        val clock = ManualClock()
        val machine = timedHall(clock)
        clock.advanceBy(20.seconds)
        machine.transition(TimedHallEvent.Flip)
        clock.advanceBy(9.seconds)
        machine.transition(TimedHallEvent.Flip)
        expectEqual(machine.state, TimedHall.Lit(TimedLamp.Off), "state at 29 s")
        clock.advanceBy(1.seconds)
        expectEqual(machine.state, TimedHall.Dark, "state at 30 s")
    }
    test("a parent state's own transition to its case restarts its timer") {
        val clock = ManualClock()
        val machine = timedHall(clock)
        clock.advanceBy(20.seconds)
        machine.transition(TimedHallEvent.Reset)
        clock.advanceBy(29.seconds)
        expectEqual(machine.state, TimedHall.Lit(TimedLamp.Off), "state 29 s after the reset")
        clock.advanceBy(1.seconds)
        expectEqual(machine.state, TimedHall.Dark, "state 30 s after the reset")
    }
}
