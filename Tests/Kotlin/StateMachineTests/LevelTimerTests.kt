package com.statemachine.spec.tests

import com.statemachine.spec.DefinitionException
import com.statemachine.spec.ManualClock
import com.statemachine.spec.OrthogonalState
import com.statemachine.spec.ScheduledTimer
import com.statemachine.spec.Snapshot
import com.statemachine.spec.StateMachine
import com.statemachine.spec.StateMachineClock
import com.statemachine.spec.child
import com.statemachine.spec.orthogonal
import com.statemachine.spec.region
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import kotlin.time.Duration.Companion.seconds

// Timers of child machines and regions (R28.3, R28.4): they run at their level and send the parent event that
// stands for them (`timerEvents`), lifted level by level; the graph's build refuses one no parent event stands for.

private sealed interface Dialer {
    data object Ringing : Dialer
    data object Connected : Dialer
    data object Missed : Dialer
}

private enum class DialerEvent { PickUp, GiveUp }

private sealed interface Phone {
    data class Call(val dialer: Dialer) : Phone
    data object Idle : Phone
}

private enum class PhoneEvent { Answer, Timeout, HangUp }

/** The dialer gives up 10 s after it starts ringing; [log] gets its listener calls. */
private fun dialer(log: MutableList<String>, onAfterLine: (Int) -> Unit = {}) = StateMachine.graph<Dialer, DialerEvent, String> {
    initialState(Dialer.Ringing)
    state<Dialer.Ringing> {
        after(10.seconds, send = DialerEvent.GiveUp); onAfterLine(Throwable().stackTrace[0].lineNumber)
        on(DialerEvent.PickUp) { transitionTo(Dialer.Connected) }
        on(DialerEvent.GiveUp) { transitionTo(Dialer.Missed) }
        onExit { log += "dialer exit $this on $it" }
    }
    state<Dialer.Connected> { onEnter { log += "dialer enter $this on $it" } }
    state<Dialer.Missed> { onEnter { log += "dialer enter $this on $it" } }
}

private fun phoneEvents(event: PhoneEvent): DialerEvent? = when (event) {
    PhoneEvent.Answer -> DialerEvent.PickUp
    PhoneEvent.Timeout -> DialerEvent.GiveUp
    PhoneEvent.HangUp -> null
}

/** A phone in a call holding [dialerGraph]; its child timer's events are [timerEvents]'s (none when null). */
private fun phone(
    clock: StateMachineClock,
    log: MutableList<String>,
    dialerGraph: StateMachine.Graph<Dialer, DialerEvent, String> = dialer(log),
    timerEvents: ((DialerEvent) -> PhoneEvent?)? = { if (it == DialerEvent.GiveUp) PhoneEvent.Timeout else null }
) = StateMachine.create<Phone, PhoneEvent, String>(clock) {
    initialState(Phone.Call(Dialer.Ringing))
    state<Phone.Call> {
        child(dialerGraph, get = { it.dialer }, put = { _, d -> Phone.Call(d) }, events = ::phoneEvents, sideEffects = { it }, timerEvents = timerEvents)
        on(PhoneEvent.HangUp) { transitionTo(Phone.Idle) }
    }
    state<Phone.Idle> { }
    onTransition { log += "${it.fromState} ${it.event} ${if (it is StateMachine.Transition.Valid) "-> ${it.toState}" else "invalid"}" }
}

/** A [ManualClock] whose timers cannot be cancelled: a timer of a block already left still fires (R18). */
private class UncancellableClock(val clock: ManualClock = ManualClock()) : StateMachineClock {
    override fun schedule(delay: kotlin.time.Duration, fire: () -> Unit): ScheduledTimer {
        clock.schedule(delay, fire)
        return ScheduledTimer { }
    }
}

// A house whose occupied rooms hold a bulb: the bulb's fade timer is two levels down.
private sealed interface Bulb {
    data object On : Bulb
    data object Off : Bulb
}

private enum class BulbEvent { Fade }

private sealed interface Room {
    data class Lit(val bulb: Bulb) : Room
}

private enum class RoomEvent { Dim, Relight }

private sealed interface House {
    data class Occupied(val room: Room) : House
}

private enum class HouseEvent { Dusk, Relight }

private fun house(clock: ManualClock, log: MutableList<String>): StateMachine<House, HouseEvent, String> {
    val bulb = StateMachine.graph<Bulb, BulbEvent, String> {
        initialState(Bulb.On)
        state<Bulb.On> {
            after(5.seconds, send = BulbEvent.Fade)
            on(BulbEvent.Fade) { transitionTo(Bulb.Off) }
        }
        state<Bulb.Off> { }
    }
    val room = StateMachine.graph<Room, RoomEvent, String> {
        initialState(Room.Lit(Bulb.On))
        state<Room.Lit> {
            child(bulb, get = { it.bulb }, put = { _, l -> Room.Lit(l) }, events = { if (it == RoomEvent.Dim) BulbEvent.Fade else null },
                sideEffects = { it }, timerEvents = { RoomEvent.Dim })
            on(RoomEvent.Relight) { transitionTo(Room.Lit(Bulb.On)) }
        }
    }
    return StateMachine.create(clock) {
        initialState(House.Occupied(Room.Lit(Bulb.On)))
        state<House.Occupied> {
            child(room, get = { it.room }, put = { _, r -> House.Occupied(r) },
                events = { if (it == HouseEvent.Dusk) RoomEvent.Dim else RoomEvent.Relight }, sideEffects = { it },
                timerEvents = { if (it == RoomEvent.Dim) HouseEvent.Dusk else null })
        }
        onTransition { log += "${it.fromState} ${it.event} ${if (it is StateMachine.Transition.Valid) "-> ${it.toState}" else "invalid"}" }
    }
}

fun levelTimerTests() = group("timers of child machines and regions (R28.3, R28.4)") {
    test("a child's timer sends the parent event timerEvents gives, which the mapping delegates back") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = phone(clock, log)
        clock.advanceBy(9.seconds)
        expectEqual(log, emptyList<String>(), "calls at 9 s")
        clock.advanceBy(1.seconds)
        expectEqual(machine.state, Phone.Call(Dialer.Missed), "state at 10 s")
        expectEqual(log, listOf(
            "Call(dialer=Ringing) Timeout -> Call(dialer=Missed)",
            "dialer exit Ringing on GiveUp",
            "dialer enter Missed on GiveUp"
        ), "calls at 10 s")
    }
    test("leaving the state that holds the child cancels the child's timer") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = phone(clock, log)
        clock.advanceBy(4.seconds)
        machine.transition(PhoneEvent.HangUp)
        expectEqual(clock.pendingCount, 0, "pending timers once the call is hung up")
        clock.advanceBy(20.seconds)
        expectEqual(log, listOf("Call(dialer=Ringing) HangUp -> Idle"), "calls")
    }
    test("a stale child timer whose clock could not cancel it sends nothing") {
        val clock = UncancellableClock()
        val log = ArrayList<String>()
        val machine = phone(clock, log)
        clock.clock.advanceBy(5.seconds)
        machine.transition(PhoneEvent.Answer)
        clock.clock.advanceBy(5.seconds)
        expectEqual(clock.clock.pendingCount, 0, "the stale timer has fired")
        expectEqual(machine.state, Phone.Call(Dialer.Connected), "state after the stale timer")
        expectEqual(log, listOf(
            "Call(dialer=Ringing) Answer -> Call(dialer=Connected)",
            "dialer exit Ringing on PickUp",
            "dialer enter Connected on PickUp"
        ), "calls")
    }
    test("a grandchild's timer is lifted through two levels and restarts when its holder is re-entered") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val machine = house(clock, log)
        clock.advanceBy(3.seconds)
        // The room's own handler re-enters Lit, the state holding the bulb: the bulb's timer starts from zero.
        machine.transition(HouseEvent.Relight)
        clock.advanceBy(4.seconds)
        expectEqual(machine.state, House.Occupied(Room.Lit(Bulb.On)), "state 4 s after the relight")
        clock.advanceBy(1.seconds)
        expectEqual(machine.state, House.Occupied(Room.Lit(Bulb.Off)), "state 5 s after the relight")
        expectEqual(log, listOf(
            "Occupied(room=Lit(bulb=On)) Relight -> Occupied(room=Lit(bulb=On))",
            "Occupied(room=Lit(bulb=On)) Dusk -> Occupied(room=Lit(bulb=Off))"
        ), "transitions of the top machine")
    }
    test("a region's timer of StateMachine.orthogonal sends its event to the product, to every region") {
        val clock = ManualClock()
        val a = StateMachine.graph<Bulb, BulbEvent, String> {
            initialState(Bulb.On)
            state<Bulb.On> {
                after(5.seconds, send = BulbEvent.Fade)
                on(BulbEvent.Fade) { transitionTo(Bulb.Off, "a faded") }
            }
            state<Bulb.Off> { }
        }
        val b = StateMachine.graph<Bulb, BulbEvent, String> {
            initialState(Bulb.On)
            state<Bulb.On> { on(BulbEvent.Fade) { transitionTo(Bulb.Off, "b faded") } }
            state<Bulb.Off> { }
        }
        val seen = ArrayList<Any?>()
        val machine = StateMachine.create(StateMachine.orthogonal(a, b).copy(onTransitionListeners = listOf { t ->
            if (t is StateMachine.Transition.Valid) seen.addAll(listOf(t.event, t.sideEffect))
        }), restoring = Snapshot(OrthogonalState(Bulb.On, Bulb.On)), clock = clock)
        clock.advanceBy(5.seconds)
        expectEqual(machine.state, OrthogonalState(Bulb.Off, Bulb.Off), "state at 5 s")
        expectEqual(seen, listOf(BulbEvent.Fade, listOf("a faded", "b faded")), "event and side effect")
    }
    test("a child timer no parent event stands for is refused at the after's line") {
        var line = 0
        val graph = dialer(ArrayList()) { line = it }
        val error = expectThrows<DefinitionException> { phone(ManualClock(), ArrayList(), graph, timerEvents = null) }
        expectEqual(error.problems.map { "${it.file}:${it.line}" }, listOf("LevelTimerTests.kt:$line"), "where")
        expectEqual(
            error.problems.single().message,
            "the child machine of Call declares after(10s, send = GiveUp), and no event of the parent stands for GiveUp (R28): the timer could not be sent. Pass `timerEvents = { … }` to `child(…)`, returning the parent event that the event mapping delegates as GiveUp.",
            "message"
        )
    }
    test("a child timer whose parent event the mapping does not map back to its event is refused") {
        val error = expectThrows<DefinitionException> { phone(ManualClock(), ArrayList(), timerEvents = { PhoneEvent.Answer }) }
        expectEqual(
            error.problems.single().message,
            "the child machine of Call declares after(10s, send = GiveUp), whose parent event Answer (from `timerEvents`) the event mapping maps to PickUp, not to GiveUp, so the timer's event would not reach the child (R28). Make `timerEvents` return the parent event that `events` maps to GiveUp.",
            "message"
        )
    }
    test("a region timer without timerEvents is refused") {
        val timed = StateMachine.graph<Bulb, String, String> {
            initialState(Bulb.On)
            state<Bulb.On> {
                after(5.seconds, send = "fade")
                on("fade") { transitionTo(Bulb.Off) }
            }
            state<Bulb.Off> { }
        }
        val error = expectThrows<DefinitionException> {
            StateMachine.graph<Bulb, String, List<String>> {
                initialState(Bulb.On)
                region(timed, get = { it }, put = { _, l -> l }, events = { it }, sideEffects = { it }, name = "hall")
            }
        }
        expectEqual(
            error.problems.single().message,
            "the region \"hall\" declares after(5s, send = fade), and no event of the parent stands for \"fade\" (R28): the timer could not be sent. Pass `timerEvents = { … }` to `region(…)`, returning the parent event that the event mapping delegates as \"fade\".",
            "message"
        )
    }
}
