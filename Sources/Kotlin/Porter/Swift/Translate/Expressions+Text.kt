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

// Constants and strings: literals, templates, a value's Kotlin text.

internal fun Expressions.constant(expression: KtConstantExpression): Code {
    val text = expression.text
    return when {
        text == "true" || text == "false" -> Code(text)
        text == "null" -> Code("nil")
        text.matches(Regex("[0-9][0-9_]*[lL]")) -> Code(text.trimEnd('l', 'L'), numeric = "Int64")
        text.matches(Regex("[0-9][0-9_]*")) -> Code(text)
        text.matches(Regex("0[xX][0-9a-fA-F_]+[lL]?")) -> Code("0x" + text.substring(2).trimEnd('l', 'L'))
        text.matches(Regex("[0-9][0-9_]*\\.[0-9_]+")) -> Code(text)
        text.matches(Regex("[0-9][0-9_]*(\\.[0-9_]+)?[fF]")) -> Code(text.dropLast(1))
        text.matches(Regex("'[^'\\\\]'")) -> Code("\"" + text.substring(1, text.length - 1).replace("\"", "\\\"") + "\"")
        // Kotlin's character escapes, as Swift writes them in a string: `'\b'` is `"\u{8}"`, `'\u00e9'` is `"\u{00e9}"`.
        text.matches(Regex("'\\\\[tnr'\"\\\\]'")) -> Code("\"" + text.substring(1, text.length - 1).replace("\\'", "'") + "\"")
        text == "'\\b'" -> Code("\"\\u{8}\"")
        text == "'\\$'" -> Code("\"$\"")
        text.matches(Regex("'\\\\u[0-9a-fA-F]{4}'")) -> Code("\"\\u{" + text.substring(3, 7) + "}\"")
        else -> throw NotPorted(expression, "the literal")
    }
}

internal fun Expressions.string(expression: KtStringTemplateExpression): Code {
    if (expression.text.startsWith("\"\"\"")) throw NotPorted(expression, "a raw string")
    val out = StringBuilder("\"")
    var throws = false
    for (entry in expression.entries) {
        when (entry) {
            is KtLiteralStringTemplateEntry -> out.append(entry.text)
            is KtEscapeStringTemplateEntry -> {
                val escape = entry.text
                out.append(when {
                    escape == "\\$" -> "$"
                    escape.startsWith("\\u") -> "\\u{${escape.substring(2)}}"
                    escape == "\\b" -> "\\u{8}"
                    else -> escape
                })
            }
            is KtSimpleNameStringTemplateEntry, is KtBlockStringTemplateEntry -> {
                val code = kotlinText(expr(entry.expression), entry.expression)
                throws = throws || code.throws
                if (code.numeric == "String?") {
                    out.append("\\(").append(code.text).append(" ?? \"null\")")
                } else if (code.numeric?.endsWith("?") == true) {
                    // Kotlin writes `null` for a null value, and the value otherwise. An optional chain is one
                    // value: `(first?.name).map { … }`, not `map` of the name.
                    val base = if (code.precedence < Precedence.ATOM || code.text.contains("?.")) "(${code.text})" else code.text
                    out.append("\\(").append(base).append(".map { \"\\(\$0)\" } ?? \"null\")")
                } else {
                    out.append("\\(").append(unwrapped(code.text)).append(")")
                }
            }
            else -> throw NotPorted(entry, "this part of a string")
        }
    }
    return Code(out.append("\"").toString(), throws = throws, numeric = "String")
}

/**
 * A value as Kotlin writes it in text, where Swift would write it otherwise: an enum class constant is its Kotlin
 * name (`INFO`, Swift's `info`), a property the port declares on the enum; a duration as Kotlin writes the kind that
 * [typed] (the Kotlin expression of [code]) has, `PT1M30S` or `1m 30s`.
 */
internal fun Expressions.kotlinText(code: Code, at: KtExpression? = null, typed: KtExpression? = at): Code {
    val sealed = code.sealed
    if (sealed != null && at != null && (code.numeric == null || code.numeric == sealed.name)) {
        val base = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
        return Code("$base.${porter.kotlinText(sealed)}", throws = code.throws, numeric = "String")
    }
    if (sealed != null && at != null && code.numeric == "${sealed.name}?") {
        val base = if (code.precedence < Precedence.ATOM || code.text.contains("?.")) "(${code.text})" else code.text
        return Code("$base?.${porter.kotlinText(sealed)}", throws = code.throws, numeric = "String?")
    }
    code.numeric?.let { type ->
        val base = if (code.precedence < Precedence.ATOM || code.text.contains("?.")) "(${code.text})" else code.text
        val kotlinTime = type.removeSuffix("?") == "Duration" && isKotlinDuration(typed)
        // A duration is its text function's argument, as written.
        porter.platformText(type, if (type == "Duration") unwrapped(code.text) else base, kotlinTime)?.let { return Code(it, throws = code.throws, numeric = "String") }
        if (type.endsWith("?")) porter.platformText(type.dropLast(1), "\$0", kotlinTime)?.let {
            return Code("$base.map { $it }", throws = code.throws, numeric = "String?")
        }
    }
    val enum = code.auxiliary?.takeIf { code.numeric == it && types.enumConstants(it) != null } ?: return code
    porter.enumNames.add(enum)
    val base = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
    return Code("$base.name", throws = code.throws, numeric = "String")
}
