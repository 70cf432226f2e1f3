package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBinaryExpressionWithTypeRHS
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtReturnExpression
import org.jetbrains.kotlin.psi.KtWhenExpression

// The statements of a handler or listener body (Body, in Statements.kt): locals: `val`/`var` declarations, casts to
// a case, destructuring, a `when` used as a value.

internal fun Body.property(property: KtProperty): List<String> {
    val name = property.name ?: throw NotPorted(property, "the declaration")
    val initializer = property.initializer ?: throw NotPorted(property, "a declaration without a value")
    validTransitionGuard(name, initializer)?.let { return it }
    valueOrReturn(name, initializer, property.isVar)?.let { return it }
    val keyword = if (property.isVar) "var" else "let"
    if (initializer is KtWhenExpression) {
        // `val message: String? = when …`: the type Kotlin declares, in Swift's terms.
        val declared = property.typeReference?.let { porter.sealedTypes.swiftType(it) }
        val (lines, value) = whenValue(initializer, keyword, name, declared)
        declare(value.text, value, property.isVar)
        if (value.text != name) scope.names[name] = scope.names.remove(value.text)!!
        return lines
    }
    property.typeReference?.let { return typedProperty(property, name, it, initializer) }
    caseCast(name, initializer, property.isVar)?.let { return it }
    val value = expressions().expr(initializer)
    val transition = value.binding?.takeIf { it.kind != Kind.VALUE }
    if (transition != null && !property.isVar) {
        // `val invalid = it as StateMachine.Transition.Invalid`: another name for the transition.
        scope.names[name] = transition
        return emptyList()
    }
    if (value.collaborator == OWNER && !property.isVar) {
        // `val counter = this@Owner`: another name for `context`, whose members are read through it.
        scope.names[name] = Binding("context", null, null, numeric = value.numeric, collaborator = OWNER).also { it.used = true }
        return emptyList()
    }
    declare(name, value, property.isVar)
    // Swift would take a literal for an Int or a Double: `val discount = if (…) 2L else 1L` is an Int64.
    val literal = value.text.matches(Regex("(?:.* \\? )?-?[0-9][0-9_.]*(?: : -?[0-9][0-9_.]*)?"))
    val type = value.numeric?.takeIf { literal && (it == "Int64" || it == "Float") }?.let { ": $it" } ?: ""
    return listOf("$keyword $name$type = ${value.tried(scope)}")
}

/**
 * `val sideEffect: SideEffect? = if (…) SideEffect.OpenApp else null`: `let sideEffect: SideEffect? = …`, the type as
 * Kotlin declares it, in Swift's terms. A value that is not one (a transition, the owner) is not ported.
 */
private fun Body.typedProperty(property: KtProperty, name: String, typeReference: org.jetbrains.kotlin.psi.KtTypeReference, initializer: KtExpression): List<String> {
    val declared = porter.sealedTypes.swiftType(typeReference)
    if ("<#" in declared.swift) throw NotPorted(property, "a declaration with a type")
    val value = expressions().expr(initializer)
    if (value.binding?.kind?.let { it != Kind.VALUE } == true || value.collaborator != null) throw NotPorted(property, "a declaration with a type")
    val sealed = declared.sealed?.let { types.named(it) } ?: value.sealed
    declare(name, Code(name, sealed = sealed, numeric = declared.swift, auxiliary = value.auxiliary ?: types.auxiliaryName(declared)), property.isVar)
    return listOf("${if (property.isVar) "var" else "let"} $name: ${declared.swift} = ${value.tried(scope)}")
}

/**
 * `val inverse = undoStack.lastOrNull() ?: return@on dontTransition()` (a handler's result, a listener's `return`, a
 * function's `return value`): Swift's `guard let`, whose else branch returns the same. Null for other declarations.
 */
internal fun Body.valueOrReturn(name: String, initializer: KtExpression, isVar: Boolean): List<String>? {
    val elvis = deparenthesized(initializer) as? KtBinaryExpression ?: return null
    if (elvis.operationReference.text != "?:") return null
    val returned = deparenthesized(elvis.right) as? KtReturnExpression ?: return null
    val value = expressions().expr(elvis.left)
    val optional = value.numeric?.takeIf { it.endsWith("?") }
        ?: throw NotPorted(elvis, "the operator ?: on a value not known to be nullable in")
    val otherwise = statement(returned)
    val type = optional.dropLast(1)
    declare(name, Code(name, sealed = value.sealed ?: types.named(type), numeric = type,
        auxiliary = value.auxiliary ?: types.auxiliaryName(SwiftType(type, null)), collaborator = value.collaborator), isVar)
    return listOf("guard ${if (isVar) "var" else "let"} $name = ${value.tried(scope)} else {") + otherwise.map { "    $it" } + listOf("}")
}

/**
 * `val asking = valid.toState as QuizState.Asking`: the value, then a `guard case` that stops the port where Kotlin's
 * cast throws. `val uploading = valid.toState as? UploadState.Uploading`: the value where it is that case, else nil
 * (`if uploading != null` then reads its fields). Null for other declarations.
 */
internal fun Body.caseCast(name: String, initializer: KtExpression, isVar: Boolean): List<String>? {
    val cast = deparenthesized(initializer) as? KtBinaryExpressionWithTypeRHS ?: return null
    val operator = cast.operationReference.text
    if (operator != "as" && operator != "as?") return null
    val value = expressions().expr(cast.left)
    val sealed = value.sealed ?: return null
    val case = porter.casesOf(cast.right, sealed)?.singleOrNull() ?: return null
    if (value.throws || value.binding?.kind?.let { it != Kind.VALUE } == true) return null
    val keyword = if (isVar) "var" else "let"
    if (operator == "as") {
        val code = expressions().expr(initializer)
        declare(name, code, isVar)
        scope.names.getValue(name).castTo = cast.right?.text?.replace(Regex("\\s"), "")
        return listOf("$keyword $name = ${code.text}")
    }
    val optional = value.numeric?.endsWith("?") == true
    val pattern = ".${case.swiftName}${if (optional) "?" else ""}"
    val binding = Binding(name, sealed, case, numeric = "${sealed.name}?").also { it.used = true }
    scope.names[name] = binding
    return listOf("$keyword $name: ${sealed.name}? = if case $pattern = ${value.text} { ${value.text} } else { nil }")
}

/** A local: its type and, for a `let` of a known case with fields, the constants its fields are bound to when read. */
internal fun Body.declare(name: String, value: Code, isVar: Boolean) {
    val binding = Binding(name, value.sealed, value.sealedCase, numeric = value.numeric, auxiliary = value.auxiliary,
        collaborator = value.collaborator)
    binding.used = true
    val case = value.sealedCase
    if (!isVar && case != null && case.fields.isNotEmpty()) {
        binding.pattern = case.fields.associate { it.name to name + it.name.replaceFirstChar { c -> c.uppercase() } }
    }
    scope.names[name] = binding
}

/** `val (a, b) = pair`: `let (a, b) = pair`, each name typed by the tuple's parts when they are known. */
internal fun Body.destructuring(declaration: org.jetbrains.kotlin.psi.KtDestructuringDeclaration): List<String> {
    val initializer = declaration.initializer ?: throw NotPorted(declaration, "the expression")
    val value = expressions().expr(initializer)
    val entries = declaration.entries
    val parts = tupleParts(value.numeric)
    val case = value.sealedCase
    if ((parts == null || parts.size != entries.size) && value.sealed != null && case != null && entries.size <= case.fields.size) {
        // `val (speed, label) = this` of a case whose fields are known: its fields in the order its constructor
        // declares them (Kotlin's componentN), each name another name for the field's value.
        entries.forEachIndexed { index, entry ->
            val name = entry.name?.takeIf { it != "_" } ?: return@forEachIndexed
            val code = expressions().field(value, case.fields[index].name, declaration, null)
            scope.names[name] = Binding(code.text, code.sealed, code.sealedCase, numeric = code.numeric, auxiliary = code.auxiliary)
                .also { it.used = true }
        }
        return emptyList()
    }
    val struct = value.auxiliary?.let { types.structs[it] }
    if ((parts == null || parts.size != entries.size) && struct != null && entries.size <= struct.size) {
        // `val (bot, update) = event.toEventDC()` of a data class the port declares as a struct: its properties in the
        // order its constructor declares them (Kotlin's componentN), read from the value, made once.
        val taken = entries.mapNotNull { it.name }.toSet()
        val whole = generateSequence(value.auxiliary!!.replaceFirstChar { it.lowercase() }) { it + "Value" }
            .first { it !in taken && scope.lookup(it) == null }
        val lines = mutableListOf("let $whole = ${value.tried(scope)}")
        entries.forEachIndexed { index, entry ->
            val name = entry.name?.takeIf { it != "_" } ?: return@forEachIndexed
            val field = struct[index]
            lines += "${if (declaration.isVar) "var" else "let"} $name = $whole.${swiftIdentifier(field.name)}"
            scope.names[name] = Binding(name, types.named(field.type.sealed), null, numeric = field.type.swift,
                auxiliary = types.auxiliaryName(field.type)).also { it.used = true }
        }
        return lines
    }
    if (parts == null || parts.size != entries.size) throw NotPorted(declaration, "the destructuring of a value that is not a Pair or Triple in")
    val names = entries.mapIndexed { index, entry ->
        val name = entry.name ?: "_"
        if (name == "_") return@mapIndexed "_"
        val type = porter.sealedTypes.named(parts[index])
        scope.names[name] = Binding(name, type, null, numeric = parts[index]).also { it.used = true }
        name
    }
    return listOf("${if (declaration.isVar) "var" else "let"} (${names.joinToString(", ")}) = ${value.tried(scope)}")
}

/**
 * `when` used as a value: `val x = when (…) { … }` is a Swift `switch` expression, a `when` without subject an `if`
 * expression; `x = when …` assigns one. [keyword] (`let`, `var`; null for an assignment) and [name] come before it;
 * in a declaration the type is [declared] (Kotlin's `val x: T? = when …`) or the one the branches agree on, and
 * their cases are written `.case`. A branch of several statements (`A -> { log(); 3 }`) cannot be an expression in
 * Swift: then the local is declared first (`let x: T`) and each branch runs its statements and assigns its value,
 * which Swift checks is done exactly once on every path. Returns the lines and what is known of the value.
 */
internal fun Body.whenValue(expression: KtWhenExpression, keyword: String?, name: String, declared: SwiftType?): Pair<List<String>, Code> {
    val values = mutableListOf<Code>()
    val valueLines = mutableListOf<Int>()
    val assign = if (assignsInBranches(expression)) Assigned(name, declares = keyword != null) else null
    val lines = if (expression.subjectExpression == null && expression.subjectVariable == null) {
        whenWithoutSubject(expression, returns = false, values = values, valueLines = valueLines, assign = assign)
    } else {
        whenLines(expression, returns = false, values = values, valueLines = valueLines, assign = assign)
    }.toMutableList()
    val present = values.filter { it.text != "nil" }
    val sealed = present.map { it.sealed }.distinct().singleOrNull()
    val numerics = present.mapNotNull { it.numeric?.removeSuffix("?") }.distinct()
    val auxiliary = present.map { it.auxiliary }.distinct().singleOrNull()
    val optional = present.size < values.size || values.any { it.numeric?.endsWith("?") == true }
    val numeric = numerics.singleOrNull()?.takeIf { sealed == null }
        ?.let { if (optional) "$it?" else it }
    val inferred = when {
        sealed != null -> sealed.name + if (optional) "?" else ""
        numeric != null -> numeric
        auxiliary != null && present.size == values.size -> auxiliary
        auxiliary != null -> "$auxiliary?"
        else -> null
    }
    // A switch expression is typed as before this form existed: by the case or number type all branches agree on.
    val agreed = values.map { it.sealed }.distinct().singleOrNull()?.name ?: values.mapNotNull { it.numeric }.distinct().singleOrNull()
    val type = declared?.swift ?: (if (assign != null) inferred else agreed)?.takeIf { keyword != null }
    val first = lines.indexOfFirst { it.startsWith("switch ") || it.startsWith("if ") }
    if (assign != null) {
        if (keyword != null) {
            // Swift needs the type of a constant declared before its value: Kotlin's, or the branches'.
            type ?: throw NotPorted(expression, "a when of several statements in a branch, whose value's type is not known, used as a value:")
            lines.add(first, "$keyword ${assign.name}: $type")
        }
    } else {
        if (sealed != null && type?.removeSuffix("?") == sealed.name) {
            // The type is written once, in the declaration: each branch names its case as `.case`.
            for (index in valueLines) {
                lines[index] = lines[index].replaceFirst(Regex("^(\\s*(try!? )?)${Regex.escape(sealed.name)}\\."), "$1.")
            }
        }
        val head = if (keyword != null) "$keyword $name" else name
        lines[first] = "$head${if (type != null) ": $type" else ""} = ${lines[first]}"
    }
    val case = values.map { it.sealedCase }.distinct().singleOrNull()
    val known = declared?.swift ?: numeric ?: inferred?.takeIf { sealed == null }
    return lines to Code(assign?.name ?: name, sealed = sealed ?: declared?.sealed?.let { types.named(it) }, sealedCase = case,
        numeric = known, auxiliary = auxiliary)
}

/**
 * The local a `when` of several statements in a branch assigns: its Kotlin name, or `nameValue` where a branch's
 * pattern binds a field of that name (`let text: String?` and `case let .report(text, _)` would hide it).
 */
internal class Assigned(var name: String, val declares: Boolean)

/** Whether a `when` used as a value has a branch of several statements: the Swift assigns in each branch. */
internal fun Body.assignsInBranches(expression: KtWhenExpression): Boolean =
    expression.entries.any { entry -> (entry.expression as? KtBlockExpression)?.statements?.size?.let { it > 1 } == true }

/**
 * One branch of a `when` used as a value: its one expression; with [assign], its statements and then the assignment
 * of its last one's value to [assign].
 */
internal fun Body.branchValue(
    expression: KtExpression?,
    values: MutableList<Code>,
    valueLines: MutableList<Int>,
    lines: List<String>,
    assign: Assigned?
): List<String> {
    val statements = if (expression is KtBlockExpression) expression.statements else listOfNotNull(expression)
    if (statements.size > 1 && assign == null) throw NotPorted(expression!!, "a when branch with several statements used as a value:")
    val single = statements.lastOrNull() ?: throw NotPorted(expression ?: throw IllegalStateException("a when branch without a value"), "an empty branch")
    if (single is KtWhenExpression || single is KtIfExpression && single.`else` != null && single.then is KtBlockExpression) {
        throw NotPorted(single, "a when or if nested in a when used as a value:")
    }
    val inner = Body(porter, scope.child())
    val before = inner.statements(statements.dropLast(1), returns = false).map { if (it.isEmpty()) "" else "    $it" }
    val code = Expressions(porter, inner.scope).expr(single)
    values.add(code)
    valueLines.add(lines.size + before.size)
    return before + listOf("    ${if (assign != null) "${assign.name} = " else ""}${code.tried(scope)}")
}

/**
 * `val valid = it as StateMachine.Transition.Valid`: Kotlin's cast throws for an invalid transition; the Swift throws
 * there in an onTransition listener (stops with a message in a closure that cannot throw), and `valid` is the valid
 * transition. Null for other declarations.
 */
internal fun Body.hardCast(name: String, initializer: KtExpression): List<String>? {
    val cast = deparenthesized(initializer) as? KtBinaryExpressionWithTypeRHS ?: return null
    if (cast.operationReference.text != "as" || SealedTypes.lastSegment(cast.right) != "Valid") return null
    val binding = expressions().expr(cast.left).binding
    if (binding == null || binding.kind != Kind.RESULT) return null
    binding.used = true
    scope.names[name] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
    narrowToValid(scope, cast.left, name)
    if (scope.throwing) {
        // An onTransition listener's error reaches the sender (Spec/SPEC.md R39), as the cast's exception does.
        porter.sealedTypes.thrownException()
        return listOf(
            "guard case .success(let $name) = ${binding.swift} else {",
            "    if case ${porter.invalidPattern} = ${binding.swift} {",
            "        throw ${SealedTypes.EXCEPTION}(\"ClassCastException\", \"the invalid transition \\(invalid) is not a Valid one\")",
            "    }",
            "    return",
            "}",
        )
    }
    porter.keptCall(cast, "`${Porter.short(cast)}` stops the Swift port for an invalid transition (preconditionFailure), " +
        "where Kotlin's cast throws a ClassCastException")
    return listOf(
        "guard case .success(let $name) = ${binding.swift} else {",
        "    if case ${porter.invalidPattern} = ${binding.swift} {",
        "        preconditionFailure(\"the invalid transition \\(invalid) is not a Valid one (Kotlin's cast throws)\")",
        "    }",
        "    return",
        "}",
    )
}
