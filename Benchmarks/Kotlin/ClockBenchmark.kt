package com.statemachine.spec.benchmarks

import com.statemachine.spec.ExecutorClock
import com.statemachine.spec.ManualClock
import com.statemachine.spec.ScheduledTimer
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import kotlin.time.Duration.Companion.hours
import kotlin.time.Duration.Companion.milliseconds

// `scripts/benchmark --clocks`, on the JVM: the cost of many pending timers on the twin's two clocks, the same
// scenarios as Swift's (Benchmarks/Sources/StateMachineBenchmarks/Clocks.swift). Each runs once at a tenth of its
// size first, so that the JIT has compiled the clock.

private fun seconds(body: () -> Unit): Double {
    val start = System.nanoTime()
    body()
    return (System.nanoTime() - start) / 1e9
}

private fun row(clock: String, operation: String, count: Int, time: Double) =
    println("| $clock | $operation | $count | ${Math.round(time * 1e4) / 10.0} ms |")

private fun advanceOverAll(count: Int): Double {
    val clock = ManualClock()
    for (index in 0 until count) clock.schedule((count - index).toLong().milliseconds) {}
    return seconds { clock.advanceBy(count.toLong().milliseconds) }
}

private fun cancelOneByOne(count: Int): Double {
    val clock = ManualClock()
    val timers = List(count) { index -> clock.schedule((index + 1).toLong().milliseconds) {} }
    return seconds { for (timer in timers) timer.cancel() }
}

private fun schedule(count: Int): Double {
    val clock = ManualClock()
    val timers = ArrayList<ScheduledTimer>(count)
    return seconds { for (index in 0 until count) timers += clock.schedule((index % 1_000 + 1).toLong().milliseconds) {} }
}

fun main() {
    println("| clock | operation | timers | time |")
    println("|---|---|---:|---:|")
    for (count in listOf(40_000, 80_000)) {
        advanceOverAll(count / 10)
        row("ManualClock", "one advance firing them all", count, advanceOverAll(count))
    }
    cancelOneByOne(8_000)
    row("ManualClock", "cancel one by one, in scheduling order", 80_000, cancelOneByOne(80_000))
    schedule(100_000)
    row("ManualClock", "schedule", 1_000_000, schedule(1_000_000))

    // ExecutorClock: a ScheduledThreadPoolExecutor's queue keeps the timers.
    val executor = Executors.newSingleThreadScheduledExecutor { task -> Thread(task).apply { isDaemon = true } }
    val clock = ExecutorClock(executor)
    for (count in listOf(40_000, 80_000)) {
        val fired = CountDownLatch(count)
        val scheduling = seconds {
            for (index in 0 until count) clock.schedule((10 + index % 10).toLong().milliseconds) { fired.countDown() }
        }
        row("ExecutorClock", "schedule (10–19 ms)", count, scheduling)
        row("ExecutorClock", "fire them all, after the scheduling", count, seconds { fired.await(600, TimeUnit.SECONDS) })
    }
    val timers = List(80_000) { clock.schedule(1.hours) {} }
    row("ExecutorClock", "cancel one by one (an hour away)", 80_000, seconds { for (timer in timers) timer.cancel() })
    executor.shutdownNow()
}
