package com.example.orders

interface OrderRepository {
    fun save(orderId: Long, state: OrderState)
}

interface CustomerNotifier {
    fun notify(orderId: Long, template: String, vararg arguments: Any)
}

interface Logger {
    fun info(message: String)
    fun warn(message: String)
}
