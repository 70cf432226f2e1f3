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

/** Statements of a handler or listener body. */
class Body(private val porter: Porter, internal val scope: Scope) {

    private val types get() = porter.sealedTypes

    private fun expressions(scope: Scope = this.scope) = Expressions(porter, scope)

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

    private fun nested(expression: KtExpression?, returns: Boolean): List<String> {
        val inner = Body(porter, scope.child())
        val statements = if (expression is KtBlockExpression) expression.statements else listOfNotNull(expression)
        if (statements.isEmpty()) return if (returns) throw NotPorted(expression ?: throw IllegalStateException(), "an empty branch") else emptyList()
        return inner.statements(statements, returns).map { if (it.length == 0) "" else "    $it" }
    }

    private fun tail(statement: KtExpression): List<String> = when {
        handlerReturn(statement) != null -> tail(handlerReturn(statement)!!)
        statement is KtBinaryExpression && statement.operationReference.text == "?:" -> letOrElse(statement)
            ?: listOf("return " + expressions().expr(statement).tried(scope))
        else -> tailOf(statement)
    }

    /**
     * `value?.let { name -> … } ?: other` as a handler's result: `if let name = value { … } else { … }`. A handler's
     * result is never null, so Kotlin runs `other` exactly when the value is null.
     */
    private fun letOrElse(elvis: KtBinaryExpression): List<String>? {
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
    private fun handlerReturn(statement: KtExpression): KtExpression? {
        val returned = statement as? KtReturnExpression ?: return null
        if (returned.getLabelName() == null || !scope.canThrow) return null
        return returned.returnedExpression
    }

    /**
     * `throw InvalidStateException("…")`: the Swift port stops with the exception's message, as for Kotlin's `error(…)`;
     * a warning says so, since Kotlin's caller could catch the exception.
     */
    private fun throwLines(statement: org.jetbrains.kotlin.psi.KtThrowExpression): List<String> {
        val thrown = statement.thrownExpression as? KtCallExpression ?: throw NotPorted(statement, "the throw of a value")
        val name = thrown.calleeExpression?.text ?: throw NotPorted(statement, "the throw")
        val message = thrown.valueArguments.firstOrNull()?.getArgumentExpression()?.let { expressions().expr(it) }
        val text = if (message != null && message.numeric == "String") message.text else if (message == null) "\"$name\"" else
            throw NotPorted(statement, "the throw of an exception without a message")
        porter.keptCall(statement, "`${Porter.short(statement)}` stops the Swift port with the exception's message " +
            "(preconditionFailure), where Kotlin throws an exception the code that sent the event could catch")
        return listOf("preconditionFailure(${text})")
    }

    /** `return value` in a function of a ported type: the same in Swift; null elsewhere. */
    private fun functionReturn(statement: KtExpression): List<String>? {
        val returned = statement as? KtReturnExpression ?: return null
        val function = scope.function ?: return null
        if (returned.getLabelName() != null) throw NotPorted(statement, "a labelled return")
        val value = returned.returnedExpression ?: return listOf("return")
        if (value is KtIfExpression || value is KtWhenExpression) return tailOf(value)
        return listOf("return " + expressions().expr(value, porter.sealedTypes.named(function.sealed)).tried(scope))
    }

    /** `(it as? Valid)?.…`: the transition cast, handled by the listener idioms. */
    private fun validLetOrElseSubject(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): KtExpression? {
        var receiver = safe.receiverExpression
        while (receiver is KtParenthesizedExpression) receiver = receiver.expression ?: return null
        return (receiver as? KtBinaryExpressionWithTypeRHS)?.takeIf { it.operationReference.text == "as?" }
    }

    private fun tailOf(statement: KtExpression): List<String> = when {
        statement is KtIfExpression -> ifLines(statement, returns = true)
        statement is KtWhenExpression -> whenLines(statement, returns = true)
        statement is KtProperty -> throw NotPorted(statement, "a declaration as the result")
        // `else -> error("…")` as a result: the call that stops is the statement; Swift returns nothing after it.
        statement is KtCallExpression && statement.calleeExpression?.text in setOf("error", "TODO") ->
            listOf(expressions().expr(statement).tried(scope))
        else -> listOf("return " + expressions().expr(statement, types.named(scope.function?.sealed)).tried(scope))
    }

    internal fun statement(statement: KtExpression): List<String> {
        // `null -> Unit` and `else -> {}`: a branch that does nothing.
        if (statement is KtNameReferenceExpression && statement.getReferencedName() == "Unit") return emptyList()
        functionReturn(statement)?.let { return it }
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
        when (statement) {
            is org.jetbrains.kotlin.psi.KtThrowExpression -> return throwLines(statement)
            is KtProperty -> return property(statement)
            is org.jetbrains.kotlin.psi.KtDestructuringDeclaration -> return destructuring(statement)
            is KtIfExpression -> return ifLines(statement, returns = false)
            is KtWhenExpression -> return whenLines(statement, returns = false)
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

    /**
     * An assignment to a property of the class that builds the machine (`attempts += 1`, `this@Game.highScore = …`), as
     * Kotlin handlers make: the same assignment on `context`, whose protocol declares the property settable. Null
     * when [target] is not such a property.
     */
    private fun classPropertyAssignment(target: KtExpression?, operator: String, value: KtExpression?): List<String>? {
        if (target is KtDotQualifiedExpression && target.selectorExpression?.text == "value" && operator == "=") {
            expressions().holderName(target.receiverExpression)?.let { return holderAssignment(it, value) }
        }
        val name = when {
            target is KtNameReferenceExpression && scope.lookup(target.getReferencedName()) == null -> target.getReferencedName()
            target is org.jetbrains.kotlin.psi.KtDotQualifiedExpression && target.receiverExpression is KtThisExpression &&
                (target.receiverExpression as KtThisExpression).getLabelName() != null ->
                (target.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
            // `counter.targetDose = …` where `val counter = this@Owner`.
            target is org.jetbrains.kotlin.psi.KtDotQualifiedExpression && target.receiverExpression is KtNameReferenceExpression &&
                scope.lookup(target.receiverExpression.text)?.collaborator == OWNER ->
                (target.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
            else -> null
        } ?: return helperPropertyAssignment(target, operator, value)
        if (!porter.collaborators.isProperty(name)) return helperPropertyAssignment(target, operator, value)
        val type = porter.collaborators.mutableProperty(name)
        val code = expressions().expr(value, porter.sealedTypes.named(type?.sealed))
        // `pending += floor` on a `mutableListOf<Int>()`: Kotlin's plus of one element on a list is Swift's append.
        if (type != null && appendsElement(operator, type, code)) return listOf("context.${swiftIdentifier(name)}.append(${code.tried(scope)})")
        return listOf("context.${swiftIdentifier(name)} $operator ${code.tried(scope)}")
    }

    /**
     * In a method of a helper class, an assignment to one of its properties (`failures = 0`, `this.used++`): the same
     * assignment in Swift, the class's property settable from its methods. Null for any other target.
     */
    private fun helperPropertyAssignment(target: KtExpression?, operator: String, value: KtExpression?): List<String>? {
        val receiver = scope.receiver ?: return null
        val owner = receiver.auxiliary?.takeIf { it in porter.sealedTypes.helpers } ?: return null
        // `players[index] = …`: an element of a list or map the class holds.
        if (target is org.jetbrains.kotlin.psi.KtArrayAccessExpression && operator == "=") {
            val array = target.arrayExpression as? KtNameReferenceExpression ?: return null
            if (scope.lookup(array.getReferencedName()) != null) return null
            porter.sealedTypes.helpers.propertyType(owner, array.getReferencedName()) ?: return null
            val element = expressions().expr(target)
            return listOf("${element.text} = ${expressions().expr(value).tried(scope)}")
        }
        val name = when {
            target is KtNameReferenceExpression && scope.lookup(target.getReferencedName()) == null -> target.getReferencedName()
            target is KtDotQualifiedExpression && target.receiverExpression is KtThisExpression &&
                (target.receiverExpression as KtThisExpression).getLabelName() == null ->
                (target.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
            else -> null
        } ?: return null
        val type = porter.sealedTypes.helpers.propertyType(owner, name) ?: return null
        val code = expressions().expr(value, porter.sealedTypes.named(type.sealed))
        val base = if (receiver.swift == "self") "" else "${receiver.swift}."
        // `players += player`: Kotlin's plus of one element on a list is Swift's append.
        if (appendsElement(operator, type, code)) return listOf("$base${swiftIdentifier(name)}.append(${code.tried(scope)})")
        return listOf("$base${swiftIdentifier(name)} $operator ${code.tried(scope)}")
    }

    /** Whether `list += value` adds one element (Swift's `append`) rather than a list (Swift's `+=`). */
    private fun appendsElement(operator: String, type: SwiftType, value: Code): Boolean =
        operator == "+=" && type.swift.startsWith("[") && !type.swift.contains(":") && value.numeric?.startsWith("[") != true

    /** `_state.value = x`, `_state.postValue(x)`: the protocol's value of the holder, settable, set. */
    private fun holderAssignment(name: String, value: KtExpression?): List<String> {
        val type = porter.collaborators.mutableProperty(name)
        val member = porter.collaborators.holder(name)!!
        val code = expressions().expr(value, porter.sealedTypes.named(type?.sealed))
        return listOf("context.${swiftIdentifier(member.name)} = ${code.tried(scope)}")
    }

    /**
     * `_state.postValue(x)`, `_state.setValue(x)` (LiveData) or `_state.tryEmit(x)` (StateFlow, which always takes the
     * value) as a statement: the assignment of the value. Null for any other statement.
     */
    private fun holderCall(statement: KtExpression): List<String>? {
        val qualified = statement as? KtDotQualifiedExpression ?: return null
        val call = qualified.selectorExpression as? KtCallExpression ?: return null
        if (call.calleeExpression?.text !in setOf("postValue", "setValue", "tryEmit") || call.lambdaArguments.isNotEmpty()) return null
        val argument = call.valueArguments.singleOrNull()?.getArgumentExpression() ?: return null
        val name = expressions().holderName(qualified.receiverExpression) ?: return null
        return holderAssignment(name, argument)
    }

    private fun property(property: KtProperty): List<String> {
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
        if (property.typeReference != null) throw NotPorted(property, "a declaration with a type")
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
     * `val inverse = undoStack.lastOrNull() ?: return@on dontTransition()` (a handler's result, a listener's `return`, a
     * function's `return value`): Swift's `guard let`, whose else branch returns the same. Null for other declarations.
     */
    private fun valueOrReturn(name: String, initializer: KtExpression, isVar: Boolean): List<String>? {
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
    private fun caseCast(name: String, initializer: KtExpression, isVar: Boolean): List<String>? {
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
    private fun declare(name: String, value: Code, isVar: Boolean) {
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
    private fun destructuring(declaration: org.jetbrains.kotlin.psi.KtDestructuringDeclaration): List<String> {
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
    private fun whenValue(expression: KtWhenExpression, keyword: String?, name: String, declared: SwiftType?): Pair<List<String>, Code> {
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
    private class Assigned(var name: String, val declares: Boolean)

    /** Whether a `when` used as a value has a branch of several statements: the Swift assigns in each branch. */
    private fun assignsInBranches(expression: KtWhenExpression): Boolean =
        expression.entries.any { entry -> (entry.expression as? KtBlockExpression)?.statements?.size?.let { it > 1 } == true }

    /**
     * One branch of a `when` used as a value: its one expression; with [assign], its statements and then the assignment
     * of its last one's value to [assign].
     */
    private fun branchValue(
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
     * The idioms of onTransition listeners that keep valid transitions only:
     * `val valid = it as? StateMachine.Transition.Valid ?: return@onTransition`,
     * `val effect = (it as? Valid)?.sideEffect ?: return`, and either with `?: run { …; return@onTransition }`.
     */
    private fun validTransitionGuard(name: String, initializer: KtExpression): List<String>? {
        hardCast(name, initializer)?.let { return it }
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
     * `val valid = it as StateMachine.Transition.Valid`: Kotlin's cast throws for an invalid transition; the Swift stops
     * there with a message, and `valid` is the valid transition. Null for other declarations.
     */
    private fun hardCast(name: String, initializer: KtExpression): List<String>? {
        val cast = deparenthesized(initializer) as? KtBinaryExpressionWithTypeRHS ?: return null
        if (cast.operationReference.text != "as" || SealedTypes.lastSegment(cast.right) != "Valid") return null
        val binding = expressions().expr(cast.left).binding
        if (binding == null || binding.kind != Kind.RESULT) return null
        binding.used = true
        scope.names[name] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
        narrowToValid(scope, cast.left, name)
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

    /**
     * `val valid = it as? StateMachine.Transition.Valid` followed by `if (valid == null) { …; return@onTransition }`: the
     * same guard as `?: run { …; return@onTransition }`. Null for other statements.
     */
    private fun validNullCheck(statement: KtExpression, next: KtExpression?): List<String>? {
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
    private fun validLetOrElse(elvis: KtBinaryExpression): List<String>? {
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
    private fun validLet(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): List<String>? {
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
    private fun safeLet(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): List<String>? {
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
    private fun caseLet(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression, let: KtCallExpression): List<String>? {
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
    private fun reference(function: org.jetbrains.kotlin.psi.KtCallableReferenceExpression, argument: String, type: String): String {
        val method = function.callableReference.getReferencedName()
        val receiver = function.receiverExpression
        val collaborators = porter.collaborators
        if (receiver == null) {
            if (!collaborators.isFunction(method) || scope.lookup(method) != null) throw NotPorted(function, "the function reference")
            collaborators.function(method)
            return porter.classFunctionCall(method, listOf(argument)) ?: "context.${swiftIdentifier(method)}($argument)"
        }
        val owner = expressions().expr(receiver)
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
    private fun elseOfGuard(expression: KtExpression?): List<KtExpression>? {
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

    private fun guardLines(head: String, otherwise: List<KtExpression>, subject: KtExpression?, result: Binding): List<String> {
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
        val stops = otherwise.lastOrNull() is org.jetbrains.kotlin.psi.KtThrowExpression
        return listOf("$head {") + body.map { "    $it" } + (if (stops) emptyList() else listOf("    return")) + listOf("}")
    }

    /**
     * The statements of a branch that runs when the transition is not valid, where the result's Kotlin name ([name])
     * is the invalid transition; and whether they read it.
     */
    private fun invalidBranch(expression: KtExpression?, name: String, returns: Boolean): Pair<List<String>, Boolean> {
        val inner = Body(porter, scope.child())
        val invalid = Binding("invalid", null, null, Kind.INVALID_TRANSITION)
        inner.scope.names[name] = invalid
        val statements = if (expression is KtBlockExpression) expression.statements else listOfNotNull(expression)
        return inner.statements(statements, returns).map { if (it.isEmpty()) "" else "    $it" } to invalid.used
    }

    /** `it is StateMachine.Transition.Valid` (or `!is`, or `is Invalid`) on an onTransition listener's result. */
    private fun resultCheck(condition: KtExpression?): Triple<Binding, Boolean, Boolean>? {
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
    private fun narrowToValid(target: Scope, subject: KtExpression?, swift: String = "valid") {
        val left = (subject as? org.jetbrains.kotlin.psi.KtIsExpression)?.leftHandSide ?: subject
        val name = (left as? KtNameReferenceExpression)?.getReferencedName() ?: return
        target.names[name] = Binding(swift, null, null, Kind.VALID_TRANSITION)
    }

    /** The terms of a condition joined by `&&`, in order. */
    private fun conjunction(condition: KtExpression?): List<KtExpression> {
        val inner = deparenthesized(condition) ?: return emptyList()
        if (inner is KtBinaryExpression && inner.operationReference.text == "&&") return conjunction(inner.left) + conjunction(inner.right)
        return listOf(inner)
    }

    /**
     * `if (it is Valid && it.sideEffect is Display && …) { … (it.sideEffect as Display).text … }`: Swift's
     * `if case .success(let valid) = result, case let .display(text)? = valid.sideEffect, … {`, the body reading the
     * fields the patterns bind. Null for a condition without such a check among several terms.
     */
    private fun ifCaseLines(expression: KtIfExpression, returns: Boolean): List<String>? {
        val terms = conjunction(expression.condition)
        if (terms.size < 2) return null
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
    private fun elseLines(expression: KtIfExpression, otherwise: KtExpression?, returns: Boolean): List<String> {
        if (otherwise == null && returns) throw NotPorted(expression, "an if without else as the result")
        val lines = if (otherwise == null) mutableListOf() else mutableListOf("} else {") + nested(otherwise, returns)
        return lines + "}"
    }

    /**
     * `if (next != null) transitionTo(next) else …` on a local Swift knows to be optional: `if let next {`, where the
     * local is the value, as Kotlin smart-casts it. Null for other conditions.
     */
    private fun ifLetLines(expression: KtIfExpression, returns: Boolean): List<String>? {
        val condition = deparenthesized(expression.condition) as? KtBinaryExpression ?: return null
        if (condition.operationReference.text == "==" && condition.right?.text == "null") return ifNilLines(expression, condition, returns)
        if (condition.operationReference.text != "!=" || condition.right?.text != "null") return null
        val (local, inner) = unwrapped(condition) ?: return null
        val then = expression.then
        val lines = mutableListOf("if let ${local.swift} {")
        lines.addAll(inner.statements(if (then is KtBlockExpression) then.statements else listOfNotNull(then), returns).map { if (it.isEmpty()) "" else "    $it" })
        return lines + elseLines(expression, expression.`else`, returns)
    }

    /**
     * The optional local compared with null in [condition], and a body in which its name is the unwrapped value (an
     * `if let` branch); null unless the left side is a value local that Swift knows to be optional.
     */
    private fun unwrapped(condition: KtBinaryExpression): Pair<Binding, Body>? {
        val name = (condition.left as? KtNameReferenceExpression)?.getReferencedName() ?: return null
        val local = scope.lookup(name) ?: return null
        val optional = local.numeric?.takeIf { it.endsWith("?") } ?: return null
        if (local.kind != Kind.VALUE || local.collaborator != null) return null
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
    private fun ifNilLines(expression: KtIfExpression, condition: KtBinaryExpression, returns: Boolean): List<String>? {
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

    private fun ifLines(expression: KtIfExpression, returns: Boolean): List<String> {
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

    /**
     * A `when` as a statement, as the result ([returns]), or as a value: with [values], each branch is one expression,
     * added to [values], its line's index to [valueLines].
     */
    private fun whenLines(
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
            subject = expressions().expr(subjectExpression)
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
            if (entry.isElse) {
                hasElse = true
                lines.add("default:")
            } else {
                val patterns = entry.conditions.map { condition ->
                    when (condition) {
                        is KtWhenConditionWithExpression -> {
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
        return lines
    }

    /** `a..b`, `a..<b`, `a until b` in a `when` branch: Swift's closed and half-open ranges as patterns. */
    private fun range(expression: KtExpression): String {
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
    private fun resultWhen(expression: KtWhenExpression, result: Binding, returns: Boolean): List<String> {
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

    private fun whenWithoutSubject(
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
}
