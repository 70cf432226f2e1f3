package com.statemachine.verify

import kotlin.reflect.KClass
import kotlin.reflect.KType
import kotlin.reflect.full.isSubclassOf

/**
 * A value of a type the files use and the verification's libraries lack (Spec/VERIFY.md, V11): what a stand-in's
 * constructor makes and what its calls return when the machine only carries the value on. It has no form in the
 * fixture format (the trace writes `?`); [origin] is the call that made it, for messages.
 */
open class StandInValue(private val origin: String) {
    override fun toString(): String = origin
}

/**
 * What the stand-ins `--verify` derives from the compiler's diagnostics do when they are called (V11): each call is
 * written to the trace as a call the Swift side is given (`call KotlinLogging.logger(?) -> ?`, as `Calls.record`
 * writes one), and returns the same value each time: `()` for a call the files make only as a statement, the value
 * both runtimes agree on for a result type the compiler asked for (`false`, `0`, `""`, the first object case of a
 * sealed type of the files), and otherwise an opaque [StandInValue].
 */
object StandIns {
    /** A call made only as a statement: recorded, with `()` for its result. */
    @JvmStatic
    fun statement(name: String, receiver: Any?, arguments: Array<out Any?>) {
        Calls.record(name, with(receiver, arguments)) { Unit }
    }

    /** A call whose result the machine carries on: recorded, with an opaque value for its result. */
    @JvmStatic
    fun opaque(name: String, receiver: Any?, arguments: Array<out Any?>): StandInValue =
        Calls.record(name, with(receiver, arguments)) { StandInValue(name) }

    /** A call whose result the compiler wants of a known type: recorded, with the value [valueOf] makes. */
    @JvmStatic
    fun <T> typed(name: String, receiver: Any?, arguments: Array<out Any?>, type: KType): T {
        @Suppress("UNCHECKED_CAST")
        return Calls.record(name, with(receiver, arguments)) { valueOf(type, name) } as T
    }

    /** The receiver first (an extension's, written `?` when it is a stand-in's value), then the arguments. */
    private fun with(receiver: Any?, arguments: Array<out Any?>): Array<Any?> {
        val all = if (receiver === NoReceiver) arguments.toList() else listOf(receiver) + arguments.toList()
        return all.map { if (it is Function<*>) NotCompared else it }.toTypedArray()
    }

    /** Written where a stand-in has no receiver (a top-level function, a member of an object stand-in). */
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
