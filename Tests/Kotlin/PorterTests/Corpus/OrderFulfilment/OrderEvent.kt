package com.example.orders

sealed class OrderEvent {
    data object Submit : OrderEvent()
    data object PaymentCaptured : OrderEvent()
    data class PaymentFailed(val reason: String) : OrderEvent()
    data class ItemPicked(val sku: String, val quantity: Int) : OrderEvent()
    data class OutOfStock(val sku: String) : OrderEvent()
    data class PackageSealed(val weightGrams: Int) : OrderEvent()
    data class HandedToCarrier(val carrier: String, val trackingNumber: String) : OrderEvent()
    data object DeliveryConfirmed : OrderEvent()
    data class Cancel(val reason: String) : OrderEvent()
}
