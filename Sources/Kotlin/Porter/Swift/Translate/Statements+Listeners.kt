package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBinaryExpressionWithTypeRHS
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtParenthesizedExpression
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtReturnExpression
import org.jetbrains.kotlin.psi.KtWhenConditionIsPattern
import org.jetbrains.kotlin.psi.KtWhenEntry
import org.jetbrains.kotlin.psi.KtWhenExpression

// The statements of a handler or listener body (Body, in Statements.kt): the listener idioms on a transition: `as?
// Valid`, guards that return early, `?.let`, callable references.

/** `(it as? Valid)?.…`: the transition cast, handled by the listener idioms. */
internal fun Body.validLetOrElseSubject(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): KtExpression? {
    var receiver = safe.receiverExpression
    while (receiver is KtParenthesizedExpression) receiver = receiver.expression ?: return null
    return (receiver as? KtBinaryExpressionWithTypeRHS)?.takeIf { it.operationReference.text == "as?" }
}

/**
 * The idioms of onTransition listeners that keep valid transitions only:
 * `val valid = it as? StateMachine.Transition.Valid ?: return@onTransition`,
 * `val effect = (it as? Valid)?.sideEffect ?: return`, and either with `?: run { …; return@onTransition }`.
 */
internal fun Body.validTransitionGuard(name: String, initializer: KtExpression): List<String>? {
    hardCast(name, initializer)?.let { return it }
    validWhenGuard(name, initializer)?.let { return it }
    val elvis = initializer as? KtBinaryExpression ?: return null
    if (elvis.operationReference.text != "?:") return null
    val otherwise = elseOfGuard(elvis.right) ?: return null
    var left = elvis.left
    var property: String? = null
    if (left is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression) {
        property = (left.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
        left = left.receiverExpression
    }
    while (left is KtParenthesizedExpression) left = left.expression
    val cast = left as? KtBinaryExpressionWithTypeRHS ?: return null
    if (cast.operationReference.text != "as?" || SealedTypes.lastSegment(cast.right) != "Valid") return null
    val subject = expressions().expr(cast.left)
    val binding = subject.binding
    if (binding == null || binding.kind != Kind.RESULT) throw NotPorted(cast, "the cast")
    if (property == null) {
        scope.names[name] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
        val lines = guardLines("guard case .success(let $name) = ${binding.swift} else", otherwise, cast.left, binding)
        // Past the guard Kotlin smart-casts the listener's result to the valid transition (`it.toState`).
        narrowToValid(scope, cast.left, name)
        return lines
    }
    val type = when (property) {
        "fromState", "toState" -> porter.state
        "event" -> porter.event
        "sideEffect" -> porter.sideEffect
        else -> throw NotPorted(elvis, "the transition property")
    }
    scope.names[name] = Binding(name, type, null).also { it.used = true }
    val optional = if (property == "sideEffect") ", let $name = valid.sideEffect" else ", case let $name = valid.$property"
    val lines = guardLines("guard case .success(let valid) = ${binding.swift}$optional else", otherwise, cast.left, binding)
    narrowToValid(scope, cast.left)
    return lines
}

/**
 * `val valid = when (it) { is Invalid -> error("…"); is Valid -> it }` (the invalid branch `else`, a `throw`, `return@…`
 * or a `run { … }` that ends in one): the guard of `it as? Valid ?: …`, with the invalid branch as its else.
 */
private fun Body.validWhenGuard(name: String, initializer: KtExpression): List<String>? {
    val switch = deparenthesized(initializer) as? KtWhenExpression ?: return null
    val subject = switch.subjectExpression as? KtNameReferenceExpression ?: return null
    if (switch.entries.size != 2) return null
    fun only(expression: KtExpression?): KtExpression? =
        deparenthesized(expression).let { if (it is KtBlockExpression) it.statements.singleOrNull() else it }
    fun named(entry: KtWhenEntry): String? = (entry.conditions.singleOrNull() as? KtWhenConditionIsPattern)
        ?.takeUnless { it.isNegated }?.typeReference?.let { SealedTypes.lastSegment(it) }
    val valid = switch.entries.firstOrNull { named(it) == "Valid" } ?: return null
    val invalid = switch.entries.firstOrNull { it != valid && (it.isElse || named(it) == "Invalid") } ?: return null
    if ((only(valid.expression) as? KtNameReferenceExpression)?.getReferencedName() != subject.getReferencedName()) return null
    val stop = only(invalid.expression)
    val otherwise = elseOfGuard(stop) ?: stop?.takeIf { stops(it) }?.let { listOf(it) } ?: return null
    val result = expressions().expr(subject).binding ?: return null
    if (result.kind != Kind.RESULT) return null
    scope.names[name] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
    val lines = guardLines("guard case .success(let $name) = ${result.swift} else", otherwise, subject, result)
    narrowToValid(scope, subject, name)
    return lines
}

/** Whether [statement] stops the listener: a `throw`, or Kotlin's `error(…)` or `TODO(…)`, which the port stops at too. */
private fun stops(statement: KtExpression?): Boolean = statement is org.jetbrains.kotlin.psi.KtThrowExpression ||
    (statement as? KtCallExpression)?.calleeExpression?.text in setOf("error", "TODO")

/**
 * `val valid = it as? StateMachine.Transition.Valid` followed by `if (valid == null) { …; return@onTransition }`: the
 * same guard as `?: run { …; return@onTransition }`. Null for other statements.
 */
internal fun Body.validNullCheck(statement: KtExpression, next: KtExpression?): List<String>? {
    val property = statement as? KtProperty ?: return null
    val name = property.name ?: return null
    val cast = deparenthesized(property.initializer) as? KtBinaryExpressionWithTypeRHS ?: return null
    if (cast.operationReference.text != "as?" || SealedTypes.lastSegment(cast.right) != "Valid" || property.typeReference != null) return null
    val check = next as? KtIfExpression ?: return null
    if (check.`else` != null) return null
    val condition = check.condition as? KtBinaryExpression ?: return null
    if (condition.operationReference.text != "==" || setOf(condition.left?.text, condition.right?.text) != setOf(name, "null")) return null
    val then = check.then
    val body = if (then is KtBlockExpression) then.statements else listOfNotNull(then)
    val last = body.lastOrNull() as? KtReturnExpression ?: return null
    if (last.returnedExpression != null) return null
    val result = expressions().expr(cast.left).binding ?: return null
    if (result.kind != Kind.RESULT) return null
    scope.names[name] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
    val lines = guardLines("guard case .success(let $name) = ${result.swift} else", body.dropLast(1), cast.left, result)
    narrowToValid(scope, cast.left, name)
    return lines
}

/**
 * `(transition as? StateMachine.Transition.Valid)?.let { valid -> … } ?: run { … }` (or `?: expression`) as a
 * statement of an onTransition listener: the `let` body for a valid transition, the other side for an invalid one,
 * where the transition's `event` and `fromState` are the invalid transition's. Kotlin would also run the other side
 * when the `let` body's value is null, so its last statement must be a call of a function declared to return Unit.
 */
internal fun Body.validLetOrElse(elvis: KtBinaryExpression): List<String>? {
    val safe = elvis.left as? org.jetbrains.kotlin.psi.KtSafeQualifiedExpression ?: return null
    val let = safe.selectorExpression as? KtCallExpression ?: return null
    if (let.calleeExpression?.text != "let") return null
    val lambda = let.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
    var receiver = safe.receiverExpression
    while (receiver is KtParenthesizedExpression) receiver = receiver.expression ?: return null
    val cast = receiver as? KtBinaryExpressionWithTypeRHS ?: return null
    if (cast.operationReference.text != "as?" || SealedTypes.lastSegment(cast.right) != "Valid") return null
    val result = expressions().expr(cast.left).binding ?: return null
    if (result.kind != Kind.RESULT) return null
    val statements = lambda.bodyExpression?.statements.orEmpty()
    if (!porter.returnsUnit(statements.lastOrNull())) {
        throw NotPorted(elvis, "the ?: after a ?.let whose value may be null (not a call of a Unit function) in")
    }
    result.used = true
    val valid = Body(porter, scope.child())
    valid.scope.names[lambda.valueParameters.singleOrNull()?.name ?: "it"] = Binding("valid", null, null, Kind.VALID_TRANSITION)
    val validLines = valid.statements(statements, returns = false)
    val right = elvis.right
    val runLambda = (right as? KtCallExpression)?.takeIf { it.calleeExpression?.text == "run" }
        ?.lambdaArguments?.singleOrNull()?.getLambdaExpression()
    val otherStatements = if (runLambda != null) runLambda.bodyExpression?.statements.orEmpty() else listOfNotNull(right)
    val invalid = Body(porter, scope.child())
    val invalidBinding = Binding("invalid", null, null, Kind.INVALID_TRANSITION)
    (cast.left as? KtNameReferenceExpression)?.getReferencedName()?.let { invalid.scope.names[it] = invalidBinding }
    val invalidLines = invalid.statements(otherStatements, returns = false)
    val head = if (invalidBinding.used) {
        "} else if case ${porter.invalidPattern} = ${result.swift} {"
    } else {
        "} else {"
    }
    return listOf("if case .success(let valid) = ${result.swift} {") + validLines.map { if (it.isEmpty()) "" else "    $it" } +
        listOf(head) + invalidLines.map { if (it.isEmpty()) "" else "    $it" } + listOf("}")
}

/**
 * `(transition as? StateMachine.Transition.Valid)?.let { valid -> … }` and
 * `(transition as? StateMachine.Transition.Valid)?.sideEffect?.let { sideEffect -> … }` (or `fromState`, `toState`,
 * `event`) as a statement of an onTransition listener: the body runs for a valid transition (with a side effect).
 */
internal fun Body.validLet(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): List<String>? {
    val let = safe.selectorExpression as? KtCallExpression ?: return null
    if (let.calleeExpression?.text != "let" || let.valueArguments.size != 1) return null
    val lambda = let.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
    var receiver = safe.receiverExpression
    var property: String? = null
    if (receiver is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression) {
        property = (receiver.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
        receiver = receiver.receiverExpression
    }
    val cast = deparenthesized(receiver) as? KtBinaryExpressionWithTypeRHS ?: return null
    if (cast.operationReference.text != "as?" || SealedTypes.lastSegment(cast.right) != "Valid") return null
    val result = expressions().expr(cast.left).binding
    if (result == null || result.kind != Kind.RESULT) throw NotPorted(cast, "the cast")
    result.used = true
    val parameter = lambda.valueParameters.singleOrNull()?.name
    val inner = Body(porter, scope.child())
    val head = if (property == null) {
        val name = swiftIdentifier(parameter ?: "valid")
        inner.scope.names[parameter ?: "it"] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
        "if case .success(let $name) = ${result.swift} {"
    } else {
        val type = when (property) {
            "fromState", "toState" -> porter.state
            "event" -> porter.event
            "sideEffect" -> porter.sideEffect
            else -> throw NotPorted(safe, "the transition property")
        }
        val name = swiftIdentifier(parameter ?: property)
        val transition = if (name == "valid") "validTransition" else "valid"
        inner.scope.names[parameter ?: "it"] = Binding(name, type, null).also { it.used = true }
        val binding = if (property == "sideEffect") "let $name = $transition.sideEffect" else "case let $name = $transition.$property"
        "if case .success(let $transition) = ${result.swift}, $binding {"
    }
    val body = inner.statements(lambda.bodyExpression?.statements.orEmpty(), returns = false)
    return listOf(head) + body.map { if (it.isEmpty()) "" else "    $it" } + "}"
}

/**
 * `value?.let(function)` or `value?.let { name -> … }` as a statement: `if let name = value { … }` (the value of
 * `let` is not used, so this is the whole of its meaning).
 */
internal fun Body.safeLet(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): List<String>? {
    val let = safe.selectorExpression as? KtCallExpression ?: return null
    if (let.calleeExpression?.text != "let") return null
    caseLet(safe, let)?.let { return it }
    val value = expressions().expr(safe.receiverExpression)
    val name = (safe.receiverExpression as? KtDotQualifiedExpression)?.selectorExpression?.text
        ?.takeIf { it.matches(Regex("[a-z][A-Za-z0-9]*")) && scope.lookup(it) == null } ?: "value"
    val lambda = let.lambdaArguments.singleOrNull()?.getLambdaExpression()
    val function = let.valueArguments.singleOrNull()?.getArgumentExpression()
    val inner = Body(porter, scope.child())
    val body: List<String>
    val bound: String
    when {
        lambda != null && let.valueArguments.size == 1 -> {
            bound = lambda.valueParameters.singleOrNull()?.name ?: name
            inner.scope.names[lambda.valueParameters.singleOrNull()?.name ?: "it"] =
                Binding(bound, value.sealed, value.sealedCase).also { it.used = true }
            body = inner.statements(lambda.bodyExpression?.statements.orEmpty(), returns = false)
        }
        function is KtNameReferenceExpression && lambda == null -> {
            bound = name
            val callee = expressions().expr(function)
            if (callee.collaborator?.contains("->") != true) throw NotPorted(safe, "the safe call")
            body = listOf("${callee.text}($bound)")
        }
        function is org.jetbrains.kotlin.psi.KtCallableReferenceExpression && lambda == null -> {
            bound = name
            body = listOf(reference(function, bound, value.numeric?.removeSuffix("?") ?: value.sealed?.name ?: "Any"))
        }
        else -> return null
    }
    return listOf("if let $bound = ${value.tried(scope)} {") + body.map { if (it.isEmpty()) "" else "    $it" } + "}"
}

/**
 * `(valid.toState as? RecorderState.Recording)?.let { … it.elapsed … }` as a statement: `if case let .recording(elapsed)
 * = valid.toState { … elapsed … }`, the pattern binding the fields the body reads. Null for other receivers.
 */
internal fun Body.caseLet(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression, let: KtCallExpression): List<String>? {
    val cast = deparenthesized(safe.receiverExpression) as? KtBinaryExpressionWithTypeRHS ?: return null
    if (cast.operationReference.text != "as?") return null
    val lambda = let.lambdaArguments.singleOrNull()?.getLambdaExpression()?.takeIf { let.valueArguments.size == 1 } ?: return null
    val value = expressions().expr(cast.left)
    val sealed = value.sealed ?: return null
    val case = porter.casesOf(cast.right, sealed)?.singleOrNull() ?: return null
    if (value.throws || value.binding?.kind?.let { it != Kind.VALUE } == true) return null
    val inner = Body(porter, scope.child())
    val binding = Binding(value.text, sealed, case).also { it.bound = case.fields.map { field -> field.name }.toSet() }
    inner.scope.names[lambda.valueParameters.singleOrNull()?.name ?: "it"] = binding
    val body = inner.statements(lambda.bodyExpression?.statements.orEmpty(), returns = false)
    val names = case.fields.map { if (it.name in binding.boundRead) swiftIdentifier(it.name) else "_" }
    val optional = if (value.numeric?.endsWith("?") == true) "?" else ""
    val pattern = if (names.all { it == "_" }) ".${case.swiftName}$optional" else "let .${case.swiftName}(${names.joinToString(", ")})$optional"
    return listOf("if case $pattern = ${value.text} {") + body.map { if (it.isEmpty()) "" else "    $it" } + "}"
}

/**
 * A function reference called with [argument] (of Swift type [type]): `::record` a function of the class or the
 * file, `sink::onNext` a method of a collaborator (a requirement of its protocol when the files do not declare its
 * type).
 */
internal fun Body.reference(function: org.jetbrains.kotlin.psi.KtCallableReferenceExpression, argument: String, type: String): String {
    val method = function.callableReference.getReferencedName()
    val receiver = function.receiverExpression
    val collaborators = porter.collaborators
    if (receiver == null) {
        if (!collaborators.isFunction(method) || scope.lookup(method) != null) throw NotPorted(function, "the function reference")
        collaborators.function(method)
        return porter.classFunctionCall(method, listOf(argument)) ?: "context.${swiftIdentifier(method)}($argument)"
    }
    val owner = expressions().expr(receiver)
    // `sideEffect?.let(effects::add)` on a list or set the class holds: the Swift collection's own change, in place.
    val collection = owner.numeric
    val property = owner.text.removePrefix("context.").removeSurrounding("`")
    if (method == "add" && collection != null && !collection.contains(": ") && (collection.startsWith("[") || collection.startsWith("Set<")) &&
        owner.text.startsWith("context.") && collaborators.isOwnProperty(property)) {
        collaborators.mutableProperty(property)
        return "${owner.text}.${if (collection.startsWith("[")) "append" else "insert"}($argument)"
    }
    val protocol = owner.collaborator?.takeIf { it.startsWith("any ") }?.removePrefix("any ")
        ?: throw NotPorted(function, "the function reference")
    when {
        collaborators.isExternal(protocol) -> collaborators.externalMethod(protocol, method, listOf(null), listOf(type), null)
        collaborators.methodParameters(protocol, method)?.size != 1 -> throw NotPorted(function, "the function reference")
    }
    val base = if (owner.precedence < Precedence.ATOM) "(${owner.text})" else owner.text
    return "$base.${swiftIdentifier(method)}($argument)"
}

/** `return@onTransition` or `run { …; return@onTransition }`: the statements of a guard's else. */
internal fun Body.elseOfGuard(expression: KtExpression?): List<KtExpression>? {
    if (expression is KtReturnExpression && expression.returnedExpression == null) return emptyList()
    // `?: throw …`, `?: run { …; throw … }`: the throw stops the port (`preconditionFailure`), so no return follows.
    if (expression is org.jetbrains.kotlin.psi.KtThrowExpression) return listOf(expression)
    val call = expression as? KtCallExpression ?: return null
    if (call.calleeExpression?.text != "run") return null
    val statements = call.lambdaArguments.singleOrNull()?.getLambdaExpression()?.bodyExpression?.statements ?: return null
    if (statements.lastOrNull() is org.jetbrains.kotlin.psi.KtThrowExpression) return statements
    val last = statements.lastOrNull() as? KtReturnExpression ?: return null
    if (last.returnedExpression != null) return null
    return statements.dropLast(1)
}

internal fun Body.guardLines(head: String, otherwise: List<KtExpression>, subject: KtExpression?, result: Binding): List<String> {
    if (otherwise.isEmpty()) return listOf("$head { return }")
    val inner = Body(porter, scope.child())
    // Where the transition is not valid, Kotlin reads it as the invalid one (`it.event`, `it.fromState`).
    val invalid = Binding("invalid", null, null, Kind.INVALID_TRANSITION)
    inner.scope.names[(subject as? KtNameReferenceExpression)?.getReferencedName() ?: "it"] = invalid
    val body = otherwise.flatMap { inner.statement(it) }
    if (invalid.used) {
        return listOf("$head {", "    if case ${porter.invalidPattern} = ${result.swift} {") + body.map { if (it.isEmpty()) "" else "        $it" } +
            listOf("    }", "    return", "}")
    }
    return listOf("$head {") + body.map { "    $it" } + (if (stops(otherwise.lastOrNull())) emptyList() else listOf("    return")) + listOf("}")
}

/**
 * The statements of a branch that runs when the transition is not valid, where the result's Kotlin name ([name])
 * is the invalid transition; and whether they read it.
 */
internal fun Body.invalidBranch(expression: KtExpression?, name: String, returns: Boolean): Pair<List<String>, Boolean> {
    val inner = Body(porter, scope.child())
    val invalid = Binding("invalid", null, null, Kind.INVALID_TRANSITION)
    inner.scope.names[name] = invalid
    val statements = if (expression is KtBlockExpression) expression.statements else listOfNotNull(expression)
    return inner.statements(statements, returns).map { if (it.isEmpty()) "" else "    $it" } to invalid.used
}

/** `it is StateMachine.Transition.Valid` (or `!is`, or `is Invalid`) on an onTransition listener's result. */
internal fun Body.resultCheck(condition: KtExpression?): Triple<Binding, Boolean, Boolean>? {
    val check = condition as? org.jetbrains.kotlin.psi.KtIsExpression ?: return null
    val segment = SealedTypes.lastSegment(check.typeReference)
    if (segment != "Valid" && segment != "Invalid") return null
    // `it as? Valid !is Valid` is `it !is Valid`.
    val left = deparenthesized(check.leftHandSide)
    val subject = (left as? KtBinaryExpressionWithTypeRHS)?.takeIf { it.operationReference.text == "as?" && SealedTypes.lastSegment(it.right) == segment }?.left
        ?: check.leftHandSide
    val binding = expressions().expr(subject).binding ?: return null
    if (binding.kind != Kind.RESULT) return null
    return Triple(binding, segment == "Valid", check.isNegated)
}

/**
 * Rebinds the result's Kotlin name in [subject] (`it`, or the `it` of `it is Valid`) to the valid transition,
 * Swift's [swift], in [target]: Kotlin's smart cast.
 */
internal fun Body.narrowToValid(target: Scope, subject: KtExpression?, swift: String = "valid") {
    val left = (subject as? org.jetbrains.kotlin.psi.KtIsExpression)?.leftHandSide ?: subject
    val name = (left as? KtNameReferenceExpression)?.getReferencedName() ?: return
    target.names[name] = Binding(swift, null, null, Kind.VALID_TRANSITION)
}
