package com.example.checkout

interface PaymentGateway {
    fun authorize(orderId: String, amountCents: Long, currency: String)
    fun capture(orderId: String)
    fun void(orderId: String)
}
