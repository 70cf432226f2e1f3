package com.example.call

/** What every screen's view model shares: observers of its state, and a hook for when its screen goes away. */
abstract class BaseViewModel<State : Any> {
    protected val listeners = mutableListOf<(State) -> Unit>()

    open val tag: String = "ViewModel"

    var cleared = false
        private set

    fun observe(listener: (State) -> Unit) {
        listeners += listener
    }

    protected fun notify(state: State) {
        listeners.forEach { it(state) }
    }

    protected open fun onCleared() {
        listeners.clear()
    }

    fun clear() {
        if (cleared) return
        cleared = true
        onCleared()
    }
}
