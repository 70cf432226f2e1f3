package com.statemachine.porter.testdata

import com.statemachine.spec.StateMachine

// `(transition as? Valid)?.let { … }` and `(transition as? Valid)?.sideEffect?.let { … }` as statements of an
// onTransition listener: the body runs for a valid transition (that has a side effect), nothing for an invalid one.

sealed class Till {
    data object Closed : Till()
    data class Open(val total: Int) : Till()
}

sealed class Sale {
    data object OpenTill : Sale()
    data class Ring(val price: Int) : Sale()
    data object CloseTill : Sale()
}

sealed class Receipt {
    data class Print(val total: Int) : Receipt()
    data object Beep : Receipt()
}

class TillController(private val printer: Printer) {

    val till = StateMachine.create<Till, Sale, Receipt> {
        initialState(Till.Closed)
        state<Till.Closed> {
            on<Sale.OpenTill> { transitionTo(Till.Open(0)) }
        }
        state<Till.Open> {
            on<Sale.Ring> { transitionTo(Till.Open(total + it.price), Receipt.Beep) }
            on<Sale.CloseTill> { transitionTo(Till.Closed, Receipt.Print(total)) }
        }
        onTransition { transition ->
            (transition as? StateMachine.Transition.Valid)?.sideEffect?.let { receipt ->
                when (receipt) {
                    is Receipt.Print -> printer.print("total ${receipt.total}")
                    Receipt.Beep -> printer.beep()
                }
            }
            (transition as? StateMachine.Transition.Valid)?.let {
                printer.log("${it.event} moved to ${it.toState}")
            }
        }
    }
}

interface Printer {
    fun print(line: String)
    fun beep()
    fun log(line: String)
}
