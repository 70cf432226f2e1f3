package com.example.reports.queue

import com.example.reports.model.ReportAction
import com.example.reports.model.ReportEvent
import com.example.reports.model.ReportEvent.Escalate
import com.example.reports.model.Severity
import com.example.reports.model.ReportState
import com.statemachine.spec.StateMachine

// The machine's three types are in another module. The porter declares them from their uses, and names a field
// passed by position after what the handlers read of the case (`it.device`), after the one property left unread
// (`this.attempts`), or after what is passed (`event.shard`). A field some calls leave out takes the default the
// other calls tell: `false` for a Boolean only ever passed `true`, `null` for a nullable one. Types come from the
// arguments: `attempts - 1` is an Int because `attempts` is the state's Int, `!event.final` a Boolean; an event
// never constructed here takes the type of the field a handler passes it to (`Queued(it.budget)`: an Int), or of the
// enum it is compared with (`when (it.severity) { Severity.HIGH -> … }`, an enum of another module too). What a state
// handler reads of `this` that no case has as a field (`this.title`) is a property of every state, to fill in.

class ReportQueue(private val strict: Boolean, initialAttempts: Int) {

    val machine = StateMachine.create<ReportState, ReportEvent, ReportAction> {
        initialState(ReportState.Queued(initialAttempts))
        state<ReportState.Queued> {
            on<ReportEvent.Passed> {
                if (strict && attempts > 1) {
                    transitionTo(ReportState.Running(it.device, it.shard, attempts - 1))
                } else {
                    transitionTo(ReportState.Done(it.device, it.shard), ReportAction.Save(it.device, it.shard))
                }
            }
            on<ReportEvent.Flaky> { event ->
                transitionTo(ReportState.Parked(reason = event.reason, retryable = !event.final))
            }
            on<ReportEvent.Cancel> {
                transitionTo(ReportState.Parked(cancelled = true, retryable = false))
            }
        }
        state<ReportState.Running> {
            on<ReportEvent.Passed> {
                transitionTo(ReportState.Running(device, shard, this.attempts - 1))
            }
            on<ReportEvent.Cancel> {
                transitionTo(ReportState.Parked(cancelled = true, reason = "cancelled while running"))
            }
        }
        state<ReportState.Parked> {
            on<ReportEvent.Cancel> {
                if (cancelled) dontTransition() else transitionTo(copy(cancelled = true))
            }
            on<ReportEvent.Requeue> {
                when {
                    it.budget > 0 -> transitionTo(ReportState.Queued(it.budget))
                    else -> error("no budget left for ${this.title}")
                }
            }
            on<Escalate> {
                when (it.severity) {
                    Severity.HIGH -> transitionTo(ReportState.Queued(0))
                    Severity.LOW -> dontTransition()
                }
            }
        }
    }

    fun passed(device: String, shard: Int) = machine.transition(ReportEvent.Passed(device, shard))
    fun flaky(reason: String?, final: Boolean) = machine.transition(ReportEvent.Flaky(reason, final))
}
