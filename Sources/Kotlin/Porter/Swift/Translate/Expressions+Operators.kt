package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBinaryExpressionWithTypeRHS
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtBlockStringTemplateEntry
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtConstantExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtEscapeStringTemplateEntry
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtLiteralStringTemplateEntry
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtParenthesizedExpression
import org.jetbrains.kotlin.psi.KtPrefixExpression
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtReturnExpression
import org.jetbrains.kotlin.psi.KtSimpleNameStringTemplateEntry
import org.jetbrains.kotlin.psi.KtStringTemplateExpression
import org.jetbrains.kotlin.psi.KtThisExpression
import org.jetbrains.kotlin.psi.KtValueArgument
import org.jetbrains.kotlin.psi.KtWhenConditionIsPattern
import org.jetbrains.kotlin.psi.KtWhenConditionWithExpression
import org.jetbrains.kotlin.psi.KtWhenExpression

// Binary operators: arithmetic, comparisons, `in`, `to`, `?:`, bitwise.

internal fun Expressions.binary(expression: KtBinaryExpression): Code {
    val written = expression.operationReference.text
    // `error === QuotaExceeded`: the identity of a Kotlin `object` (one instance), which is its equality.
    val identity = written == "===" || written == "!=="
    val operator = if (identity) written.dropLast(1) else written
    val precedence = when (operator) {
        "*", "/", "%" -> Precedence.MULTIPLICATION
        "+", "-" -> Precedence.ADDITION
        "==", "!=", "<", ">", "<=", ">=" -> Precedence.COMPARISON
        "&&" -> Precedence.AND
        "||" -> Precedence.OR
        "shl", "shr", "and", "or", "xor" -> return bitwise(expression, operator)
        "to" -> return pair(expression)
        "?:" -> return elvis(expression)
        "in", "!in" -> return membership(expression, operator == "!in")
        else -> throw NotPorted(expression, "the operator $operator in")
    }
    var left = expr(expression.left)
    var right = expr(expression.right, left.sealed)
    if (operator == "==" || operator == "!=") porter.warnIfComparedByIdentity(expression, expression.left, expression.right)
    if (identity && !isObject(expression.left, left) && !isObject(expression.right, right)) {
        throw NotPorted(expression, "the operator $written on values that are not objects in")
    }
    if (left.classOf != null || right.classOf != null) return sameClass(left, right, operator, expression)
    platformOperator(platformTyped(expression.left, left), operator, platformTyped(expression.right, right))?.let { return it }
    durationOperator(platformTyped(expression.left, left), operator, platformTyped(expression.right, right), expression)?.let { return it }
    // Values of a type the files do not declare (a protocol the port makes from their uses) have no operators.
    if ((left.numeric ?: left.collaborator)?.startsWith("any ") == true || (right.numeric ?: right.collaborator)?.startsWith("any ") == true) {
        throw NotPorted(expression, "the operator $operator on a value of a type the files do not declare in")
    }
    // A Double literal beside an Int or a Long (`cents / 100.0`): Kotlin computes in Double, so the other side widens.
    val whole = setOf("Int", "Int64", "Float")
    if (left.numeric == null && right.numeric in whole && isDoubleLiteral(expression.left)) {
        left = Code(left.text, left.precedence, left.throws, numeric = "Double")
    }
    if (right.numeric == null && left.numeric in whole && isDoubleLiteral(expression.right)) {
        right = Code(right.text, right.precedence, right.throws, numeric = "Double")
    }
    // Kotlin widens Int to Long (and both to Double) in arithmetic and comparisons; Swift converts explicitly.
    val wider = widerNumber(left.numeric, right.numeric)
    if (wider != null && precedence >= Precedence.COMPARISON) {
        if (left.numeric != wider) left = Code("$wider(${left.text})", Precedence.ATOM, left.throws, numeric = wider)
        if (right.numeric != wider) right = Code("$wider(${right.text})", Precedence.ATOM, right.throws, numeric = wider)
    }
    // `map + (key to value)` and `map + other` give a new map whose right side wins: Swift's `merging`.
    if (operator == "+" && dictionaryParts(left.numeric) != null) {
        val pair = (deparenthesized(expression.right) as? KtBinaryExpression)?.takeIf { it.operationReference.text == "to" }
        val other = if (pair != null) {
            val key = expr(pair.left)
            val value = expr(pair.right)
            Code("[${key.text}: ${value.text}]", Precedence.ATOM, key.throws || value.throws)
        } else if (dictionaryParts(right.numeric) != null) right else null
        if (other != null) {
            val base = if (left.precedence < Precedence.ATOM) "(${left.text})" else left.text
            return Code("$base.merging(${other.text}) { _, new in new }", Precedence.ATOM, left.throws || other.throws,
                numeric = left.numeric)
        }
    }
    // `set + element`, `set + other` (a set or a list): Swift's `union`; `-`: `subtracting`.
    val leftSet = left.numeric?.takeIf { it.startsWith("Set<") }
    if (leftSet != null && (operator == "+" || operator == "-") && right.numeric != null) {
        val other = if (right.numeric!!.startsWith("Set<") || right.numeric!!.startsWith("[") && !right.numeric!!.contains(":")) right.text else "[${right.text}]"
        // A map's keys are a Swift collection, not a set: `Set(stock.keys)` has the set's functions.
        val base = if (left.text.endsWith(".keys")) "Set(${left.text})" else if (left.precedence < Precedence.ATOM) "(${left.text})" else left.text
        return Code("$base.${if (operator == "+") "union" else "subtracting"}($other)", Precedence.ATOM, left.throws || right.throws,
            numeric = leftSet)
    }
    // `"text " + value` makes the value text in Kotlin; Swift adds strings only.
    if (operator == "+" && left.numeric == "String" && right.numeric != "String") {
        right = kotlinText(right, expression.right)
    }
    if (operator == "+" && left.numeric == "String" && right.numeric != "String") {
        right = if (right.numeric == "String?") {
            Code("(${right.text} ?? \"null\")", Precedence.ATOM, right.throws, numeric = "String")
        } else if (right.numeric?.endsWith("?") == true) {
            // Kotlin writes `null` for a null value.
            Code("(${right.text}).map { \"\\(\$0)\" } ?? \"null\"", Precedence.NIL_COALESCING, right.throws, numeric = "String")
        } else {
            Code("String(describing: ${unwrapped(right.text)})", Precedence.ATOM, right.throws, numeric = "String")
        }
    }
    // `list + element` appends in Kotlin; Swift appends an array.
    val leftType = left.numeric
    if (operator == "+" && leftType != null && leftType.startsWith("[") && !leftType.contains(":") &&
        right.numeric?.startsWith("[") != true && (right.numeric != null || right.sealed != null)) {
        right = Code("[${right.text}]", Precedence.ATOM, right.throws, numeric = leftType)
    }
    val leftFinal = left
    val nonAssociative = precedence == Precedence.COMPARISON
    val leftText = if (leftFinal.precedence < precedence || nonAssociative && leftFinal.precedence == precedence) "(${leftFinal.text})" else leftFinal.text
    val rightText = if (right.precedence <= precedence) "(${right.text})" else right.text
    val numeric = if (precedence > Precedence.COMPARISON) wider ?: left.numeric ?: right.numeric else if (precedence == Precedence.COMPARISON || precedence <= Precedence.AND) "Bool" else null
    return Code("$leftText $operator $rightText", precedence, leftFinal.throws || right.throws, numeric = numeric)
}

/** Whether [expression] names a Kotlin `object` case of a sealed type, of which there is one instance. */
private fun Expressions.isObject(expression: KtExpression?, code: Code): Boolean {
    val case = code.sealedCase ?: return false
    if (case.fields.isNotEmpty() || code.binding != null) return false
    val reference = when (val inner = deparenthesized(expression)) {
        is KtNameReferenceExpression -> inner
        is org.jetbrains.kotlin.psi.KtDotQualifiedExpression -> inner.selectorExpression as? KtNameReferenceExpression
        else -> null
    } ?: return false
    val declaration = porter.resolution?.declaration(reference) ?: return false
    return declaration is org.jetbrains.kotlin.psi.KtObjectDeclaration
}

/**
 * `x in c`, `x !in c`: `c.contains(x)`; over a map its keys (`m.keys.contains(k)`), over a range `(a...b).contains(x)`
 * (`until` and `..<` are half-open).
 */
internal fun Expressions.membership(expression: KtBinaryExpression, negated: Boolean): Code {
    val element = expr(expression.left)
    val right = expression.right ?: throw NotPorted(expression, "the operator in")
    porter.warnIfComparedByIdentity(expression, expression.left, right)
    val rangeOperator = (right as? KtBinaryExpression)?.operationReference?.text
    val collection = if (rangeOperator in setOf("..", "..<", "until")) {
        right as KtBinaryExpression
        val low = expr(right.left)
        val high = expr(right.right)
        fun operand(code: Code) = if (code.precedence < Precedence.PREFIX) "(${code.text})" else code.text
        val operator = if (rangeOperator == "..") "..." else "..<"
        Code("(${operand(low)}$operator${operand(high)})", Precedence.ATOM, low.throws || high.throws)
    } else {
        val code = expr(right)
        val base = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
        val keys = if (dictionaryParts(code.numeric) != null) ".keys" else ""
        Code("$base$keys", Precedence.ATOM, code.throws)
    }
    val text = "${collection.text}.contains(${element.text})"
    return Code(if (negated) "!$text" else text, if (negated) Precedence.PREFIX else Precedence.ATOM,
        element.throws || collection.throws, numeric = "Bool")
}

/** `a to b`: a Swift tuple `(a, b)`; in `mapOf(…)`, a key and its value. */
internal fun Expressions.pair(expression: KtBinaryExpression): Code {
    val left = expr(expression.left)
    val right = expr(expression.right)
    val type = if (left.numeric != null && right.numeric != null) "(${left.numeric}, ${right.numeric})" else null
    return Code("(${left.text}, ${right.text})", Precedence.ATOM, left.throws || right.throws, numeric = type)
}

/**
 * `value ?: other`: Swift's `value ?? other`. Kotlin's `?:` binds more than comparisons and less than arithmetic,
 * as Swift's `??` does. A `return` or `throw` on the right is a guard, ported where it is a statement.
 */
internal fun Expressions.elvis(expression: KtBinaryExpression): Code {
    val right = expression.right
    if (right is KtReturnExpression || right is org.jetbrains.kotlin.psi.KtThrowExpression) {
        throw NotPorted(expression, "the operator ?: in")
    }
    val left = expr(expression.left)
    val callee = (right as? KtCallExpression)?.calleeExpression?.text
    if (callee == "error" || callee == "TODO") {
        // `value ?: error("…")`: Swift's `??` takes a value of the type, which a closure that stops gives.
        val type = left.numeric?.removeSuffix("?") ?: left.sealed?.name ?: throw NotPorted(expression, "the operator ?: in")
        val stop = expr(right)
        val leftText = if (left.precedence <= Precedence.NIL_COALESCING) "(${left.text})" else left.text
        return Code("$leftText ?? { () -> $type in ${stop.text} }()", Precedence.NIL_COALESCING, left.throws || stop.throws,
            left.sealed, numeric = type, auxiliary = left.auxiliary)
    }
    val other = expr(right, left.sealed)
    val precedence = Precedence.NIL_COALESCING
    val leftText = if (left.precedence <= precedence) "(${left.text})" else left.text
    val rightText = if (other.precedence < precedence) "(${other.text})" else other.text
    val numeric = other.numeric ?: left.numeric?.removeSuffix("?")
    return Code("$leftText ?? $rightText", precedence, left.throws || other.throws, left.sealed ?: other.sealed, numeric = numeric,
        auxiliary = other.auxiliary)
}

/**
 * Kotlin's infix `shl`, `shr`, `and`, `or`, `xor` on integers: Swift's operators. Kotlin's infix calls bind less
 * than `+` and more than comparisons, Swift's `<<` and `&` more than `*`: operands are parenthesized unless atoms,
 * and the result is parenthesized inside arithmetic.
 */
internal fun Expressions.bitwise(expression: KtBinaryExpression, operator: String): Code {
    val left = expr(expression.left)
    val right = expr(expression.right)
    fun atom(code: Code) = if (code.precedence < Precedence.PREFIX) "(${code.text})" else code.text
    val swift = mapOf("shl" to "<<", "shr" to ">>", "and" to "&", "or" to "|", "xor" to "^").getValue(operator)
    return Code("${atom(left)} $swift ${atom(right)}", Precedence.INFIX, left.throws || right.throws, numeric = left.numeric)
}

internal fun Expressions.widerNumber(a: String?, b: String?): String? {
    if (a == null || b == null || a == b) return null
    val order = listOf("Int", "Int64", "Float", "Double")
    if (a !in order || b !in order) return null
    return if (order.indexOf(a) > order.indexOf(b)) a else b
}

/** A Kotlin `Double` literal (`100.0`, `1e3`, `-0.5`), which Kotlin never narrows. */
private fun isDoubleLiteral(expression: org.jetbrains.kotlin.psi.KtExpression?): Boolean {
    var value = deparenthesized(expression)
    if (value is org.jetbrains.kotlin.psi.KtPrefixExpression && value.operationReference.text == "-") value = deparenthesized(value.baseExpression)
    val text = (value as? org.jetbrains.kotlin.psi.KtConstantExpression)?.text ?: return false
    return text.matches(DOUBLE_LITERAL) && (text.contains('.') || text.contains('e') || text.contains('E'))
}

/** A decimal number literal, with a fraction or an exponent or neither (the caller asks for one of them). */
private val DOUBLE_LITERAL = Regex("[0-9][0-9_]*(\\.[0-9_]+)?([eE][+-]?[0-9]+)?")
