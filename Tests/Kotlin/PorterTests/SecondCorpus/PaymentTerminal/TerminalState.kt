package com.example.pos

import java.util.UUID

sealed class TerminalState {
    object Idle : TerminalState()
    data class AwaitingCard(val transactionId: UUID, val amountCents: Long) : TerminalState()
    data class Authorizing(val transactionId: UUID, val amountCents: Long, val cardLast4: String) : TerminalState()
    data class Approved(val transactionId: UUID, val amountCents: Long, val authCode: String) : TerminalState()
    data class Declined(val transactionId: UUID, val amountCents: Long, val reason: String) : TerminalState()
    data class Error(val cause: Throwable) : TerminalState()
}

sealed class TerminalEvent {
    data class Charge(val amountCents: Long) : TerminalEvent()
    data class CardPresented(val last4: String, val contactless: Boolean) : TerminalEvent()
    data class Authorized(val authCode: String) : TerminalEvent()
    data class Refused(val reason: String) : TerminalEvent()
    data class ReaderFailed(val cause: Throwable) : TerminalEvent()
    object Cancel : TerminalEvent()
    object Done : TerminalEvent()
}

sealed class TerminalSideEffect {
    data class PromptCard(val amountCents: Long) : TerminalSideEffect()
    data class Authorize(val transactionId: UUID, val amountCents: Long, val last4: String) : TerminalSideEffect()
    data class PrintReceipt(val transactionId: UUID, val amountCents: Long, val authCode: String) : TerminalSideEffect()
    data class ShowDeclined(val reason: String) : TerminalSideEffect()
    data class Reboot(val cause: Throwable) : TerminalSideEffect()
    object Beep : TerminalSideEffect()
}
