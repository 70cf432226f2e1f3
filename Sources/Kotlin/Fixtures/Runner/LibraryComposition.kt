package com.statemachine.spec.fixtures

// The statechart part of the library under test (superstates, child machines, regions, history), imported
// here only, as Library.kt imports the rest: the composite runner (CompositeSession.kt) reaches the library
// through the names below and those of Library.kt.
import com.statemachine.spec.ChildLevel
import com.statemachine.spec.HistoryKind
import com.statemachine.spec.HistoryLevel
import com.statemachine.spec.HistoryTarget
import com.statemachine.spec.NestedHistory
import com.statemachine.spec.Snapshot
import com.statemachine.spec.StateMachine
import com.statemachine.spec.SuperstateBuilder
import com.statemachine.spec.child
import com.statemachine.spec.onDone
import com.statemachine.spec.region
import com.statemachine.spec.superstate
import com.statemachine.spec.transitionToHistory

/**
 * The builders of a composite table machine. Its states and events are the fixture's values themselves, matched
 * with `where` predicates: Tinder's API has no statecharts, so the class-based case matching of flat table
 * machines (`CaseClasses.kt`) buys nothing here.
 */
typealias ValueBuilder = GraphBuilder<Value, Value, Value>
/** The state definition builder of a composite table machine (an inner class cannot be named through a type alias). */
typealias ValueStateBuilder = StateMachine.GraphBuilder<Value, Value, Value>.StateDefinitionBuilder<Value>

/** `StateMachine.Matcher.any` for a value of a composite table machine. */
fun anyValue(): MachineMatcher<Value, Value> = StateMachine.Matcher.any(Value::class.java)

/** A superstate or a child-holding definition, as the target of a history transition. */
typealias ChartHistoryTarget = HistoryTarget

/** A child machine or a region, as a level of history in a snapshot. */
typealias ChartHistoryLevel = HistoryLevel

/** The history inside a child machine or a region, in a snapshot. */
typealias ChartNestedHistory = NestedHistory

/** The body of a superstate of a table machine. */
typealias SuperstateBody = SuperstateBuilder<Value, Value, Value, Value>

/** `StateMachine.graph`: a graph without a machine, for a child machine or a region. */
fun tableGraph(init: ValueBuilder.() -> Unit): StateMachine.Graph<Value, Value, Value> = StateMachine.graph(init)

/** `superstate(name, matchers) { }` at the top of a graph. */
fun ValueBuilder.tableSuperstate(
    name: String, matchers: List<MachineMatcher<Value, Value>>, initial: Value?, init: SuperstateBody.() -> Unit
): ChartHistoryTarget = superstate(name, matchers, initial, init)

/** `superstate(name, matchers, initial) { }` inside a superstate. */
fun SuperstateBody.tableInnerSuperstate(
    name: String, matchers: List<MachineMatcher<Value, Value>>, initial: Value?, init: SuperstateBody.() -> Unit
): ChartHistoryTarget = superstate(name, matchers, initial, init)

/** `on(matcher, reenter) { }` in a superstate (R29). */
fun SuperstateBody.tableOn(matcher: MachineMatcher<Value, Value>, reenter: Boolean, handle: Value.(Value) -> TransitionTo<Value, Value>) =
    on(matcher, reenter, handle)

/** `transitionToHistory(target, history = …) { default }` in a superstate's handler. */
fun SuperstateBody.tableSuperstateHistory(state: Value, target: ChartHistoryTarget, shallow: Boolean, default: () -> Value): TransitionTo<Value, Value> =
    with(state) { transitionToHistory(target, null, if (shallow) HistoryKind.SHALLOW else HistoryKind.DEEP, default) }

/** `child(…)` in a state definition. */
fun ValueStateBuilder.tableChild(
    graph: StateMachine.Graph<Value, Value, Value>,
    get: (Value) -> Value,
    put: (Value, Value) -> Value,
    events: (Value) -> Value?,
    sideEffects: (Value) -> Value?,
    timerEvents: (Value) -> Value?
): ChildLevel = child(graph, get, put, events, sideEffects, timerEvents)

/** `onDone { }` in a state definition that holds a child (R27). */
fun ValueStateBuilder.tableOnDone(handler: Value.(Value) -> TransitionTo<Value, Value>) = onDone(handler)

/**
 * `machine.restoring(Snapshot(state, history, nested))`: a new machine of [this] machine's graph restored with its
 * history, and the history inside its children and regions (R17, R24).
 */
fun <S : Any, E : Any> Machine<S, E, *>.restoringSnapshot(
    state: S,
    history: Map<ChartHistoryTarget, S>,
    nested: Map<ChartHistoryLevel, ChartNestedHistory> = emptyMap()
): Machine<S, E, *> = restoring(Snapshot(state, history, nested))

/** `transitionToHistory(target) { default }` in a state definition's handler (the side effect is added by the caller). */
fun ValueStateBuilder.tableHistory(target: ChartHistoryTarget, shallow: Boolean, default: () -> Value): TransitionTo<Value, Value> =
    transitionToHistory(target, null, if (shallow) HistoryKind.SHALLOW else HistoryKind.DEEP, default)

/** `region(…)` in a product graph: the region takes the product's events, and its timers send them as they are (R28.4). */
fun GraphBuilder<Value, Value, List<Value>>.tableRegion(
    graph: StateMachine.Graph<Value, Value, Value>,
    name: String,
    get: (Value) -> Value,
    put: (Value, Value) -> Value
): ChartHistoryLevel = region(graph, get, put, events = { it }, sideEffects = { it }, name = name, timerEvents = { it })
