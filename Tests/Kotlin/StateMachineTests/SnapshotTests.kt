package com.statemachine.spec.tests

import com.statemachine.spec.HistoryTarget
import com.statemachine.spec.Snapshot
import com.statemachine.spec.SnapshotException
import com.statemachine.spec.StateMachine
import com.statemachine.spec.child
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import com.statemachine.spec.transitionToHistory

// R17 with R24: a snapshot holds the state and the history; restoring it restores both.

private sealed class Wicket {
    data object Open : Wicket()
    data object Closed : Wicket()
    data object Locked : Wicket()
    data object Broken : Wicket()
}

private sealed class WicketEvent {
    data object Close : WicketEvent()
    data object Lock : WicketEvent()
    data object Fail : WicketEvent()
    data object Repair : WicketEvent()
}

/** A graph with its history targets: "working" = {Open, Closed, Locked}; Broken repairs to its history. */
private class Wickets(log: MutableList<String>) {
    lateinit var working: HistoryTarget
    val graph = StateMachine.graph<Wicket, WicketEvent, String> {
        initialState(Wicket.Open)
        working = superstate(Wicket.Open::class, Wicket.Closed::class, Wicket.Locked::class) {
            on<WicketEvent.Fail> { transitionTo(Wicket.Broken, "alarm") }
            onEnter { log += "enter working" }
        }
        state<Wicket.Open> { on<WicketEvent.Close> { transitionTo(Wicket.Closed) } }
        state<Wicket.Closed> { on<WicketEvent.Lock> { transitionTo(Wicket.Locked) } }
        state<Wicket.Locked> { onEnter { log += "enter Locked" } }
        state<Wicket.Broken> {
            on<WicketEvent.Repair> { transitionToHistory(working) { Wicket.Open } }
            onEnter { log += "enter Broken" }
        }
        onTransition { log += "transition" }
    }
}

private sealed class Knob {
    data object Off : Knob()
    data object On : Knob()
}

private sealed class Sconce {
    data class Lit(val knob: Knob) : Sconce()
    data object Dark : Sconce()
}

private val knobGraph: StateMachine.Graph<Knob, String, String> = StateMachine.graph {
    initialState(Knob.Off)
    state<Knob.Off> { on("toggle") { transitionTo(Knob.On) } }
    state<Knob.On> { on("toggle") { transitionTo(Knob.Off) } }
}

/** Lit holds a knob (a child machine); Dark goes back to the knob as it was left. */
private class Sconces {
    lateinit var lit: HistoryTarget
    val graph: StateMachine.Graph<Sconce, String, String> = StateMachine.graph {
        initialState(Sconce.Lit(Knob.Off))
        state<Sconce.Lit> {
            lit = child(
                knobGraph, get = { it.knob }, put = { _, knob -> Sconce.Lit(knob) },
                events = { event: String -> if (event == "flip") "toggle" else null }, sideEffects = { effect: String -> effect }
            )
            on("leave") { transitionTo(Sconce.Dark) }
        }
        state<Sconce.Dark> { on("enter") { transitionToHistory(lit) { Sconce.Lit(Knob.Off) } } }
    }
}

private sealed class Label {
    data class Named(val text: String) : Label()
    data object Plain : Label()
}

/** "plain" = {Plain}; a Named state is outside it. */
private class Labels {
    lateinit var plain: HistoryTarget
    val graph = StateMachine.graph<Label, String, String> {
        initialState(Label.Plain)
        plain = superstate(Label.Plain::class) { }
        state<Label.Plain> { on("name") { transitionTo(Label.Named("x")) } }
        state<Label.Named> { on("clear") { transitionTo(Label.Plain) } }
    }
}

fun snapshotTests() = group("snapshots") {
    test("a long state in a snapshot problem is cut after 100 scalars (R17)") {
        val labels = Labels()
        val error = expectThrows<SnapshotException> {
            StateMachine.create(labels.graph, restoring = Snapshot<Label>(Label.Plain, mapOf(labels.plain to Label.Named("a".repeat(1_000_000)))))
        }
        expectEqual(error.message, """
            The snapshot has 1 history entry that does not fit the graph:
            - The history of the superstate Plain is Named(text=${"a".repeat(89)}… (999912 more), a state outside it.
            Restore the snapshot's state alone to start without history.
        """.trimIndent(), "message")
    }
    test("a snapshot error lists at most 10 problems, then counts the rest (R17)") {
        val labels = Labels()
        val history = (0 until 100_000).associate { (object : HistoryTarget {}) as HistoryTarget to (Label.Named("n$it") as Label) }
        val error = expectThrows<SnapshotException> {
            StateMachine.create(labels.graph, restoring = Snapshot(Label.Plain, history))
        }
        expectEqual(error.problems.size, 100_000, "problems")
        val listed = (0 until 10).map { "- The child history Named(text=n$it) is for a child machine that is not in the graph." }
        expectEqual(error.message, (listOf("The snapshot has 100000 history entries that do not fit the graph:") + listed
            + "- and 99990 more." + "Restore the snapshot's state alone to start without history.").joinToString("\n"), "message")
    }
    test("the snapshot holds the state and the history of the superstates left (R17, R24)") {
        val wickets = Wickets(ArrayList())
        val machine = StateMachine.create(wickets.graph)
        expectEqual(machine.snapshot(), Snapshot<Wicket>(Wicket.Open), "snapshot at the start")
        machine.transition(WicketEvent.Close)
        machine.transition(WicketEvent.Lock)
        machine.transition(WicketEvent.Fail)
        expectEqual(machine.snapshot(), Snapshot<Wicket>(Wicket.Broken, mapOf(wickets.working to Wicket.Locked)), "snapshot")
    }
    test("restoring a snapshot restores the history and calls no listener (R17, R24)") {
        val log = ArrayList<String>()
        val wickets = Wickets(log)
        val snapshot = Snapshot<Wicket>(Wicket.Broken, mapOf(wickets.working to Wicket.Locked))
        val restored = StateMachine.create(wickets.graph, restoring = snapshot)
        expectEqual(restored.state, Wicket.Broken, "restored state")
        expectEqual(restored.snapshot(), snapshot, "restored snapshot")
        expectEqual(log, emptyList<String>(), "listener calls")
        expectValid(restored.transition(WicketEvent.Repair), Wicket.Broken, WicketEvent.Repair, Wicket.Locked, null)
    }
    test("restoring a bare state starts with no history (R17)") {
        val wickets = Wickets(ArrayList())
        val restored = StateMachine.create(wickets.graph).with { initialState(Wicket.Broken) }
        expectEqual(restored.snapshot(), Snapshot<Wicket>(Wicket.Broken), "snapshot")
        expectValid(restored.transition(WicketEvent.Repair), Wicket.Broken, WicketEvent.Repair, Wicket.Open, null)
    }
    test("a child machine's history is restored: the parent returns to the saved inner state (R24)") {
        val sconces = Sconces()
        val machine = StateMachine.create(sconces.graph)
        machine.transition("flip")
        machine.transition("leave")
        val snapshot = machine.snapshot()
        expectEqual(snapshot, Snapshot<Sconce>(Sconce.Dark, mapOf(sconces.lit to Sconce.Lit(Knob.On))), "snapshot")
        val restored = StateMachine.create(sconces.graph, restoring = snapshot)
        expectValid(restored.transition("enter"), Sconce.Dark, "enter", Sconce.Lit(Knob.On), null)
    }
    test("machine.restoring(snapshot) is create(graph, restoring = snapshot) for the machine's graph (R17, R24)") {
        val wickets = Wickets(ArrayList())
        val machine = StateMachine.create(wickets.graph)
        val restored = machine.restoring(Snapshot<Wicket>(Wicket.Broken, mapOf(wickets.working to Wicket.Closed)))
        expectEqual(machine.state, Wicket.Open, "the old machine's state")
        expectValid(restored.transition(WicketEvent.Repair), Wicket.Broken, WicketEvent.Repair, Wicket.Closed, null)
    }
    test("a history that does not fit the graph is an error naming every entry") {
        val wickets = Wickets(ArrayList())
        val other = Wickets(ArrayList())
        val sconces = Sconces()
        val error = expectThrows<SnapshotException> {
            @Suppress("UNCHECKED_CAST")
            StateMachine.create(wickets.graph, restoring = Snapshot<Wicket>(Wicket.Broken, mapOf(
                other.working to Wicket.Locked, wickets.working to Wicket.Broken, sconces.lit as HistoryTarget to Wicket.Open
            )))
        }
        expectEqual(error.message, """
            The snapshot has 3 history entries that do not fit the graph:
            - The superstate Open, Closed, Locked is not in the graph.
            - The history of the superstate Open, Closed, Locked is Broken, a state outside it.
            - The child history Open is for a child machine that is not in the graph.
            Restore the snapshot's state alone to start without history.
        """.trimIndent(), "message")
    }
}
