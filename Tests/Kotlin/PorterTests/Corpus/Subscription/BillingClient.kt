package com.example.billing

import java.time.Instant

interface BillingClient {
    fun charge(plan: Plan, amount: Double)
}

interface EntitlementStore {
    fun grant(entitlements: Set<String>)
    fun revokeAll()
}

interface Notifications {
    fun paymentProblem(message: String, retryAt: Instant)
    fun remindAt(at: Instant)
}
