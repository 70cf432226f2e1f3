package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtConstantExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtNameReferenceExpression

// `kotlin.time.Duration`, what coroutines code writes (`30.seconds`, `d.inWholeMilliseconds`, `d * 2`), is Swift's
// `Duration` as `java.time.Duration` is (Expressions+Platform.kt): both hold nanoseconds exactly, Swift's to the
// attosecond. Kotlin's keeps only milliseconds beyond ±146 years, and has infinite values Swift's lacks: those are
// not ported (a warning).

/** The units of Kotlin's `Int.seconds` and the like, with the Swift `Duration` that holds that many of them. */
private val UNITS = mapOf(
    "nanoseconds" to "Duration.nanoseconds(%s)", "microseconds" to "Duration.microseconds(%s)",
    "milliseconds" to "Duration.milliseconds(%s)", "seconds" to "Duration.seconds(%s)",
    "minutes" to "Duration.seconds(%s * 60)", "hours" to "Duration.seconds(%s * 3600)", "days" to "Duration.seconds(%s * 86_400)",
)

/** How many nanoseconds each unit holds, for a `Double` count (`1.5.seconds`), which Kotlin rounds to the nanosecond. */
private val NANOSECONDS = mapOf(
    "nanoseconds" to "1", "microseconds" to "1_000", "milliseconds" to "1_000_000", "seconds" to "1_000_000_000",
    "minutes" to "60_000_000_000", "hours" to "3_600_000_000_000", "days" to "86_400_000_000_000",
)

/**
 * Whether [expression] is a `kotlin.time.Duration`, as the Kotlin compiler types it; without its analysis, whether its
 * file imports `kotlin.time.Duration` (a `java.time.Duration` otherwise).
 */
internal fun Expressions.isKotlinDuration(expression: KtExpression?): Boolean {
    if (expression == null) return false
    val resolution = porter.resolution
    if (resolution != null) {
        val type = resolution.type(expression)
        if (type != null) return Resolution.classOf(type)?.asString() == "kotlin.time.Duration"
    }
    val imports = (expression.containingFile as? KtFile)?.importDirectives.orEmpty().mapNotNull { it.importPath?.pathStr }
    return imports.any { it.startsWith("kotlin.time.Duration") } && "java.time.Duration" !in imports
}

/**
 * `30.seconds`, `500.milliseconds`, `(retries * 2).minutes`, `1.5.seconds` of `kotlin.time`: Swift's `Duration` of
 * that many of the unit; null for another expression.
 */
internal fun Expressions.kotlinDuration(expression: KtDotQualifiedExpression): Code? {
    val unit = (expression.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
    val swift = UNITS[unit] ?: return null
    val resolution = porter.resolution
    val typed = resolution?.type(expression)?.let { Resolution.classOf(it)?.asString() }
    if (typed != null && typed != "kotlin.time.Duration") return null
    if (typed == null && !isKotlinDuration(expression)) return null
    val receiver = expr(expression.receiverExpression)
    if (receiver.numeric == "Duration") return null
    val count = receiver.numeric ?: if (isWholeLiteral(expression.receiverExpression)) "Int" else "Double"
    // `2.minutes`: `Duration.seconds(120)`.
    val literal = (deparenthesized(expression.receiverExpression) as? KtConstantExpression)?.text?.replace("_", "")?.trimEnd('l', 'L')
    val scale = mapOf("minutes" to 60L, "hours" to 3600L, "days" to 86_400L)[unit]
    if (literal != null && scale != null && count == "Int" && literal.length < 12) {
        return Code("Duration.seconds(${literal.toLong() * scale})", numeric = "Duration")
    }
    return when (count) {
        "Int", "Int64" -> {
            val text = if (swift.contains(" * ") && receiver.precedence <= Precedence.MULTIPLICATION) "(${receiver.text})" else receiver.text
            Code(swift.format(text), throws = receiver.throws, numeric = "Duration")
        }
        // Kotlin rounds a `Double` count to the nearest nanosecond, halves up (`roundToLong`).
        "Double" -> {
            val text = if (receiver.precedence <= Precedence.MULTIPLICATION) "(${receiver.text})" else receiver.text
            Code("Duration.nanoseconds(Int64(($text * ${NANOSECONDS.getValue(unit)} + 0.5).rounded(.down)))", throws = receiver.throws,
                numeric = "Duration")
        }
        else -> throw NotPorted(expression, "the duration of a ${count.removeSuffix("?")} count")
    }
}

private fun isWholeLiteral(expression: KtExpression?): Boolean {
    var value = deparenthesized(expression)
    if (value is org.jetbrains.kotlin.psi.KtPrefixExpression && value.operationReference.text == "-") value = deparenthesized(value.baseExpression)
    val text = (value as? KtConstantExpression)?.text ?: return false
    return text.matches(Regex("[0-9][0-9_]*[lL]?"))
}

/** The members of `kotlin.time.Duration` that `java.time.Duration` lacks, on Swift's `Duration` [base]. */
internal fun Expressions.kotlinDurationProperty(base: String, name: String, throws: Boolean): Code? {
    fun whole(perSecond: String, attosecondsPer: String) =
        Code("($base.components.seconds * $perSecond + $base.components.attoseconds / $attosecondsPer)", throws = throws, numeric = "Int64")
    return when (name) {
        "inWholeNanoseconds" -> whole("1_000_000_000", "1_000_000_000")
        "inWholeMicroseconds" -> whole("1_000_000", "1_000_000_000_000")
        "inWholeMilliseconds" -> whole("1000", "1_000_000_000_000_000")
        "inWholeSeconds" -> Code("$base.components.seconds", throws = throws, numeric = "Int64")
        "inWholeMinutes" -> Code("$base.components.seconds / 60", Precedence.MULTIPLICATION, throws, numeric = "Int64")
        "inWholeHours" -> Code("$base.components.seconds / 3600", Precedence.MULTIPLICATION, throws, numeric = "Int64")
        "inWholeDays" -> Code("$base.components.seconds / 86_400", Precedence.MULTIPLICATION, throws, numeric = "Int64")
        "absoluteValue" -> Code("max(${unwrapped(base)}, .zero - $base)", throws = throws, numeric = "Duration")
        else -> null
    }
}

/** The functions of either duration without arguments that are the same on Swift's `Duration` [base]. */
internal fun Expressions.durationFunction(base: String, name: String, throws: Boolean): Code? = when (name) {
    "isPositive" -> Code("($base > .zero)", throws = throws, numeric = "Bool")
    // Swift's `Duration` is always finite: a port has no infinite duration to test.
    "isFinite" -> Code("true", throws = throws, numeric = "Bool")
    "isInfinite" -> Code("false", throws = throws, numeric = "Bool")
    "abs" -> Code("max(${unwrapped(base)}, .zero - $base)", throws = throws, numeric = "Duration")
    // The two kinds are one Swift type: converting is the value itself.
    "toJavaDuration", "toKotlinDuration" -> Code(base, throws = throws, numeric = "Duration")
    else -> null
}

/**
 * Arithmetic Kotlin writes with `kotlin.time` operators that Swift writes otherwise, or not exactly: `2 * d` (Swift
 * multiplies a duration by a number on its right), `d / other` (a `Double`), `d * 1.5` (Kotlin rounds to the
 * nanosecond: not ported). Null when [left] and [right] are not such durations.
 */
internal fun Expressions.durationOperator(left: Code, operator: String, right: Code, expression: KtBinaryExpression): Code? {
    val leftDuration = left.numeric == "Duration"
    val rightDuration = right.numeric == "Duration"
    if (!leftDuration && !rightDuration) return null
    val throws = left.throws || right.throws
    fun atom(code: Code) = if (code.precedence <= Precedence.MULTIPLICATION) "(${code.text})" else code.text
    return when {
        operator == "*" && rightDuration && !leftDuration && isWhole(left, expression.left) ->
            Code("${atom(right)} * ${atom(left)}", Precedence.MULTIPLICATION, throws, numeric = "Duration")
        operator == "*" && leftDuration && !isWhole(right, expression.right) ->
            throw NotPorted(expression, "a duration times a fraction (Kotlin rounds it to the nanosecond)")
        operator == "*" && rightDuration && !leftDuration ->
            throw NotPorted(expression, "a duration times a fraction (Kotlin rounds it to the nanosecond)")
        operator == "/" && leftDuration && rightDuration ->
            Code("${atom(left)} / ${atom(right)}", Precedence.MULTIPLICATION, throws, numeric = "Double")
        operator == "/" && leftDuration && isWhole(right, expression.right) ->
            Code("${porter.durationDivided()}(${left.text}, by: ${right.text})", throws = throws, numeric = "Duration")
        operator == "/" && leftDuration -> throw NotPorted(expression, "a duration divided by a fraction (Kotlin rounds it to the nanosecond)")
        else -> null
    }
}

/** Whether [right] is a whole number: an `Int` or `Long` value or literal. */
private fun isWhole(right: Code, expression: KtExpression?): Boolean =
    right.numeric == "Int" || right.numeric == "Int64" || right.numeric == null && isWholeLiteral(expression)

/**
 * The port's function for a duration divided by a whole number as Kotlin (and Java) divide it: to the nanosecond,
 * toward zero, where Swift would keep the attoseconds.
 */
internal fun Porter.durationDivided(): String = helper("dividedToNanoseconds", *"""
    /// A duration divided by a whole number as Kotlin divides it: in whole nanoseconds, rounded toward zero.
    static func dividedToNanoseconds<Divisor: BinaryInteger>(_ duration: Duration, by divisor: Divisor) -> Duration {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds((seconds * 1_000_000_000 + attoseconds / 1_000_000_000) / Int64(divisor))
    }
""".trimIndent().lines().toTypedArray())

/**
 * A `java.time.Duration`'s whole seconds as Java counts them (`getSeconds()`, `toSeconds()`, and `toMinutes()` … of
 * them): rounded down, where Swift's `components` round toward zero.
 */
internal fun Porter.javaSeconds(): String = helper("javaSeconds", *"""
    /// A `java.time.Duration`'s whole seconds as Java counts them: rounded down, so -0.5 s is -1 s.
    static func javaSeconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return attoseconds < 0 ? seconds - 1 : seconds
    }
""".trimIndent().lines().toTypedArray())

/** `-d`: Swift's `Duration` has no prefix minus. */
internal fun negatedDuration(operand: Code): Code {
    val text = if (operand.precedence <= Precedence.ADDITION) "(${operand.text})" else operand.text
    return Code(".zero - $text", Precedence.ADDITION, operand.throws, numeric = "Duration")
}
