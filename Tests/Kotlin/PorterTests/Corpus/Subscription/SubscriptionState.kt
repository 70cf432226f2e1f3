package com.example.billing

import java.time.Instant

enum class Plan(val monthlyPrice: Double) {
    BASIC(4.99),
    PREMIUM(9.99),
    FAMILY(14.99),
}

sealed interface SubscriptionState {
    data object NotSubscribed : SubscriptionState
    data class Trial(val plan: Plan, val endsAt: Instant) : SubscriptionState
    data class Active(
        val plan: Plan,
        val renewsAt: Instant,
        val entitlements: Set<String>,
        val discount: Double? = null,
    ) : SubscriptionState
    data class GracePeriod(val plan: Plan, val until: Instant, val failedCharges: Int, val lastError: Throwable?) : SubscriptionState
    data class Cancelled(val plan: Plan, val accessUntil: Instant?) : SubscriptionState
    data object Expired : SubscriptionState
}
