package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtReturnExpression

// The statements of a handler or listener body (Body, in Statements.kt): `if`: on a case, on a nullable local (`if
// (x != null)`, `if (x == null) return`), and plain.

/** The terms of a condition joined by `&&`, in order. */
internal fun Body.conjunction(condition: KtExpression?): List<KtExpression> {
    val inner = deparenthesized(condition) ?: return emptyList()
    if (inner is KtBinaryExpression && inner.operationReference.text == "&&") return conjunction(inner.left) + conjunction(inner.right)
    return listOf(inner)
}

/**
 * `if (it is Valid && it.sideEffect is Display && …) { … (it.sideEffect as Display).text … }`: Swift's
 * `if case .success(let valid) = result, case let .display(text)? = valid.sideEffect, … {`, the body reading the
 * fields the patterns bind. Null for a condition without such a check among several terms.
 */
internal fun Body.ifCaseLines(expression: KtIfExpression, returns: Boolean): List<String>? {
    val terms = conjunction(expression.condition)
    // One term: `if (effect is ShowError) shown.add(effect.text)`, a case with fields that the body reads.
    val single = terms.singleOrNull() as? org.jetbrains.kotlin.psi.KtIsExpression
    if (terms.size < 2 && (single == null || single.isNegated || resultCheck(single) != null)) return null
    // Only with a check of a transition or a case among the terms: translating them otherwise would warn for nothing.
    if (terms.none { resultCheck(it) != null || (it is org.jetbrains.kotlin.psi.KtIsExpression && !it.isNegated) }) return null
    val inner = Body(porter, scope.child())
    val clauses = mutableListOf<String>()
    val patterns = mutableListOf<Triple<Int, Binding, Boolean>>()
    for (term in terms) {
        val check = if (clauses.isEmpty()) resultCheck(term) else null
        if (check != null && !check.third) {
            check.first.used = true
            clauses.add("case ${if (check.second) ".success(let valid)" else ".failure"} = ${check.first.swift}")
            if (check.second) narrowToValid(inner.scope, term)
            continue
        }
        val test = term as? org.jetbrains.kotlin.psi.KtIsExpression
        if (test != null && !test.isNegated) {
            val subject = Expressions(porter, inner.scope).expr(test.leftHandSide)
            val case = subject.sealed?.let { porter.casesOf(test.typeReference, it) }?.singleOrNull()
            if (case != null && case.fields.isNotEmpty() && !subject.throws) {
                val binding = Binding(subject.text, subject.sealed, case)
                binding.bound = case.fields.map { it.name }.toSet()
                inner.scope.smartCasts[smartCastKey(test.leftHandSide)] = binding
                patterns.add(Triple(clauses.size, binding, subject.numeric?.endsWith("?") == true || subject.text.endsWith(".sideEffect")))
                clauses.add("")
                continue
            }
        }
        clauses.add(Expressions(porter, inner.scope).expr(term).tried(inner.scope))
    }
    if (patterns.isEmpty() && clauses.none { it.startsWith("case ") }) return null
    val then = expression.then
    val body = inner.statements(if (then is KtBlockExpression) then.statements else listOfNotNull(then), returns)
    for ((index, binding, optional) in patterns) {
        val case = binding.case!!
        val names = case.fields.map { if (it.name in binding.boundRead) swiftIdentifier(it.name) else "_" }
        val pattern = if (names.all { it == "_" }) ".${case.swiftName}" else "let .${case.swiftName}(${names.joinToString(", ")})"
        clauses[index] = "case $pattern${if (optional) "?" else ""} = ${binding.swift}"
    }
    val lines = mutableListOf("if ${clauses.joinToString(", ")} {")
    lines.addAll(body.map { if (it.isEmpty()) "" else "    $it" })
    return lines + elseLines(expression, expression.`else`, returns)
}

/** The end of an `if`: `} else { … }` for [otherwise], then `}`; an `if` without else cannot be a result. */
internal fun Body.elseLines(expression: KtIfExpression, otherwise: KtExpression?, returns: Boolean): List<String> {
    if (otherwise == null && returns) throw NotPorted(expression, "an if without else as the result")
    val lines = if (otherwise == null) mutableListOf() else mutableListOf("} else {") + nested(otherwise, returns)
    return lines + "}"
}

/**
 * `if (next != null) transitionTo(next) else …` on a local Swift knows to be optional: `if let next {`, where the
 * local is the value, as Kotlin smart-casts it. Null for other conditions.
 */
internal fun Body.ifLetLines(expression: KtIfExpression, returns: Boolean): List<String>? {
    val condition = deparenthesized(expression.condition) as? KtBinaryExpression ?: return null
    if (condition.operationReference.text == "==" && condition.right?.text == "null") return ifNilLines(expression, condition, returns)
    // `if (retryable && id != null && id.isNotEmpty())`: Swift's `if retryable, let id, !id.isEmpty {`, each condition
    // after a `let` reading the unwrapped value, as Kotlin's smart cast does.
    val terms = conjunction(condition)
    val isUnwrap = { term: KtExpression ->
        term is KtBinaryExpression && term.operationReference.text == "!=" && term.right?.text == "null" && unwrapped(term, dryRun = true) != null
    }
    if (terms.none(isUnwrap)) return null
    var body = this
    val clauses = mutableListOf<String>()
    for (term in terms) {
        if (isUnwrap(term)) {
            val (local, inner) = body.unwrapped(term as KtBinaryExpression) ?: return null
            clauses.add("let ${local.swift}")
            body = inner
        } else {
            clauses.add(body.expressions().expr(term).tried(body.scope))
        }
    }
    val then = expression.then
    val lines = mutableListOf("if ${clauses.joinToString(", ")} {")
    lines.addAll(body.statements(if (then is KtBlockExpression) then.statements else listOfNotNull(then), returns).map { if (it.isEmpty()) "" else "    $it" })
    return lines + elseLines(expression, expression.`else`, returns)
}

/**
 * The optional local compared with null in [condition], and a body in which its name is the unwrapped value (an
 * `if let` branch); null unless the left side is a value local that Swift knows to be optional.
 */
internal fun Body.unwrapped(condition: KtBinaryExpression, dryRun: Boolean = false): Pair<Binding, Body>? {
    val name = (condition.left as? KtNameReferenceExpression)?.getReferencedName() ?: return null
    val local = scope.lookup(name) ?: return null
    val optional = local.numeric?.takeIf { it.endsWith("?") } ?: return null
    // A local holding a value (`val id = lastOrderId`, a `String?` property of the owner), not a collaborator object.
    if (local.kind != Kind.VALUE || local.collaborator?.let { it.contains("any ") || it.contains("->") } == true) return null
    if (dryRun) return local to this
    local.used = true
    val inner = Body(porter, scope.child())
    val type = optional.removeSuffix("?")
    inner.scope.names[name] = Binding(local.swift, local.type ?: types.named(type), local.case, numeric = type,
        auxiliary = local.auxiliary ?: types.auxiliaryName(SwiftType(type, null))).also { it.used = true }
    return local to inner
}

/**
 * `if (next == null) A else B` on a local Swift knows to be optional, B reading it as a value (Kotlin's smart cast):
 * `if let next { B } else { A }`, the same choice with the branches in Swift's order. Null for an `if` without an
 * else, or an `else if`.
 */
internal fun Body.ifNilLines(expression: KtIfExpression, condition: KtBinaryExpression, returns: Boolean): List<String>? {
    val otherwise = expression.`else` ?: return null
    if (otherwise is KtIfExpression) return null
    val (local, inner) = unwrapped(condition) ?: return null
    val lines = mutableListOf("if let ${local.swift} {")
    lines.addAll(inner.statements(if (otherwise is KtBlockExpression) otherwise.statements else listOf(otherwise), returns)
        .map { if (it.isEmpty()) "" else "    $it" })
    lines.add("} else {")
    lines.addAll(nested(expression.then, returns))
    return lines + "}"
}

internal fun Body.ifLines(expression: KtIfExpression, returns: Boolean): List<String> {
    ifCaseLines(expression, returns)?.let { return it }
    ifLetLines(expression, returns)?.let { return it }
    resultCheck(expression.condition)?.let { (binding, valid, negated) ->
        binding.used = true
        val pattern = if (valid) ".success(let valid)" else ".failure"
        val then = expression.then
        val isReturn = then is KtReturnExpression || (then is KtBlockExpression && then.statements.singleOrNull() is KtReturnExpression)
        if (negated && expression.`else` == null && isReturn && !returns) {
            // `if (it !is Valid) return@onTransition`: a guard, and `it` is the valid transition afterwards.
            if (valid) narrowToValid(scope, expression.condition)
            return listOf("guard case $pattern = ${binding.swift} else { return }")
        }
        val block = (then as? KtBlockExpression)?.statements.orEmpty()
        val last = block.lastOrNull() as? KtReturnExpression
        if (negated && valid && expression.`else` == null && !returns && last != null && last.returnedExpression == null) {
            // `if (it !is Valid) { log(it.event); return@onTransition }`: a guard whose else reads the invalid
            // transition, and `it` is the valid transition afterwards.
            val subject = (expression.condition as org.jetbrains.kotlin.psi.KtIsExpression).leftHandSide
            val lines = guardLines("guard case .success(let valid) = ${binding.swift} else", block.dropLast(1), deparenthesized(subject), binding)
            narrowToValid(scope, expression.condition)
            return lines
        }
        val subjectName = Regex("^[A-Za-z_][A-Za-z0-9_]*").find(
            ((expression.condition as org.jetbrains.kotlin.psi.KtIsExpression).leftHandSide.text).trim().removePrefix("("))?.value
        if (negated && valid && expression.`else` == null && !returns && subjectName != null) {
            // `if (it !is Valid) { … }` (or `it as? Valid !is Valid`): the body runs for an invalid transition, read as one.
            val (body, _) = invalidBranch(expression.then, subjectName, returns = false)
            return listOf("if case ${porter.invalidPattern} = ${binding.swift} {") + body + listOf("}")
        }
        if (!negated) {
            val inner = Body(porter, scope.child())
            if (valid) narrowToValid(inner.scope, expression.condition)
            val lines = mutableListOf("if case $pattern = ${binding.swift} {")
            val statements = if (then is KtBlockExpression) then.statements else listOfNotNull(then)
            lines.addAll(inner.statements(statements, returns).map { if (it.isEmpty()) "" else "    $it" })
            val otherwise = expression.`else`
            val name = ((expression.condition as org.jetbrains.kotlin.psi.KtIsExpression).leftHandSide as? KtNameReferenceExpression)?.getReferencedName()
            if (otherwise != null && valid && name != null) {
                val (body, readsInvalid) = invalidBranch(otherwise, name, returns)
                lines.add(if (readsInvalid) "} else if case ${porter.invalidPattern} = ${binding.swift} {" else "} else {")
                lines.addAll(body)
            } else if (otherwise != null) {
                lines.add("} else {")
                lines.addAll(nested(otherwise, returns))
            }
            lines.add("}")
            return lines
        }
    }
    val lines = mutableListOf<String>()
    var current: KtIfExpression? = expression
    var keyword = "if"
    while (current != null) {
        val condition = expressions().expr(current.condition)
        lines.add("$keyword ${condition.tried(scope)} {")
        lines.addAll(nested(current.then, returns))
        val otherwise = current.`else`
        if (otherwise is KtIfExpression) {
            keyword = "} else if"
            current = otherwise
            continue
        }
        lines.addAll(elseLines(expression, otherwise, returns))
        current = null
    }
    return lines
}
