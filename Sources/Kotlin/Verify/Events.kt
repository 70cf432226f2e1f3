package com.statemachine.verify

import kotlin.reflect.KClass
import kotlin.reflect.KType
import kotlin.reflect.full.isSubclassOf
import kotlin.reflect.full.primaryConstructor
import kotlin.reflect.jvm.isAccessible

/**
 * The events `--verify` sends: every case of the machine's event type, its payloads made from the literals of the
 * Kotlin files and from each type's boundary values. A case gets its first value with the first candidate of every
 * field, then one value per other candidate of each field in turn, at most [PER_CASE].
 */
class Events(val literals: Literals) {

    /** The literals of the Kotlin files, by type. */
    class Literals(val strings: List<String>, val ints: List<Long>, val doubles: List<Double>)

    companion object {
        const val PER_CASE = 6
        private const val DEPTH = 3

        /** UUIDs of decimal digits, as the stubs answer them (the first ones), after the files' own. */
        private val UUIDS = listOf("00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002")

        /** Instants (seconds since 1970): the stubs' first answer, a minute and a day later. */
        private val INSTANTS = listOf(1_700_000_000L, 1_700_000_060L, 1_700_086_400L)

        /** Durations in milliseconds: the stubs' first answer (1 s), none, 90 s and 1.5 s. */
        private val DURATION_MILLIS = listOf(1_000L, 0L, 90_000L, 1_500L)
    }

    /**
     * The values of [type], case by case (in the order of their names, [caseNames]), each case's values in order; a
     * case none of whose values could be made has an empty list.
     */
    fun values(type: KClass<*>): List<List<Any>> =
        if (type.java.isEnum) type.java.enumConstants.map { listOf(it) }
        else cases(type).map { case -> valuesOf(case, 0).take(PER_CASE) }

    /**
     * The names of [type]'s cases, `LobbyEvent.MatchFound`, in the order of [values]; of an enum class, its constants
     * (`OrderEvent.PAY`).
     */
    fun caseNames(type: KClass<*>): List<String> =
        if (type.java.isEnum) type.java.enumConstants.map { "${type.simpleName}.${(it as Enum<*>).name}" }
        else cases(type).map { case -> generateSequence(case.java) { it.enclosingClass }.toList().reversed().joinToString(".") { it.simpleName } }

    private fun cases(type: KClass<*>): List<KClass<*>> =
        com.statemachine.spec.fixtures.Values.cases(type).sortedBy { it.qualifiedName ?: "" }

    private fun valuesOf(case: KClass<*>, depth: Int): List<Any> {
        case.objectInstance?.let { return listOf(it) }
        if (case.java.isEnum) return case.java.enumConstants.toList()
        if (case.isSealed) return cases(case).flatMap { valuesOf(it, depth + 1).take(1) }
        val constructor = case.primaryConstructor ?: return emptyList()
        if (depth > DEPTH) return emptyList()
        constructor.isAccessible = true
        val candidates = constructor.parameters.map { candidates(it.type, depth + 1) }
        if (candidates.any { it.isEmpty() }) return emptyList()
        val choices = mutableListOf(candidates.map { 0 })
        for ((index, options) in candidates.withIndex()) {
            for (option in 1 until options.size) choices += candidates.indices.map { if (it == index) option else 0 }
        }
        return choices.asSequence().mapNotNull { choice ->
            runCatching { constructor.call(*candidates.indices.map { candidates[it][choice[it]] }.toTypedArray()) }.getOrNull()
        }.distinct().take(PER_CASE).toList()
    }

    /**
     * Throwables of the platform class [type] (`IOException`) made with a message: the files' first string literal,
     * and none. A class of the files that extends a throwable is made as any other class.
     */
    private fun throwables(type: KClass<*>): List<Any> {
        val constructor = type.java.constructors.firstOrNull { it.parameterCount == 1 && it.parameterTypes[0] == String::class.java }
            ?: return emptyList()
        return (literals.strings.take(1) + listOf<String?>("a", null)).distinct().take(2)
            .mapNotNull { message -> runCatching { constructor.newInstance(message) }.getOrNull() }
    }

    /** The candidates for a field of type [type]: the file's literals of that type first, then boundary values. */
    private fun candidates(type: KType, depth: Int): List<Any?> {
        val nulls = if (type.isMarkedNullable) listOf(null) else emptyList()
        val classifier = type.classifier as? KClass<*> ?: return nulls
        val values: List<Any?> = when {
            classifier == String::class -> (literals.strings + listOf("", "a")).distinct().take(4)
            classifier == Int::class -> (literals.ints.filter { it in Int.MIN_VALUE..Int.MAX_VALUE }.map { it.toInt() } + listOf(0, 1, -1)).distinct().take(5)
            classifier == Long::class -> (literals.ints + listOf(0L, 1L, -1L)).distinct().take(5)
            classifier == Short::class -> listOf(0.toShort(), 1.toShort())
            classifier == Byte::class -> listOf(0.toByte(), 1.toByte())
            classifier == Double::class -> (literals.doubles + listOf(0.0, 1.5, -1.0)).distinct().take(4)
            classifier == Float::class -> (literals.doubles.map { it.toFloat() } + listOf(0f, 1.5f)).distinct().take(3)
            classifier == Boolean::class -> listOf(false, true)
            classifier == Char::class -> listOf('a', 'Z')
            classifier.isSubclassOf(List::class) -> {
                val element = type.arguments.firstOrNull()?.type?.let { candidates(it, depth + 1) }.orEmpty().filterNotNull()
                listOfNotNull(emptyList<Any>(), element.firstOrNull()?.let { listOf(it) })
            }
            classifier.isSubclassOf(Set::class) -> {
                val element = type.arguments.firstOrNull()?.type?.let { candidates(it, depth + 1) }.orEmpty().filterNotNull()
                listOfNotNull(emptySet<Any>(), element.firstOrNull()?.let { setOf(it) })
            }
            classifier.isSubclassOf(Map::class) -> listOf(emptyMap<Any, Any>())
            // Platform values (Spec/SPEC.md, R30), the first ones what the stubs answer first, so that an event can name
            // what the machine was given.
            classifier == java.util.UUID::class ->
                (literals.strings.mapNotNull { runCatching { java.util.UUID.fromString(it) }.getOrNull() } + UUIDS.map(java.util.UUID::fromString)).distinct().take(3)
            classifier == java.time.Instant::class -> INSTANTS.map { java.time.Instant.ofEpochSecond(it) }
            classifier == java.time.Duration::class -> DURATION_MILLIS.map { java.time.Duration.ofMillis(it) }
            classifier == kotlin.time.Duration::class -> DURATION_MILLIS.map { with(kotlin.time.Duration) { it.milliseconds } }
            classifier.isSubclassOf(Throwable::class) && !classifier.isSealed && classifier.objectInstance == null -> throwables(classifier)
            // A stand-in of a type of a file not given (an `android.content.Context` an event carries): one value,
            // made without arguments, written as its case (`{"context": {}}`), which the port's owner keeps as it is.
            StandInValue::class.java.isAssignableFrom(classifier.java) && classifier != StandInValue::class &&
                classifier.objectInstance == null && !classifier.isAbstract ->
                listOfNotNull(runCatching {
                    com.statemachine.spec.fixtures.Values.fromText("{\"${com.statemachine.spec.fixtures.Values.caseName(classifier)}\":{}}", classifier, "stand-in")
                }.getOrNull())
            classifier.isValue -> {
                val constructor = classifier.primaryConstructor ?: return nulls
                constructor.isAccessible = true
                val inner = constructor.parameters.singleOrNull()?.type?.let { candidates(it, depth + 1) }.orEmpty()
                inner.mapNotNull { value -> runCatching { constructor.call(value) }.getOrNull() }
            }
            else -> valuesOf(classifier, depth).take(3)
        }
        return values + nulls
    }
}
