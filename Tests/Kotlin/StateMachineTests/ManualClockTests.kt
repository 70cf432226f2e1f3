package com.statemachine.spec.tests

import com.statemachine.spec.ManualClock
import com.statemachine.spec.ScheduledTimer
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds

// ManualClock alone, without a machine (R18): earliest deadline first, equal deadlines in the order they were
// scheduled; cancelling; timers scheduled and cancelled while the clock fires; the cost of many timers. The same
// cases as Swift's ManualClockTimerTests.

private fun ManualClock.log(name: String, afterMillis: Long, log: MutableList<String>): ScheduledTimer =
    schedule(afterMillis.milliseconds) { log += name }

/** A deterministic stream of numbers (a linear congruential generator), so that a failure repeats. */
private class Numbers(private var state: Long) {
    fun next(bound: Long): Long {
        state = state * 6_364_136_223_846_793_005L + 1_442_695_040_888_963_407L
        return (state ushr 33) % bound
    }
}

fun manualClockTests() = group("the manual clock (R18)") {
    test("timers due at the same instant fire in the order they were scheduled") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        clock.log("a@20", 20, log); clock.log("b@10", 10, log); clock.log("c@20", 20, log); clock.log("d@5", 5, log)
        clock.log("e@20", 20, log); clock.log("f@10", 10, log); clock.log("g@20", 20, log)
        clock.advanceBy(20.milliseconds)
        expectEqual(log, listOf("d@5", "b@10", "f@10", "a@20", "c@20", "e@20", "g@20"), "firing order")
        expectEqual(clock.pendingCount, 0, "pending")
    }

    test("cancelling the earliest, the middle or the last timer leaves the others in order") {
        for (cancelled in listOf("a", "b", "c", "d", "e")) {
            val clock = ManualClock()
            val log = ArrayList<String>()
            val timers = mapOf(
                "c" to clock.log("c", 30, log), "a" to clock.log("a", 10, log), "e" to clock.log("e", 50, log),
                "b" to clock.log("b", 20, log), "d" to clock.log("d", 40, log),
            )
            timers.getValue(cancelled).cancel()
            expectEqual(clock.pendingCount, 4, "pending after cancelling $cancelled")
            clock.advanceBy(50.milliseconds)
            expectEqual(log, listOf("a", "b", "c", "d", "e") - cancelled, "firing order after cancelling $cancelled")
        }
    }

    test("cancelling a timer twice or after it fired does nothing") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val early = clock.log("early", 10, log)
        clock.log("late", 100, log)
        clock.advanceBy(10.milliseconds)
        clock.log("next", 10, log)   // takes the fired timer's place
        early.cancel()
        early.cancel()
        expectEqual(clock.pendingCount, 2, "pending")
        clock.advanceBy(90.milliseconds)
        expectEqual(log, listOf("early", "next", "late"), "firing order")

        val first = clock.log("first", 1, log)
        clock.advanceBy(1.milliseconds)
        clock.log("second", 1, log)
        first.cancel()
        clock.advanceBy(1.milliseconds)
        expectEqual(log.takeLast(2), listOf("first", "second"), "after the clock was empty")
    }

    test("a timer cancelled by an earlier timer during the advance does not fire") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        val victims = ArrayList<ScheduledTimer>()
        clock.schedule(10.milliseconds) {
            log += "canceller"
            victims.forEach { it.cancel() }
        }
        victims += clock.log("same instant, later", 10, log)
        clock.log("kept", 15, log)
        victims += clock.log("later", 20, log)
        victims += clock.log("after the advance", 50, log)
        clock.advanceBy(30.milliseconds)
        expectEqual(log, listOf("canceller", "kept"), "fired")
        expectEqual(clock.pendingCount, 0, "pending")
        clock.advanceBy(100.milliseconds)
        expectEqual(log, listOf("canceller", "kept"), "fired after the next advance")
    }

    test("a timer scheduled during the advance counts from its cause's deadline") {
        val clock = ManualClock()
        val log = ArrayList<String>()
        clock.schedule(10.milliseconds) {
            log += "cause@10"
            clock.log("caused@20", 10, log)
            clock.log("caused@10", 0, log)
            clock.log("caused@40", 30, log)
        }
        clock.log("a@10", 10, log)
        clock.log("b@20", 20, log)
        clock.advanceBy(30.milliseconds)
        expectEqual(log, listOf("cause@10", "a@10", "caused@10", "b@20", "caused@20"), "firing order")
        expectEqual(clock.pendingCount, 1, "pending")
        expectEqual(clock.elapsed, 30.milliseconds, "elapsed")
        clock.advanceBy(10.milliseconds)
        expectEqual(log.last(), "caused@40", "the last timer")
    }

    test("a hundred thousand timers fire in deadline order and cancelled ones do not") {
        val count = 100_000
        val clock = ManualClock()
        val fired = ArrayList<Int>(count)
        val numbers = Numbers(36)
        val deadlines = List(count) { numbers.next(5_000) }
        val timers = deadlines.mapIndexed { index, deadline -> clock.schedule(deadline.milliseconds) { fired += index } }
        for (index in 0 until count step 3) timers[index].cancel()
        expectEqual(clock.pendingCount, count - (count + 2) / 3, "pending")
        clock.advanceBy(5_000.milliseconds)
        val expected = deadlines.indices.filter { it % 3 != 0 }.sortedWith(compareBy({ deadlines[it] }, { it }))
        expectEqual(fired, expected, "firing order")
        expectEqual(clock.pendingCount, 0, "pending at the end")
    }

    // The old clock searched every pending timer for the next one, about n²/2 comparisons to fire n: 2³¹ for
    // n = 2¹⁶. A heap takes at most about 2 log₂ n per timer fired or cancelled and log₂ n per timer scheduled.
    test("scheduling, cancelling and firing many timers takes about n log n comparisons") {
        val exponent = 16
        val count = 1 shl exponent
        val bound = 3L * count * exponent
        val numbers = Numbers(2026)
        val clock = ManualClock()
        repeat(count) { clock.schedule(numbers.next(1_000_000).milliseconds) {} }
        val scheduling = clock.timerComparisons
        expectTrue(scheduling <= bound, "scheduling $count timers takes at most $bound comparisons, took $scheduling")
        clock.advanceBy(1_000.seconds)
        val firing = clock.timerComparisons - scheduling
        expectTrue(firing <= bound, "firing $count timers takes at most $bound comparisons, took $firing")
        expectEqual(clock.pendingCount, 0, "pending")

        val second = ManualClock()
        val timers = List(count) { second.schedule(numbers.next(1_000_000).milliseconds) {} }
        val before = second.timerComparisons
        for (index in 0 until count step 2) timers[index].cancel()
        for (index in count - 1 downTo 1 step 2) timers[index].cancel()
        val cancelling = second.timerComparisons - before
        expectTrue(cancelling <= bound, "cancelling $count timers takes at most $bound comparisons, took $cancelling")
        expectEqual(second.pendingCount, 0, "pending after cancelling")
    }
}
