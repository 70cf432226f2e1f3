package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtWhenConditionIsPattern
import org.jetbrains.kotlin.psi.KtWhenConditionWithExpression
import org.jetbrains.kotlin.psi.KtWhenExpression

// The statements of a handler or listener body (Body, in Statements.kt): `when`: over a value or a case, over an
// onTransition result, without a subject; ranges as patterns.

/**
 * A `when` as a statement, as the result ([returns]), or as a value: with [values], each branch is one expression,
 * added to [values], its line's index to [valueLines].
 */
internal fun Body.whenLines(
    expression: KtWhenExpression,
    returns: Boolean,
    values: MutableList<Code>? = null,
    valueLines: MutableList<Int> = mutableListOf(),
    assign: Assigned? = null
): List<String> {
    val subjectExpression = expression.subjectExpression
    val lines = mutableListOf<String>()
    val subjectVariable = expression.subjectVariable
    val subject: Code
    if (subjectVariable != null) {
        // `when (val effect = valid.sideEffect)`: the value in a constant, then the switch over it.
        val name = subjectVariable.name ?: throw NotPorted(expression, "a when with a val subject")
        val value = expressions().expr(subjectVariable.initializer ?: throw NotPorted(expression, "a when with a val subject"))
        lines.add("let $name = ${value.tried(scope)}")
        val binding = Binding(name, value.sealed, value.sealedCase, numeric = value.numeric).also { it.used = true }
        scope.names[name] = binding
        subject = Code(name, sealed = value.sealed, sealedCase = value.sealedCase, binding = binding)
    } else {
        if (subjectExpression == null) return whenWithoutSubject(expression, returns)
        val value = expressions().expr(subjectExpression)
        // `when (it.error) { is AccountLocked -> it.error.minutes }`: a field smart-cast as a local is, its fields bound
        // by each branch's pattern.
        subject = if (value.binding == null && value.sealed != null && !value.throws && subjectExpression !is KtNameReferenceExpression) {
            val binding = Binding(value.text, value.sealed, value.sealedCase, numeric = value.numeric).also { it.used = true }
            scope.smartCasts[smartCastKey(subjectExpression)] = binding
            Code(value.text, value.precedence, sealed = value.sealed, sealedCase = value.sealedCase, numeric = value.numeric, binding = binding)
        } else value
    }
    if (assign != null && assign.declares && subject.sealed?.cases?.any { case -> case.fields.any { it.name == assign.name } } == true) {
        assign.name = "${assign.name}Value"
    }
    if (subject.binding?.kind == Kind.RESULT) {
        if (values != null) throw NotPorted(expression, "a when over a transition used as a value:")
        return resultWhen(expression, subject.binding, returns)
    }
    lines.add("switch ${subject.tried(scope)} {")
    var hasElse = false
    // The cases the branches name (`is X`, or `X` as a value), for a switch that needs no `default`.
    val named = mutableSetOf<Case>()
    // An optional subject (`valid.sideEffect`) is covered only with a `null` branch as well.
    var namesNil = subject.numeric?.endsWith("?") != true
    for (entry in expression.entries) {
        val narrowed = mutableListOf<Case>()
        var header = -1
        // An `else` after branches that name every case: Kotlin needs it over a group that is not sealed (`abstract
        // class Call`), whose enum has only those cases; it never runs, and Swift warns about a `default` that cannot.
        val sealedSubject = subject.sealed
        if (entry.isElse && sealedSubject != null && named.containsAll(sealedSubject.cases) && namesNil) continue
        if (entry.isElse) {
            hasElse = true
            lines.add("default:")
        } else {
            val patterns = entry.conditions.map { condition ->
                when (condition) {
                    is KtWhenConditionWithExpression -> {
                        // Kotlin matches the branch by equality, which may be identity.
                        porter.warnIfComparedByIdentity(condition, subjectExpression ?: subjectVariable?.initializer, condition.expression)
                        val code = expressions().expr(condition.expression, subject.sealed)
                        if (code.throws) throw NotPorted(condition, "a when branch that reads a field")
                        if (code.sealed == subject.sealed) code.sealedCase?.takeIf { it.fields.isEmpty() }?.let { named.add(it) }
                        if (code.text == "nil") namesNil = true
                        code.text
                    }
                    is KtWhenConditionIsPattern -> {
                        val type = subject.sealed
                        val cases = type?.let { porter.casesOf(condition.typeReference, it) }
                        if (condition.isNegated || cases == null) throw NotPorted(condition, "the type check")
                        narrowed.addAll(cases)
                        named.addAll(cases)
                        cases.joinToString(", ") { ".${it.swiftName}" }
                    }
                    is org.jetbrains.kotlin.psi.KtWhenConditionInRange -> {
                        if (condition.isNegated) throw NotPorted(condition, "the when condition")
                        range(condition.rangeExpression ?: throw NotPorted(condition, "the when condition"))
                    }
                    else -> throw NotPorted(condition, "the when condition")
                }
            }
            val single = narrowed.singleOrNull()
            if (single != null && single.fields.isNotEmpty() && patterns.size == 1 && subject.binding != null) {
                // One case with fields: bind them in the pattern, so the branch reads them without a lookup; the
                // pattern is written once the branch is, with `_` for the fields it does not read.
                header = lines.size
                lines.add("")
            } else {
                lines.add("case ${patterns.joinToString(", ")}:")
            }
        }
        // Kotlin smart-casts the subject inside an `is` branch: its fields become readable.
        val binding = subject.binding
        val previous = binding?.case
        val previousBound = binding?.bound
        val previousUnwrapped = binding?.unwrapped
        if (binding != null && narrowed.isNotEmpty() && binding.numeric?.endsWith("?") == true) binding.unwrapped = true
        if (binding != null && narrowed.size == 1) {
            binding.case = narrowed[0]
            if (narrowed[0].fields.isNotEmpty() && entry.conditions.size == 1) binding.bound = narrowed[0].fields.map { it.name }.toSet()
        }
        val previousRead = binding?.boundRead?.toSet()
        binding?.boundRead?.clear()
        val body = if (values != null) branchValue(entry.expression, values, valueLines, lines, assign) else nested(entry.expression, returns)
        if (header >= 0 && binding != null) {
            val single = narrowed[0]
            val read = single.fields.map { if (it.name in binding.boundRead) swiftIdentifier(it.name) else "_" }
            lines[header] = if (read.all { it == "_" }) "case .${single.swiftName}:" else "case let .${single.swiftName}(${read.joinToString(", ")}):"
        }
        if (binding != null) {
            binding.unwrapped = previousUnwrapped!!
            binding.case = previous
            binding.bound = previousBound
            binding.boundRead.clear()
            previousRead?.let { binding.boundRead.addAll(it) }
        }
        lines.addAll(if (body.isEmpty()) listOf("    break") else body)
    }
    // A Kotlin `when` statement over a sealed subject is exhaustive when it names every case (Kotlin 1.7 and later
    // require it, `null` included); Swift warns about a `default` that can never run.
    val exhaustive = subject.sealed != null && named.containsAll(subject.sealed.cases) && namesNil
    if (!hasElse && !returns && values == null && !exhaustive) {
        lines.add("default:")
        lines.add("    break")
    }
    // A Kotlin `when` that returns is exhaustive over what the subject can be (a case, a nested sealed class);
    // the Swift switch is over the whole enum.
    val sealed = subject.sealed
    val covered = expression.entries.flatMap { entry ->
        entry.conditions.mapNotNull { (it as? KtWhenConditionIsPattern)?.let { c -> sealed?.let { porter.casesOf(c.typeReference, it) } } }.flatten()
    }.toSet() + named
    if (!hasElse && (returns || values != null) && sealed != null && !(covered.containsAll(sealed.cases) && namesNil)) {
        lines.add("default:")
        lines.add("    preconditionFailure(\"the Kotlin when covers every value the subject can have here\")")
    }
    lines.add("}")
    // The field smart-cast in the branches only.
    if (subjectExpression != null && subjectVariable == null && scope.smartCasts[smartCastKey(subjectExpression)] === subject.binding) {
        scope.smartCasts.remove(smartCastKey(subjectExpression))
    }
    return lines
}

/** `a..b`, `a..<b`, `a until b` in a `when` branch: Swift's closed and half-open ranges as patterns. */
internal fun Body.range(expression: KtExpression): String {
    val binary = expression as? KtBinaryExpression ?: throw NotPorted(expression, "the range")
    val operator = when (binary.operationReference.text) {
        ".." -> "..."
        "..<", "until" -> "..<"
        else -> throw NotPorted(expression, "the range")
    }
    val left = expressions().expr(binary.left)
    val right = expressions().expr(binary.right)
    if (left.throws || right.throws) throw NotPorted(expression, "a when branch that reads a field")
    fun atom(code: Code) = if (code.precedence < Precedence.PREFIX) "(${code.text})" else code.text
    return "${atom(left)}$operator${atom(right)}"
}

/** `when (it) { is Valid -> …; is Invalid -> … }` in an onTransition listener. */
internal fun Body.resultWhen(expression: KtWhenExpression, result: Binding, returns: Boolean): List<String> {
    val lines = mutableListOf("switch ${result.swift} {")
    val name = (expression.subjectExpression as? KtNameReferenceExpression)?.getReferencedName() ?: "it"
    var readsInvalid = false
    var hasDefault = false
    for (entry in expression.entries) {
        val inner = Body(porter, scope.child())
        val segment = (entry.conditions.singleOrNull() as? KtWhenConditionIsPattern)?.let { SealedTypes.lastSegment(it.typeReference) }
        if (segment == "Invalid" && !(entry.conditions.single() as KtWhenConditionIsPattern).isNegated) {
            // The invalid transition, matched by its type: a handler's error is not one (Kotlin's listeners never see it).
            val (body, reads) = invalidBranch(entry.expression, name, returns)
            lines.add(if (reads) "case ${porter.invalidPattern}:" else "case .failure:")
            lines.addAll(if (body.isEmpty()) listOf("    break") else body)
            readsInvalid = readsInvalid || reads
            continue
        }
        if (entry.isElse) {
            hasDefault = true
            lines.add("default:")
        } else {
            val condition = entry.conditions.singleOrNull() as? KtWhenConditionIsPattern ?: throw NotPorted(entry, "the when branch")
            if (condition.isNegated || segment != "Valid") throw NotPorted(condition, "the when condition")
            lines.add("case .success(let valid):")
            inner.scope.names[name] = Binding("valid", null, null, Kind.VALID_TRANSITION)
        }
        val statements = entry.expression.let { if (it is KtBlockExpression) it.statements else listOfNotNull(it) }
        val body = inner.statements(statements, returns).map { if (it.isEmpty()) "" else "    $it" }
        lines.addAll(if (body.isEmpty()) listOf("    break") else body)
    }
    if (readsInvalid && !hasDefault) lines.addAll(listOf("case .failure:", "    break"))
    lines.add("}")
    return lines
}

internal fun Body.whenWithoutSubject(
    expression: KtWhenExpression,
    returns: Boolean,
    values: MutableList<Code>? = null,
    valueLines: MutableList<Int> = mutableListOf(),
    assign: Assigned? = null
): List<String> {
    val lines = mutableListOf<String>()
    var hasElse = false
    expression.entries.forEachIndexed { index, entry ->
        if (entry.isElse) {
            hasElse = true
            if (index == 0 && values != null) throw NotPorted(expression, "a when with only else used as a value:")
            lines.add(if (index == 0) "do {" else "} else {")
        } else {
            val condition = entry.conditions.singleOrNull() as? KtWhenConditionWithExpression
                ?: throw NotPorted(entry, "the when branch")
            val code = expressions().expr(condition.expression)
            lines.add("${if (index == 0) "if" else "} else if"} ${code.tried(scope)} {")
        }
        lines.addAll(if (values != null) branchValue(entry.expression, values, valueLines, lines, assign) else nested(entry.expression, returns))
    }
    if (returns && !hasElse) throw NotPorted(expression, "a when without else as the result")
    if (values != null && !hasElse) throw NotPorted(expression, "a when without else used as a value:")
    lines.add("}")
    return lines
}
