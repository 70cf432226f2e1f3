package com.statemachine.spec.tests

import com.statemachine.spec.ChildLevel
import com.statemachine.spec.HistoryLevel
import com.statemachine.spec.HistoryTarget
import com.statemachine.spec.NestedHistory
import com.statemachine.spec.Snapshot
import com.statemachine.spec.SnapshotException
import com.statemachine.spec.StateMachine
import com.statemachine.spec.child
import com.statemachine.spec.region
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import com.statemachine.spec.transitionToHistory

// R17 with R24: the history inside child machines and regions is part of a snapshot, and restored with it.

private sealed class Source {
    data object Radio : Source()
    data object Cd : Source()
    data object Menu : Source()
}

private sealed class Radio {
    data class On(val source: Source) : Radio()
    data object Off : Radio()
}

/** Media = {Radio, Cd}; Menu goes back to the history of media (default Radio). */
private class Sources {
    lateinit var media: HistoryTarget
    val graph = StateMachine.graph<Source, String, String> {
        initialState(Source.Menu)
        media = superstate(Source.Radio::class, Source.Cd::class) {
            on("menu") { transitionTo(Source.Menu) }
        }
        state<Source.Radio> { on("next") { transitionTo(Source.Cd) } }
        state<Source.Cd> { on("next") { transitionTo(Source.Radio) } }
        state<Source.Menu> { on("back") { transitionToHistory(media) { Source.Radio } } }
    }
}

/** On holds the sources (a child machine); Off powers on to the history of On (default On(Menu)). */
private class Radios(val sources: Sources = Sources()) {
    lateinit var on: ChildLevel
    val graph = StateMachine.graph<Radio, String, String> {
        initialState(Radio.On(Source.Menu))
        state<Radio.On> {
            on = child(sources.graph, get = { it.source }, put = { _, source -> Radio.On(source) }, events = { it }, sideEffects = { it })
            on("powerOff") { transitionTo(Radio.Off) }
        }
        state<Radio.Off> { on("powerOn") { transitionToHistory(on) { Radio.On(Source.Menu) } } }
    }
}

private data class Desk(val left: Source, val right: Source)

/** Two regions running the sources, "left" taking events prefixed with `l-`, "right" those with `r-`. */
private class Desks(val sources: Sources = Sources()) {
    lateinit var left: HistoryLevel
    val graph = StateMachine.graph<Desk, String, List<String>> {
        initialState(Desk(Source.Menu, Source.Menu))
        left = region(sources.graph, get = { it.left }, put = { d, s -> d.copy(left = s) },
            events = { if (it.startsWith("l-")) it.removePrefix("l-") else null }, sideEffects = { it }, name = "left")
        region(sources.graph, get = { it.right }, put = { d, s -> d.copy(right = s) },
            events = { if (it.startsWith("r-")) it.removePrefix("r-") else null }, sideEffects = { it }, name = "right")
    }
}

fun nestedSnapshotTests() = group("the history inside children and regions in a snapshot (R17, R24)") {
    test("a child's superstate history is in the snapshot, by the child's level") {
        val radios = Radios()
        val machine = StateMachine.create(radios.graph)
        machine.transition("back")   // Menu -> Radio
        machine.transition("next")   // Radio -> Cd
        machine.transition("menu")   // Cd -> Menu: the child leaves media in Cd
        expectEqual(
            machine.snapshot(),
            Snapshot(Radio.On(Source.Menu), emptyMap(), mapOf(radios.on to NestedHistory(mapOf(radios.sources.media to Source.Cd)))),
            "snapshot"
        )
    }
    test("a restored child's history target leads to the saved inner state") {
        val radios = Radios()
        val machine = StateMachine.create(radios.graph)
        machine.transition("back")
        machine.transition("next")
        machine.transition("menu")
        val restored = StateMachine.create(radios.graph, restoring = machine.snapshot())
        expectEqual(restored.transition("back").let { (it as StateMachine.Transition.Valid).toState }, Radio.On(Source.Cd), "to-state")
    }
    test("a snapshot without the nested history leads the child's target to its default") {
        val radios = Radios()
        val restored = StateMachine.create(radios.graph, restoring = Snapshot(Radio.On(Source.Menu)))
        expectEqual(restored.transition("back").let { (it as StateMachine.Transition.Valid).toState }, Radio.On(Source.Radio), "to-state")
    }
    test("a region's history is in the snapshot and restored, apart from the other region's") {
        val desks = Desks()
        val machine = StateMachine.create(desks.graph)
        for (event in listOf("l-back", "l-next", "l-menu", "r-back", "r-menu")) machine.transition(event)
        val snapshot = machine.snapshot()
        expectEqual(snapshot.nested[desks.left], NestedHistory(mapOf(desks.sources.media to Source.Cd)), "left region's history")
        val restored = StateMachine.create(desks.graph, restoring = snapshot)
        restored.transition("l-back")
        restored.transition("r-back")
        expectEqual(restored.state, Desk(Source.Cd, Source.Radio), "state after both regions go back")
    }
    test("a nested history for a level the graph does not have is refused, naming it") {
        val radios = Radios()
        val other = Radios()
        other.graph // builds the other graph's child
        val error = expectThrows<SnapshotException> {
            StateMachine.create(
                radios.graph,
                restoring = Snapshot(Radio.Off, emptyMap(), mapOf(
                    other.on to NestedHistory(mapOf(other.sources.media to Source.Cd)),
                    radios.on to NestedHistory(mapOf(other.sources.media to Source.Cd))
                ))
            )
        }
        expectEqual(
            error.message,
            "The snapshot has 2 history entries that do not fit the graph:\n" +
                "- The child machine of On is not in the graph.\n" +
                "- In the child machine of On: The superstate Radio, Cd is not in the graph.\n" +
                "Restore the snapshot's state alone to start without history.",
            "message"
        )
    }
}
