package com.statemachine.spec

// Run to completion (rules R32–R35, opt-in): the graph's declaration, the eventless transitions of its state
// definitions, and the DSL that declares them. The machine's macrostep is in StateMachine.kt.

/**
 * What `runToCompletion(initialEvent = …)` declares: the graph's machines queue the events raised with
 * [StateMachine.raise] during a step (R32), take eventless transitions (`always`, R33) and enter their initial
 * state when they are made (R34), with [initialEvent] as the event their listeners see.
 */
class RunToCompletion<out EVENT : Any> internal constructor(val initialEvent: EVENT)

/** An eventless transition of a state definition (`always`, R33): taken when [condition] holds (or is null). */
internal class Eventless<STATE : Any, EVENT : Any, SIDE_EFFECT : Any>(
    val condition: ((STATE, EVENT) -> Boolean)?,
    val action: (STATE, EVENT) -> StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT>
) {
    fun isEnabled(state: STATE, event: EVENT): Boolean = condition?.invoke(state, event) ?: true
}

/**
 * Makes the graph run to completion, as SCXML statecharts do (R32–R34):
 *
 * ```kotlin
 * StateMachine.create<State, Event, SideEffect> {
 *     initialState(State.Idle)
 *     runToCompletion(initialEvent = Event.Start)
 *     state<State.Idle> {
 *         onEnter { machine.raise(Event.Ready) }        // queued, handled after this step
 *         always(where = { isReady() }) { transitionTo(State.Running) }
 *     }
 * }
 * ```
 *
 * A machine of such a graph queues the events sent with [StateMachine.raise] from its own handlers and listeners
 * and handles them in order after the current step, before the call that sent the first event returns; takes the
 * eventless transitions (`always`) of its state after every step until none is enabled, at most
 * [StateMachine.macrostepLimit] steps per call ([StateMachine.LivelockException] beyond); and runs the `onEnter`
 * listeners of its initial state when it is made, superstates first, with [initialEvent] as their event. No handler
 * receives [initialEvent].
 */
fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any> StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.runToCompletion(
    initialEvent: EVENT
) {
    runToCompletion = RunToCompletion(initialEvent)
}

/**
 * An eventless transition (R33), taken after every step of a graph that runs to completion while the machine is in a
 * state of this definition: the first `always` of the definition whose [where] holds (or that has none) is taken, as
 * a valid transition whose event is the event of the step before it. [where] and [action] see the state as their
 * receiver and that event as their argument.
 *
 * ```kotlin
 * state<State.Counting> {
 *     always(where = { count >= 3 }) { transitionTo(State.Done) }
 * }
 * ```
 */
fun <STATE : Any, EVENT : Any, SIDE_EFFECT : Any, S : STATE>
StateMachine.GraphBuilder<STATE, EVENT, SIDE_EFFECT>.StateDefinitionBuilder<S>.always(
    where: (S.(EVENT) -> Boolean)? = null,
    action: S.(EVENT) -> StateMachine.Graph.State.TransitionTo<STATE, SIDE_EFFECT>
) {
    @Suppress("UNCHECKED_CAST")
    val condition: ((STATE, EVENT) -> Boolean)? = where?.let { { state, event -> (state as S).it(event) } }
    @Suppress("UNCHECKED_CAST")
    stateDefinition.eventless += Eventless(condition) { state, event -> (state as S).action(event) }
}
