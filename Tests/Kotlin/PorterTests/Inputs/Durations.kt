package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.minutes
import kotlin.time.Duration.Companion.seconds
import kotlin.time.toJavaDuration
import kotlin.time.toKotlinDuration

// Durations of both kinds: kotlin.time's (`500.milliseconds`, `d * 2`, `d.inWholeMilliseconds`) and java.time's, computed
// with and written as Kotlin writes each in a string template and a data class's text (`1m 30s`, `PT1M30S`).

data class Budget(val spent: Duration, val cap: java.time.Duration)

sealed class Brew {
    data class Idle(val total: Duration) : Brew()
    data class Steeping(val elapsed: Duration, val limit: java.time.Duration, val budget: Budget) : Brew()
}

sealed class BrewEvent {
    data class Wait(val by: Duration) : BrewEvent()
    data class Extend(val by: java.time.Duration) : BrewEvent()
    object Stop : BrewEvent()
}

sealed class BrewLog {
    data class Line(val text: String) : BrewLog()
}

val brewing = StateMachine.create<Brew, BrewEvent, BrewLog> {
    initialState(Brew.Idle(Duration.ZERO))
    state<Brew.Idle> {
        on<BrewEvent.Wait> {
            val start = it.by + 500.milliseconds
            transitionTo(
                Brew.Steeping(start, java.time.Duration.ofSeconds(90), Budget(start, start.toJavaDuration())),
                BrewLog.Line("start $it after $start"),
            )
        }
        on<BrewEvent.Extend> { dontTransition(BrewLog.Line("idle for ${total - it.by.toKotlinDuration()}")) }
    }
    state<Brew.Steeping> {
        on<BrewEvent.Wait> {
            val next = elapsed + it.by * 2
            val left = limit.toKotlinDuration() - next
            if (next > 5.seconds && next.isPositive()) {
                transitionTo(Brew.Idle(next), BrewLog.Line("waited $next of $limit, ${next.inWholeMilliseconds} ms, left $left (${-left})"))
            } else {
                val spent = budget.spent + next / 3
                transitionTo(
                    copy(elapsed = minOf(next, 2.minutes).coerceAtLeast(Duration.ZERO), budget = Budget(spent, budget.cap)),
                    BrewLog.Line("steeping $this"),
                )
            }
        }
        on<BrewEvent.Extend> {
            val shorter = limit.minus(it.by.multipliedBy(3)).dividedBy(2)
            transitionTo(copy(limit = limit.plus(it.by)), BrewLog.Line("limit ${limit.plus(it.by)}, else $shorter"))
        }
        on<BrewEvent.Stop> {
            transitionTo(Brew.Idle(elapsed), BrewLog.Line("stopped at ${elapsed.inWholeSeconds} s, ${(elapsed - 1.seconds).absoluteValue}"))
        }
    }
}
