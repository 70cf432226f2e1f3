package com.statemachine.spec.fixtures

import java.time.Instant
import java.time.LocalDateTime
import java.time.ZoneOffset
import java.util.UUID
import kotlin.reflect.KClass
import kotlin.reflect.full.declaredMemberProperties
import kotlin.reflect.full.isSubclassOf
import kotlin.reflect.full.primaryConstructor
import kotlin.reflect.jvm.isAccessible

/**
 * Instants, durations, UUIDs and throwables in the fixture format (Spec/SPEC.md, R30 platform-values):
 *
 * - `java.time.Instant` ↔ ISO 8601 text in UTC, to the microsecond: `"2023-11-14T22:13:20Z"`, `"2023-11-14T22:13:20.5Z"`;
 * - `java.time.Duration` and `kotlin.time.Duration` ↔ seconds, an int when whole (`90`), else a double (`1.5`);
 * - `java.util.UUID` ↔ lower-case text;
 * - a `Throwable` ↔ a value named after its class with its message, `{"iOException":{"message":"disk full"}}`, and for a
 *   class of yours the properties its constructor declares: `{"badCode":{"attempt":3,"message":"bad code 3"}}`.
 */
object PlatformValues {
    /** The field of [raw] when it is a platform value, else null. */
    fun field(raw: Any, where: String): Any? = when (raw) {
        is Instant -> instantText(raw) ?: throw ValueMappingError("$where is $raw; a fixture instant is in the years 0001 to 9999 (Spec/SPEC.md, R30)")
        is java.time.Duration -> seconds(raw.seconds, raw.nano.toLong())
        is kotlin.time.Duration -> raw.toComponents { seconds, nanoseconds -> seconds(seconds, nanoseconds.toLong()) }
        is UUID -> raw.toString()
        is Throwable -> Value(Values.caseName(raw::class), sortedMapOf<String, Any>().apply {
            for ((name, value) in keptProperties(raw)) put(name, Values.fieldValue(value, "$where.$name"))
            put("message", raw.message ?: NullField)
        })
        else -> null
    }

    /** Whole seconds as a Long, else the double nearest to the exact length (adding doubles would round twice). */
    private fun seconds(seconds: Long, nanos: Long): Any =
        if (nanos == 0L) seconds else java.math.BigDecimal.valueOf(seconds).add(java.math.BigDecimal.valueOf(nanos, 9)).toDouble()

    /** `2023-11-14T22:13:20Z`, with the fraction to the nearest microsecond when there is one; null outside years 1…9999. */
    fun instantText(instant: Instant): String? {
        val micros = Math.floorDiv(instant.nano.toLong() + 500, 1000)   // 0…1,000,000: a rounded-up second carries
        val time = LocalDateTime.ofEpochSecond(instant.epochSecond + micros / 1_000_000, 0, ZoneOffset.UTC)
        if (time.year !in 1..9999) return null
        val fraction = (micros % 1_000_000).takeIf { it != 0L }?.let { ".%06d".format(it).trimEnd('0') } ?: ""
        return "%04d-%02d-%02dT%02d:%02d:%02d%sZ".format(time.year, time.monthValue, time.dayOfMonth, time.hour, time.minute, time.second, fraction)
    }

    private val INSTANT = Regex("""(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z""")
    private val UUID_TEXT = Regex("""[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}""")

    /** The instant of [text], rounded to the microsecond; null when it is not `YYYY-MM-DDTHH:MM:SS[.f]Z` of years 1…9999. */
    fun instant(text: String): Instant? {
        val match = INSTANT.matchEntire(text) ?: return null
        val (year, month, day, hour, minute, second) = match.destructured.toList().take(6).map { it.toInt() }
        if (year < 1 || hour > 23 || minute > 59 || second > 59) return null
        val time = runCatching { LocalDateTime.of(year, month, day, hour, minute, second) }.getOrNull() ?: return null
        val nanos = match.groupValues[7].padEnd(9, '0').takeIf { match.groupValues[7].isNotEmpty() }?.toLong() ?: 0L
        val micros = (nanos + 500) / 1000
        return time.toInstant(ZoneOffset.UTC).plusNanos(micros * 1000)
    }

    private operator fun <T> List<T>.component6(): T = this[5]

    /**
     * The Kotlin value of platform type [type] for [field], or null when [type] is not a platform type; [where] names
     * the field in errors.
     */
    fun fromField(field: Any, type: KClass<*>, where: String): Any? {
        fun seconds(): Pair<Long, Long> = when (field) {
            is Long -> field to 0L
            is Double -> {
                val whole = Math.floor(field)
                val nanos = Math.round((field - whole) * 1e9)
                (whole.toLong() + nanos / 1_000_000_000) to nanos % 1_000_000_000
            }
            else -> throw ValueMappingError("$where expects a duration in seconds, an int or a double, got ${Value.typeName(field)}")
        }
        return when {
            type == Instant::class -> {
                val text = field as? String ?: throw ValueMappingError("$where expects an instant, got ${Value.typeName(field)}")
                instant(text) ?: throw ValueMappingError(
                    "$where: expected an instant, ISO 8601 in UTC such as \"2023-11-14T22:13:20Z\", got ${Canonical.string(text)}")
            }
            type == java.time.Duration::class -> seconds().let { (whole, nanos) -> java.time.Duration.ofSeconds(whole, nanos) }
            type == kotlin.time.Duration::class -> seconds().let { (whole, nanos) ->
                with(kotlin.time.Duration) { whole.seconds + nanos.nanoseconds }
            }
            type == UUID::class -> {
                val text = field as? String ?: throw ValueMappingError("$where expects a UUID, got ${Value.typeName(field)}")
                if (!UUID_TEXT.matches(text)) {
                    throw ValueMappingError("$where: expected a UUID, 36 characters such as \"00000000-0000-0000-0000-000000000001\", got ${Canonical.string(text)}")
                }
                UUID.fromString(text)
            }
            type.isSubclassOf(Throwable::class) -> throwable(field, type, where)
            else -> null
        }
    }

    /** Packages whose throwables a value names by their simple name alone (`{"iOException": …}`). */
    private val THROWABLE_PACKAGES = listOf("java.lang.", "java.io.", "java.util.", "java.util.concurrent.", "java.net.", "kotlin.")

    /**
     * The throwable [field] stands for: a case of [type] (its sealed subclasses, or [type] itself, or a platform
     * throwable of that name under [type]) that is an `object` or takes its message alone.
     */
    private fun throwable(field: Any, type: KClass<*>, where: String): Throwable {
        val value = field as? Value ?: throw ValueMappingError("$where expects a throwable, {\"case\": {\"message\": …}}, got ${Value.typeName(field)}")
        val message = when (val text = value.fields["message"]) {
            null, NullField -> null
            is String -> text
            else -> throw ValueMappingError("$where: a throwable's message is a string or null, got ${Value.typeName(text)}")
        }
        val case = Values.cases(type).firstOrNull { Values.caseName(it) == value.case }
            ?: THROWABLE_PACKAGES.firstNotNullOfOrNull { prefix ->
                runCatching { Class.forName(prefix + value.case.replaceFirstChar { it.uppercase() }).kotlin }.getOrNull()
                    ?.takeIf { it.isSubclassOf(type) }
            }
            ?: throw ValueMappingError("$where: ${type.simpleName} has no throwable ${Canonical.string(value.case)}")
        val unknown = value.fields.keys - "message" - declaredProperties(case).map { it.name }.toSet()
        if (unknown.isNotEmpty()) {
            throw ValueMappingError("$where: a throwable has its message and the properties its class declares, and " +
                "${case.simpleName} declares no ${unknown.joinToString(", ")}")
        }
        case.objectInstance?.let { return it as Throwable }
        madeOfProperties(case, value, where)?.let { return it }
        val missing = case.primaryConstructor?.parameters.orEmpty().filter { !it.isOptional && it.name !in value.fields }.mapNotNull { it.name }
        if (declaredProperties(case).isNotEmpty() && missing.isNotEmpty()) {
            throw ValueMappingError("$where: ${case.simpleName} is made from its message and properties, and has no ${missing.joinToString(", ")}")
        }
        // A class of Java's or Kotlin's takes its message as its one String parameter; a class of yours names it
        // (`class NetworkFailure(cause: String)` takes no message: made by madeOfProperties, or not at all).
        val constructor = case.java.constructors.takeIf { isPlatform(case) }
            ?.firstOrNull { it.parameterCount == 1 && it.parameterTypes[0] == String::class.java }
            ?: throw ValueMappingError("$where: ${case.simpleName} cannot be made from a message")
        return constructor.newInstance(message) as Throwable
    }

    /** Whether [type] is a class of Java's or Kotlin's, which a throwable's value names by its message alone. */
    private fun isPlatform(type: KClass<*>): Boolean = type.java.name.let { it.startsWith("java.") || it.startsWith("kotlin.") }

    /**
     * The properties a throwable class of yours declares in its primary constructor (`class BadCode(val attempt:
     * Int)`), or in its body with a parameter's name; a parameter it only passes on (`cause`) is not kept.
     */
    private fun declaredProperties(type: KClass<*>): List<kotlin.reflect.KProperty1<out Any, *>> {
        if (isPlatform(type)) return emptyList()
        val parameters = type.primaryConstructor?.parameters?.mapNotNull { it.name }?.toSet() ?: return emptyList()
        return type.declaredMemberProperties.filter { it.name in parameters }
    }

    /** [declaredProperties] of [raw] with their values, by name. */
    private fun keptProperties(raw: Throwable): List<Pair<String, Any?>> = declaredProperties(raw::class).map { property ->
        property.isAccessible = true
        property.name to property.getter.call(raw)
    }

    /**
     * The throwable of class [case] made by its primary constructor from [value]'s properties and message; null when
     * a parameter without a default has neither (a parameter the class only passes on), or [case] is Java's or Kotlin's.
     */
    private fun madeOfProperties(case: KClass<*>, value: Value, where: String): Throwable? {
        if (isPlatform(case)) return null
        val constructor = case.primaryConstructor ?: return null
        if (constructor.parameters.any { !it.isOptional && it.name !in value.fields }) return null
        val arguments = constructor.parameters.filter { it.name in value.fields }
            .associateWith { Values.fieldOf(value.fields.getValue(it.name!!), it.type, "$where.${it.name}") }
        constructor.isAccessible = true
        return constructor.callBy(arguments) as Throwable
    }
}
