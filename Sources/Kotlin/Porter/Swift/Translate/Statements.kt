package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtReturnExpression
import org.jetbrains.kotlin.psi.KtWhenExpression

/**
 * Statements of a handler or listener body. The statement kinds are translated in files of their own: assignments
 * (`Statements+Assignments.kt`), locals (`Statements+Locals.kt`), `if` (`Statements+Conditionals.kt`), `when`
 * (`Statements+When.kt`) and the listener idioms on a transition (`Statements+Listeners.kt`).
 */
class Body(internal val porter: Porter, internal val scope: Scope) {

    internal val types get() = porter.sealedTypes

    internal fun expressions(scope: Scope = this.scope) = Expressions(porter, scope)

    /** Translates [statements]; with [returns], the last one is the closure's result. */
    fun statements(statements: List<KtExpression>, returns: Boolean): List<String> {
        val lines = mutableListOf<String>()
        // Locals of a known case whose fields are read: a `guard case let` after the declaration binds them.
        val cased = mutableListOf<Pair<Int, Binding>>()
        var skip = false
        statements.forEachIndexed { index, statement ->
            if (skip) {
                skip = false
                return@forEachIndexed
            }
            scope.statement = statement
            val guard = if (returns && index >= statements.size - 2) null else validNullCheck(statement, statements.getOrNull(index + 1))
            skip = guard != null
            val translated = guard ?: if (returns && index == statements.size - 1) tail(statement) else statement(statement)
            scope.statement = null
            lines.addAll(scope.hoisted)
            scope.hoisted.clear()
            if (translated.isNotEmpty()) {
                lines.add(translated[0] + porter.mark(statement))
                lines.addAll(translated.drop(1))
            }
            if (statement is KtProperty) scope.names[statement.name]?.takeIf { it.pattern != null || it.castTo != null }?.let { cased.add(lines.size to it) }
        }
        if (returns && statements.isEmpty()) throw IllegalStateException("empty handler")
        for ((at, local) in cased.reversed()) {
            val case = local.case ?: continue
            if (local.patternUsed.isEmpty() && local.castTo == null) continue
            val names = case.fields.map { field -> if (field.name in local.patternUsed) local.pattern!!.getValue(field.name) else "_" }
            val pattern = if (names.all { it == "_" }) ".${case.swiftName}" else "let .${case.swiftName}(${names.joinToString(", ")})"
            // A Kotlin cast to a case throws when the value is another one: the Swift port stops there.
            val stop = local.castTo?.let { "preconditionFailure(\"\\(${local.swift}) is not a $it (Kotlin's cast throws)\")" } ?: "preconditionFailure()"
            lines.add(at, "guard case $pattern = ${local.swift} else { $stop }")
        }
        // Code over several lines (a trailing closure) is indented with the statement it is in.
        return lines.flatMap { it.split('\n') }
    }

    internal fun nested(expression: KtExpression?, returns: Boolean): List<String> {
        val inner = Body(porter, scope.child())
        val statements = if (expression is KtBlockExpression) expression.statements else listOfNotNull(expression)
        if (statements.isEmpty()) return if (returns) throw NotPorted(expression ?: throw IllegalStateException(), "an empty branch") else emptyList()
        return inner.statements(statements, returns).map { if (it.length == 0) "" else "    $it" }
    }

    internal fun tail(statement: KtExpression): List<String> = when {
        handlerReturn(statement) != null -> tail(handlerReturn(statement)!!)
        statement is KtBinaryExpression && statement.operationReference.text == "?:" -> letOrElse(statement)
            ?: listOf("return " + expressions().expr(statement).tried(scope))
        else -> tailOf(statement)
    }

    /**
     * `value?.let { name -> … } ?: other` as a handler's result: `if let name = value { … } else { … }`. A handler's
     * result is never null, so Kotlin runs `other` exactly when the value is null.
     */
    internal fun letOrElse(elvis: KtBinaryExpression): List<String>? {
        val safe = elvis.left as? org.jetbrains.kotlin.psi.KtSafeQualifiedExpression ?: return null
        val let = safe.selectorExpression as? KtCallExpression ?: return null
        if (let.calleeExpression?.text != "let" || let.valueArguments.size != 1) return null
        val lambda = let.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
        if (validLetOrElseSubject(safe) != null) return null
        val value = expressions().expr(safe.receiverExpression)
        val parameter = lambda.valueParameters.singleOrNull()?.name
        val bound = parameter ?: (safe.receiverExpression as? KtDotQualifiedExpression)?.selectorExpression?.text
            ?.takeIf { it.matches(Regex("[a-z][A-Za-z0-9]*")) && scope.lookup(it) == null } ?: "value"
        val inner = Body(porter, scope.child())
        inner.scope.names[parameter ?: "it"] = Binding(swiftIdentifier(bound), value.sealed, value.sealedCase,
            numeric = value.numeric?.removeSuffix("?"), auxiliary = value.auxiliary).also { it.used = true }
        val then = inner.statements(lambda.bodyExpression?.statements.orEmpty(), returns = true)
        val otherwise = nested(elvis.right, returns = true)
        return listOf("if let ${swiftIdentifier(bound)} = ${value.tried(scope)} {") + then.map { if (it.isEmpty()) "" else "    $it" } +
            listOf("} else {") + otherwise + listOf("}")
    }

    /** The value of `return@on value` in a handler or predicate (whose Swift closure returns it too); null otherwise. */
    internal fun handlerReturn(statement: KtExpression): KtExpression? {
        val returned = statement as? KtReturnExpression ?: return null
        if (returned.getLabelName() == null || !scope.canThrow) return null
        return returned.returnedExpression
    }

    /** `return value` in a function of a ported type: the same in Swift; null elsewhere. */
    internal fun functionReturn(statement: KtExpression): List<String>? {
        val returned = statement as? KtReturnExpression ?: return null
        val function = scope.function ?: return null
        if (returned.getLabelName() != null) throw NotPorted(statement, "a labelled return")
        val value = returned.returnedExpression ?: return listOf("return")
        if (value is KtIfExpression || value is KtWhenExpression) return tailOf(value)
        return listOf("return " + expressions().expr(value, porter.sealedTypes.named(function.sealed)).tried(scope))
    }

    internal fun tailOf(statement: KtExpression): List<String> = when {
        statement is KtIfExpression -> ifLines(statement, returns = true)
        statement is KtWhenExpression -> whenLines(statement, returns = true)
        statement is KtProperty -> throw NotPorted(statement, "a declaration as the result")
        // `throw …` or `error("…")` as a handler's result: the Swift closure throws, and returns nothing after it.
        statement is org.jetbrains.kotlin.psi.KtThrowExpression -> throwLines(statement)
        errorCallLines(statement) != null -> errorCallLines(statement)!!
        // `else -> error("…")` as a result: the call that stops is the statement; Swift returns nothing after it.
        statement is KtCallExpression && statement.calleeExpression?.text in setOf("error", "TODO") ->
            listOf(expressions().expr(statement).tried(scope))
        else -> listOf("return " + expressions().expr(statement, types.named(scope.function?.sealed)).tried(scope))
    }

    /**
     * Kotlin's `assert(…)`, which the JVM checks only when it runs with assertions enabled (`-ea`; Android never does):
     * left out of the port, as a comment, with a note, so that the port does what the Kotlin does where it runs.
     */
    private fun assertion(statement: KtExpression): List<String>? {
        if (statement !is KtCallExpression || statement.calleeExpression?.text != "assert" || scope.lookup("assert") != null ||
            porter.collaborators.declaredFunction("assert") != null) return null
        porter.note(statement, "`${statement.text.lines().first()}` is checked only where the JVM runs with assertions enabled (-ea), " +
            "which Android never does: the port leaves it out, as a comment")
        return listOf("// ${statement.text.lines().joinToString(" ") { it.trim() }}: Kotlin checks it only with the JVM's -ea")
    }

    internal fun statement(statement: KtExpression): List<String> {
        // `null -> Unit` and `else -> {}`: a branch that does nothing.
        if (statement is KtNameReferenceExpression && statement.getReferencedName() == "Unit") return emptyList()
        functionReturn(statement)?.let { return it }
        // `return@forEach` in a loop the port writes as `for … in`: the next element.
        if (statement is KtReturnExpression && statement.getLabelName() in setOf("forEach", "forEachIndexed") &&
            statement.returnedExpression == null) {
            return listOf("continue")
        }
        // `return@onTransition` in a listener: the Swift closure returns.
        if (statement is KtReturnExpression && statement.getLabelName() != null && statement.returnedExpression == null && !scope.canThrow) {
            return listOf("return")
        }
        handlerReturn(statement)?.let { return tail(it) }
        if (statement is KtBinaryExpression && statement.operationReference.text == "?:") validLetOrElse(statement)?.let { return it }
        if (statement is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression) {
            validLet(statement)?.let { return it }
            safeLet(statement)?.let { return it }
        }
        holderCall(statement)?.let { return it }
        errorCallLines(statement)?.let { return it }
        assertion(statement)?.let { return it }
        forEachLines(statement)?.let { return it }
        when (statement) {
            is org.jetbrains.kotlin.psi.KtThrowExpression -> return throwLines(statement)
            is KtProperty -> return property(statement)
            is org.jetbrains.kotlin.psi.KtDestructuringDeclaration -> return destructuring(statement)
            is KtIfExpression -> return ifLines(statement, returns = false)
            is KtWhenExpression -> return whenLines(statement, returns = false)
            is org.jetbrains.kotlin.psi.KtForExpression -> return forLines(statement)
            is org.jetbrains.kotlin.psi.KtBreakExpression -> {
                if (statement.getLabelName() != null) throw NotPorted(statement, "a labelled break")
                return listOf("break")
            }
            is org.jetbrains.kotlin.psi.KtContinueExpression -> {
                if (statement.getLabelName() != null) throw NotPorted(statement, "a labelled continue")
                return listOf("continue")
            }
            // `while (condition) { … }`: Swift's.
            is org.jetbrains.kotlin.psi.KtWhileExpression -> {
                val condition = expressions().expr(statement.condition ?: throw NotPorted(statement, "a while without a condition"))
                return listOf("while ${condition.tried(scope)} {") + nested(statement.body, returns = false) + "}"
            }
            // `count++` / `--count` as a statement: Swift's `+= 1`, on a local or on a property of the class.
            is org.jetbrains.kotlin.psi.KtUnaryExpression -> {
                val operator = statement.operationReference.text
                if (operator == "++" || operator == "--") {
                    val target = statement.baseExpression
                    val one = org.jetbrains.kotlin.psi.KtPsiFactory(statement.project).createExpression("1")
                    classPropertyAssignment(target, if (operator == "++") "+=" else "-=", one)?.let { return it }
                    val binding = (target as? KtNameReferenceExpression)?.let { scope.lookup(it.getReferencedName()) }
                        ?: throw NotPorted(statement, "the operator $operator")
                    binding.used = true
                    return listOf("${binding.swift} ${if (operator == "++") "+=" else "-="} 1")
                }
            }
            is KtBinaryExpression -> {
                val operator = statement.operationReference.text
                if (operator in setOf("=", "+=", "-=", "*=", "/=", "%=")) {
                    classPropertyAssignment(statement.left, operator, statement.right)?.let { return it }
                    val target = statement.left as? KtNameReferenceExpression ?: throw NotPorted(statement, "the assignment")
                    val binding = scope.lookup(target.getReferencedName()) ?: throw NotPorted(statement, "the assignment")
                    binding.used = true
                    val right = statement.right
                    if (right is KtWhenExpression && operator == "=") return whenValue(right, null, binding.swift, null).first
                    val value = expressions().expr(statement.right, binding.type)
                    return listOf("${binding.swift} $operator ${value.tried(scope)}")
                }
            }
        }
        return listOf(expressions().expr(statement).tried(scope))
    }
}
