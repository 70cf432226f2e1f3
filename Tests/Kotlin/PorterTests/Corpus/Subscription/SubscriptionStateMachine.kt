package com.example.billing

import com.tinder.StateMachine
import java.time.Clock
import java.time.Duration
import java.time.Instant

class SubscriptionStateMachine(
    private val billing: BillingClient,
    private val entitlements: EntitlementStore,
    private val notifications: Notifications,
    private val clock: Clock,
    private val trialLength: Duration = Duration.ofDays(7),
    private val gracePeriod: Duration = Duration.ofDays(3),
) {

    private val now: Instant get() = clock.instant()

    val stateMachine = StateMachine.create<SubscriptionState, SubscriptionEvent, SubscriptionSideEffect> {
        initialState(SubscriptionState.NotSubscribed)

        state<SubscriptionState.NotSubscribed> {
            on<SubscriptionEvent.StartTrial> {
                val endsAt = now.plus(trialLength)
                transitionTo(SubscriptionState.Trial(it.plan, endsAt), SubscriptionSideEffect.ScheduleReminder(endsAt.minus(Duration.ofDays(1))))
            }
            on<SubscriptionEvent.Purchase> {
                val price = priceOf(it.plan, it.promoDiscount)
                transitionTo(
                    SubscriptionState.Active(it.plan, now.plus(MONTH), entitlementsFor(it.plan), it.promoDiscount),
                    SubscriptionSideEffect.Charge(it.plan, price),
                )
            }
        }

        state<SubscriptionState.Trial> {
            on<SubscriptionEvent.ClockTick> {
                if (it.now.isBefore(endsAt)) {
                    dontTransition()
                } else {
                    transitionTo(
                        SubscriptionState.Active(plan, it.now.plus(MONTH), entitlementsFor(plan)),
                        SubscriptionSideEffect.Charge(plan, plan.monthlyPrice),
                    )
                }
            }
            on<SubscriptionEvent.Cancel> {
                transitionTo(SubscriptionState.Cancelled(plan, accessUntil = null), SubscriptionSideEffect.RevokeEntitlements)
            }
        }

        state<SubscriptionState.Active> {
            onEnter { this@SubscriptionStateMachine.entitlements.grant(entitlements) }
            on<SubscriptionEvent.RenewalCharged> {
                transitionTo(copy(renewsAt = it.at.plus(MONTH)))
            }
            on<SubscriptionEvent.RenewalFailed> {
                val until = now.plus(gracePeriod)
                transitionTo(
                    SubscriptionState.GracePeriod(plan, until, failedCharges = 1, lastError = it.error),
                    SubscriptionSideEffect.NotifyPaymentProblem(it.error, until),
                )
            }
            on<SubscriptionEvent.ChangePlan> {
                when {
                    it.plan == plan -> dontTransition()
                    it.plan.monthlyPrice > plan.monthlyPrice -> {
                        val remainingDays = Duration.between(now, renewsAt).toDays().coerceAtLeast(0)
                        val proration = (it.plan.monthlyPrice - plan.monthlyPrice) * remainingDays / 30.0
                        transitionTo(
                            copy(plan = it.plan, entitlements = entitlementsFor(it.plan)),
                            SubscriptionSideEffect.Charge(it.plan, Math.round(proration * 100) / 100.0),
                        )
                    }
                    else -> transitionTo(copy(plan = it.plan, entitlements = entitlementsFor(it.plan)))
                }
            }
            on<SubscriptionEvent.Cancel> {
                transitionTo(SubscriptionState.Cancelled(plan, accessUntil = renewsAt), SubscriptionSideEffect.ScheduleReminder(renewsAt))
            }
        }

        state<SubscriptionState.GracePeriod> {
            on<SubscriptionEvent.RenewalCharged> {
                transitionTo(SubscriptionState.Active(plan, it.at.plus(MONTH), entitlementsFor(plan)))
            }
            on<SubscriptionEvent.RenewalFailed> {
                if (failedCharges + 1 >= MAX_FAILED_CHARGES) {
                    transitionTo(SubscriptionState.Expired, SubscriptionSideEffect.RevokeEntitlements)
                } else {
                    transitionTo(
                        copy(failedCharges = failedCharges + 1, lastError = it.error),
                        SubscriptionSideEffect.NotifyPaymentProblem(it.error, until),
                    )
                }
            }
            on<SubscriptionEvent.ClockTick> {
                if (it.now.isAfter(until)) transitionTo(SubscriptionState.Expired, SubscriptionSideEffect.RevokeEntitlements) else dontTransition()
            }
        }

        state<SubscriptionState.Cancelled> {
            on<SubscriptionEvent.ClockTick> {
                val accessUntil = accessUntil ?: return@on transitionTo(SubscriptionState.Expired)
                if (it.now.isAfter(accessUntil)) {
                    transitionTo(SubscriptionState.Expired, SubscriptionSideEffect.RevokeEntitlements)
                } else {
                    dontTransition()
                }
            }
            on<SubscriptionEvent.Resubscribe> {
                transitionTo(
                    SubscriptionState.Active(plan, accessUntil ?: now.plus(MONTH), entitlementsFor(plan)),
                    if (accessUntil == null) SubscriptionSideEffect.Charge(plan, plan.monthlyPrice) else null,
                )
            }
        }

        state<SubscriptionState.Expired> {
            on<SubscriptionEvent.Purchase> {
                transitionTo(
                    SubscriptionState.Active(it.plan, now.plus(MONTH), entitlementsFor(it.plan), it.promoDiscount),
                    SubscriptionSideEffect.Charge(it.plan, priceOf(it.plan, it.promoDiscount)),
                )
            }
        }

        onTransition { transition ->
            (transition as? StateMachine.Transition.Valid)?.sideEffect?.let { sideEffect ->
                when (sideEffect) {
                    is SubscriptionSideEffect.Charge -> billing.charge(sideEffect.plan, sideEffect.amount)
                    is SubscriptionSideEffect.GrantEntitlements -> entitlements.grant(sideEffect.entitlements)
                    SubscriptionSideEffect.RevokeEntitlements -> entitlements.revokeAll()
                    is SubscriptionSideEffect.NotifyPaymentProblem -> notifications.paymentProblem(
                        sideEffect.error.localizedMessage ?: "Payment failed",
                        sideEffect.retryAt,
                    )
                    is SubscriptionSideEffect.ScheduleReminder -> notifications.remindAt(sideEffect.at)
                }
            }
        }
    }

    private fun priceOf(plan: Plan, discount: Double?): Double = plan.monthlyPrice * (1.0 - (discount ?: 0.0))

    private fun entitlementsFor(plan: Plan): Set<String> = when (plan) {
        Plan.BASIC -> setOf("ads_free")
        Plan.PREMIUM -> setOf("ads_free", "offline", "hd")
        Plan.FAMILY -> setOf("ads_free", "offline", "hd", "family_sharing")
    }

    companion object {
        private val MONTH: Duration = Duration.ofDays(30)
        const val MAX_FAILED_CHARGES = 3
    }
}
