package com.statemachine.verify

import kotlin.reflect.KClass
import kotlin.reflect.KType
import kotlin.reflect.full.isSubclassOf

/**
 * A value of a type the files use and the verification's libraries lack (Spec/VERIFY.md, V11): what a stand-in's
 * constructor makes and what its calls return when the machine only carries the value on. It has no form in the
 * fixture format (the trace writes `?`); [origin] is the call that made it, for messages.
 */
open class StandInValue(private val origin: String) : com.statemachine.spec.fixtures.OpaqueFixtureValue {
    override fun toString(): String = origin

    /** `log[i]`: an opaque value, as the member calls of a stand-in give. */
    operator fun get(vararg keys: Any?): StandInValue = StandInValue("$origin[]")

    /**
     * `for (entry in entries)`: nothing to iterate, since a stand-in holds nothing; a stand-in whose elements the files
     * need of a type overrides it with an iterator of that type.
     */
    open operator fun iterator(): Iterator<Any?> = emptyList<StandInValue>().iterator()

    /** `var dose by component`: the agreed value of the property's type ([StandIns.valueOf]); a write keeps nothing. */
    operator fun <T> getValue(thisRef: Any?, property: kotlin.reflect.KProperty<*>): T {
        @Suppress("UNCHECKED_CAST")
        return StandIns.valueOf(property.returnType, "$origin.${property.name}") as T
    }

    operator fun <T> setValue(thisRef: Any?, property: kotlin.reflect.KProperty<*>, value: T) {}
}

/**
 * What the stand-ins `--verify` derives from the compiler's diagnostics do when they are called (V11), in the two
 * schemes the verification already has:
 * - a function of a package (`sLog("…")`, `formatAmount(total)`), which the port makes a requirement of its
 *   `Collaborators`: recorded with its result ([Calls.record]: `call sLog("unlock") -> ()`), so that the Swift owner
 *   is asked the same and gives the same;
 * - a member called on a value or an object (`meter.record(3)`, `LockerLimits.isFull(4)`), which the port makes a
 *   collaborator: written to the trace as the Swift port's stub of that collaborator writes it (`call
 *   meter.record(3)`, `call lockerLimits.isFull(4)`), named by the receiver as the files name it, and answering the
 *   value both runtimes agree on for its result type ([valueOf]).
 * A call made only as a statement returns `()`; one whose result the compiler wanted of a known type returns that
 * type's agreed value (`false`, `0`, `""`, the first object case of a sealed type of the files); any other result is an
 * opaque [StandInValue], which the trace writes `?`.
 */
/**
 * A stand-in of a library's property delegate (`var dose by syncedDelegate(0.0, ::sync)`): it keeps the value it was
 * made with and each value set, as the port's owner keeps the property (Spec/VERIFY.md, V11).
 */
class StandInDelegate<T>(private var value: T) {
    operator fun getValue(thisRef: Any?, property: kotlin.reflect.KProperty<*>): T = value
    operator fun setValue(thisRef: Any?, property: kotlin.reflect.KProperty<*>, newValue: T) {
        value = newValue
    }
}

object StandIns {
    /** A function of a package, made only as a statement: recorded, with `()` for its result. */
    @JvmStatic
    fun statement(name: String, arguments: Array<out Any?>) {
        Calls.record(name, compared(arguments)) { Unit }
    }

    /** A function of a package whose result the machine carries on: recorded, with an opaque result. */
    @JvmStatic
    fun opaque(name: String, arguments: Array<out Any?>): StandInValue =
        Calls.record(name, compared(arguments)) { StandInValue(name) }

    /** A function of a package whose result the compiler wants of a known type: recorded, with that type's value. */
    @JvmStatic
    fun <T> typed(name: String, arguments: Array<out Any?>, type: KType): T {
        @Suppress("UNCHECKED_CAST")
        return Calls.record(name, compared(arguments)) { valueOf(type, name) } as T
    }

    /**
     * A member [name] called on [receiver] (an extension's receiver, or [NoReceiver] for an object's member, whose
     * [owner] names it): written to the trace as a collaborator's call, then answered with [result]'s value (`null`
     * for an opaque one, `Unit` for a statement).
     */
    @JvmStatic
    fun <T> member(owner: String?, name: String, receiver: Any?, arguments: Array<out Any?>, result: KType?): T {
        val target = owner ?: receiver?.let { names[it] } ?: (receiver as? StandInValue)?.toString() ?: "?"
        Calls.trace?.call("$target.$name", compared(arguments).toList())
        @Suppress("UNCHECKED_CAST")
        return (if (result == null) StandInValue("$target.$name") else valueOf(result, "$target.$name")) as T
    }

    /** A statement call of a member; see [member]. */
    @JvmStatic
    fun memberStatement(owner: String?, name: String, receiver: Any?, arguments: Array<out Any?>) {
        member<Any?>(owner, name, receiver, arguments, kotlin.reflect.typeOf<Unit>())
    }

    /**
     * A statement call on an object of a library the class makes (`LOG.info("…")` of a `java.util.logging.Logger`), which
     * the port leaves to its owner: written to the trace as the Swift port's stub writes it (`call log.info("…")`), in
     * place of the call (Spec/VERIFY.md, V3). What the library does is the owner's on both sides, and not compared.
     */
    @JvmStatic
    fun observed(name: String, arguments: Array<out Any?>) {
        Calls.trace?.call(name, compared(arguments).toList())
    }

    /** The names the files give the receivers of member calls (`meter` in `meter.record(3)`), by identity. */
    private val names = java.util.IdentityHashMap<Any, String>()

    /**
     * [value], the receiver of a member call that the files name [name]: `--verify`'s copy of the files reads
     * `StandIns.named("meter", meter).record(it.parcels)` where they read `meter.record(it.parcels)`.
     */
    @JvmStatic
    fun <T> named(name: String, value: T): T {
        if (value != null) names[value] = name
        return value
    }

    /** The arguments as the trace compares them: a lambda has no form in the fixture format (`?` on both sides). */
    private fun compared(arguments: Array<out Any?>): Array<Any?> =
        arguments.map { if (it is Function<*>) NotCompared else it }.toTypedArray()

    /** Written where a stand-in has no receiver (a member of an object stand-in). */
    @JvmField
    val NoReceiver = Any()

    /** The value both runtimes agree on for [type]; a type without one stops the sequence ([Unstubbable]). */
    fun valueOf(type: KType, where: String): Any? {
        if (type.isMarkedNullable) return null
        val classifier = type.classifier as? KClass<*> ?: throw Unstubbable("the stand-in $where returns $type, which has no value here")
        return when {
            classifier == Unit::class -> Unit
            classifier == Boolean::class -> false
            classifier == Int::class -> 0
            classifier == Long::class -> 0L
            classifier == Short::class -> 0.toShort()
            classifier == Byte::class -> 0.toByte()
            classifier == Double::class -> 0.0
            classifier == Float::class -> 0f
            classifier == String::class -> ""
            classifier.isSubclassOf(Set::class) -> emptySet<Any>()
            classifier.isSubclassOf(Map::class) -> emptyMap<Any, Any>()
            classifier.isSubclassOf(List::class) || classifier == Collection::class || classifier == Iterable::class -> emptyList<Any>()
            classifier.isSubclassOf(StandInValue::class) && !classifier.isAbstract && !classifier.java.isInterface ->
                classifier.objectInstance ?: classifier.constructors.firstOrNull { it.parameters.size == 1 && it.parameters[0].isVararg }
                    ?.call(emptyArray<Any?>())
                    ?: throw Unstubbable("the stand-in $where returns ${classifier.simpleName}, which has no value here")
            classifier.java.isEnum -> classifier.java.enumConstants.first()
            classifier.isSealed -> classifier.sealedSubclasses.filter { it.objectInstance != null }
                .minByOrNull { it.simpleName ?: "" }?.objectInstance
                ?: throw Unstubbable("the stand-in $where returns a ${classifier.simpleName} without an object case, which has no value here")
            classifier.objectInstance != null -> classifier.objectInstance
            else -> throw Unstubbable("the stand-in $where returns a ${classifier.simpleName}, which has no value here")
        }
    }
}
