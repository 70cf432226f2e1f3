package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtForExpression

// The statements of a handler or listener body (Body, in Statements.kt): loops over a collection or a range.

/**
 * `for (item in items) { … }`, `for (i in 0 until n)`, `for ((key, value) in map)`: Swift's `for … in`, the body with
 * the loop's names bound as Kotlin binds them.
 */
internal fun Body.forLines(statement: KtForExpression): List<String> {
    val range = statement.loopRange ?: throw NotPorted(statement, "a for loop without a range")
    val parameter = statement.loopParameter ?: throw NotPorted(statement, "a for loop without a name")
    val destructuring = parameter.destructuringDeclaration
    val names = destructuring?.entries?.map { it.name ?: "_" } ?: listOf(parameter.name ?: "_")
    return loopLines(statement, range, names, indexed = false, body = statement.body)
}

/**
 * `items.forEach { item -> … }` and `forEachIndexed { index, item -> … }` as a statement: the same `for … in` loop
 * (`return@forEach` is Swift's `continue`, Body.statement); null for any other statement.
 */
internal fun Body.forEachLines(statement: KtExpression): List<String>? {
    val qualified = statement as? KtDotQualifiedExpression ?: return null
    val call = qualified.selectorExpression as? KtCallExpression ?: return null
    val name = call.calleeExpression?.text
    if (name != "forEach" && name != "forEachIndexed") return null
    val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
    if (call.valueArguments.size != 1) return null
    val parameters = lambda.valueParameters
    if (parameters.any { it.destructuringDeclaration != null }) throw NotPorted(statement, "a forEach whose lambda destructures its value")
    val indexed = name == "forEachIndexed"
    val names = when {
        parameters.isNotEmpty() -> parameters.map { it.name ?: "_" }
        indexed -> throw NotPorted(statement, "a forEachIndexed without names")
        else -> listOf("it")
    }
    val returns = org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.collectElementsOfType(lambda, org.jetbrains.kotlin.psi.KtReturnExpression::class.java)
    if (returns.any { it.getLabelName() != name || it.returnedExpression != null }) throw NotPorted(statement, "a return in a forEach")
    return loopLines(statement, qualified.receiverExpression, names, indexed, lambda.bodyExpression)
}

private fun Body.loopLines(statement: KtExpression, range: KtExpression, names: List<String>, indexed: Boolean, body: KtExpression?): List<String> {
    val (sequence, element) = loopSequence(range) ?: throw NotPorted(statement, "a loop over a value whose type is not known:")
    val inner = Body(porter, scope.child())
    val elementTypes: List<String?> = when {
        indexed -> listOf("Int", element)
        names.size > 1 -> tupleParts(element) ?: dictionaryEntry(element) ?: throw NotPorted(statement, "the destructuring of a loop's value")
        else -> listOf(element)
    }
    if (elementTypes.size != names.size) throw NotPorted(statement, "the destructuring of a loop's value")
    val swiftNames = names.map { if (it == "_") "_" else swiftIdentifier(it) }
    val bindings = names.mapIndexed { index, name ->
        if (name == "_") return@mapIndexed null
        val type = elementTypes[index]
        val collaborator = type?.takeIf { it.startsWith("any ") }
        Binding(swiftNames[index], types.named(type), null, numeric = type?.takeIf { collaborator == null },
            auxiliary = type?.let { types.auxiliaryName(SwiftType(it, null)) }, collaborator = collaborator)
            .also { inner.scope.names[name] = it }
    }
    val statements = when (body) {
        is org.jetbrains.kotlin.psi.KtBlockExpression -> body.statements
        null -> emptyList()
        else -> listOf(body)
    }
    val lines = inner.statements(statements, returns = false)
    // A name the body never reads is Swift's `_` (`for (i in 0 until n) text += "|"`), as Swift would warn otherwise.
    val written = swiftNames.mapIndexed { index, name -> if (bindings[index]?.used == true) name else "_" }
    val pattern = if (written.size == 1) written.single() else written.joinToString(", ", "(", ")")
    val source = if (indexed) "$sequence.enumerated()" else sequence
    return listOf("for $pattern in $source {") + lines.map { if (it.isEmpty()) "" else "    $it" } + "}"
}

/** A `[K: V]` element of a loop over a map: its key and value. */
private fun dictionaryEntry(element: String?): List<String>? {
    val match = Regex("^\\((?:key: )?(.+), (?:value: )?(.+)\\)$").find(element ?: return null) ?: return null
    return listOf(match.groupValues[1], match.groupValues[2])
}

/** The Swift sequence a loop runs over and its element's Swift type: a range of integers, a list, a set or a map. */
private fun Body.loopSequence(range: KtExpression): Pair<String, String?>? {
    val bare = deparenthesized(range)
    if (bare is KtBinaryExpression && bare.operationReference.text in setOf("..", "..<", "until")) {
        val low = expressions().expr(bare.left)
        val high = expressions().expr(bare.right)
        if (low.throws || high.throws) return null
        val operator = if (bare.operationReference.text == "..") "..." else "..<"
        return "${low.text}$operator${high.text}" to (low.numeric ?: high.numeric ?: "Int")
    }
    val value = expressions().expr(range)
    val type = value.collaborator?.takeIf { it.startsWith("[") } ?: value.numeric ?: return null
    val text = value.tried(scope)
    return when {
        type.startsWith("Set<") -> text to type.removePrefix("Set<").removeSuffix(">")
        type.startsWith("[") && type.contains(": ") && !type.startsWith("[(") -> {
            val (key, element) = type.removePrefix("[").removeSuffix("]").split(": ", limit = 2)
            text to "($key, $element)"
        }
        type.startsWith("[") -> text to type.removePrefix("[").removeSuffix("]")
        type == "String" -> text to "Character"
        else -> null
    }
}
