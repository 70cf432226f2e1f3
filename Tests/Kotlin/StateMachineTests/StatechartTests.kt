package com.statemachine.spec.tests

import com.statemachine.spec.OrthogonalState
import com.statemachine.spec.StateMachine
import com.statemachine.spec.orthogonal
import com.statemachine.spec.child
import com.statemachine.spec.region
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import com.statemachine.spec.transitionToHistory

// Statecharts: superstates, child machines, regions, shallow history, listener order across levels.

private sealed class Light {
    data object Green : Light()
    data object Yellow : Light()
    data object Red : Light()
    data object Off : Light()
    data object Unknown : Light()
}

private sealed class Mode {
    sealed class On : Mode() {
        data object Low : On()
        data object High : On()
    }
    data object Off : Mode()
}

private sealed class LightSignal {
    data object Next : LightSignal()
    data object Stop : LightSignal()
    data object Fail : LightSignal()
    data object Repair : LightSignal()
    data object Tick : LightSignal()
    data object Blink : LightSignal()
}

/**
 * Working = {Green, Yellow, Red, Unknown}, Go = {Green, Yellow} nested in it; Off outside. Every listener
 * appends to [log]; Unknown has no definition.
 */
private fun lights(log: MutableList<String>, start: Light = Light.Green) = StateMachine.create<Light, LightSignal, String> {
    initialState(start)
    val working = superstate(Light.Green::class, Light.Yellow::class, Light.Red::class, Light.Unknown::class) {
        on<LightSignal.Fail> { transitionTo(Light.Off, "working fails") }
        on<LightSignal.Tick> { dontTransition("working ticks") }
        on<LightSignal.Blink> { transitionTo(this, "working blinks") }
        onEnter { log += "enter Working ($this)" }
        onExit { log += "exit Working ($this)" }
        superstate(Light.Green::class, Light.Yellow::class) {
            on<LightSignal.Tick> { dontTransition("go ticks") }
            on<LightSignal.Stop> { transitionTo(Light.Red, "go stops") }
            on<LightSignal.Next> { transitionTo(Light.Yellow, "go next") }
            onEnter { log += "enter Go ($this)" }
            onExit { log += "exit Go ($this)" }
        }
    }
    for ((light, name) in listOf(Light.Green to "Green", Light.Yellow to "Yellow", Light.Red to "Red")) {
        state(light) {
            onEnter { log += "enter $name" }
            onExit { log += "exit $name" }
            if (light == Light.Red) {
                on<LightSignal.Fail> { dontTransition("red's own") }
                on<LightSignal.Next> { transitionTo(Light.Green, "red next") }
            }
        }
    }
    state<Light.Off> {
        on<LightSignal.Repair> { transitionToHistory(working, sideEffect = "repaired") { Light.Red } }
        onEnter { log += "enter Off" }
        onExit { log += "exit Off" }
    }
    onTransition { log += "transition" }
}

fun superstateTests() = group("superstates") {
    test("a superstate handles an event the state's own definition does not") {
        val log = ArrayList<String>()
        expectValid(lights(log).transition(LightSignal.Fail), Light.Green, LightSignal.Fail, Light.Off, "working fails")
    }
    test("the state's own handler comes before its superstates'") {
        val log = ArrayList<String>()
        expectValid(lights(log, Light.Red).transition(LightSignal.Fail), Light.Red, LightSignal.Fail, Light.Red, "red's own")
    }
    test("the innermost superstate comes first") {
        val log = ArrayList<String>()
        expectValid(lights(log).transition(LightSignal.Tick), Light.Green, LightSignal.Tick, Light.Green, "go ticks")
        expectValid(lights(log, Light.Red).transition(LightSignal.Tick), Light.Red, LightSignal.Tick, Light.Red, "working ticks")
    }
    test("an event no level handles is invalid") {
        val log = ArrayList<String>()
        expectInvalid(lights(log).transition(LightSignal.Repair), Light.Green, LightSignal.Repair)
        expectEqual(log, listOf("transition"), "listener calls")
    }
    test("a state without definition inside a superstate is still a missing definition") {
        val log = ArrayList<String>()
        val machine = lights(log, Light.Unknown)
        val error = expectThrows<IllegalStateException> { machine.transition(LightSignal.Fail) }
        expectEqual(error.message, "Missing definition for state Unknown", "message")
        expectEqual(machine.state, Light.Unknown, "state")
        expectEqual(log, emptyList<String>(), "listener calls")
    }
    test("leaving exits the state, then the superstates left, innermost first") {
        val log = ArrayList<String>()
        lights(log).transition(LightSignal.Fail)
        expectEqual(log, listOf("transition", "exit Green", "exit Go (Green)", "exit Working (Green)", "enter Off"), "listener calls")
    }
    test("entering enters the superstates outermost first, then the state") {
        val log = ArrayList<String>()
        val machine = lights(log, Light.Off)
        machine.transition(LightSignal.Repair)
        expectEqual(machine.state, Light.Red, "state (history never recorded: the default)")
        log.clear()
        machine.transition(LightSignal.Next)
        expectEqual(log, listOf("transition", "exit Red", "enter Go (Green)", "enter Green"), "listener calls")
    }
    test("a transition inside a superstate, by the superstate's own handler, neither exits nor enters it") {
        val log = ArrayList<String>()
        val machine = lights(log)
        expectValid(machine.transition(LightSignal.Next), Light.Green, LightSignal.Next, Light.Yellow, "go next")
        expectEqual(log, listOf("transition", "exit Green", "enter Yellow"), "listener calls")
        log.clear()
        expectValid(machine.transition(LightSignal.Stop), Light.Yellow, LightSignal.Stop, Light.Red, "go stops")
        expectEqual(log, listOf("transition", "exit Yellow", "exit Go (Yellow)", "enter Red"), "listener calls")
    }
    test("a self-transition by a superstate's handler exits and enters the state only") {
        val log = ArrayList<String>()
        val machine = lights(log)
        expectValid(machine.transition(LightSignal.Blink), Light.Green, LightSignal.Blink, Light.Green, "working blinks")
        expectEqual(log, listOf("transition", "exit Green", "enter Green"), "listener calls")
    }
    test("a superstate of a sealed subtype contains every state of that subtype") {
        val machine = StateMachine.create<Mode, LightSignal, String> {
            initialState(Mode.On.Low)
            superstate(Mode.On::class) { on<LightSignal.Fail> { transitionTo(Mode.Off, "off") } }
            state<Mode.On.Low> { on<LightSignal.Next> { transitionTo(Mode.On.High) } }
            state<Mode.On.High> {}
            state<Mode.Off> {}
        }
        machine.transition(LightSignal.Next)
        expectValid(machine.transition(LightSignal.Fail), Mode.On.High, LightSignal.Fail, Mode.Off, "off")
        expectInvalid(machine.transition(LightSignal.Fail), Mode.Off, LightSignal.Fail)
    }
    test("a flat graph has no composition") {
        val graph = StateMachine.graph<Light, LightSignal, String> {
            initialState(Light.Green)
            state<Light.Green> { on<LightSignal.Next> { transitionTo(Light.Yellow) } }
        }
        expectEqual(graph.composition, null, "composition")
    }
}

fun historyTests() = group("shallow history") {
    test("a history target is the default until the superstate was left") {
        val log = ArrayList<String>()
        val machine = lights(log, Light.Off)
        expectValid(machine.transition(LightSignal.Repair), Light.Off, LightSignal.Repair, Light.Red, "repaired")
    }
    test("a history target returns to the state the superstate was left from") {
        val log = ArrayList<String>()
        val machine = lights(log)
        machine.transition(LightSignal.Next)
        machine.transition(LightSignal.Fail)
        log.clear()
        expectValid(machine.transition(LightSignal.Repair), Light.Off, LightSignal.Repair, Light.Yellow, "repaired")
        expectEqual(log, listOf("transition", "exit Off", "enter Working (Yellow)", "enter Go (Yellow)", "enter Yellow"), "listener calls")
    }
    test("history is the last state the superstate was left from, not the first") {
        val log = ArrayList<String>()
        val machine = lights(log)
        machine.transition(LightSignal.Fail)
        machine.transition(LightSignal.Repair)
        expectEqual(machine.state, Light.Green, "state after the first repair")
        machine.transition(LightSignal.Stop)
        machine.transition(LightSignal.Fail)
        machine.transition(LightSignal.Repair)
        expectEqual(machine.state, Light.Red, "state after the second repair")
    }
}

// --- child machines ---------------------------------------------------------------------------------

private sealed class Hatch {
    data class Closed(val lock: Bolt) : Hatch()
    data object Open : Hatch()
}

private sealed class Bolt {
    data object Unbolted : Bolt()
    data object Bolted : Bolt()
}

private sealed class HatchEvent {
    data object Bolt : HatchEvent()
    data object Unbolt : HatchEvent()
    data object Open : HatchEvent()
    data object Close : HatchEvent()
    data object Slam : HatchEvent()
    data object Jam : HatchEvent()
}

private fun bolts(log: MutableList<String>) = StateMachine.graph<Bolt, String, String> {
    initialState(Bolt.Unbolted)
    state<Bolt.Unbolted> {
        on("bolt") { transitionTo(Bolt.Bolted, "clack") }
        onEnter { log += "enter Unbolted ($it)" }
        onExit { log += "exit Unbolted ($it)" }
    }
    state<Bolt.Bolted> {
        on("unbolt") { transitionTo(Bolt.Unbolted, "click") }
        on("jam") { throw IllegalStateException("the bolt is jammed") }
        onEnter { log += "enter Bolted ($it)" }
        onExit { log += "exit Bolted ($it)" }
    }
    onTransition { log += "child transition" }
}

private fun door(log: MutableList<String>, start: Hatch = Hatch.Closed(Bolt.Unbolted)) = StateMachine.create<Hatch, HatchEvent, String> {
    initialState(start)
    state<Hatch.Closed> {
        child(
            bolts(log), get = { it.lock }, put = { _, lock -> Hatch.Closed(lock) },
            events = { event ->
                when (event) {
                    HatchEvent.Bolt -> "bolt"
                    HatchEvent.Unbolt -> "unbolt"
                    HatchEvent.Jam -> "jam"
                    HatchEvent.Open, HatchEvent.Close, HatchEvent.Slam -> "other"
                }
            },
            sideEffects = { "bolt $it" }
        )
        on<HatchEvent.Open> { if (lock == Bolt.Unbolted) transitionTo(Hatch.Open, "creak") else dontTransition("rattle") }
        on<HatchEvent.Bolt> { transitionTo(Hatch.Open, "never: the child takes it") }
        on<HatchEvent.Slam> { transitionTo(Hatch.Closed(Bolt.Bolted), "slam") }
        onEnter { log += "enter Closed" }
        onExit { log += "exit Closed" }
    }
    state<Hatch.Open> {
        on<HatchEvent.Close> { transitionTo(Hatch.Closed(Bolt.Unbolted)) }
        onEnter { log += "enter Open" }
        onExit { log += "exit Open" }
    }
    onTransition { log += "transition" }
}

fun childMachineTests() = group("child machines") {
    test("the child handles a mapped event first; its side effect is mapped") {
        val log = ArrayList<String>()
        val machine = door(log)
        expectValid(machine.transition(HatchEvent.Bolt), Hatch.Closed(Bolt.Unbolted), HatchEvent.Bolt, Hatch.Closed(Bolt.Bolted), "bolt clack")
    }
    test("a child transition calls the child's exit and enter listeners only, and the parent's onTransition once") {
        val log = ArrayList<String>()
        door(log).transition(HatchEvent.Bolt)
        expectEqual(log, listOf("transition", "exit Unbolted (bolt)", "enter Bolted (bolt)"), "listener calls")
    }
    test("an event the child finds invalid goes to the parent's handlers") {
        val log = ArrayList<String>()
        expectValid(door(log).transition(HatchEvent.Open), Hatch.Closed(Bolt.Unbolted), HatchEvent.Open, Hatch.Open, "creak")
    }
    test("leaving the parent state calls the parent's listeners only, not the child's") {
        val log = ArrayList<String>()
        door(log).transition(HatchEvent.Open)
        expectEqual(log, listOf("transition", "exit Closed", "enter Open"), "listener calls")
    }
    test("entering the parent state calls the parent's listeners only, not the child's") {
        val log = ArrayList<String>()
        door(log, Hatch.Open).transition(HatchEvent.Close)
        expectEqual(log, listOf("transition", "exit Open", "enter Closed"), "listener calls")
    }
    test("a parent handler from p(c) to p(d) exits and enters p, and calls no listener of the child") {
        val log = ArrayList<String>()
        door(log).transition(HatchEvent.Slam)
        expectEqual(log, listOf("transition", "exit Closed", "enter Closed"), "listener calls")
    }
    test("a missing definition in the child is reported with the parent's whole state") {
        val log = ArrayList<String>()
        val machine = StateMachine.create<Hatch, HatchEvent, String> {
            initialState(Hatch.Closed(Bolt.Bolted))
            state<Hatch.Closed> {
                child(StateMachine.graph<Bolt, String, String> {
                    initialState(Bolt.Unbolted)
                    state<Bolt.Unbolted> { on("bolt") { transitionTo(Bolt.Bolted) } }
                }, get = { it.lock }, put = { _, lock -> Hatch.Closed(lock) }, events = { "bolt" }, sideEffects = { it })
            }
        }
        val error = expectThrows<IllegalStateException> { machine.transition(HatchEvent.Bolt) }
        expectEqual(error.message, "Missing definition for state Closed(lock=Bolted)", "message")
    }
    test("the history of a child-holding definition is the whole parent state it was left in") {
        val log = ArrayList<String>()
        val machine = StateMachine.create<Hatch, HatchEvent, String> {
            initialState(Hatch.Closed(Bolt.Unbolted))
            val closed = HistoryHolder()
            state<Hatch.Closed> {
                closed.target = child(bolts(log), get = { it.lock }, put = { _, lock -> Hatch.Closed(lock) },
                    events = { if (it == HatchEvent.Bolt) "bolt" else null }, sideEffects = { it })
                on<HatchEvent.Open> { transitionTo(Hatch.Open) }
            }
            state<Hatch.Open> {
                on<HatchEvent.Close> { transitionToHistory(closed.target!!) { Hatch.Closed(Bolt.Unbolted) } }
            }
        }
        machine.transition(HatchEvent.Bolt)
        machine.transition(HatchEvent.Open)
        expectValid(machine.transition(HatchEvent.Close), Hatch.Open, HatchEvent.Close, Hatch.Closed(Bolt.Bolted), null)
        machine.transition(HatchEvent.Open)
        expectInvalid(machine.transition(HatchEvent.Bolt), Hatch.Open, HatchEvent.Bolt)
        machine.transition(HatchEvent.Close)
        expectInvalid(machine.transition(HatchEvent.Bolt), Hatch.Closed(Bolt.Bolted), HatchEvent.Bolt)
    }
    test("a child's error is the parent's: it reaches the caller and changes nothing") {
        val log = ArrayList<String>()
        val machine = door(log, Hatch.Closed(Bolt.Bolted))
        val error = expectThrows<IllegalStateException> { machine.transition(HatchEvent.Jam) }
        expectEqual(error.message, "the bolt is jammed", "message")
        expectEqual(machine.state, Hatch.Closed(Bolt.Bolted), "state")
        expectEqual(log, emptyList<String>(), "listener calls")
    }
}

// --- regions ----------------------------------------------------------------------------------------

private data class Pair2(val left: Int, val right: Int)

private fun counter(name: String, log: MutableList<String>, limit: Int) = StateMachine.graph<Int, String, String> {
    initialState(0)
    state(StateMachine.Matcher.any<Int, Int>()) {
        on("up") { if (this >= limit) throw IllegalStateException("$name overflows") else transitionTo(this + 1, "$name up") }
        on("both") { transitionTo(this + 10, "$name both") }
        on("quiet") { transitionTo(this + 100) }
        onEnter { log += "enter $name $this ($it)" }
        onExit { log += "exit $name $this ($it)" }
    }
}

private fun pair(log: MutableList<String>, leftLimit: Int = 99, rightLimit: Int = 99) = StateMachine.create<Pair2, String, List<String>> {
    initialState(Pair2(0, 0))
    region(counter("left", log, leftLimit), get = { it.left }, put = { p, v -> p.copy(left = v) },
        events = { e -> if (e == "left up") "up" else if (e == "right up") null else e }, sideEffects = { it })
    region(counter("right", log, rightLimit), get = { it.right }, put = { p, v -> p.copy(right = v) },
        events = { e -> if (e == "right up" || e == "all up") "up" else if (e == "left up") null else e }, sideEffects = { it })
    onTransition { log += "transition" }
}

fun regionTests() = group("regions") {
    test("an event goes to every region that takes it; side effects in region order; every exit, the later region's first, then every entry (SCXML)") {
        val log = ArrayList<String>()
        expectValid(pair(log).transition("both"), Pair2(0, 0), "both", Pair2(10, 10), listOf("left both", "right both"))
        expectEqual(log, listOf("transition", "exit right 0 (both)", "exit left 0 (both)", "enter left 10 (both)", "enter right 10 (both)"), "listener calls")
    }
    test("a region that does not take the event stays") {
        val log = ArrayList<String>()
        expectValid(pair(log).transition("right up"), Pair2(0, 0), "right up", Pair2(0, 1), listOf("right up"))
    }
    test("no side effect from any region is an empty list") {
        val log = ArrayList<String>()
        expectValid(pair(log).transition("quiet"), Pair2(0, 0), "quiet", Pair2(100, 100), emptyList<String>())
    }
    test("an event no region takes is invalid") {
        val log = ArrayList<String>()
        expectInvalid(pair(log).transition("nothing"), Pair2(0, 0), "nothing")
    }
    test("when a region fails, no region moves and no listener runs") {
        val log = ArrayList<String>()
        val machine = pair(log, rightLimit = 0)
        val error = expectThrows<IllegalStateException> { machine.transition("all up") }
        expectEqual(error.message, "right overflows", "message")
        expectEqual(machine.state, Pair2(0, 0), "state")
        expectEqual(log, emptyList<String>(), "listener calls")
    }
    test("a product graph is a child of another graph") {
        val log = ArrayList<String>()
        val product = StateMachine.graph<Pair2, String, List<String>> {
            initialState(Pair2(0, 0))
            region(counter("left", log, 9), get = { it.left }, put = { p, v -> p.copy(left = v) }, events = { it }, sideEffects = { it })
            region(counter("right", log, 9), get = { it.right }, put = { p, v -> p.copy(right = v) }, events = { it }, sideEffects = { it })
        }
        val machine = StateMachine.create<Pair2, String, String> {
            initialState(Pair2(0, 0))
            state(StateMachine.Matcher.any<Pair2, Pair2>()) {
                child(product, get = { it }, put = { _, p -> p }, events = { it }, sideEffects = { it.joinToString("+") })
            }
        }
        expectValid(machine.transition("up"), Pair2(0, 0), "up", Pair2(1, 1), "left up+right up")
    }
}

private class HistoryHolder(var target: com.statemachine.spec.HistoryTarget? = null)

fun orthogonalPairTests() = group("the generic orthogonal pair") {
    test("both graphs take every event; the side effect lists theirs") {
        val log = ArrayList<String>()
        val machine = StateMachine.create(StateMachine.orthogonal(counter("a", log, 9), counter("b", log, 9)))
        expectValid(
            machine.transition("both"), OrthogonalState(0, 0), "both", OrthogonalState(10, 10), listOf("a both", "b both")
        )
    }
}

fun compositionErrorTests() = group("composition errors") {
    test("a second child machine in one state definition is refused") {
        val log = ArrayList<String>()
        val error = expectThrows<IllegalStateException> {
            StateMachine.graph<Hatch, HatchEvent, String> {
                initialState(Hatch.Open)
                state<Hatch.Closed> {
                    child(bolts(log), get = { it.lock }, put = { _, lock -> Hatch.Closed(lock) }, events = { null }, sideEffects = { it })
                    child(bolts(log), get = { it.lock }, put = { _, lock -> Hatch.Closed(lock) }, events = { null }, sideEffects = { it })
                }
            }
        }
        expectEqual(error.message, "A state definition has at most one child machine; this one already has one", "message")
    }
}
