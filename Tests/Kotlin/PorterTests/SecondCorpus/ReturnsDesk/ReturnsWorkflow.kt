package com.example.returns

import com.example.returns.model.ReturnReason
import com.tinder.StateMachine
import java.time.Duration

/** The life of one return authorisation (RMA) in the warehouse system, from the request to the refund. */
class ReturnsWorkflow(
    rmaId: String,
    reason: ReturnReason,
    private val orders: OrderLookup,
    private val payments: Payments,
    private val warehouse: Warehouse,
    private val mail: CustomerMail,
    private val calendar: Calendar,
    restored: ReturnState? = null,
    private val windowDays: Int = DEFAULT_WINDOW_DAYS,
) {
    private val scanned = mutableListOf<String>()

    val stateMachine = StateMachine.create<ReturnState, ReturnEvent, ReturnSideEffect> {
        initialState(if (restored != null) restored else ReturnState.Requested(rmaId, reason, windowDays))

        state<ReturnState.Requested> {
            on<ReturnEvent.GrantExtension> {
                transitionTo(copy(windowDays = windowDays + it.extension))
            }
            on<ReturnEvent.Approve> {
                val deadline = calendar.now().plus(Duration.ofDays(windowDays.toLong()))
                transitionTo(
                    ReturnState.AwaitingParcel(rmaId, reason, deadline),
                    ReturnSideEffect.EmailLabel(rmaId, it.labelUrl, prepaid = reason.paidLabel),
                )
            }
            on<ReturnEvent.Cancel> {
                transitionTo(ReturnState.Cancelled)
            }
        }

        state<ReturnState.AwaitingParcel> {
            on<ReturnEvent.GrantExtension> {
                transitionTo(copy(deadline = deadline.plus(Duration.ofDays(it.extension.toLong()))))
            }
            on<ReturnEvent.ParcelScanned> {
                if (it.receivedAt.isAfter(deadline)) {
                    transitionTo(ReturnState.Rejected(rmaId, "arrived after $deadline"), ReturnSideEffect.Notify(rmaId, "Your return arrived too late"))
                } else {
                    scanned.clear()
                    transitionTo(ReturnState.Inspecting(rmaId, reason, it.where, emptyList()))
                }
            }
            on<ReturnEvent.DeadlinePassed> {
                transitionTo(ReturnState.Rejected(rmaId, "never arrived"), ReturnSideEffect.Notify(rmaId, "We did not receive your return"))
            }
            on<ReturnEvent.Cancel> {
                transitionTo(ReturnState.Cancelled)
            }
        }

        state<ReturnState.Inspecting> {
            on<ReturnEvent.ItemScanned> {
                if (it.Type == "bundle") {
                    scanned += orders.orderedSkus(rmaId).filter { sku -> sku.startsWith(it.sku) && sku !in scanned }
                } else if (it.sku !in scanned) {
                    scanned += it.sku
                }
                transitionTo(copy(items = scanned.toList()))
            }
            on<ReturnEvent.InspectionDone> {
                val expected = orders.orderedSkus(rmaId)
                when {
                    items.isEmpty() -> transitionTo(
                        ReturnState.Rejected(rmaId, "empty parcel in $bin"),
                        ReturnSideEffect.Notify(rmaId, "Your parcel was empty"),
                    )
                    !it.restockable && reason == ReturnReason.CHANGED_MIND -> transitionTo(
                        ReturnState.Rejected(rmaId, "used item"),
                        ReturnSideEffect.Notify(rmaId, "Used items cannot be returned"),
                    )
                    else -> {
                        val share = items.count { sku -> sku in expected }.toLong()
                        val cents = orders.paidCents(rmaId) * reason.refundPercent / 100 * share / maxOf(1, expected.size)
                        if (it.restockable) warehouse.restock(items)
                        transitionTo(ReturnState.Refunded(rmaId, cents), ReturnSideEffect.Refund(rmaId, cents))
                    }
                }
            }
        }

        onTransition {
            if (it is StateMachine.Transition.Valid) {
                when (val sideEffect = it.sideEffect) {
                    is ReturnSideEffect.EmailLabel -> mail.send(
                        sideEffect.rmaId,
                        if (sideEffect.prepaid) "Print your free label: ${sideEffect.labelUrl}" else "Your label: ${sideEffect.labelUrl}",
                    )
                    is ReturnSideEffect.Refund -> {
                        payments.refund(sideEffect.rmaId, sideEffect.cents)
                        mail.send(sideEffect.rmaId, "Refunded ${sideEffect.cents / 100}.${(sideEffect.cents % 100).toString().padStart(2, '0')}")
                    }
                    is ReturnSideEffect.Notify -> mail.send(sideEffect.rmaId, sideEffect.text)
                    null -> Unit
                }
            }
        }
    }

    val state: ReturnState
        get() = stateMachine.state

    companion object {
        const val DEFAULT_WINDOW_DAYS = 30
    }
}
