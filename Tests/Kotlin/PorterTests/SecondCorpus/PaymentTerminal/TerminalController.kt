package com.example.pos

/**
 * What every counter device (card terminal, cash drawer, scale) shares with the checkout screen: it reports each
 * new state to its listeners and counts them for the shift report.
 */
abstract class TerminalController(protected val terminalId: String) {
    protected val listeners = mutableListOf<(TerminalState) -> Unit>()

    var reportedStates = 0
        private set

    open val idleTimeoutSeconds: Int = 60

    fun addListener(listener: (TerminalState) -> Unit) {
        listeners.add(listener)
    }

    fun removeListener(listener: (TerminalState) -> Unit) {
        listeners.remove(listener)
    }

    protected fun notify(state: TerminalState) {
        reportedStates++
        onStateChanged(state)
        for (listener in listeners) {
            listener(state)
        }
    }

    protected open fun onStateChanged(state: TerminalState) {}

    abstract fun cancel()
}
