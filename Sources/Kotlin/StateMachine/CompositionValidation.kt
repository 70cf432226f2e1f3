package com.statemachine.spec

// The composition errors of rule R25, found when a composite graph is built: every problem at once, each at
// the file and line of the DSL call that declared it, in the words of Swift's `validate()` where the concept
// is the same.

/**
 * Thrown when a graph with superstates, child machines or regions is built with composition errors (R25):
 * [problems] lists every one, each located at the DSL call that declared it.
 *
 * ```
 * The state machine definition has 1 problem:
 * - Turnstile.kt:42: the superstates "A, B" and "B, C" overlap: they share some cases but each has one the other lacks. …
 * ```
 */
class DefinitionException(val problems: List<DefinitionProblem>) : IllegalArgumentException(
    (listOf("The state machine definition has ${if (problems.size == 1) "1 problem" else "${problems.size} problems"}:") +
        problems.map { "- $it" }).joinToString("\n")
)

/** One composition error: where it was declared ([file] and [line] of the DSL call) and what to change. */
data class DefinitionProblem(val file: String, val line: Int, val message: String) {
    override fun toString() = "$file:$line: $message"
}

/** The file and line of the user's DSL call, taken when it is declared. */
internal class CallSite(val file: String, val line: Int) {
    override fun toString() = "$file:$line"

    companion object {
        private val libraryPackage = StateMachine::class.java.name.substringBeforeLast('.')

        /** The first frame of the calling thread's stack outside this library's package (the user's call). */
        fun here(): CallSite {
            val frame = Throwable().stackTrace.firstOrNull { frame ->
                frame.className.substringBeforeLast('.') != libraryPackage
            }
            return CallSite(frame?.fileName ?: "unknown file", frame?.lineNumber ?: 0)
        }
    }
}

/** A handler declared with `on(…, toHistoryOf = target)`, checked when the graph is built. */
internal class HistoryDeclaration(val target: HistoryTarget, val site: CallSite, val kind: HistoryKind = HistoryKind.DEEP)

/** Collects the problems of one graph under construction. */
internal class CompositionProblems {
    val problems = ArrayList<DefinitionProblem>()

    fun add(site: CallSite?, message: String) {
        problems += DefinitionProblem(site?.file ?: "unknown file", site?.line ?: 0, message)
    }

    fun throwIfAny() {
        if (problems.isNotEmpty()) throw DefinitionException(problems)
    }
}

/** Class-based superstates: no empty one, no class twice, siblings disjoint, children inside their parent. */
internal fun checkSuperstates(level: List<Superstate<*, *, *>>, parent: Superstate<*, *, *>?, out: CompositionProblems) {
    for ((index, superstate) in level.withIndex()) {
        val site = superstate.site
        val name = superstate.name
        if (superstate.matchers.isEmpty()) out.add(site, "the superstate \"$name\" contains no state: name the cases it groups.")
        val classes = superstate.classes
        if (classes != null) {
            if (classes.toSet().size != classes.size) out.add(site, "the superstate \"$name\" names a case twice: name each case once.")
            val parentClasses = parent?.classes
            if (parent != null && parentClasses != null) {
                if (covers(classes, parentClasses) && covers(parentClasses, classes)) {
                    out.add(site, "the superstates \"${parent.name}\" and \"$name\" contain the same cases, so which is inside the other is undefined: merge them.")
                } else {
                    for (type in classes) {
                        if (parentClasses.none { it.isAssignableFrom(type) }) {
                            out.add(site, "the superstate \"$name\" is declared inside \"${parent.name}\", but its state ${type.simpleName} is not a state of \"${parent.name}\": declare it outside, or add ${type.simpleName} to \"${parent.name}\".")
                        }
                    }
                }
            }
            for (other in level.subList(0, index)) {
                val otherClasses = other.classes ?: continue
                val shared = classes.any { a -> otherClasses.any { b -> a.isAssignableFrom(b) || b.isAssignableFrom(a) } }
                if (!shared) continue
                val coversOther = covers(classes, otherClasses)
                val coveredByOther = covers(otherClasses, classes)
                when {
                    coversOther && coveredByOther -> out.add(site,
                        "the superstates \"${other.name}\" and \"$name\" contain the same cases, so which is inside the other is undefined: merge them.")
                    !coversOther && !coveredByOther -> out.add(site,
                        "the superstates \"${other.name}\" and \"$name\" overlap: they share some cases but each has one the other lacks. Make one contain all the cases of the other, or make them disjoint.")
                    else -> {
                        val (inner, outer) = if (coversOther) other.name to name else name to other.name
                        out.add(site, "the superstates \"${other.name}\" and \"$name\" share cases, and \"$outer\" contains all the cases of \"$inner\": declare \"$inner\" inside \"$outer\"'s block, since superstates declared side by side must be disjoint.")
                    }
                }
            }
        }
        checkSuperstates(superstate.children, superstate, out)
    }
}

/** Whether every class of [inner] is one of [outer]'s classes or a subclass of one. */
private fun covers(outer: List<Class<*>>, inner: List<Class<*>>): Boolean =
    inner.all { type -> outer.any { it.isAssignableFrom(type) } }

/** Matcher-based superstates (named by the user): two with one name anywhere in the tree. */
internal fun checkSuperstateNames(all: List<Superstate<*, *, *>>, out: CompositionProblems) {
    val first = HashMap<String, Superstate<*, *, *>>()
    for (superstate in all) {
        if (superstate.classes != null) continue
        val other = first.putIfAbsent(superstate.name, superstate) ?: continue
        out.add(superstate.site, "two superstates are named \"${superstate.name}\" (the other at ${other.site}): give each its own name.")
    }
}

/** Every superstate of the tree [level], depth first in declaration order. */
internal fun <S : Any, E : Any, F : Any> allSuperstates(level: List<Superstate<S, E, F>>): List<Superstate<S, E, F>> {
    val result = ArrayList<Superstate<S, E, F>>()
    fun collect(level: List<Superstate<S, E, F>>) {
        for (superstate in level) {
            result += superstate
            collect(superstate.children)
        }
    }
    collect(level)
    return result
}

/** A handler's history target names a superstate or a child-holding definition of this graph (R24, R25). */
internal fun checkHistoryTargets(
    declarations: List<HistoryDeclaration>,
    superstates: List<Superstate<*, *, *>>,
    children: List<ChildMachine<*, *, *, *, *, *>>,
    out: CompositionProblems
) {
    for (superstate in superstates) {
        @Suppress("UNCHECKED_CAST")
        val initial = superstate.initial ?: continue
        if (!(superstate as Superstate<Any, *, *>).contains(initial)) out.add(superstate.site,
            "the `initial` state of the superstate \"${superstate.name}\" is $initial, which it does not contain: name one of its states.")
    }
    for (declaration in declarations) {
        when (val target = declaration.target) {
            is Superstate<*, *, *> -> if (superstates.none { it === target }) out.add(declaration.site,
                "this handler goes to the history of \"${target.name}\", which is not a superstate of this machine: name one of its superstates.")
            else if (declaration.kind == HistoryKind.SHALLOW) for (inner in target.children) if (inner.initial == null) out.add(declaration.site,
                "this handler goes to the shallow history of \"${target.name}\", which returns to the superstate \"${inner.name}\" inside it at its `initial` state, and \"${inner.name}\" has none: add `initial = …` to superstate \"${inner.name}\", or write `history = HistoryKind.DEEP`.")
            is ChildMachine<*, *, *, *, *, *> -> if (children.none { it === target }) out.add(declaration.site,
                "this handler goes to the history of a child machine that no state definition of this machine holds: name the handle that `child(…)` returned in one of its state definitions.")
            else -> out.add(declaration.site,
                "this handler goes to the history of \"$target\", which is neither a superstate nor a child-holding case of this machine.")
        }
    }
}

/**
 * The parent events that [child]'s event mapping sends to a child event no handler of the child graph matches by
 * class (R25, "an event mapped to nothing"). Only the events that can be enumerated are checked: the Kotlin
 * `object`s and enum constants of the sealed hierarchies (classes and interfaces, with their nested declarations)
 * that the parent's own handlers' event classes belong to. A child graph with regions or a child machine may hand
 * any event on, so its mapping is not checked.
 */
internal fun <P : Any, PE : Any, PF : Any> checkEventMapping(
    child: ChildMachine<P, PE, PF, *, *, *>,
    parentEventClasses: Collection<Class<*>>,
    out: CompositionProblems
) {
    val handled = handledEventClasses(child.graph) ?: return
    for (event in enumerableEvents(parentEventClasses)) {
        @Suppress("UNCHECKED_CAST")
        val childEvent = try {
            (child.events as (Any) -> Any?)(event)
        } catch (e: Exception) {
            continue
        } ?: continue
        if (handled.any { it.isInstance(childEvent) }) continue
        val name = eventName(event)
        val childName = eventName(childEvent)
        out.add(child.site, "the event $name is mapped to the child event $childName, which no `on` handler of the child definition handles, so the child never takes it. Handle $childName in the child, or map $name to null.")
    }
}

/** The event classes the `on` handlers of [graph]'s definitions and superstates match; null when it may take any. */
private fun handledEventClasses(graph: StateMachine.Graph<*, *, *>): List<Class<*>>? {
    val composition = graph.composition
    if (composition != null && composition.regions.isNotEmpty()) return null
    if (graph.stateDefinitions.values.any { it.child != null }) return null
    val classes = ArrayList<Class<*>>()
    for (definition in graph.stateDefinitions.values) classes += definition.transitions.keys.map { it.type }
    for (superstate in allSuperstates(composition?.superstates ?: emptyList())) classes += superstate.transitions.map { it.first.type }
    return classes
}

/** The objects and enum constants of the hierarchies of [classes], each once, in a stable order. */
private fun enumerableEvents(classes: Collection<Class<*>>): List<Any> {
    val roots = LinkedHashSet<Class<*>>()
    for (type in classes) ancestors(type, roots)
    val events = LinkedHashSet<Any>()
    for (root in roots) {
        for (type in listOf(root) + nestedClasses(root)) {
            if (!root.isAssignableFrom(type)) continue
            if (type.isEnum) events.addAll(type.enumConstants)
            objectInstance(type)?.let { events += it }
        }
    }
    return events.toList()
}

/** [type] and its superclasses and interfaces, the platform's excluded. */
private fun ancestors(type: Class<*>, into: MutableSet<Class<*>>) {
    if (type.name.startsWith("java.") || type.name.startsWith("kotlin.")) return
    if (!into.add(type)) return
    type.superclass?.let { ancestors(it, into) }
    type.interfaces.forEach { ancestors(it, into) }
}

private fun nestedClasses(type: Class<*>): List<Class<*>> {
    val result = ArrayList<Class<*>>()
    fun collect(type: Class<*>) {
        val nested = try { type.declaredClasses } catch (e: Throwable) { emptyArray() }
        for (inner in nested) {
            result += inner
            collect(inner)
        }
    }
    collect(type)
    return result
}

/** The instance of a Kotlin `object`, or null. */
private fun objectInstance(type: Class<*>): Any? = try {
    val field = type.getDeclaredField("INSTANCE")
    if (java.lang.reflect.Modifier.isStatic(field.modifiers) && field.type == type) field.get(null) else null
} catch (e: Exception) {
    null
}

/** How messages name an event: an enum constant or a string by its value, other events by their class. */
internal fun eventName(event: Any): String = when {
    event is Enum<*> -> event.name
    event.isPlainValue() -> if (event is String) "\"$event\"" else event.toString()
    else -> event.javaClass.simpleName
}

/** Whether [this] is a string, number, character or boolean, whose value is its case (an enum's constant is too). */
internal fun Any.isPlainValue(): Boolean = this is String || this is Number || this is Char || this is Boolean

/** R27: an `onDone` runs only in a definition whose child machine has a final state. */
internal fun checkOnDone(
    stateDefinitions: Map<out StateMachine.Matcher<*, *>, StateMachine.Graph.State<*, *, *>>,
    out: CompositionProblems
) {
    for ((matcher, definition) in stateDefinitions) {
        if (definition.onDone == null) continue
        val name = matcher.type.simpleName
        val child = definition.child
        if (child == null) {
            out.add(definition.onDoneSite, "this onDone in the state definition of $name never runs: the state holds no child machine, and only a child reaching one of its final states finishes a state (R27). Add child(…) to the definition, or remove onDone.")
        } else if (!child.graph.hasFinalStates) {
            out.add(definition.onDoneSite, "this onDone in the state definition of $name never runs: the child machine at ${child.site} has no final state (R27). Add finalState<…>() to the child's graph for the state it ends in, or remove onDone.")
        }
    }
}
