package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression

// The platform types a machine's values hold, in Swift: `java.time.Instant` is Foundation's `Date`, `java.time.Duration`
// Swift's `Duration`, `java.util.UUID` Foundation's, a throwable the port's `KotlinThrowable` (SealedTypes.platformType).

/**
 * `Duration.ofSeconds(30)`, `Instant.ofEpochMilli(ms)`, `UUID.fromString(text)`: a platform type's own functions, the
 * type named or qualified (`java.time.Duration.ofSeconds(30)` in a file that uses `kotlin.time.Duration` too).
 */
internal fun Expressions.platformStatic(expression: KtDotQualifiedExpression): Code? {
    val receiver = expression.receiverExpression
    val qualified = QUALIFIED_PLATFORM_NAMES[receiver.text]
    val type = qualified ?: (receiver as? KtNameReferenceExpression)?.getReferencedName() ?: return null
    if (qualified == null && (type !in SealedTypes.PLATFORM_NAMES || types.declarationNamed(type) != null || scope.lookup(type) != null)) return null
    val selector = expression.selectorExpression
    if (selector is KtNameReferenceExpression) {
        return when (type to selector.getReferencedName()) {
            "Duration" to "ZERO" -> Code("Duration.zero", numeric = "Duration")
            "Duration" to "INFINITE" -> throw NotPorted(expression, "the infinite duration (Swift's `Duration` has none)")
            "Instant" to "EPOCH" -> foundation(Code("Date(timeIntervalSince1970: 0)", numeric = "Date"))
            else -> null
        }
    }
    val call = selector as? KtCallExpression ?: return null
    if (call.lambdaArguments.isNotEmpty()) return null
    val arguments = call.valueArguments.map { argument -> argument.getArgumentExpression()?.let { platformTyped(it, expr(it)) } ?: return null }
    val argument = arguments.singleOrNull()
    val throws = arguments.any { it.throws }
    fun duration(text: String) = Code(text, throws = throws, numeric = "Duration")
    val name = call.calleeExpression?.text
    return when (type) {
        "Duration" -> when {
            argument == null -> if (name == "between" && arguments.size == 2) {
                duration("Duration.seconds(${atom(arguments[1])}.timeIntervalSince(${arguments[0].text}))")
            } else null
            name == "ofNanos" -> duration("Duration.nanoseconds(${argument.text})")
            name == "ofMillis" -> duration("Duration.milliseconds(${argument.text})")
            name == "ofSeconds" -> duration("Duration.seconds(${argument.text})")
            name == "ofMinutes" -> duration("Duration.seconds(${atom(argument)} * 60)")
            name == "ofHours" -> duration("Duration.seconds(${atom(argument)} * 3600)")
            name == "ofDays" -> duration("Duration.seconds(${atom(argument)} * 86400)")
            else -> null
        }
        "Instant" -> when {
            name == "ofEpochMilli" && argument != null ->
                foundation(Code("Date(timeIntervalSince1970: Double(${argument.text}) / 1000)", throws = throws, numeric = "Date"))
            name == "ofEpochSecond" && argument != null ->
                foundation(Code("Date(timeIntervalSince1970: Double(${argument.text}))", throws = throws, numeric = "Date"))
            name == "parse" && argument != null ->
                foundation(Code("ISO8601DateFormatter().date(from: ${argument.text})!", throws = throws, numeric = "Date"))
            else -> null
        }
        "UUID" -> when {
            name == "fromString" && argument != null -> foundation(Code("UUID(uuidString: ${argument.text})!", throws = throws, numeric = "UUID"))
            name == "randomUUID" && arguments.isEmpty() -> foundation(Code("UUID()", numeric = "UUID"))
            else -> null
        }
        else -> null
    }
}

/** The platform types by their qualified names. */
private val QUALIFIED_PLATFORM_NAMES = mapOf("java.time.Duration" to "Duration", "kotlin.time.Duration" to "Duration",
    "java.time.Instant" to "Instant", "java.util.UUID" to "UUID")

/**
 * [code] of [expression], typed from the Kotlin compiler's analysis when the translation did not know its type and the
 * compiler gives it a platform type (`time.now()` of a `TimeSource` returning `Instant`, a `Duration` property): the
 * Swift type it is ported to, so that its members translate.
 */
internal fun Expressions.platformTyped(expression: KtExpression?, code: Code): Code {
    if (code.numeric != null || expression == null) return code
    val type = porter.resolution?.type(expression) ?: return code
    if (org.jetbrains.kotlin.types.TypeUtils.isNullableType(type)) return code
    val swift = platformSwiftType(type) ?: return code
    return Code(code.text, code.precedence, code.throws, code.sealed, code.sealedCase, code.binding, code.auxiliary, swift,
        code.collaborator, code.classOf)
}

private fun platformSwiftType(type: org.jetbrains.kotlin.types.KotlinType): String? = when (Resolution.classOf(type)?.asString()) {
    "java.time.Instant" -> "Date"
    "java.time.Duration", "kotlin.time.Duration" -> "Duration"
    "java.util.UUID" -> "UUID"
    else -> null
}

/**
 * The Swift type of [expression] as the Kotlin compiler types it, for the types whose Swift counterpart is fixed: the
 * numbers, `String`, `Boolean`, the platform types, and lists and sets of them (`List<String>` is `[String]`); null for
 * any other (a type of the files is told by the translation itself).
 */
internal fun Expressions.resolvedSwiftType(expression: KtExpression): String? {
    val type = porter.resolution?.type(expression) ?: return null
    return swiftTypeOf(type)
}

/**
 * The Swift type [expression] is passed as where it is an argument (`Action.Retry(settings.unlock)` where `Retry(val
 * command: String)`: `String`), for the types whose Swift counterpart is fixed (see [resolvedSwiftType]); null elsewhere.
 */
internal fun Expressions.passedSwiftType(expression: KtExpression): String? {
    val type = porter.resolution?.expectedType(expression) ?: return null
    return swiftTypeOf(type)
}

/**
 * [resolvedSwiftType] of a call's result, a Java method's platform type (`Instant!` of `Clock.instant()`) taken as Kotlin
 * code takes it, not null.
 */
internal fun Expressions.resolvedResultType(expression: KtExpression): String? {
    val type = porter.resolution?.type(expression) ?: return null
    val flexible = type.unwrap() as? org.jetbrains.kotlin.types.FlexibleType
    return swiftTypeOf(flexible?.lowerBound ?: type)
}

internal fun swiftTypeOf(type: org.jetbrains.kotlin.types.KotlinType): String? {
    val optional = if (org.jetbrains.kotlin.types.TypeUtils.isNullableType(type)) "?" else ""
    val element = { type.arguments.singleOrNull()?.takeUnless { it.isStarProjection }?.type?.let { swiftTypeOf(it) } }
    val swift = when (Resolution.classOf(type)?.asString()) {
        "kotlin.String" -> "String"
        "kotlin.Int" -> "Int"
        "kotlin.Long" -> "Int64"
        "kotlin.Boolean" -> "Bool"
        "kotlin.Double" -> "Double"
        "kotlin.collections.List", "kotlin.collections.MutableList" -> element()?.takeUnless { it.endsWith("?") }?.let { "[$it]" }
        "kotlin.collections.Set", "kotlin.collections.MutableSet" -> element()?.takeUnless { it.endsWith("?") }?.let { "Set<$it>" }
        else -> platformSwiftType(type)
    } ?: return null
    return swift + optional
}

/** The Swift types the platform types become, whose members [platformMember] translates. */
private val PLATFORM_SWIFT_TYPES = setOf("Duration", "Date", "UUID", SealedTypes.THROWABLE)

/** A member of a value of a platform type: `timeout.toMinutes()`, `deadline.isBefore(now)`, `error.message`. */
internal fun Expressions.platformMember(receiver: Code, selector: KtExpression?): Code? {
    val type = receiver.numeric?.takeIf { it in PLATFORM_SWIFT_TYPES } ?: return null
    val base = atom(receiver)
    val throws = receiver.throws
    if (selector is KtNameReferenceExpression) {
        val name = selector.getReferencedName()
        if (type == "Duration") kotlinDurationProperty(base, name, throws)?.let { return it }
        return when (type to name) {
            "Duration" to "isNegative" -> Code("($base < .zero)", throws = throws, numeric = "Bool")
            "Duration" to "isZero" -> Code("($base == .zero)", throws = throws, numeric = "Bool")
            "Duration" to "seconds" -> Code("${porter.javaSeconds()}(${unwrapped(base)})", throws = throws, numeric = "Int64")
            // Java's getters read as Kotlin properties: `instant.epochSecond` is `instant.getEpochSecond()`.
            "Date" to "epochSecond" -> Code("Int64($base.timeIntervalSince1970.rounded(.down))", throws = throws, numeric = "Int64")
            SealedTypes.THROWABLE to "message", SealedTypes.THROWABLE to "localizedMessage" ->
                Code("$base.message", throws = throws, numeric = "String?")
            // `error.javaClass.simpleName`: the class name the port's throwable keeps (classMember reads it).
            SealedTypes.THROWABLE to "javaClass" -> (selector.parent?.parent as? KtDotQualifiedExpression)
                ?.takeIf { (it.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() == "simpleName" }
                ?.let { Code("", classOf = receiver) }
            else -> null
        }
    }
    val call = selector as? KtCallExpression ?: return null
    if (call.lambdaArguments.isNotEmpty()) return null
    val name = call.calleeExpression?.text ?: return null
    val arguments = call.valueArguments.map { argument -> argument.getArgumentExpression()?.let { platformTyped(it, expr(it)) } ?: return null }
    val argument = arguments.singleOrNull()
    val all = throws || arguments.any { it.throws }
    if (type == "Duration" && arguments.isEmpty()) durationFunction(base, name, all)?.let { return it }
    return when (type) {
        "Duration" -> when {
            // Java's whole seconds are rounded down (-0.5 s is -1 s); its minutes, hours and days divide them toward zero.
            arguments.isEmpty() && (name == "getSeconds" || name == "toSeconds") ->
                Code("${porter.javaSeconds()}(${unwrapped(base)})", throws = all, numeric = "Int64")
            arguments.isEmpty() && name == "toMinutes" -> Code("${porter.javaSeconds()}(${unwrapped(base)}) / 60", Precedence.MULTIPLICATION, all, numeric = "Int64")
            arguments.isEmpty() && name == "toHours" -> Code("${porter.javaSeconds()}(${unwrapped(base)}) / 3600", Precedence.MULTIPLICATION, all, numeric = "Int64")
            arguments.isEmpty() && name == "toDays" -> Code("${porter.javaSeconds()}(${unwrapped(base)}) / 86400", Precedence.MULTIPLICATION, all, numeric = "Int64")
            arguments.isEmpty() && name == "toMillis" ->
                Code("($base.components.seconds * 1000 + $base.components.attoseconds / 1_000_000_000_000_000)", throws = all, numeric = "Int64")
            arguments.isEmpty() && name == "isNegative" -> Code("($base < .zero)", throws = all, numeric = "Bool")
            arguments.isEmpty() && name == "isZero" -> Code("($base == .zero)", throws = all, numeric = "Bool")
            arguments.isEmpty() && name == "negated" -> Code("(.zero - $base)", throws = all, numeric = "Duration")
            argument != null && name == "plus" -> Code("($base + ${argument.text})", throws = all, numeric = "Duration")
            argument != null && name == "minus" -> Code("($base - ${argument.text})", throws = all, numeric = "Duration")
            argument != null && name == "multipliedBy" -> Code("($base * ${argument.text})", throws = all, numeric = "Duration")
            // Java divides to the nanosecond, toward zero, as Kotlin does.
            argument != null && name == "dividedBy" && (argument.numeric == "Int" || argument.numeric == "Int64" || argument.numeric == null) ->
                Code("${porter.durationDivided()}(${unwrapped(base)}, by: ${argument.text})", throws = all, numeric = "Duration")
            argument != null && name == "compareTo" -> Code("($base < ${argument.text} ? -1 : $base > ${argument.text} ? 1 : 0)", throws = all, numeric = "Int")
            argument?.numeric == "Duration" && name == "coerceAtLeast" -> Code("max($base, ${argument.text})", throws = all, numeric = "Duration")
            argument?.numeric == "Duration" && name == "coerceAtMost" -> Code("min($base, ${argument.text})", throws = all, numeric = "Duration")
            arguments.size == 2 && arguments.all { it.numeric == "Duration" } && name == "coerceIn" ->
                Code("min(max($base, ${arguments[0].text}), ${arguments[1].text})", throws = all, numeric = "Duration")
            else -> null
        }
        "Date" -> when {
            argument != null && name == "isBefore" -> Code("($base < ${argument.text})", throws = all, numeric = "Bool")
            argument != null && name == "isAfter" -> Code("($base > ${argument.text})", throws = all, numeric = "Bool")
            argument != null && name == "plus" && argument.numeric == "Duration" ->
                Code("$base.addingTimeInterval(${porter.durationSeconds()}(${argument.text}))", throws = all, numeric = "Date")
            argument != null && name == "minus" && argument.numeric == "Duration" ->
                Code("$base.addingTimeInterval(-${porter.durationSeconds()}(${argument.text}))", throws = all, numeric = "Date")
            argument != null && name == "plusSeconds" -> Code("$base.addingTimeInterval(Double(${argument.text}))", throws = all, numeric = "Date")
            argument != null && name == "plusMillis" -> Code("$base.addingTimeInterval(Double(${argument.text}) / 1000)", throws = all, numeric = "Date")
            arguments.isEmpty() && name == "toEpochMilli" ->
                Code("Int64(($base.timeIntervalSince1970 * 1000).rounded())", throws = all, numeric = "Int64")
            arguments.isEmpty() && name == "getEpochSecond" ->
                Code("Int64($base.timeIntervalSince1970.rounded(.down))", throws = all, numeric = "Int64")
            argument != null && name == "compareTo" -> Code("($base < ${argument.text} ? -1 : $base > ${argument.text} ? 1 : 0)", throws = all, numeric = "Int")
            else -> null
        }
        "UUID" -> when {
            arguments.isEmpty() && name == "toString" -> Code("$base.uuidString.lowercased()", throws = all, numeric = "String")
            else -> null
        }
        else -> null
    }
}

/**
 * `failure.message` of a sealed class that extends a throwable (`sealed class CallFailure(message: String) :
 * Exception(message)`): the `message` the port declares on its enum ([Porter.throwableMessageLines]); null for another
 * receiver or name, or when a case has a field of that name.
 */
internal fun Expressions.throwableMessage(receiver: Code, name: String): Code? {
    val sealed = receiver.sealed ?: return null
    if (name != "message" && name != "localizedMessage") return null
    if (sealed.cases.any { case -> case.fields.any { it.name == name } } || sealed.sharedProperty(name) != null) return null
    throwableSuperCall(sealed) ?: return null
    porter.throwableMessages.add(sealed)
    return Code("${atom(receiver)}.message", throws = receiver.throws, numeric = "String?")
}

/** `Date + duration` and `Date - duration`, which Kotlin writes with Java's `plus` and `minus` as operators. */
internal fun Expressions.platformOperator(left: Code, operator: String, right: Code): Code? {
    if (left.numeric != "Date" || right.numeric != "Duration" || (operator != "+" && operator != "-")) return null
    val sign = if (operator == "-") "-" else ""
    return Code("${atom(left)}.addingTimeInterval($sign${porter.durationSeconds()}(${right.text}))", throws = left.throws || right.throws,
        numeric = "Date")
}

/** `IOException("disk full")`: the port's throwable, with the class name and the message. */
internal fun Expressions.throwableConstruction(call: KtCallExpression, name: String): Code? {
    if (name !in SealedTypes.THROWABLES || types.declarationNamed(name) != null || scope.lookup(name) != null) return null
    if (call.lambdaArguments.isNotEmpty()) return null
    val arguments = call.valueArguments.map { expr(it.getArgumentExpression() ?: return null) }
    if (arguments.size > 1) return null
    types.throwable()
    val message = arguments.singleOrNull()?.let { ", ${it.text}" } ?: ""
    return Code("${SealedTypes.THROWABLE}(\"$name\"$message)", throws = arguments.any { it.throws }, numeric = SealedTypes.THROWABLE,
        auxiliary = SealedTypes.THROWABLE)
}

/** A translation that needs Foundation (`Date`, `UUID`, `trimmingCharacters`): the port imports it. */
internal fun Expressions.foundation(code: Code): Code {
    porter.usesFoundation = true
    return code
}

private fun atom(code: Code): String = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
