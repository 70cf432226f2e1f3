package com.statemachine.spec.fixtures

// Run to completion (R32–R34) of the library under test, reached only through the names below. They are the twin's:
// Tinder's Kotlin library has none, so against it this file does not compile (see Sources/Kotlin/README.md).
import com.statemachine.spec.always
import com.statemachine.spec.runToCompletion

/** `runToCompletion(initialEvent = …)` in a table machine's graph. */
fun Builder.runsToCompletion(initialEvent: CaseInstance) = runToCompletion(initialEvent)

/** `always(where = { … }) { … }` in a state definition of a table machine (R33). */
fun StateBuilder.eventlessTransition(
    where: (CaseInstance.(CaseInstance) -> Boolean)?,
    action: CaseInstance.(CaseInstance) -> TransitionTo<CaseInstance, Value>
) = always(where, action)

/** `machine.raise(event)` (R32): queued when a step of the machine runs on this thread. */
fun TableMachine.raiseEvent(event: CaseInstance) {
    raise(event)
}

/** `onEnterRaise(…)` (R36): the state definition's raise actions on entry. */
fun StateBuilder.raiseOnEnter(events: List<CaseInstance>) = onEnterRaise(*events.toTypedArray())

/** `onExitRaise(…)` (R36): the state definition's raise actions on exit. */
fun StateBuilder.raiseOnExit(events: List<CaseInstance>) = onExitRaise(*events.toTypedArray())

/** `onEnterPost(…)` (R37): the state definition's post actions on entry. */
fun StateBuilder.postOnEnter(events: List<CaseInstance>) = onEnterPost(*events.toTypedArray())

/** `onExitPost(…)` (R37): the state definition's post actions on exit. */
fun StateBuilder.postOnExit(events: List<CaseInstance>) = onExitPost(*events.toTypedArray())

/** `runToCompletion(initialEvent = …)` in a composite table machine's graph. */
fun ValueBuilder.runsToCompletion(initialEvent: Value) = runToCompletion(initialEvent)

/** `always(where = { … }) { … }` in a state definition of a composite table machine (R33). */
fun ValueStateBuilder.valueEventlessTransition(
    where: (Value.(Value) -> Boolean)?,
    action: Value.(Value) -> TransitionTo<Value, Value>
) = always(where, action)

/** `onEnterRaise(…)`, `onEnterPost(…)`, `onExitRaise(…)`, `onExitPost(…)` in a state definition of a composite table machine. */
fun ValueStateBuilder.valueRaiseOnEnter(events: List<Value>) = onEnterRaise(*events.toTypedArray())
fun ValueStateBuilder.valuePostOnEnter(events: List<Value>) = onEnterPost(*events.toTypedArray())
fun ValueStateBuilder.valueRaiseOnExit(events: List<Value>) = onExitRaise(*events.toTypedArray())
fun ValueStateBuilder.valuePostOnExit(events: List<Value>) = onExitPost(*events.toTypedArray())

/** `always(where = { … }) { … }` in a superstate (R38). */
fun SuperstateBody.superstateEventlessTransition(
    where: (Value.(Value) -> Boolean)?,
    action: Value.(Value) -> TransitionTo<Value, Value>
) = always(where, action)

/** A superstate's raise and post actions (R38). */
fun SuperstateBody.superstateRaiseOnEnter(events: List<Value>) = onEnterRaise(*events.toTypedArray())
fun SuperstateBody.superstatePostOnEnter(events: List<Value>) = onEnterPost(*events.toTypedArray())
fun SuperstateBody.superstateRaiseOnExit(events: List<Value>) = onExitRaise(*events.toTypedArray())
fun SuperstateBody.superstatePostOnExit(events: List<Value>) = onExitPost(*events.toTypedArray())
