package com.example.returns.model

/** Why the customer sends the parcel back, and how much of the price that gives back. */
enum class ReturnReason(val refundPercent: Int, val paidLabel: Boolean) {
    DAMAGED(100, paidLabel = true),
    WRONG_ITEM(100, paidLabel = true),
    CHANGED_MIND(90, paidLabel = false),
}
