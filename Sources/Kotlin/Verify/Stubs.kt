package com.statemachine.verify

import java.lang.reflect.InvocationHandler
import java.lang.reflect.Method
import java.lang.reflect.Proxy
import kotlin.reflect.KClass
import kotlin.reflect.KType
import kotlin.reflect.full.isSubclassOf
import kotlin.reflect.jvm.javaGetter
import kotlin.reflect.jvm.kotlinFunction

/**
 * The collaborators of the Kotlin machine: each interface the machine's owner takes is a stub that writes every call to
 * the [Trace] and answers with the value both runtimes agree on for its result type ([defaultOf]). The Swift port's
 * owner gets stubs that do the same (the harness the porter writes).
 */
class Stubs(private val trace: Trace) {

    /** How many answers each stub function has given in this sequence, by its name in the trace (`clock.now`). */
    private val answers = HashMap<String, Int>()

    /** Starts the count of answers again: the n-th call of a function in a sequence answers the same on both sides. */
    fun restartAnswers() = answers.clear()

    private fun nextAnswer(where: String): Int = answers.merge(where, 1, Int::plus)!! - 1

    /** A stub of the interface [type], named [name] in the trace (`logger.d("TAG", "text")`). */
    fun stub(type: Class<*>, name: String): Any =
        Proxy.newProxyInstance(type.classLoader, arrayOf(type), Handler(name, type))

    private inner class Handler(private val name: String, private val type: Class<*>) : InvocationHandler {
        override fun invoke(proxy: Any, method: Method, args: Array<out Any?>?): Any? {
            when (method.name) {
                "toString" -> if (method.parameterCount == 0) return "$name stub"
                "hashCode" -> if (method.parameterCount == 0) return System.identityHashCode(proxy)
                "equals" -> if (method.parameterCount == 1) return proxy === args?.get(0)
            }
            val arguments = args?.toList().orEmpty()
            // A Kotlin function type (`(SideEffect) -> Unit`): the call is the property's, `onSideEffect(…)`.
            val isFunctionType = type.name.startsWith("kotlin.jvm.functions.Function")
            // An argument declared with `Any` in its type (`Map<String, Any>`) is not compared: its Swift counterpart
            // (`[String: Any]`) has no form in the fixture format.
            // Kotlin reflection does not describe the built-in function types' `invoke` (it throws): their arguments
            // are compared as they are.
            val kotlinFunction = if (isFunctionType) null else method.kotlinFunction
            // A property's getter (`getUnlock()` on the JVM): the read of `unlock`, as the Swift stub writes it.
            val kotlinProperty = if (isFunctionType || kotlinFunction != null) null
                else type.kotlin.members.filterIsInstance<kotlin.reflect.KProperty<*>>().firstOrNull { it.javaGetter == method }
            val declared = kotlinFunction?.parameters?.drop(1)?.map { it.type }
            val compared = arguments.mapIndexed { index, argument -> if (declared?.getOrNull(index)?.mentionsAny() == true) NotCompared else argument }
            // Kotlin's name, not the JVM's: a function taking a value class is `rememberUser-5AMqU2E` there.
            val function = kotlinFunction?.name ?: kotlinProperty?.name ?: method.name
            trace.call(if (isFunctionType) name else "$name.$function", compared)
            if (method.isDefault) {
                return java.lang.invoke.MethodHandles.privateLookupIn(type, java.lang.invoke.MethodHandles.lookup())
                    .unreflectSpecial(method, type).bindTo(proxy).invokeWithArguments(arguments)
            }
            val returnType = kotlinFunction?.returnType ?: kotlinProperty?.returnType
            if (isFunctionType || returnType == null) return javaDefault(method.returnType, "$name.$function")
            val answer = defaultOf(returnType, "$name.$function")
            // A `kotlin.time.Duration` (a value class) is a `long` on the JVM where it is not null: its raw value.
            if (method.returnType == java.lang.Long.TYPE && answer is kotlin.time.Duration) {
                return answer.javaClass.getMethod("unbox-impl").invoke(answer)
            }
            return answer
        }
    }

    /**
     * A stub of the `java.time.Clock` [name] the owner takes (an abstract class, not an interface): `instant()` and
     * `millis()` write their calls to the trace and answer as a stub function of that result type does (the n-th
     * `Instant`, a `Long` 0), as the Swift port's clock protocol is stubbed.
     */
    fun clock(name: String): java.time.Clock = object : java.time.Clock() {
        override fun getZone(): java.time.ZoneId = java.time.ZoneOffset.UTC
        override fun withZone(zone: java.time.ZoneId): java.time.Clock = this
        override fun instant(): java.time.Instant {
            trace.call("$name.instant", emptyList())
            return PlatformAnswers.instant(nextAnswer("$name.instant"))
        }
        override fun millis(): Long {
            trace.call("$name.millis", emptyList())
            return 0L
        }
    }

    private fun KType.mentionsAny(): Boolean =
        classifier == Any::class || arguments.any { it.type?.mentionsAny() ?: true }

    /** What a stub answers for [type]; [where] names the call in the message when it cannot answer. */
    fun defaultOf(type: KType, where: String): Any? {
        if (type.isMarkedNullable) return null
        val classifier = type.classifier as? KClass<*> ?: throw Unstubbable("$where returns ${type}, which the stubs cannot make")
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
            classifier == java.time.Instant::class -> PlatformAnswers.instant(nextAnswer(where))
            classifier == java.time.Duration::class -> PlatformAnswers.duration(nextAnswer(where))
            classifier == kotlin.time.Duration::class -> PlatformAnswers.kotlinDuration(nextAnswer(where))
            classifier == java.util.UUID::class -> PlatformAnswers.uuid(nextAnswer(where))
            classifier.isSubclassOf(Set::class) -> emptySet<Any>()
            classifier.isSubclassOf(Map::class) -> emptyMap<Any, Any>()
            classifier.isSubclassOf(List::class) || classifier == Collection::class || classifier == Iterable::class -> emptyList<Any>()
            classifier.java.isInterface && !classifier.isFun && !classifier.isSealed -> stub(classifier.java, "$where()")
            classifier.java.isEnum -> classifier.java.enumConstants.first()
            classifier.isSealed -> classifier.sealedSubclasses.filter { it.objectInstance != null }
                .minByOrNull { it.simpleName ?: "" }?.objectInstance
                ?: throw Unstubbable("$where returns a ${classifier.simpleName} without an object case, which the stubs cannot make")
            else -> throw Unstubbable("$where returns a ${classifier.simpleName}, which the stubs cannot make")
        }
    }

    private fun javaDefault(type: Class<*>, where: String): Any? = when (type) {
        Void.TYPE -> null
        java.lang.Boolean.TYPE -> false
        Integer.TYPE -> 0
        java.lang.Long.TYPE -> 0L
        java.lang.Double.TYPE -> 0.0
        java.lang.Float.TYPE -> 0f
        java.lang.Short.TYPE -> 0.toShort()
        java.lang.Byte.TYPE -> 0.toByte()
        else -> if (type == Unit::class.java || type == Any::class.java) Unit else throw Unstubbable("$where returns a ${type.simpleName}, which the stubs cannot make")
    }
}

/**
 * What a stub answers the n-th time (from 0) one of its functions returning a platform type is called in a sequence; the
 * Swift harness answers the same (`VerifyPlatformAnswers` of the `StateMachineVerify` module, by the same formulas):
 *
 * | Kotlin type | answer n | Swift |
 * | --- | --- | --- |
 * | `java.time.Instant` | 1 700 000 000 s + 60 s × n after the epoch (2023-11-14T22:13:20Z, then a minute later each call) | `Date` |
 * | `java.time.Duration` and `kotlin.time.Duration` | n + 1 seconds | `Duration` |
 * | `java.util.UUID` | `00000000-0000-0000-0000-` and n + 1 in 12 decimal digits | `UUID` |
 *
 * Whole seconds keep `Instant` and `Date` exactly equal; a UUID of decimal digits reads the same in Kotlin's lower case
 * and Swift's upper case.
 */
object PlatformAnswers {
    const val EPOCH_SECONDS = 1_700_000_000L
    const val STEP_SECONDS = 60L

    fun instant(n: Int): java.time.Instant = java.time.Instant.ofEpochSecond(EPOCH_SECONDS + STEP_SECONDS * n)

    fun duration(n: Int): java.time.Duration = java.time.Duration.ofSeconds(n + 1L)

    fun kotlinDuration(n: Int): kotlin.time.Duration = with(kotlin.time.Duration) { (n + 1L).seconds }

    fun uuid(n: Int): java.util.UUID = java.util.UUID.fromString("00000000-0000-0000-0000-" + (n + 1L).toString().padStart(12, '0'))
}
