package com.statemachine.spec

import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.TimeUnit
import kotlin.time.Duration
import kotlin.time.Duration.Companion.nanoseconds

/**
 * What measures the delays of a machine's delayed events (`after(delay, send)`, rule R18): [ExecutorClock] by
 * default, [ManualClock] in tests.
 *
 * ```
 * val clock = ManualClock()
 * val machine = StateMachine.create<State, Event, SideEffect>(clock) { … }
 * clock.advanceBy(30.seconds)   // fires the timers due by then, on this thread
 * ```
 */
fun interface StateMachineClock {
    /**
     * Calls [fire] once, [delay] from now, unless the returned timer is cancelled first. The machine calls this
     * while it holds its lock: it must return without calling [fire] or the machine.
     */
    fun schedule(delay: Duration, fire: () -> Unit): ScheduledTimer
}

/** A timer started by a [StateMachineClock]: the way to cancel it. [cancel] must not call the machine. */
fun interface ScheduledTimer {
    fun cancel()
}

/** The default clock: each timer is a task of a [ScheduledExecutorService]; it fires on the executor's thread. */
class ExecutorClock(private val executor: ScheduledExecutorService) : StateMachineClock {

    override fun schedule(delay: Duration, fire: () -> Unit): ScheduledTimer {
        val future = executor.schedule(fire, delay.inWholeNanoseconds, TimeUnit.NANOSECONDS)
        return ScheduledTimer { future.cancel(false) }
    }

    companion object {
        /** One daemon thread shared by the machines made without a clock. */
        val shared: ExecutorClock by lazy {
            ExecutorClock(Executors.newSingleThreadScheduledExecutor { task ->
                Thread(task, "StateMachine timers").apply { isDaemon = true }
            })
        }
    }
}

/**
 * A clock for tests: time stands still until [advanceBy], which fires the timers that fall due, synchronously,
 * on the calling thread: earliest deadline first, equal deadlines in the order they were scheduled. A timer
 * scheduled by a fired timer's transition counts its delay from that timer's deadline, and fires within the
 * same call when it falls due by the end of the advance. A fired timer's failed transition goes to the machine's
 * `onTransitionFailure` listeners, not out of [advanceBy] (R18); an exception of a listener propagates out of
 * [advanceBy], which then stops at that timer's deadline. Scheduling, cancelling and firing a timer each take time
 * logarithmic in the number of pending timers.
 */
class ManualClock : StateMachineClock {

    private val lock = Any()
    private var now = 0L
    private val pending = TimerQueue<() -> Unit>()

    /** The time since the clock was made: the sum of the advances. */
    val elapsed: Duration
        get() = synchronized(lock) { now.nanoseconds }

    /** How many timers are scheduled and not yet fired or cancelled. */
    val pendingCount: Int
        get() = synchronized(lock) { pending.count }

    /** How many times the clock has compared two timers' deadlines: what the tests of its cost count. */
    internal val timerComparisons: Long
        get() = synchronized(lock) { pending.comparisons }

    override fun schedule(delay: Duration, fire: () -> Unit): ScheduledTimer {
        val handle = synchronized(lock) { pending.insert(saturatedAdd(now, delay), fire) }
        return ScheduledTimer { synchronized(lock) { pending.cancel(handle) } }
    }

    /** Moves time forward by [delay], firing every timer due by then; returns when their transitions are done. */
    fun advanceBy(delay: Duration) {
        require(!delay.isNegative()) { "advanceBy: the delay must not be negative, got $delay" }
        val target = synchronized(lock) { saturatedAdd(now, delay) }
        while (true) {
            val fire = nextDue(target) ?: break
            fire()
        }
        synchronized(lock) { now = maxOf(now, target) }
    }

    /** Removes and returns the earliest timer due by [target], moving time to its deadline. */
    private fun nextDue(target: Long): (() -> Unit)? = synchronized(lock) {
        val timer = pending.popFirst(target) ?: return null
        now = maxOf(now, timer.deadline)
        timer.action
    }

    private fun saturatedAdd(time: Long, delay: Duration): Long {
        val nanos = delay.inWholeNanoseconds
        return if (nanos > Long.MAX_VALUE - time) Long.MAX_VALUE else time + nanos
    }
}
