package com.statemachine.spec.tests

import com.statemachine.spec.StateMachine

/**
 * The registry of the tests: each file declares its tests with [group] and [test]; [SpecTests] runs every
 * registered test as a JUnit 4 test of its own, named `group › test`.
 */
object Tests {
    private val registered = ArrayList<Pair<String, () -> Unit>>()
    private var group = ""

    fun group(name: String, body: () -> Unit) {
        group = name
        body()
        group = ""
    }

    fun test(name: String, body: () -> Unit) {
        registered += (if (group.isEmpty()) name else "$group › $name") to body
    }

    /** The tests [register] declares, in order, registered once however often this is called. */
    @Synchronized
    fun all(register: () -> Unit): List<Pair<String, () -> Unit>> {
        if (registered.isEmpty()) register()
        return registered.toList()
    }
}

class TestFailure(message: String) : AssertionError(message)

fun fail(message: String): Nothing = throw TestFailure(message)

fun expectEqual(actual: Any?, expected: Any?, what: String = "value") {
    if (actual != expected) fail("$what:\n- $expected\n+ $actual\n(Expected: -, Actual: +)")
}

fun expectTrue(condition: Boolean, what: String) {
    if (!condition) fail("expected: $what")
}

inline fun <reified T : Throwable> expectThrows(body: () -> Unit): T {
    try {
        body()
    } catch (e: Throwable) {
        if (e is T) return e
        fail("expected ${T::class.java.name}, got ${e.javaClass.name}: ${e.message}")
    }
    fail("expected ${T::class.java.name}, nothing was thrown")
}

/** Transition.Valid's constructor is internal to the library, so results are checked field by field. */
fun <S : Any, E : Any, F : Any> expectValid(
    transition: StateMachine.Transition<S, E, F>,
    from: S,
    event: E,
    to: S,
    sideEffect: F?
) {
    val expected = "Valid($from, $event, $to, $sideEffect)"
    if (transition !is StateMachine.Transition.Valid) fail("expected $expected, got $transition")
    if (transition.fromState != from || transition.event != event || transition.toState != to || transition.sideEffect != sideEffect) {
        fail("transition:\n- $expected\n+ Valid(${transition.fromState}, ${transition.event}, ${transition.toState}, ${transition.sideEffect})\n(Expected: -, Actual: +)")
    }
}

fun <S : Any, E : Any, F : Any> expectInvalid(transition: StateMachine.Transition<S, E, F>, from: S, event: E) {
    val expected = "Invalid($from, $event)"
    if (transition !is StateMachine.Transition.Invalid) fail("expected $expected, got $transition")
    if (transition.fromState != from || transition.event != event) {
        fail("transition:\n- $expected\n+ Invalid(${transition.fromState}, ${transition.event})\n(Expected: -, Actual: +)")
    }
}
