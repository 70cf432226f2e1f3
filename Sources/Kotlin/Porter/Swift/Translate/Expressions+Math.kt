package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression

// Arithmetic functions: Kotlin's `maxOf`/`minOf` and `kotlin.math`, Java's `Math`, in Swift's standard library.

/**
 * `maxOf(a, b)`, `minOf(a, b, c)`, `max(a, b)`, `Math.min(a, b)`: Swift's `max` and `min`. Kotlin widens an Int
 * argument among Longs (or Doubles); Swift's take one type, so the narrower arguments are converted.
 */
internal fun Expressions.minOrMax(name: String, call: KtCallExpression): Code {
    var items = call.valueArgumentList?.arguments.orEmpty().map { expr(it.getArgumentExpression()) }
    if (items.size < 2) throw NotPorted(call, "the call")
    val wider = items.mapNotNull { it.numeric }.distinct().reduceOrNull { a, b -> widerNumber(a, b) ?: a }
    items = items.map { item ->
        if (wider != null && item.numeric != null && widerNumber(item.numeric, wider) == wider) {
            Code("$wider(${item.text})", throws = item.throws, numeric = wider)
        } else {
            item
        }
    }
    val function = if (name.startsWith("max")) "max" else "min"
    return Code("$function(${items.joinToString(", ") { it.text }})", throws = items.any { it.throws }, numeric = wider)
}

/** `abs(x)` of `kotlin.math`: Swift's. */
internal fun Expressions.absoluteValue(call: KtCallExpression): Code {
    val argument = call.valueArguments.singleOrNull()?.getArgumentExpression() ?: throw NotPorted(call, "the call")
    val value = expr(argument)
    return Code("abs(${value.text})", throws = value.throws, numeric = value.numeric)
}

/**
 * `Math.max(a, b)`, `Math.abs(x)`, `Math.round(x)`, `Math.floor(x)`, `Math.ceil(x)`, `Math.sqrt(x)`, `Math.pow(x, y)`:
 * Java's `Math`, when the files declare no `Math` of their own. Null for other expressions; a call the porter does not
 * know is refused at its line.
 */
internal fun Expressions.javaMath(expression: KtDotQualifiedExpression): Code? {
    if (expression.receiverExpression.text != "Math" || types.declarationNamed("Math") != null || scope.lookup("Math") != null) return null
    val call = expression.selectorExpression as? KtCallExpression ?: return null
    val name = call.calleeExpression?.text ?: return null
    if (name == "max" || name == "min") return minOrMax(name, call)
    val arguments = call.valueArguments.map { argument -> expr(argument.getArgumentExpression() ?: throw NotPorted(call, "the call")) }
    val throws = arguments.any { it.throws }
    val value = arguments.firstOrNull()
    fun double(text: String) = Code(text, throws = throws, numeric = "Double")
    return when {
        name == "abs" -> absoluteValue(call)
        // Java rounds halves up and returns a Long; Swift's `rounded()` rounds them away from zero.
        name == "round" && arguments.size == 1 && value!!.numeric == "Double" ->
            Code("${roundHalfUp()}(${value.text})", throws = throws, numeric = "Int64")
        name == "floor" && arguments.size == 1 && value!!.numeric == "Double" -> double("${atom(value)}.rounded(.down)")
        name == "ceil" && arguments.size == 1 && value!!.numeric == "Double" -> double("${atom(value)}.rounded(.up)")
        name == "sqrt" && arguments.size == 1 && value!!.numeric == "Double" -> double("${atom(value)}.squareRoot()")
        name == "pow" && arguments.size == 2 && arguments.all { it.numeric == "Double" } ->
            foundation(double("pow(${arguments[0].text}, ${arguments[1].text})"))
        else -> throw NotPorted(call, "the call of Java's Math (with these argument types)")
    }
}

/** `x.roundToInt()` and `x.roundToLong()` on a Double: rounded as Java's `Math.round`, halves up. */
internal fun Expressions.roundToWhole(receiver: Code, name: String): Code? {
    if (receiver.numeric != "Double") return null
    val rounded = "${roundHalfUp()}(${receiver.text})"
    return when (name) {
        "roundToLong" -> Code(rounded, throws = receiver.throws, numeric = "Int64")
        "roundToInt" -> Code("Int(clamping: $rounded)", throws = receiver.throws, numeric = "Int")
        else -> null
    }
}

private fun atom(code: Code): String = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text

private fun Expressions.roundHalfUp() = porter.helper(
    "roundHalfUp",
    "/// Java's `Math.round` (and Kotlin's `roundToLong()`): the nearest whole number, halves toward positive",
    "/// infinity; values past Int64's range are its bounds, and NaN is 0 (where Kotlin's `roundToLong()` throws).",
    "static func roundHalfUp(_ value: Double) -> Int64 {",
    "    guard !value.isNaN else { return 0 }",
    "    let floor = value.rounded(.down)",
    "    let rounded = value - floor >= 0.5 ? floor + 1 : floor",
    "    if rounded >= 9_223_372_036_854_775_808.0 { return .max }",
    "    if rounded < -9_223_372_036_854_775_808.0 { return .min }",
    "    return Int64(rounded)",
    "}",
)
