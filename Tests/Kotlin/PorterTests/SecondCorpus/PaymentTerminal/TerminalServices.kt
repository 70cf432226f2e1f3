package com.example.pos

import java.util.UUID

interface CardReader {
    fun enable(amountCents: Long)
    fun disable()
    fun beep()
    fun reboot()
}

interface PaymentGateway {
    fun authorize(transactionId: UUID, amountCents: Long, last4: String)
    fun void(transactionId: UUID)
}

interface ReceiptPrinter {
    fun print(lines: List<String>)
}

interface CustomerDisplay {
    fun show(text: String)
}

interface ShiftAudit {
    fun record(terminalId: String, entry: String)
}

fun interface TransactionIds {
    fun next(): UUID
}
