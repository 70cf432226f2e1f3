package com.example.returns

import com.example.returns.model.ReturnReason
import java.time.Instant

sealed class ReturnState {
    data class Requested(val rmaId: String, val reason: ReturnReason, val windowDays: Int) : ReturnState()
    data class AwaitingParcel(val rmaId: String, val reason: ReturnReason, val deadline: Instant) : ReturnState()
    data class Inspecting(val rmaId: String, val reason: ReturnReason, val bin: String, val items: List<String>) : ReturnState()
    data class Refunded(val rmaId: String, val cents: Long) : ReturnState()
    data class Rejected(val rmaId: String, val why: String) : ReturnState()
    object Cancelled : ReturnState()
}

sealed class ReturnEvent {
    data class Approve(val labelUrl: String) : ReturnEvent()
    data class GrantExtension(val extension: Int) : ReturnEvent()
    data class ParcelScanned(val where: String, val receivedAt: Instant) : ReturnEvent()
    data class ItemScanned(val sku: String, val Type: String) : ReturnEvent()
    data class InspectionDone(val restockable: Boolean) : ReturnEvent()
    object DeadlinePassed : ReturnEvent()
    object Cancel : ReturnEvent()
}

sealed class ReturnSideEffect {
    data class EmailLabel(val rmaId: String, val labelUrl: String, val prepaid: Boolean) : ReturnSideEffect()
    data class Refund(val rmaId: String, val cents: Long) : ReturnSideEffect()
    data class Notify(val rmaId: String, val text: String) : ReturnSideEffect()
}

interface OrderLookup {
    fun paidCents(rmaId: String): Long
    fun orderedSkus(rmaId: String): List<String>
}

interface Payments {
    fun refund(rmaId: String, cents: Long)
}

interface Warehouse {
    fun restock(skus: List<String>)
}

interface CustomerMail {
    fun send(rmaId: String, text: String)
}

fun interface Calendar {
    fun now(): Instant
}
