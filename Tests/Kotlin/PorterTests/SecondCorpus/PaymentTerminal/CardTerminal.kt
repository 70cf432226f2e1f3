package com.example.pos

import com.tinder.StateMachine

class CardTerminal(
    terminalId: String,
    private val reader: CardReader,
    private val gateway: PaymentGateway,
    private val printer: ReceiptPrinter,
    private val display: CustomerDisplay,
    private val audit: ShiftAudit,
    private val ids: TransactionIds,
    private val contactlessLimitCents: Long = 10_000,
) : TerminalController(terminalId) {

    override val idleTimeoutSeconds: Int = 30

    private val stateMachine = StateMachine.create<TerminalState, TerminalEvent, TerminalSideEffect> {
        initialState(TerminalState.Idle)

        state<TerminalState.Idle> {
            on<TerminalEvent.Charge> {
                if (it.amountCents <= 0) {
                    dontTransition(TerminalSideEffect.Beep)
                } else {
                    transitionTo(
                        TerminalState.AwaitingCard(ids.next(), it.amountCents),
                        TerminalSideEffect.PromptCard(it.amountCents),
                    )
                }
            }
        }

        state<TerminalState.AwaitingCard> {
            on<TerminalEvent.CardPresented> {
                if (it.contactless && amountCents > contactlessLimitCents) {
                    dontTransition(TerminalSideEffect.ShowDeclined("Insert card: amount over the contactless limit"))
                } else {
                    transitionTo(
                        TerminalState.Authorizing(transactionId, amountCents, it.last4),
                        TerminalSideEffect.Authorize(transactionId, amountCents, it.last4),
                    )
                }
            }
            on<TerminalEvent.Cancel> {
                transitionTo(TerminalState.Idle)
            }
            on<TerminalEvent.ReaderFailed> {
                transitionTo(TerminalState.Error(it.cause), TerminalSideEffect.Reboot(it.cause))
            }
        }

        state<TerminalState.Authorizing> {
            on<TerminalEvent.Authorized> {
                transitionTo(
                    TerminalState.Approved(transactionId, amountCents, it.authCode),
                    TerminalSideEffect.PrintReceipt(transactionId, amountCents, it.authCode),
                )
            }
            on<TerminalEvent.Refused> {
                transitionTo(
                    TerminalState.Declined(transactionId, amountCents, it.reason),
                    TerminalSideEffect.ShowDeclined(it.reason),
                )
            }
            on<TerminalEvent.ReaderFailed> {
                gateway.void(transactionId)
                transitionTo(TerminalState.Error(it.cause), TerminalSideEffect.Reboot(it.cause))
            }
        }

        state<TerminalState.Approved> {
            on<TerminalEvent.Done> {
                transitionTo(TerminalState.Idle)
            }
        }

        state<TerminalState.Declined> {
            on<TerminalEvent.CardPresented> {
                val retry = ids.next()
                transitionTo(
                    TerminalState.Authorizing(retry, amountCents, it.last4),
                    TerminalSideEffect.Authorize(retry, amountCents, it.last4),
                )
            }
            on<TerminalEvent.Done> {
                transitionTo(TerminalState.Idle)
            }
        }

        state<TerminalState.Error> {
            on<TerminalEvent.Done> {
                transitionTo(TerminalState.Idle, TerminalSideEffect.Beep)
            }
        }

        onTransition {
            val valid = it as? StateMachine.Transition.Valid ?: return@onTransition
            val text: String? = when (val sideEffect = valid.sideEffect) {
                null -> null
                is TerminalSideEffect.PromptCard -> {
                    reader.enable(sideEffect.amountCents)
                    "Total ${formatAmount(sideEffect.amountCents)} - present card"
                }
                is TerminalSideEffect.Authorize -> {
                    reader.disable()
                    gateway.authorize(sideEffect.transactionId, sideEffect.amountCents, sideEffect.last4)
                    "Authorizing..."
                }
                is TerminalSideEffect.PrintReceipt -> {
                    printer.print(receiptLines(sideEffect))
                    "Approved"
                }
                is TerminalSideEffect.ShowDeclined -> "Declined: ${sideEffect.reason}"
                is TerminalSideEffect.Reboot -> {
                    reader.reboot()
                    "Terminal error: ${sideEffect.cause.message ?: "unknown"}"
                }
                TerminalSideEffect.Beep -> {
                    reader.beep()
                    null
                }
            }
            text?.let(display::show)
            notify(valid.toState)
        }
    }

    val state: TerminalState
        get() = stateMachine.state

    fun onEvent(event: TerminalEvent) {
        stateMachine.transition(event)
    }

    override fun cancel() {
        stateMachine.transition(TerminalEvent.Cancel)
    }

    override fun onStateChanged(state: TerminalState) {
        audit.record(terminalId, state::class.simpleName ?: "unknown")
    }

    private fun receiptLines(receipt: TerminalSideEffect.PrintReceipt): List<String> = listOf(
        "Terminal $terminalId",
        "Amount ${formatAmount(receipt.amountCents)}",
        "Auth ${receipt.authCode}",
        "Ref ${receipt.transactionId}",
    )

    private fun formatAmount(cents: Long): String = "${cents / 100}.${(cents % 100).toString().padStart(2, '0')}"
}
