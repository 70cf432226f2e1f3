package com.statemachine.spec.fixtures

// Delayed events (R18) of the library under test, reached only through the names below. They are the twin's:
// Tinder's Kotlin library has no timers, so against it this file does not compile (see Sources/Kotlin/README.md).
import com.statemachine.spec.ManualClock
import com.statemachine.spec.StateMachine
import kotlin.time.Duration.Companion.milliseconds

/** The manual clock of a table machine. */
typealias FixtureClock = ManualClock

/** `StateMachine.create(clock) { … }`: a machine whose delayed events [clock] measures. */
fun <S : Any, E : Any, F : Any> createMachine(clock: FixtureClock, init: GraphBuilder<S, E, F>.() -> Unit): Machine<S, E, F> =
    StateMachine.create(clock, init)

/** `after(delay, send = event)` in a state definition of a table machine. */
fun StateBuilder.afterMillis(milliseconds: Long, event: CaseInstance) = after(milliseconds.milliseconds, event)

/** Moves the clock forward, firing the timers due. */
fun FixtureClock.advanceMillis(milliseconds: Long) = advanceBy(milliseconds.milliseconds)

/** Cancels a replaced machine's timers: the twin's machines are closed, not deinitialized (R18). */
fun closeMachine(machine: Machine<*, *, *>) = machine.close()

/**
 * `onTransitionFailure { … }`: [listener] gets the state and the exception of every failed transition, the only
 * way a fired timer's failure is seen (R15, R18).
 */
fun <S : Any, E : Any, F : Any> GraphBuilder<S, E, F>.onFailure(listener: (S, Exception) -> Unit) =
    onTransitionFailure { failure -> listener(failure.fromState, failure.error) }

/** `after(delay, send = event)` in a state definition of a composite table machine (R18). */
fun ValueStateBuilder.valueAfterMillis(milliseconds: Long, event: Value) = after(milliseconds.milliseconds, event)

/** `after(delay, send = event)` in a superstate of a composite table machine (R28). */
fun SuperstateBody.superstateAfterMillis(milliseconds: Long, event: Value) = after(milliseconds.milliseconds, event)
