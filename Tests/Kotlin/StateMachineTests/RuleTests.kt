package com.statemachine.spec.tests

import com.statemachine.spec.StateMachine
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import java.util.Collections
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

// The rules where this implementation goes beyond (or differs from) Tinder's Kotlin library.

private sealed interface Door {
    data class Locked(val credit: Int) : Door
    data object Open : Door
    data object Closed : Door
}

private sealed interface Input {
    data class Coin(val value: Int) : Input
    data object Push : Input
    data object Kick : Input
}

private class Boom(message: String) : RuntimeException(message)

fun firstMatchTests() = group("first match") {
    test("the first matching state definition is the definition, even without a handler for the event (R5)") {
        val machine = StateMachine.create<Door, Input, String> {
            initialState(Door.Locked(5))
            state(StateMachine.Matcher.any<Door, Door.Locked>().where { credit > 3 }) {
                on<Input.Coin> { transitionTo(Door.Open, "first") }
            }
            state<Door.Locked> {
                on<Input.Coin> { transitionTo(Door.Closed, "second") }
                on<Input.Push> { transitionTo(Door.Closed, "second") }
            }
        }
        expectInvalid(machine.transition(Input.Push), Door.Locked(5), Input.Push)
        expectValid(machine.transition(Input.Coin(1)), Door.Locked(5), Input.Coin(1), Door.Open, "first")
    }
    test("a later definition is used when the earlier ones do not match (R4, R5)") {
        val machine = StateMachine.create<Door, Input, String> {
            initialState(Door.Locked(1))
            state(StateMachine.Matcher.any<Door, Door.Locked>().where { credit > 3 }) {
                on<Input.Coin> { transitionTo(Door.Open, "first") }
            }
            state<Door.Locked> {
                on<Input.Coin> { transitionTo(Door.Locked(credit + it.value), "second") }
            }
        }
        expectValid(machine.transition(Input.Coin(3)), Door.Locked(1), Input.Coin(3), Door.Locked(4), "second")
        expectValid(machine.transition(Input.Coin(3)), Door.Locked(4), Input.Coin(3), Door.Open, "first")
    }
    test("the first matching handler runs (R6)") {
        val machine = StateMachine.create<Door, Input, String> {
            initialState(Door.Closed)
            state(Door.Closed) {
                on(Input.Coin(10)) { transitionTo(Door.Open, "exact") }
                on(any<Input.Coin>().where { value > 5 }) { transitionTo(Door.Open, "predicate") }
                on<Input.Coin> { dontTransition("any coin") }
                on(Input.Coin(1)) { transitionTo(Door.Open, "never") }
            }
        }
        expectValid(machine.transition(Input.Coin(10)), Door.Closed, Input.Coin(10), Door.Open, "exact")
        val fresh = machine.with { initialState(Door.Closed) }
        expectValid(fresh.transition(Input.Coin(7)), Door.Closed, Input.Coin(7), Door.Open, "predicate")
        val again = machine.with { initialState(Door.Closed) }
        expectValid(again.transition(Input.Coin(1)), Door.Closed, Input.Coin(1), Door.Closed, "any coin")
    }
    test("eq matchers compare by equality, any matchers by type") {
        val matcher = StateMachine.Matcher.eq<Door, Door.Locked>(Door.Locked(2))
        expectTrue(matcher.matches(Door.Locked(2)), "Locked(2) matches eq(Locked(2))")
        expectTrue(!matcher.matches(Door.Locked(3)), "Locked(3) does not match eq(Locked(2))")
        expectTrue(!matcher.matches(Door.Open), "Open does not match eq(Locked(2))")
        val any = StateMachine.Matcher.any<Door, Door.Locked>()
        expectTrue(any.matches(Door.Locked(99)), "Locked(99) matches any<Locked>")
        expectTrue(!any.matches(Door.Closed), "Closed does not match any<Locked>")
    }
    test("a predicate is not evaluated for a value of another type") {
        var evaluated = 0
        val matcher = StateMachine.Matcher.any<Door, Door.Locked>().where { evaluated++; true }
        expectTrue(!matcher.matches(Door.Open), "Open does not match")
        expectEqual(evaluated, 0, "predicate evaluations")
    }
}

/** A machine recording its listener calls; Closed and Open are defined, Locked is not. */
private class Recorded {
    val calls = Collections.synchronizedList(ArrayList<String>())
    val machine = StateMachine.create<Door, Input, String> {
        initialState(Door.Closed)
        state<Door.Closed> {
            onEnter { calls += "enter $this by $it" }
            onExit { calls += "exit $this by $it" }
            on<Input.Push> { transitionTo(Door.Open, "opened") }
            on<Input.Kick> { dontTransition("ouch") }
            on<Input.Coin> { if (it.value > 0) transitionTo(Door.Closed) else transitionTo(Door.Locked(0)) }
        }
        state<Door.Open> {
            onEnter { calls += "enter $this by $it" }
            onExit { calls += "exit $this by $it" }
            on<Input.Push> { transitionTo(Door.Closed) }
            on<Input.Kick> { throw Boom("kicked an open door") }
        }
        onTransition { calls += "transition $it" }
    }
}

fun listenerTests() = group("enter and exit") {
    test("dontTransition fires onTransition, onExit and onEnter (R12)") {
        val subject = Recorded()
        val transition = subject.machine.transition(Input.Kick)
        expectValid(transition, Door.Closed, Input.Kick, Door.Closed, "ouch")
        expectEqual(subject.calls, listOf("transition $transition", "exit Closed by Kick", "enter Closed by Kick"), "calls")
    }
    test("a transition to the same state fires onExit and onEnter (R12)") {
        val subject = Recorded()
        val transition = subject.machine.transition(Input.Coin(1))
        expectValid(transition, Door.Closed, Input.Coin(1), Door.Closed, null)
        expectEqual(subject.calls, listOf("transition $transition", "exit Closed by Coin(value=1)", "enter Closed by Coin(value=1)"), "calls")
    }
    test("listeners run after the state changed (R11)") {
        var seen: Door? = null
        lateinit var machine: StateMachine<Door, Input, String>
        machine = StateMachine.create {
            initialState(Door.Closed)
            state<Door.Closed> {
                onExit { seen = machine.state }
                on<Input.Push> { transitionTo(Door.Open) }
            }
        }
        machine.transition(Input.Push)
        expectEqual(seen, Door.Open, "state seen by onExit")
    }
    test("listeners run outside the lock: another thread's transition changes the state meanwhile (R11)") {
        lateinit var machine: StateMachine<Door, Input, String>
        val otherThread = AtomicInteger(0)
        var thread: Thread? = null
        var stateSeenInListener: Door? = null
        machine = StateMachine.create {
            initialState(Door.Closed)
            state<Door.Closed> { on<Input.Push> { transitionTo(Door.Open) } }
            state<Door.Open> {
                onEnter {
                    if (thread == null) {
                        thread = Thread { machine.transition(Input.Push); otherThread.set(1) }.also { it.start() }
                        // The other thread's state change does not wait for this listener (only its own
                        // listeners do, R11): poll for it, without waiting for its transition to return.
                        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5)
                        while (machine.state != Door.Closed && System.nanoTime() < deadline) Thread.sleep(1)
                        stateSeenInListener = machine.state
                    }
                }
                on<Input.Push> { transitionTo(Door.Closed) }
            }
        }
        machine.transition(Input.Push)
        thread!!.join(5000)
        expectEqual(stateSeenInListener, Door.Closed, "state seen in the listener after the other thread's change")
        expectEqual(otherThread.get(), 1, "other thread finished")
        expectEqual(machine.state, Door.Closed, "state")
    }
    test("a handler's exception reaches the caller; state unchanged; no listener call (R15)") {
        val subject = Recorded()
        subject.machine.transition(Input.Push)
        subject.calls.clear()
        val error = expectThrows<Boom> { subject.machine.transition(Input.Kick) }
        expectEqual(error.message, "kicked an open door", "message")
        expectEqual(subject.machine.state, Door.Open, "state")
        expectEqual(subject.calls, emptyList<String>(), "calls")
    }
    test("a predicate's exception reaches the caller; state unchanged; no listener call (R15)") {
        val calls = ArrayList<String>()
        val machine = StateMachine.create<Door, Input, String> {
            initialState(Door.Closed)
            state(StateMachine.Matcher.any<Door, Door.Closed>().where { throw Boom("predicate") }) {
                on<Input.Push> { transitionTo(Door.Open) }
            }
            onTransition { calls += "$it" }
        }
        expectThrows<Boom> { machine.transition(Input.Push) }
        expectEqual(machine.state, Door.Closed, "state")
        expectEqual(calls, emptyList<String>(), "calls")
    }
    test("entering a state without definition: exit fires, no enter; the next event throws (R13)") {
        val subject = Recorded()
        val transition = subject.machine.transition(Input.Coin(0))
        expectValid(transition, Door.Closed, Input.Coin(0), Door.Locked(0), null)
        expectEqual(subject.calls, listOf("transition $transition", "exit Closed by Coin(value=0)"), "calls")
        subject.calls.clear()
        val error = expectThrows<IllegalStateException> { subject.machine.transition(Input.Push) }
        expectEqual(error.message, "Missing definition for state Locked(credit=0)", "message")
        expectEqual(subject.calls, emptyList<String>(), "calls")
    }
}

fun withTests() = group("with") {
    test("starts in the current state, old definitions first, new ones after (R14)") {
        val original = Recorded()
        original.machine.transition(Input.Push)
        val extended = original.machine.with {
            state<Door.Open> { on<Input.Coin> { transitionTo(Door.Closed, "ignored: Open is already defined") } }
            state<Door.Locked> { on<Input.Push> { transitionTo(Door.Open, "unlocked") } }
        }
        expectEqual(extended.state, Door.Open, "state of the new machine")
        expectInvalid(extended.transition(Input.Coin(5)), Door.Open, Input.Coin(5))
        val locked = extended.with { initialState(Door.Locked(3)) }
        expectValid(locked.transition(Input.Push), Door.Locked(3), Input.Push, Door.Open, "unlocked")
    }
    test("onTransition listeners carry over; the old machine is unaffected") {
        val original = Recorded()
        val extended = original.machine.with { }
        val transition = extended.transition(Input.Push)
        expectEqual(extended.state, Door.Open, "new machine's state")
        expectEqual(original.machine.state, Door.Closed, "old machine's state")
        expectEqual(original.calls, listOf("transition $transition", "exit Closed by Push", "enter Open by Push"), "calls")
    }
    test("with { initialState(x) } starts in x") {
        val machine = Recorded().machine.with { initialState(Door.Open) }
        expectEqual(machine.state, Door.Open, "state")
    }
}

fun recursionTests() = group("recursion") {
    test("transition from onEnter throws RecursionDetectedException; the outer transition completes (R16)") {
        lateinit var machine: StateMachine<Door, Input, String>
        val calls = ArrayList<String>()
        machine = StateMachine.create {
            initialState(Door.Closed)
            state<Door.Closed> { on<Input.Push> { transitionTo(Door.Open) } }
            state<Door.Open> {
                onEnter {
                    try {
                        machine.transition(Input.Push)
                        calls += "inner transition ran"
                    } catch (e: StateMachine.RecursionDetectedException) {
                        calls += "recursion detected in state ${machine.state}"
                    }
                }
                on<Input.Push> { transitionTo(Door.Closed) }
            }
            onTransition { calls += "transition $it" }
        }
        val transition = machine.transition(Input.Push)
        expectValid(transition, Door.Closed, Input.Push, Door.Open, null)
        expectEqual(calls, listOf("transition $transition", "recursion detected in state Open"), "calls")
        expectEqual(machine.state, Door.Open, "state")
        // The machine keeps working afterwards.
        expectValid(machine.transition(Input.Push), Door.Open, Input.Push, Door.Closed, null)
    }
    test("transition from onTransition and onExit is detected too") {
        lateinit var machine: StateMachine<Door, Input, String>
        val detected = ArrayList<String>()
        fun attempt(where: String) = try {
            machine.transition(Input.Kick)
        } catch (e: StateMachine.RecursionDetectedException) {
            detected += where
        }
        machine = StateMachine.create {
            initialState(Door.Closed)
            state<Door.Closed> {
                onExit { attempt("onExit") }
                on<Input.Push> { transitionTo(Door.Open) }
            }
            state<Door.Open> { on<Input.Kick> { transitionTo(Door.Closed) } }
            onTransition { attempt("onTransition") }
        }
        machine.transition(Input.Push)
        expectEqual(detected, listOf("onTransition", "onExit"), "detections")
        expectEqual(machine.state, Door.Open, "state")
    }
    test("transition from a handler: detected; uncaught it fails the outer transition, state unchanged") {
        lateinit var machine: StateMachine<Door, Input, String>
        machine = StateMachine.create {
            initialState(Door.Closed)
            state<Door.Closed> {
                on<Input.Push> {
                    machine.transition(Input.Kick)
                    transitionTo(Door.Open)
                }
                on<Input.Kick> {
                    val inner = try {
                        machine.transition(Input.Push)
                        "ran"
                    } catch (e: StateMachine.RecursionDetectedException) {
                        "detected"
                    }
                    dontTransition(inner)
                }
            }
        }
        expectThrows<StateMachine.RecursionDetectedException> { machine.transition(Input.Push) }
        expectEqual(machine.state, Door.Closed, "state")
        expectValid(machine.transition(Input.Kick), Door.Closed, Input.Kick, Door.Closed, "detected")
    }
    test("a listener may drive another machine, and the same machine from another thread") {
        val other = Recorded().machine
        lateinit var machine: StateMachine<Door, Input, String>
        var fromOtherThread: Any? = null
        var otherThreadRef: Thread? = null
        machine = StateMachine.create {
            initialState(Door.Closed)
            state<Door.Closed> {
                onExit {
                    other.transition(Input.Push)
                    val thread = Thread {
                        fromOtherThread = try {
                            machine.transition(Input.Push)
                        } catch (e: Throwable) {
                            e
                        }
                    }
                    thread.start()
                    otherThreadRef = thread
                    // Waiting for its transition to return would deadlock (R16): its listeners wait for this one.
                }
                on<Input.Push> { transitionTo(Door.Open) }
            }
            state<Door.Open> { on<Input.Push> { transitionTo(Door.Closed) } }
        }
        machine.transition(Input.Push)
        otherThreadRef!!.join(5000)
        expectEqual(other.state, Door.Open, "other machine's state")
        expectTrue(fromOtherThread is StateMachine.Transition.Valid<*, *, *>, "the other thread's transition is valid, got $fromOtherThread")
        expectEqual(machine.state, Door.Closed, "state")
    }
}

private data class Count(val value: Int)

fun threadSafetyTests() = group("thread safety") {
    test("concurrent transitions are serialized: none lost, each listener call once") {
        val threads = 8
        val perThread = 5000
        val notified = AtomicInteger()
        val fromValues = ConcurrentHashMap.newKeySet<Int>()
        val broken = AtomicInteger()
        val machine = StateMachine.create<Count, Int, Int> {
            initialState(Count(0))
            state<Count> {
                on<Int> { step -> transitionTo(Count(value + step), value) }
                onEnter { if (value <= 0) broken.incrementAndGet() }
            }
            onTransition { transition ->
                notified.incrementAndGet()
                val valid = transition as StateMachine.Transition.Valid
                if (valid.toState.value != valid.fromState.value + 1) broken.incrementAndGet()
                if (!fromValues.add(valid.fromState.value)) broken.incrementAndGet()
            }
        }
        val start = CountDownLatch(1)
        val workers = List(threads) {
            Thread {
                start.await()
                repeat(perThread) { machine.transition(1) }
            }
        }
        workers.forEach { it.start() }
        start.countDown()
        workers.forEach { it.join(TimeUnit.SECONDS.toMillis(60)) }
        expectEqual(machine.state, Count(threads * perThread), "final state")
        expectEqual(notified.get(), threads * perThread, "onTransition calls")
        expectEqual(fromValues.size, threads * perThread, "distinct from-states")
        expectEqual(broken.get(), 0, "inconsistent transitions")
    }

    test("listeners see the transitions of concurrent senders in the order the state changed (R11)") {
        val threads = 8
        val perThread = 5000
        val seen = ArrayList<Int>()
        val exits = ArrayList<Int>()
        val machine = StateMachine.create<Count, Int, Int> {
            initialState(Count(0))
            state<Count> {
                on<Int> { step -> transitionTo(Count(value + step)) }
                onExit { exits += value }
            }
            // Not synchronized on purpose: R11 runs one transition's listeners at a time.
            onTransition { seen += (it as StateMachine.Transition.Valid).toState.value }
        }
        val start = CountDownLatch(1)
        val workers = List(threads) {
            Thread {
                start.await()
                repeat(perThread) { machine.transition(1) }
            }
        }
        workers.forEach { it.start() }
        start.countDown()
        workers.forEach { it.join(TimeUnit.SECONDS.toMillis(60)) }
        val total = threads * perThread
        expectEqual(seen.size, total, "onTransition calls")
        expectEqual(seen.withIndex().firstOrNull { (i, v) -> v != i + 1 }, null, "first onTransition call out of order")
        expectEqual(exits.size, total, "onExit calls")
        expectEqual(exits.withIndex().firstOrNull { (i, v) -> v != i }, null, "first onExit call out of order")
    }
}

/** Registers every group of tests, in the order they run ([SpecTests] runs them under JUnit). */
fun registerAllTests() {
    matterTests()
    turnstileTests()
    objectStateTests()
    constantStateTests()
    firstMatchTests()
    listenerTests()
    withTests()
    recursionTests()
    threadSafetyTests()
    traceTests()
    canonicalJsonTests()
    traceComparisonTests()
    valueMappingTests()
    payloadValueTests()
    checkerTests()
    recorderTests()
    modernKotlinTests()
    timerTests()
    manualClockTests()
    timerFailureTests()
    compositeTimerTests()
    levelTimerTests()
    classMatchingTests()
    superstateTests()
    historyTests()
    historyKindTests()
    childMachineTests()
    regionTests()
    orthogonalPairTests()
    compositionErrorTests()
    compositionErrorLocationTests()
    nestedSnapshotTests()
    seedStatechartTests()
    compositeFixtureTests()
    fieldTypeFixtureTests()
    snapshotTests()
    finalStateTests()
    runToCompletionTests()
    superstateRunToCompletionTests()
    stayTests()
    listenerErrorTests()
}
