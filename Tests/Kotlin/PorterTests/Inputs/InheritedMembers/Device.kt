package com.example.kiln

// A generic abstract base class in a sibling file: the class that builds the machine calls its protected `notify`,
// typed with the base class's type parameter (`State`, which is `KilnState` here).
abstract class Device<State : Any>(val deviceId: String) {
    protected val listeners = mutableListOf<(State) -> Unit>()

    fun subscribe(listener: (State) -> Unit) {
        listeners += listener
    }

    protected fun notify(state: State) {
        listeners.forEach { it(state) }
    }
}
