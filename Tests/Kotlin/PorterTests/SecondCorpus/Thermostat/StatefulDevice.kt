package com.example.thermostat

/** A device on the home hub whose state the hub's app and automations subscribe to. */
abstract class StatefulDevice<State : Any>(val deviceId: String) {
    protected val listeners = mutableListOf<(State) -> Unit>()

    protected var lastReported: State? = null
        private set

    /** Whether a state equal to the last one reported is reported again. */
    protected open val reportRepeats: Boolean = false

    init {
        require(deviceId.isNotBlank()) { "a device needs an id" }
    }

    fun subscribe(listener: (State) -> Unit) {
        listeners += listener
    }

    protected fun notify(state: State) {
        if (state == lastReported && !reportRepeats) return
        lastReported = state
        listeners.forEach { it(state) }
    }

    open fun describe(state: State): String = "$deviceId: $state"
}
