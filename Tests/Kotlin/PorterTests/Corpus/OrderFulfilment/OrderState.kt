package com.example.orders

sealed class OrderState {
    data class Received(val itemCount: Int, val amountCents: Long) : OrderState()
    data class AwaitingPayment(val itemCount: Int, val amountCents: Long, val attempts: Int = 1) : OrderState()
    data class Picking(val itemCount: Int, val picked: Int, val amountCents: Long) : OrderState()
    data class Packed(val amountCents: Long, val weightGrams: Int) : OrderState()
    data class Shipped(val amountCents: Long, val trackingNumber: String, val carrier: String) : OrderState()
    data class Delivered(val amountCents: Long) : OrderState()
    data class Cancelled(val reason: String, val refundCents: Long) : OrderState()
}
