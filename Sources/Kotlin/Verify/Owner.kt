package com.statemachine.verify

import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.startCoroutine
import kotlin.reflect.KClass
import kotlin.reflect.KFunction
import kotlin.reflect.KParameter
import kotlin.reflect.KType
import kotlin.reflect.full.callSuspendBy
import kotlin.reflect.full.memberFunctions
import kotlin.reflect.full.memberProperties
import kotlin.reflect.full.primaryConstructor
import kotlin.reflect.jvm.isAccessible
import kotlin.reflect.jvm.kotlinFunction

/**
 * Where the Kotlin machine comes from, as the porter found it: a property or function of a class (built with stubs for
 * what its constructor takes), of an object, or of the file.
 */
class OwnerSpec(
    /** `class`, `object`, `file`. */
    val kind: String,
    /** The class or object's name, or the file's JVM class (`com.example.MachineKt`). */
    val className: String,
    /** The property holding the machine, or the function returning it. */
    val member: String,
)

/** A fresh owner and its machine, for one sequence. */
class Owner(val instance: Any?, val machine: Any)

class Owners(private val loader: ClassLoader, private val stubs: Stubs, private val events: Events) {

    /**
     * The arguments the runner made for the owner's constructor or function, by parameter name: what the Swift owner
     * gives for a requirement of the same name when the Kotlin has no property to read (a top-level function's
     * parameters).
     */
    val madeArguments = linkedMapOf<String, Any?>()

    /** Why the owner cannot be made, when it cannot; thrown once, before any sequence runs. */
    class CannotRun(message: String) : Exception(message)

    fun make(spec: OwnerSpec): Owner {
        val type = load(spec.className)
        val instance: Any? = when (spec.kind) {
            "object" -> type.objectInstance ?: throw CannotRun("${spec.className} is not an object")
            "class" -> construct(type)
            else -> null
        }
        val machine = if (spec.kind == "file") fileMember(spec) else member(type, instance!!, spec.member)
        return Owner(instance, machine ?: throw CannotRun("${spec.member} gave no machine"))
    }

    /** The value of the property (or the result of the function without arguments) [name] of [instance]. */
    fun member(type: KClass<*>, instance: Any, name: String): Any? {
        type.memberProperties.firstOrNull { it.name == name }?.let { property ->
            property.isAccessible = true
            return property.getter.call(instance)
        }
        val function = type.memberFunctions.firstOrNull { it.name == name }
            ?: throw CannotRun("${type.simpleName} has no property or function $name")
        return call(function, instance)
    }

    private fun fileMember(spec: OwnerSpec): Any? {
        val type = Class.forName(spec.className, true, loader)
        val getter = "get" + spec.member.replaceFirstChar { it.uppercase() }
        type.declaredMethods.firstOrNull { it.name == getter && it.parameterCount == 0 }?.let { method ->
            method.isAccessible = true
            return method.invoke(null)
        }
        val function = type.declaredMethods.firstOrNull { it.name == spec.member }?.let { method ->
            method.isAccessible = true
            return@let method
        } ?: throw CannotRun("${spec.className} has no ${spec.member}")
        val kotlinFunction = function.kotlinFunction
        if (kotlinFunction != null) return call(kotlinFunction, null)
        return function.invoke(null, *function.parameterTypes.map { stubs.stub(it, "argument") }.toTypedArray())
    }

    private fun call(function: KFunction<*>, receiver: Any?): Any? {
        function.isAccessible = true
        val arguments = HashMap<KParameter, Any?>()
        for (parameter in function.parameters) {
            when (parameter.kind) {
                KParameter.Kind.INSTANCE -> arguments[parameter] = receiver
                KParameter.Kind.EXTENSION_RECEIVER -> arguments[parameter] = argument(parameter.type, "receiver", optional = false)
                    ?: throw CannotRun("cannot make the receiver of ${function.name}")
                KParameter.Kind.VALUE -> argumentFor(parameter)?.let {
                    arguments[parameter] = it.value
                    parameter.name?.let { name -> madeArguments[name] = it.value }
                }
                else -> throw CannotRun("${function.name} takes a context parameter, which the runner cannot give")
            }
        }
        // A machine kept in a local of the function is handed over as it is made (Calls.made): the function may return
        // something else, or suspend before it returns.
        Calls.lastMade = null
        val result = if (function.isSuspend) callSuspending(function, arguments) else function.callBy(arguments)
        return Calls.lastMade ?: result
    }

    /**
     * Calls the suspend function [function] in a coroutine of its own, without a dispatcher: its result, or null when it
     * suspended (what it made before suspending, a machine in a local, is what the runner needs).
     */
    private fun callSuspending(function: KFunction<*>, arguments: Map<KParameter, Any?>): Any? {
        var outcome: Result<Any?>? = null
        val body: suspend () -> Any? = { function.callSuspendBy(arguments) }
        body.startCoroutine(Continuation(EmptyCoroutineContext) { outcome = it })
        return outcome?.getOrThrow()
    }

    /**
     * A new instance of [type]: its primary constructor called with empty strings, zeros, empty collections and stubs of
     * its interfaces; when that throws (`require(deviceId.isNotBlank())`, `require(steps.isNotEmpty())`), once more with
     * the files' first non-blank string literal, ones, and lists and sets of the files' literals of their element type.
     */
    private fun construct(type: KClass<*>): Any {
        val constructor = type.primaryConstructor ?: throw CannotRun("${type.simpleName} has no primary constructor to make it with")
        constructor.isAccessible = true
        var failure: Throwable? = null
        for (plain in listOf(true, false)) {
            val arguments = HashMap<KParameter, Any?>()
            for (parameter in constructor.parameters) argumentFor(parameter, plain)?.let {
                arguments[parameter] = it.value
                parameter.name?.let { name -> madeArguments[name] = it.value }
            }
            try {
                return constructor.callBy(arguments)
            } catch (thrown: java.lang.reflect.InvocationTargetException) {
                if (failure == null) failure = thrown.targetException
            }
        }
        val cause = failure!!
        val at = cause.stackTrace.firstOrNull { it.fileName?.endsWith(".kt") == true }?.let { " (${it.fileName}:${it.lineNumber})" } ?: ""
        throw CannotRun("${type.simpleName} could not be made with the runner's arguments (empty strings, zeros and empty " +
            "collections, then the files' first string, ones and collections of the files' literals; stubs of its interfaces): " +
            "its constructor threw ${cause::class.simpleName}: ${cause.message}$at")
    }

    /** The argument for [parameter]: a stub for an interface, the default when it has one, else a made value. */
    private fun argumentFor(parameter: KParameter, plain: Boolean = true): Box? {
        val name = parameter.name ?: "argument"
        val classifier = parameter.type.classifier as? KClass<*>
        if (classifier != null && classifier.java.isInterface && !isCollection(classifier) && !classifier.isSealed) {
            return Box(stubs.stub(classifier.java, name))
        }
        // Listeners (`listeners: List<PlaybackListener>`): one stub, named `listeners[0]` in the trace, as the port's.
        val element = parameter.type.arguments.singleOrNull()?.type?.classifier as? KClass<*>
        if ((classifier == List::class || classifier == Collection::class || classifier == Iterable::class || classifier == Set::class) &&
            element != null && element.java.isInterface && !isCollection(element) && !element.isFun) {
            val stub = stubs.stub(element.java, "$name[0]")
            return Box(if (classifier == Set::class) setOf(stub) else listOf(stub))
        }
        if (parameter.isOptional) return null
        if (!plain && !parameter.type.isMarkedNullable) {
            when (classifier) {
                String::class -> return Box(events.literals.strings.firstOrNull { it.isNotBlank() } ?: "a")
                Int::class -> return Box(1)
                Long::class -> return Box(1L)
                Double::class -> return Box(1.0)
            }
            nonEmptyCollection(parameter.type, classifier)?.let { return Box(it) }
        }
        return Box(argument(parameter.type, name, optional = false))
    }

    /**
     * A list or set of [type]'s element type that is not empty: the files' literals of that type (strings not blank, at
     * most [LITERALS] of them, in the order the files have them), or one value; null for other types.
     */
    private fun nonEmptyCollection(type: KType, classifier: KClass<*>?): Any? {
        val isSet = classifier == Set::class
        if (classifier != List::class && classifier != Collection::class && classifier != Iterable::class && !isSet) return null
        val element = type.arguments.singleOrNull()?.type?.classifier as? KClass<*> ?: return null
        val literals = events.literals
        val values: List<Any> = when (element) {
            String::class -> literals.strings.filter { it.isNotBlank() }.distinct().take(LITERALS).ifEmpty { listOf("a") }
            Int::class -> literals.ints.filter { it in Int.MIN_VALUE..Int.MAX_VALUE }.map { it.toInt() }.distinct().take(LITERALS).ifEmpty { listOf(1) }
            Long::class -> literals.ints.distinct().take(LITERALS).ifEmpty { listOf(1L) }
            Double::class -> literals.doubles.distinct().take(LITERALS).ifEmpty { listOf(1.0) }
            else -> return null
        }
        return if (isSet) values.toSet() else values
    }

    private class Box(val value: Any?)

    private fun argument(type: KType, name: String, optional: Boolean): Any? {
        if (type.isMarkedNullable) return null
        val classifier = type.classifier as? KClass<*> ?: throw CannotRun("cannot make $name of type $type")
        // A sealed interface (an initial state given to the function that builds the machine) is a value of one of its
        // cases, as an event is, which the Swift owner is given too: a proxy cannot implement a sealed interface.
        if (classifier.java.isInterface && !isCollection(classifier) && !classifier.isSealed) return stubs.stub(classifier.java, name)
        // A clock the machine reads: a stub, as the Swift port's clock protocol is.
        if (classifier.java == java.time.Clock::class.java) return stubs.clock(name)
        // A stand-in of a type of a file not given (Spec/VERIFY.md, V11): made with no arguments; its members' calls are
        // traced as the Swift port's stub of that collaborator traces them.
        if (StandInValue::class.java.isAssignableFrom(classifier.java)) {
            classifier.objectInstance?.let { return it }
            classifier.java.declaredConstructors.firstOrNull { it.isVarArgs && it.parameterCount == 1 }?.let { constructor ->
                constructor.isAccessible = true
                return constructor.newInstance(arrayOf<Any?>())
            }
        }
        return runCatching { stubs.defaultOf(type, name) }.getOrNull()
            ?: events.values(classifier).firstNotNullOfOrNull { it.firstOrNull() }
            ?: throw CannotRun("cannot make $name of type ${classifier.simpleName} for the machine's owner")
    }

    private fun isCollection(type: KClass<*>) = Collection::class.java.isAssignableFrom(type.java) || Map::class.java.isAssignableFrom(type.java) ||
        type == Iterable::class

    private companion object {
        /** The most literals a made list holds. */
        const val LITERALS = 3
    }

    fun load(name: String): KClass<*> = try {
        Class.forName(name, true, loader).kotlin
    } catch (missing: ClassNotFoundException) {
        throw CannotRun("the class $name is not in the compiled Kotlin")
    }
}
