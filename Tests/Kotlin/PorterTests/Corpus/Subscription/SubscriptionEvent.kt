package com.example.billing

import java.time.Instant

sealed interface SubscriptionEvent {
    data class StartTrial(val plan: Plan) : SubscriptionEvent
    data class Purchase(val plan: Plan, val promoDiscount: Double? = null) : SubscriptionEvent
    data class RenewalCharged(val at: Instant) : SubscriptionEvent
    data class RenewalFailed(val error: Throwable) : SubscriptionEvent
    data class ChangePlan(val plan: Plan) : SubscriptionEvent
    data object Cancel : SubscriptionEvent
    data object Resubscribe : SubscriptionEvent
    data class ClockTick(val now: Instant) : SubscriptionEvent
}

sealed interface SubscriptionSideEffect {
    data class Charge(val plan: Plan, val amount: Double) : SubscriptionSideEffect
    data class GrantEntitlements(val entitlements: Set<String>) : SubscriptionSideEffect
    data object RevokeEntitlements : SubscriptionSideEffect
    data class NotifyPaymentProblem(val error: Throwable, val retryAt: Instant) : SubscriptionSideEffect
    data class ScheduleReminder(val at: Instant) : SubscriptionSideEffect
}
