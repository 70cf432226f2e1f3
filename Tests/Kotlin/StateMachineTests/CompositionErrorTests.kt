package com.statemachine.spec.tests

import com.statemachine.spec.DefinitionException
import com.statemachine.spec.StateMachine
import com.statemachine.spec.child
import com.statemachine.spec.on
import com.statemachine.spec.region
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// R25: the composition errors of the typed DSL, all at once, each at the line of the DSL call that declared it.
// The expected messages name lines of this file: keep the layout of the graphs below as it is.

private sealed class Lantern {
    data object Green : Lantern()
    data object Yellow : Lantern()
    data object Red : Lantern()
    data object Off : Lantern()
}

private sealed class Beam {
    data object Next : Beam()
    data object Fail : Beam()
    data object Repair : Beam()
    data object Dim : Beam()
}

private sealed class Dimmer {
    data object Bright : Dimmer()
    data object Dark : Dimmer()
}

private sealed class DimmerEvent {
    data object Dim : DimmerEvent()
    data object Brighten : DimmerEvent()
}

private data class Box(val left: Int, val right: Int)

private val dimmer = StateMachine.graph<Dimmer, DimmerEvent, String> {
    initialState(Dimmer.Bright)
    state<Dimmer.Bright> { on<DimmerEvent.Dim> { transitionTo(Dimmer.Dark) } }
    state<Dimmer.Dark> {}
}

private val dimmerWithAHistory = StateMachine.graph<Dimmer, DimmerEvent, String> {
    initialState(Dimmer.Bright)
    superstate(Dimmer.Bright::class) {}
    state<Dimmer.Bright> {}
}

private fun counting(handles: Boolean) = StateMachine.graph<Int, String, String> {
    initialState(0)
    state(StateMachine.Matcher.any<Int, Int>()) { if (handles) on("up") { transitionTo(this + 1) } }
}

private inline fun definitionError(build: () -> Unit): String = expectThrows<DefinitionException> { build() }.message ?: ""

fun compositionErrorLocationTests() = group("composition errors at the DSL call (R25)") {
    test("overlapping, equal and misplaced superstates are reported together, each at its superstate call") {
        val message = definitionError {
            StateMachine.graph<Lantern, Beam, String> {
                initialState(Lantern.Green)
                superstate(Lantern.Green::class, Lantern.Yellow::class) {
                    superstate(Lantern.Red::class) {}
                }
                superstate(Lantern.Yellow::class, Lantern.Off::class) {}
                superstate(Lantern.Off::class, Lantern.Yellow::class) {}
                superstate(Lantern.Red::class, Lantern.Red::class) {}
            }
        }
        expectEqual(
            message,
            "The state machine definition has 5 problems:\n" +
                "- CompositionErrorTests.kt:66: the superstate \"Red\" is declared inside \"Green, Yellow\", but its state Red is not a state of \"Green, Yellow\": declare it outside, or add Red to \"Green, Yellow\".\n" +
                "- CompositionErrorTests.kt:68: the superstates \"Green, Yellow\" and \"Yellow, Off\" overlap: they share some cases but each has one the other lacks. Make one contain all the cases of the other, or make them disjoint.\n" +
                "- CompositionErrorTests.kt:69: the superstates \"Green, Yellow\" and \"Off, Yellow\" overlap: they share some cases but each has one the other lacks. Make one contain all the cases of the other, or make them disjoint.\n" +
                "- CompositionErrorTests.kt:69: the superstates \"Yellow, Off\" and \"Off, Yellow\" contain the same cases, so which is inside the other is undefined: merge them.\n" +
                "- CompositionErrorTests.kt:70: the superstate \"Red, Red\" names a case twice: name each case once.",
            "message"
        )
    }
    test("a superstate beside one that contains all its cases, an empty one and two of one name are refused") {
        val message = definitionError {
            StateMachine.graph<Lantern, Beam, String> {
                initialState(Lantern.Green)
                superstate(Lantern::class) {}
                superstate(Lantern.Green::class) {}
                superstate("lit", emptyList()) {}
                superstate("lit", listOf(StateMachine.Matcher.any<Lantern, Lantern.Red>())) {}
            }
        }
        expectEqual(
            message,
            "The state machine definition has 3 problems:\n" +
                "- CompositionErrorTests.kt:89: the superstates \"Lantern\" and \"Green\" share cases, and \"Lantern\" contains all the cases of \"Green\": declare \"Green\" inside \"Lantern\"'s block, since superstates declared side by side must be disjoint.\n" +
                "- CompositionErrorTests.kt:90: the superstate \"lit\" contains no state: name the cases it groups.\n" +
                "- CompositionErrorTests.kt:91: two superstates are named \"lit\" (the other at CompositionErrorTests.kt:90): give each its own name.",
            "message"
        )
    }
    test("a history target that is not a superstate or child of the machine is reported at its handler") {
        val foreign = StateMachine.graph<Lantern, Beam, String> {
            initialState(Lantern.Green)
            state<Lantern.Green> {}
        }
        var elsewhere: com.statemachine.spec.HistoryTarget? = null
        StateMachine.graph<Lantern, Beam, String> {
            initialState(Lantern.Green)
            elsewhere = superstate(Lantern.Green::class) {}
            state<Lantern.Green> {}
        }
        val message = definitionError {
            StateMachine.graph<Lantern, Beam, String> {
                initialState(Lantern.Off)
                val lit = superstate(Lantern.Green::class, Lantern.Red::class) {
                    on(any<Beam.Repair>(), toHistoryOf = elsewhere!!) { Lantern.Green }
                }
                state<Lantern.Off> {
                    on(any<Beam.Repair>(), toHistoryOf = lit) { Lantern.Green }
                    on(any<Beam.Next>(), toHistoryOf = elsewhere!!) { Lantern.Green }
                }
                state<Lantern.Yellow> {
                    val dims = child(dimmerWithAHistory, get = { Dimmer.Bright }, put = { _, _ -> Lantern.Yellow }, events = { null }, sideEffects = { it })
                    on(any<Beam.Fail>(), toHistoryOf = dims) { Lantern.Off }
                }
                state<Lantern.Red> {
                    on(any<Beam.Fail>(), toHistoryOf = childOf(foreign)) { Lantern.Off }
                }
            }
        }
        expectEqual(
            message,
            "The state machine definition has 3 problems:\n" +
                "- CompositionErrorTests.kt:122: this handler goes to the history of \"Green\", which is not a superstate of this machine: name one of its superstates.\n" +
                "- CompositionErrorTests.kt:129: this handler goes to the history of a child machine that no state definition of this machine holds: name the handle that `child(…)` returned in one of its state definitions.\n" +
                "- CompositionErrorTests.kt:118: this handler goes to the history of \"Green\", which is not a superstate of this machine: name one of its superstates.",
            "message"
        )
    }
    test("a child's event mapping to an event the child does not handle is reported at the child call") {
        val message = definitionError {
            StateMachine.graph<Lantern, Beam, String> {
                initialState(Lantern.Green)
                state<Lantern.Green> {
                    child(dimmer, get = { Dimmer.Bright }, put = { _, _ -> Lantern.Green }, sideEffects = { it }, events = { event ->
                        when (event) {
                            Beam.Dim -> DimmerEvent.Dim
                            Beam.Next -> DimmerEvent.Brighten
                            else -> null
                        }
                    })
                    on<Beam.Fail> { transitionTo(Lantern.Off) }
                }
                state<Lantern.Off> {}
            }
        }
        expectEqual(
            message,
            "The state machine definition has 1 problem:\n" +
                "- CompositionErrorTests.kt:147: the event Next is mapped to the child event Brighten, which no `on` handler of the child definition handles, so the child never takes it. Handle Brighten in the child, or map Next to null.",
            "message"
        )
    }
    test("another definition that can match a child-holding definition's states is reported at the child call") {
        val message = definitionError {
            StateMachine.graph<Lantern, Beam, String> {
                initialState(Lantern.Green)
                state<Lantern.Red> {
                    child(dimmer, get = { Dimmer.Bright }, put = { _, _ -> Lantern.Red }, events = { null }, sideEffects = { it })
                }
                state(Lantern.Red) {}
            }
        }
        expectEqual(
            message,
            "The state machine definition has 1 problem:\n" +
                "- CompositionErrorTests.kt:171: another state definition (of Red) can match the states of Red, which hold a child machine: the child's states must have one definition. Merge the two blocks.",
            "message"
        )
    }
    test("regions of one name, a region no event reaches and states beside regions are reported at the region calls") {
        val message = definitionError {
            StateMachine.graph<Box, String, List<String>> {
                initialState(Box(0, 0))
                region(counting(handles = false), get = { it.left }, put = { b, v -> b.copy(left = v) }, events = { it }, sideEffects = { it }, name = "left")
                region(counting(handles = true), get = { it.right }, put = { b, v -> b.copy(right = v) }, events = { it }, sideEffects = { it }, name = "left")
                state<Box> {}
            }
        }
        expectEqual(
            message,
            "The state machine definition has 3 problems:\n" +
                "- CompositionErrorTests.kt:187: a product graph has regions instead of states: remove its 1 state definition(s) or its regions.\n" +
                "- CompositionErrorTests.kt:187: no event reaches the region \"left\": its machine has no handler. Add handlers to it, or remove the region.\n" +
                "- CompositionErrorTests.kt:188: two regions are named \"left\": give each region its own name.",
            "message"
        )
    }
}

/** The history target of a child machine held by a definition of another graph. */
private fun childOf(graph: StateMachine.Graph<Lantern, Beam, String>): com.statemachine.spec.HistoryTarget {
    var handle: com.statemachine.spec.HistoryTarget? = null
    StateMachine.graph<Lantern, Beam, String> {
        initialState(Lantern.Green)
        state<Lantern.Green> {
            handle = child(graph, get = { it }, put = { _, lamp -> lamp }, events = { null }, sideEffects = { it })
        }
    }
    return handle!!
}
