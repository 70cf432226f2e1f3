package com.statemachine.verify

/**
 * Writes each call of a machine's listeners to the trace, as a comparison with a Swift machine written by hand does
 * (Spec/VERIFY.md, V10): `listener onTransition`, `listener onExit STATE`, `listener onEnter STATE`, in the order they
 * are called, each before the listener itself runs.
 *
 * The listeners are those of Tinder's `StateMachine.Graph`: its `onTransitionListeners` and each state definition's
 * `onEnterListeners` and `onExitListeners`. The machine is a class of the compared code's class loader, so its graph is
 * read by reflection, and each listener is replaced by one that writes its line and then calls it.
 */
internal object Listeners {
    fun probe(machine: Any, trace: Trace) {
        val graph = read(machine, "graph")
            ?: throw Owners.CannotRun("the machine is a ${machine.javaClass.name} without the graph of Tinder's StateMachine, so its listener calls cannot be written")
        val transitions = field(graph, "onTransitionListeners")
        val listeners = transitions?.get(graph) as? List<*>
            ?: throw Owners.CannotRun("the machine's graph has no onTransitionListeners, so its listener calls cannot be written")
        @Suppress("UNCHECKED_CAST")
        if (listeners.none { it is Probe }) transitions.set(graph, listeners.map { OnTransition(it as (Any?) -> Unit, trace) })
        val definitions = read(graph, "stateDefinitions") as? Map<*, *>
            ?: throw Owners.CannotRun("the machine's graph has no stateDefinitions, so its listener calls cannot be written")
        for (definition in definitions.values) {
            for ((name, key) in listOf("onEnter" to "onEnterListeners", "onExit" to "onExitListeners")) {
                @Suppress("UNCHECKED_CAST")
                val list = read(definition!!, key) as? MutableList<Any?>
                    ?: throw Owners.CannotRun("a state definition of the machine has no $key, so its listener calls cannot be written")
                @Suppress("UNCHECKED_CAST")
                for (index in list.indices) if (list[index] !is Probe) list[index] = OnState(name, list[index] as (Any?, Any?) -> Unit, trace)
            }
        }
    }

    private fun field(owner: Any, name: String): java.lang.reflect.Field? =
        generateSequence<Class<*>>(owner.javaClass) { it.superclass }.firstNotNullOfOrNull { type ->
            type.declaredFields.firstOrNull { it.name == name }
        }?.apply { isAccessible = true }

    private fun read(owner: Any, name: String): Any? = field(owner, name)?.get(owner)

    /** A listener that writes its call first. */
    private interface Probe

    private class OnTransition(val listener: (Any?) -> Unit, val trace: Trace) : (Any?) -> Unit, Probe {
        override fun invoke(transition: Any?) {
            trace.lines += "${LISTENER}onTransition"
            listener(transition)
        }
    }

    private class OnState(val name: String, val listener: (Any?, Any?) -> Unit, val trace: Trace) : (Any?, Any?) -> Unit, Probe {
        override fun invoke(state: Any?, event: Any?) {
            trace.lines += "$LISTENER$name ${Trace.render(state)}"
            listener(state, event)
        }
    }
}

/** The start of a listener call's line in a comparison's trace. */
internal const val LISTENER = "listener "
