package com.example.lease

import com.tinder.StateMachine
import java.time.Duration
import java.time.Instant
import mu.KotlinLogging

/**
 * A server's lease, built by a function rather than a class: its logger is a local of that function, made by a
 * logging library the files do not give (`KotlinLogging.logger {}`), and called with a message lambda; the expiry is
 * a Duration constant written into a message; the handlers `assert`, which the JVM checks only with `-ea`.
 */
internal val LEASE_TIMEOUT = Duration.ofSeconds(30L)

internal sealed class Lease {
    data class Held(val since: Instant) : Lease()
    data class Expired(val at: Instant) : Lease()
}

internal sealed class LeaseEvent {
    data class Renew(val now: Instant) : LeaseEvent()
    data class Check(val now: Instant) : LeaseEvent()
}

internal sealed class LeaseEffect {
    object Release : LeaseEffect()
}

internal fun buildLeaseMachine(start: Instant): StateMachine<Lease, LeaseEvent, LeaseEffect> {
    val logger = KotlinLogging.logger {}

    return StateMachine.create {
        initialState(Lease.Held(start))
        state<Lease.Held> {
            on<LeaseEvent.Renew> {
                assert(!it.now.isBefore(since))
                transitionTo(Lease.Held(it.now))
            }
            on<LeaseEvent.Check> {
                val held = Duration.between(since, it.now)
                if (held >= LEASE_TIMEOUT) {
                    logger.warn { "lease held $held, longer than $LEASE_TIMEOUT" }
                    transitionTo(Lease.Expired(it.now), LeaseEffect.Release)
                } else {
                    dontTransition()
                }
            }
        }
        state<Lease.Expired> {
            on<LeaseEvent.Renew> {
                logger.info { "renewed after expiry at $at" }
                transitionTo(Lease.Held(it.now))
            }
        }
    }
}
