package com.statemachine.spec.tests

import com.statemachine.spec.StateMachine
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// A machine written in the Kotlin of 2.x, as Android teams write it: sealed interfaces, data objects,
// @JvmInline value class payloads, trailing commas.

@JvmInline
value class Cents(val amount: Long)

@JvmInline
value class TicketId(val raw: String)

private sealed interface Gate {
    data class Closed(val credit: Cents,) : Gate
    data class Open(val ticket: TicketId) : Gate
    data object Jammed : Gate
}

private sealed interface Visitor {
    data class Pay(val amount: Cents, val ticket: TicketId,) : Visitor
    data object Pass : Visitor
    data object Kick : Visitor
}

private sealed interface Signal {
    data object Beep : Signal
    data class Print(val ticket: TicketId) : Signal
}

private fun gate(fare: Cents) = StateMachine.create<Gate, Visitor, Signal> {
    initialState(Gate.Closed(credit = Cents(0),),)
    state<Gate.Closed> {
        on<Visitor.Pay> { pay ->
            val total = Cents(credit.amount + pay.amount.amount)
            if (total.amount >= fare.amount) {
                transitionTo(Gate.Open(pay.ticket), Signal.Print(pay.ticket),)
            } else {
                transitionTo(Gate.Closed(total))
            }
        }
        on(Visitor.Kick) { transitionTo(Gate.Jammed, Signal.Beep) }
    }
    state<Gate.Open> {
        on<Visitor.Pass> { transitionTo(Gate.Closed(Cents(0))) }
    }
    state<Gate.Jammed> {}
}

fun modernKotlinTests() = group("Kotlin 2 idioms") {
    test("value class payloads compare by value, so states and side effects built from them are equal") {
        val machine = gate(Cents(100))
        expectValid(
            machine.transition(Visitor.Pay(Cents(60), TicketId("a"))),
            Gate.Closed(Cents(0)), Visitor.Pay(Cents(60), TicketId("a")), Gate.Closed(Cents(60)), null,
        )
        expectValid(
            machine.transition(Visitor.Pay(Cents(40), TicketId("b"))),
            Gate.Closed(Cents(60)), Visitor.Pay(Cents(40), TicketId("b")), Gate.Open(TicketId("b")), Signal.Print(TicketId("b")),
        )
    }
    test("a data object is one value, matched by on(value), named by its class") {
        val machine = gate(Cents(100))
        expectValid(machine.transition(Visitor.Kick), Gate.Closed(Cents(0)), Visitor.Kick, Gate.Jammed, Signal.Beep)
        expectEqual(machine.state.toString(), "Jammed", "toString of a data object")
        expectInvalid(machine.transition(Visitor.Pass), Gate.Jammed, Visitor.Pass)
    }
}
