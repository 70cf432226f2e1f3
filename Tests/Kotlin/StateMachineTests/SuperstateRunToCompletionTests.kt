package com.statemachine.spec.tests

import com.statemachine.spec.StateMachine
import com.statemachine.spec.always
import com.statemachine.spec.runToCompletion
import com.statemachine.spec.superstate
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import com.statemachine.spec.transitionToHistory

// R38: in a graph that runs to completion, superstates take eventless transitions (after the state's own, innermost
// first) and run raise and post actions where their onEnter and onExit listeners run, the machine's start included.

private sealed class NestState {
    data object A : NestState()
    data object B : NestState()
    data object C : NestState()
    data object D : NestState()
    data object Pass : NestState()
}

private sealed class NestEvent {
    data object Boot : NestEvent()
    data object Go : NestEvent()
    data object Hop : NestEvent()
    data object Entered : NestEvent()
    data object External : NestEvent()
}

/** outer = {A, B, C}, inner = {A, B} inside it; D and Pass are in none. */
private fun nested(log: MutableList<String>, runsToCompletion: Boolean = true) = StateMachine.create<NestState, NestEvent, String> {
    initialState(NestState.A)
    if (runsToCompletion) runToCompletion(initialEvent = NestEvent.Boot)
    onTransition { transition ->
        log += if (transition is StateMachine.Transition.Valid) "${transition.fromState} -${transition.event}-> ${transition.toState}"
        else "${transition.fromState} -${transition.event}-> invalid"
    }
    superstate(NestState.A::class, NestState.B::class, NestState.C::class) {
        onEnterRaise(NestEvent.Entered)
        always(where = { it == NestEvent.Hop }) { transitionTo(NestState.D) }
        superstate(NestState.A::class, NestState.B::class) {
            onExitPost(NestEvent.External)
            always(where = { it == NestEvent.Hop }) { transitionTo(NestState.C) }
        }
    }
    state<NestState.A> {
        on<NestEvent.Go> { transitionTo(NestState.B) }
        on<NestEvent.Entered> { dontTransition() }
    }
    state<NestState.B> {
        on<NestEvent.Hop> { dontTransition() }
        always(where = { it == NestEvent.Hop }) { transitionTo(NestState.A) }
    }
    state<NestState.C> {}
    state<NestState.D> {
        on<NestEvent.External> { transitionTo(NestState.Pass) }
    }
    finalState<NestState.Pass>()
}

internal fun superstateRunToCompletionTests() = group("superstates run to completion (R38)") {
    test("a superstate's raise actions run at the start") {
        val log = ArrayList<String>()
        val machine = nested(log)
        expectEqual(machine.state, NestState.A, "state")
        expectEqual(log, listOf("A -Entered-> A"), "transitions")
    }

    test("the state's own eventless transition comes first, then the innermost superstate's") {
        val log = ArrayList<String>()
        val machine = nested(log)
        machine.transition(NestEvent.Go)
        log.clear()
        expectValid(machine.transition(NestEvent.Hop), NestState.B, NestEvent.Hop, NestState.B, null)
        // B's own always (to A) before inner's and outer's; in A, inner's (to C) before outer's; in C, outer's (to D).
        // Leaving inner posted External, handled once the machine settled.
        expectEqual(log, listOf("B -Hop-> B", "B -Hop-> A", "A -Hop-> C", "C -Hop-> D", "D -External-> Pass"), "transitions")
        expectEqual(machine.state, NestState.Pass, "state")
    }

    test("without runToCompletion a superstate's actions and eventless transitions do not run") {
        val log = ArrayList<String>()
        val machine = nested(log, runsToCompletion = false)
        machine.transition(NestEvent.Go)
        machine.transition(NestEvent.Hop)
        expectEqual(log, listOf("A -Go-> B", "B -Hop-> B"), "transitions")
        expectEqual(machine.state, NestState.B, "state")
    }

    test("an eventless transition returns to the history of a superstate") {
        val log = ArrayList<String>()
        val machine = StateMachine.create<NestState, NestEvent, String> {
            initialState(NestState.C)
            runToCompletion(initialEvent = NestEvent.Boot)
            onTransition { if (it is StateMachine.Transition.Valid) log += "${it.fromState} -${it.event}-> ${it.toState}" }
            val inner = superstate(NestState.A::class, NestState.B::class) {
                on<NestEvent.Hop> { transitionTo(NestState.C) }
            }
            state<NestState.A> { on<NestEvent.Go> { transitionTo(NestState.B) } }
            state<NestState.B> {}
            state<NestState.C> { on<NestEvent.Go> { transitionTo(NestState.D) } }
            state<NestState.D> {
                always { transitionToHistory(inner) { NestState.A } }
            }
        }
        machine.transition(NestEvent.Go)
        expectEqual(machine.state, NestState.A, "the default, never left")
        machine.transition(NestEvent.Go)
        machine.transition(NestEvent.Hop)
        log.clear()
        machine.transition(NestEvent.Go)
        expectEqual(log, listOf("C -Go-> D", "D -Go-> B"), "transitions")
        expectEqual(machine.state, NestState.B, "the state inner was left in")
    }
}

