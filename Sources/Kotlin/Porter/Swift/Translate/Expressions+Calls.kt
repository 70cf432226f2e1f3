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

// Calls: the DSL's (`transitionTo`, `dontTransition`), constructors of cases and structs, `copy`, functions of the class and of the collaborators, calls kept by name.

/**
 * A call's [arguments] with the Kotlin defaults of the parameters it leaves out at the end ([defaults], null where a
 * parameter has none): a Swift protocol requirement has no default values. Unchanged for named arguments.
 */
internal fun Expressions.withDefaults(call: KtCallExpression, arguments: List<Code>, defaults: List<KtExpression?>): List<Code> {
    val positional = call.valueArgumentList?.arguments.orEmpty().none { it.getArgumentName() != null }
    if (!positional || call.lambdaArguments.isNotEmpty() || arguments.size >= defaults.size) return arguments
    val missing = defaults.drop(arguments.size)
    if (missing.any { it == null }) return arguments
    return arguments + missing.map { expr(it) }
}

/**
 * A method call on a collaborator whose type the files do not declare: the same call in Swift, and a requirement of
 * the protocol the port declares for that type, its parameters typed from the arguments. Only where the call's
 * result type is clear: a statement (`Void`) or a condition (`Bool`); null elsewhere.
 */
internal fun Expressions.externalCall(receiver: Code, protocol: String, call: KtCallExpression, whole: KtDotQualifiedExpression): Code? {
    val method = call.calleeExpression?.text ?: return null
    if (call.typeArguments.isNotEmpty() || call.lambdaArguments.size > 1) return null
    // A trailing lambda without parameters (`scope.launch { … }`) is a `() -> Void` closure; one that is a string
    // (`logger.debug { "from ${it.fromState}" }`, a message made only when it is logged) a `() -> String`, its `it`
    // the listener's; others are not told.
    val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression()
    val message = lambda?.bodyExpression?.statements?.singleOrNull() as? org.jetbrains.kotlin.psi.KtStringTemplateExpression
    if (lambda != null && message != null && lambda.valueParameters.isEmpty()) return messageCall(receiver, protocol, call, whole, message)
    if (lambda != null && (lambda.valueParameters.isNotEmpty() || Regex("\\bit\\b").containsMatchIn(lambda.text))) return null
    // Elsewhere (an argument, a value), the type the Kotlin compiler gives the call, when its Swift type is fixed
    // (`clock.instant()` of a `java.time.Clock` is a `Date`).
    val returns = externalResult(whole) ?: resolvedResultType(whole)?.takeIf { !it.endsWith("?") } ?: return null
    val returnType = returns.takeIf { it != "Void" }
    if (returnType == "Date" || returnType == "UUID") porter.usesFoundation = true
    val arguments = call.valueArgumentList?.arguments.orEmpty()
    if (arguments.any { it.getSpreadElement() != null }) return null
    val codes = arguments.map { expr(it.getArgumentExpression() ?: return null) }
    val labels = arguments.map { it.getArgumentName()?.asName?.asString() }
    val argumentTypes = codes.map { code -> code.numeric ?: code.sealed?.name ?: code.auxiliary ?: "Any" }
    val trailing = if (call.lambdaArguments.isEmpty()) "" else trailingClosure(call)
    val allLabels = labels + if (call.lambdaArguments.isEmpty()) emptyList() else listOf(null)
    val allTypes = argumentTypes + if (call.lambdaArguments.isEmpty()) emptyList() else listOf("() -> Void")
    porter.collaborators.externalMethod(protocol, method, allLabels, allTypes, returnType)
    if ("Any" in argumentTypes) {
        porter.keptCall(whole, "the call `${Porter.short(whole)}` is on a type the files do not declare: the port declares " +
            "its method in protocol $protocol, with a parameter typed Any where the argument's type is not known; give it its type")
    }
    val text = codes.zip(labels).joinToString(", ") { (code, label) -> if (label != null) "${swiftIdentifier(label)}: ${code.text}" else code.text }
    val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
    if (returnType == null && call.lambdaArguments.isEmpty() && isLibraryObject(whole.receiverExpression) && base.startsWith("context.")) {
        porter.libraryStatementCalls[whole] = "${base.removePrefix("context.")}.$method"
    }
    return Code("$base.${swiftIdentifier(method)}($text)$trailing", throws = receiver.throws || codes.any { it.throws },
        numeric = returnType)
}

/**
 * Whether [receiver] names a property of the files (not a constructor parameter, which the Kotlin runner stubs) holding
 * an object of a class the compiler resolves outside the files: a library's, which runs for real under `--verify`.
 */
private fun Expressions.isLibraryObject(receiver: KtExpression): Boolean {
    val resolution = porter.resolution ?: return false
    val name = receiver as? KtNameReferenceExpression ?: return false
    if (resolution.declaration(name) !is KtProperty) return false
    val type = resolution.type(name) ?: return false
    if (type.isMarkedNullable) return false
    val descriptor = type.constructor.declarationDescriptor as? org.jetbrains.kotlin.descriptors.ClassDescriptor ?: return false
    if (org.jetbrains.kotlin.types.error.ErrorUtils.isError(descriptor)) return false
    val qualified = Resolution.fqNameOf(descriptor).asString()
    return porter.givenSources.none { source ->
        org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.collectElementsOfType(source.file, org.jetbrains.kotlin.psi.KtClassOrObject::class.java)
            .any { it.fqName?.asString() == qualified }
    }
}

/** `logger.debug { "…" }` on an undeclared collaborator: the message as a closure, the method a requirement. */
internal fun Expressions.messageCall(receiver: Code, protocol: String, call: KtCallExpression, whole: KtDotQualifiedExpression,
                        message: org.jetbrains.kotlin.psi.KtStringTemplateExpression): Code? {
    if (call.valueArguments.size != 1 || externalResult(whole) != "Void") return null
    val text = expr(message)
    porter.collaborators.externalMethod(protocol, call.calleeExpression?.text ?: return null, listOf(null), listOf("() -> String"), null)
    val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
    return Code("$base.${swiftIdentifier(call.calleeExpression!!.text)} { ${text.text} }", throws = receiver.throws || text.throws)
}

/**
 * The result type a call on an undeclared collaborator has where it stands: `Void` as a statement, `Bool` as a
 * condition; null where the porter cannot tell it.
 */
internal fun Expressions.externalResult(whole: KtExpression): String? {
    val parent = whole.parent
    return when {
        parent is KtBlockExpression || parent is org.jetbrains.kotlin.psi.KtContainerNodeForControlStructureBody ||
            parent is org.jetbrains.kotlin.psi.KtWhenEntry -> "Void"
        parent is org.jetbrains.kotlin.psi.KtContainerNode && parent.parent is KtIfExpression -> "Bool"
        parent is KtBinaryExpression && parent.operationReference.text in setOf("&&", "||") -> "Bool"
        parent is KtPrefixExpression && parent.operationReference.text == "!" -> "Bool"
        // `limits.isFull(n) == true`, Kotlin's idiom for a Boolean that may be null.
        parent is KtBinaryExpression && parent.operationReference.text in setOf("==", "!=") &&
            (if (parent.left == whole) parent.right else parent.left)?.text in setOf("true", "false") -> "Bool"
        else -> null
    }
}

internal fun Expressions.call(call: KtCallExpression, type: SealedType?, expected: SealedType?): Code {
    // A backticked name (`` `reset all`() ``) is the function declared with that name.
    val name = call.calleeExpression?.text?.removeSurrounding("`") ?: throw NotPorted(call, "the call")
    // In an extension of the files, a function of its receiver (`count { … }` in `fun List<Card>.total()`).
    if (type == null) onImplicitReceiver(call)?.let { return it }
    if (call.lambdaArguments.isNotEmpty() && name != "require" && name != "check") throw NotPorted(call, "a call with a lambda")
    throwableConstruction(call, name)?.let { return it }
    val callee = call.calleeExpression as? org.jetbrains.kotlin.psi.KtReferenceExpression
    if (type != null) {
        val case = callee?.let { porter.caseNamed(it, name, type) } ?: throw NotPorted(call, "the call")
        return construct(type, case, call, expected)
    }
    for (sealed in types.all) {
        val case = callee?.let { porter.caseNamed(it, name, sealed) }
        if (case != null && case.fields.isNotEmpty()) return construct(sealed, case, call, expected)
    }
    types.structs[types.swiftTypeName(name)]?.let { fields -> return constructStruct(types.swiftTypeName(name), fields, call) }
    val shadowed = name in setOf("max", "min", "abs") && (porter.collaborators.isFunction(name) || scope.lookup(name) != null)
    when (if (shadowed) "" else name) {
        "transitionTo" -> {
            val arguments = arguments(call, listOf("state", "sideEffect"))
            val to = expr(arguments["state"] ?: throw NotPorted(call, "transitionTo without a state"), porter.state)
            val effect = arguments["sideEffect"]?.let { expr(it, porter.sideEffect) }
            val text = "transition(to: ${to.text}${if (effect != null) ", emit: ${effect.text}" else ""})"
            return Code(text, throws = to.throws || effect?.throws == true)
        }
        "dontTransition" -> {
            val arguments = arguments(call, listOf("sideEffect"))
            val effect = arguments["sideEffect"]?.let { expr(it, porter.sideEffect) }
            return Code("dontTransition(${if (effect != null) "emit: ${effect.text}" else ""})", throws = effect?.throws == true)
        }
        "copy" -> {
            val receiver = scope.receiver
            if (receiver != null && receiver.auxiliary != null) structCopy(call, use(receiver))?.let { return it }
            return copy(call, expected)
        }
        // An empty `StringBuilder`: a Swift `String`, whose `append` and `setLength(0)` change it in place.
        "StringBuilder" -> {
            if (call.valueArguments.isNotEmpty() || types.declarationNamed(name) != null) throw NotPorted(call, "the call")
            return Code("\"\"", numeric = "String")
        }
        "emptyList", "emptySet", "mutableListOf", "listOf", "setOf", "mutableSetOf" -> {
            val items = call.valueArgumentList?.arguments.orEmpty().map { expr(it.getArgumentExpression()) }
            if (items.isEmpty() && name.startsWith("mutable").not() && name != "emptyList" && name != "emptySet" &&
                name != "listOf" && name != "setOf") throw NotPorted(call, "the call")
            // The literal's type when its elements agree on one: `[FlowStep]`, `Set<FlowStep>`.
            val element = items.map { it.numeric }.distinct().singleOrNull()?.takeIf { !it.endsWith("?") }
            val type = element?.let { if (name.contains("Set") || name == "setOf") "Set<$it>" else "[$it]" }
            return Code(items.joinToString(", ", "[", "]") { it.text }, throws = items.any { it.throws }, numeric = type)
        }
        "emptyMap" -> return Code("[:]")
        "mapOf", "mutableMapOf", "hashMapOf", "linkedMapOf" -> {
            // `mapOf(key to value, …)`: a dictionary literal (a Kotlin map keeps its order, a Swift dictionary does not).
            val entries = call.valueArgumentList?.arguments.orEmpty().map { argument ->
                val pair = argument.getArgumentExpression() as? KtBinaryExpression
                if (pair == null || pair.operationReference.text != "to" || argument.getArgumentName() != null) {
                    throw NotPorted(argument, "a map entry that is not `key to value`:")
                }
                // A literal's type is its Kotlin type: `mapOf(0 to "empty")` is an `[Int: String]`.
                val key = expr(pair.left)
                val value = expr(pair.right)
                Code(key.text, key.precedence, key.throws, numeric = key.numeric ?: literalType(pair.left!!.text)) to
                    Code(value.text, value.precedence, value.throws, numeric = value.numeric ?: literalType(pair.right!!.text))
            }
            if (entries.isEmpty()) return Code("[:]")
            val keys = entries.mapNotNull { it.first.numeric }.distinct()
            val values = entries.mapNotNull { it.second.numeric }.distinct()
            val type = if (keys.size == 1 && values.size == 1 && entries.all { it.first.numeric != null && it.second.numeric != null }) {
                "[${keys[0]}: ${values[0]}]"
            } else {
                null
            }
            return Code(entries.joinToString(", ", "[", "]") { "${it.first.text}: ${it.second.text}" },
                throws = entries.any { it.first.throws || it.second.throws }, numeric = type)
        }
        "Pair", "Triple" -> {
            val items = orderedArguments(call, if (name == "Pair") listOf("first", "second") else listOf("first", "second", "third"))
            if (items.size != (if (name == "Pair") 2 else 3)) throw NotPorted(call, "the call")
            val type = if (items.all { it.numeric != null }) items.joinToString(", ", "(", ")") { it.numeric!! } else null
            return Code(items.joinToString(", ", "(", ")") { it.text }, throws = items.any { it.throws }, numeric = type)
        }
        // `kotlin.math.max(a, b)`: Swift's, unless the class that builds the machine has a function of that name.
        "maxOf", "minOf", "max", "min" -> return minOrMax(name, call)
        "abs" -> return absoluteValue(call)
        // Kotlin's "cannot happen" and "not written yet" calls throw; the Swift port stops with the same message.
        "TODO", "error" -> {
            val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression()
            if (call.valueArgumentList?.arguments.orEmpty().size > 1) throw NotPorted(call, "the call")
            val message = argument?.let { expr(it) }
            val text = when {
                name == "error" && message != null -> "preconditionFailure(${message.text})"
                name == "TODO" && message != null && message.text.matches(Regex("\"([^\"\\\\]|\\\\.)*\"")) ->
                    "fatalError(\"An operation is not implemented: ${message.text.drop(1)})"
                name == "TODO" && message != null -> "fatalError(\"An operation is not implemented: \\(${message.text})\")"
                name == "TODO" -> "fatalError(\"An operation is not implemented.\")"
                else -> throw NotPorted(call, "the call")
            }
            return Code(text, throws = message?.throws == true)
        }
        "require", "check" -> {
            val arguments = call.valueArgumentList?.arguments.orEmpty()
            val condition = arguments.singleOrNull()?.getArgumentExpression()?.let { expr(it) } ?: throw NotPorted(call, "the call")
            val lazyMessage = call.lambdaArguments.singleOrNull()?.getLambdaExpression()?.bodyExpression?.statements?.singleOrNull()
            val message = lazyMessage?.let { expr(it) }
            val text = "precondition(${condition.text}${if (message != null) ", ${message.text}" else ""})"
            return Code(text, throws = condition.throws || message?.throws == true)
        }
        "println" -> {
            val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression()
            val code = argument?.let { expr(it) }
            return Code("print(${code?.text ?: ""})", throws = code?.throws == true)
        }
        else -> {
            // A function of the state (the handler's receiver) or, in a function of a type, of `self`.
            scope.receiver?.takeIf { porter.functions.function(it.type, it.auxiliary, name) != null }?.let { receiver ->
                typeFunctionCall(use(receiver), call)?.let { return it }
            }
            val collaborators = porter.collaborators
            if (collaborators.isFunction(name) && scope.lookup(name) == null) {
                val (parameters, returns) = collaborators.function(name)!!
                val arguments = withDefaults(call, orderedArguments(call, parameters), collaborators.functionDefaults(name))
                // A function of the class whose body ports is the port's, and takes the collaborators it reads.
                val text = porter.classFunctionCall(name, arguments.map { it.text })
                    ?: "context.${swiftIdentifier(name)}(${arguments.joinToString(", ") { it.text }})".also { porter.requirementCalls.add(call) }
                return Code(
                    text,
                    throws = arguments.any { it.throws }, sealed = types.named(returns?.sealed), numeric = returns?.swift,
                    auxiliary = returns?.let { types.auxiliaryName(it) }
                )
            }
            topLevelCall(call, name)?.let { return it }
            importedFunctionCall(call, name)?.let { return it }
            inheritedCall(call, name)?.let { return it }
            if (collaborators.isProperty(name) && scope.lookup(name) == null) {
                // A property of a function type: `onSideEffect(effect)`.
                val property = collaboratorProperty(name)
                invokedCollaborator(property, call)?.let { return it }
                val arguments = orderedArguments(call, null)
                return Code("${property.text}(${arguments.joinToString(", ") { it.text }})", throws = arguments.any { it.throws })
            }
            return keptCall(call, null, call)
        }
    }
}

/**
 * `validateQuizGuess(guess, image)`, a collaborator of a type the files do not declare called as a function (Kotlin's
 * `operator fun invoke`): the same call in Swift, on the requirement `callAsFunction` of the protocol the port declares
 * for that type, typed from the arguments. Only where the result's type is clear (a statement, a condition).
 */
internal fun Expressions.invokedCollaborator(property: Code, call: KtCallExpression): Code? {
    val protocol = property.collaborator?.removePrefix("any ")?.takeIf { porter.collaborators.isExternal(it) } ?: return null
    if (call.typeArguments.isNotEmpty() || call.lambdaArguments.isNotEmpty() || call.valueArguments.any { it.getArgumentName() != null }) return null
    val returns = externalResult(call) ?: return null
    val codes = call.valueArguments.map { expr(it.getArgumentExpression() ?: return null) }
    val argumentTypes = codes.map { it.numeric ?: it.sealed?.name ?: it.auxiliary ?: "Any" }
    if ("Any" in argumentTypes) return null
    porter.collaborators.externalMethod(protocol, "callAsFunction", codes.map { null }, argumentTypes, returns.takeIf { it != "Void" })
    return Code("${property.text}(${codes.joinToString(", ") { it.text }})", throws = codes.any { it.throws }, numeric = returns.takeIf { it != "Void" })
}

/**
 * `notify(from, to)` in a class whose supertype the files do not declare, where nothing else declares `notify`: the
 * inherited method, on the context (a requirement typed from the arguments, with a note, or a warning where an
 * argument's type is not known). Only where the result's type is clear (a statement, a condition); null otherwise.
 */
internal fun Expressions.inheritedCall(call: KtCallExpression, name: String): Code? {
    val collaborators = porter.collaborators
    if (collaborators.undeclaredSupertypes.isEmpty() || scope.lookup(name) != null || collaborators.isFunction(name) ||
        collaborators.isProperty(name) || call.lambdaArguments.isNotEmpty() || call.valueArguments.any { it.getArgumentName() != null }) return null
    val returns = externalResult(call) ?: return null
    val codes = call.valueArguments.map { expr(it.getArgumentExpression() ?: return null) }
    val types = codes.map { it.numeric ?: it.sealed?.name ?: it.auxiliary ?: "Any" }
    if (!collaborators.inheritedMethod(name, types, returns.takeIf { it != "Void" })) return null
    val message = "the call `${Porter.short(call)}` is not declared in the files given: the port takes it for a method " +
        "the class inherits from ${collaborators.undeclaredSupertypes.joinToString(" or ")} and adds it to Collaborators"
    // Typed from its arguments, a member of the port's boundary: a note; a warning where a parameter's type is not known.
    if ("Any" in types) porter.keptCall(call, "$message, with a parameter typed Any where the argument's type is not known; give it its type")
    else porter.keptBoundary(call, message)
    return Code("context.${swiftIdentifier(name)}(${codes.joinToString(", ") { it.text }})", throws = codes.any { it.throws },
        numeric = returns.takeIf { it != "Void" })
}

/**
 * `sLog("…")` where the file imports `sLog` (`import com.example.util.sLog`) from a file or library not given and the
 * Kotlin compiler cannot resolve it: a requirement of `Collaborators` typed from the arguments, called on the context
 * (its documentation names the import; a warning only where an argument's type is not known). `--verify` records the
 * call on both sides (its Kotlin stand-in does nothing else). As a statement it has no result; a result that is used
 * has the type its place gives it ([importedResultType]: `val next = recordOut(game)` later passed as a `GameState`).
 * Null for any other call: a result whose type its place does not tell, a lambda or named argument, a name the files
 * or the call's scope declare.
 */
internal fun Expressions.importedFunctionCall(call: KtCallExpression, name: String): Code? {
    val collaborators = porter.collaborators
    val callee = call.calleeExpression as? org.jetbrains.kotlin.psi.KtNameReferenceExpression ?: return null
    val resolution = porter.resolution ?: return null
    if (scope.lookup(name) != null || collaborators.isFunction(name) || collaborators.isProperty(name) ||
        resolution.target(callee) != null || call.lambdaArguments.isNotEmpty() || call.typeArguments.isNotEmpty() ||
        call.valueArguments.any { it.getArgumentName() != null || it.getSpreadElement() != null }) return null
    val whole: KtExpression = call
    val returns = if (externalResult(whole) == "Void") null else importedResultType(call) ?: return null
    val imported = call.containingKtFile.importDirectives.singleOrNull { directive ->
        !directive.isAllUnder && (directive.aliasName ?: directive.importedFqName?.shortName()?.asString()) == name
    }?.importedFqName ?: return null
    val codes = call.valueArguments.map { expr(it.getArgumentExpression() ?: return null) }
    val types = codes.map { it.numeric ?: it.sealed?.name ?: it.auxiliary ?: "Any" }
    if (!collaborators.externalFunction(name, imported.asString(), types, returns, porter.source.line(call))) return null
    porter.requirementCalls.add(call)
    // Typed from the arguments: where one's type is not known, the requirement takes Any, which the owner narrows.
    if ("Any" in types) porter.keptCall(call, "the call `${Porter.short(call)}` is of ${imported.asString()}, which is not in the files " +
        "given: the port adds `$name` to Collaborators, with a parameter typed Any where the argument's type is not known; give it its type")
    return Code("context.${swiftIdentifier(name)}(${codes.joinToString(", ") { it.text }})", throws = codes.any { it.throws },
        sealed = this.types.named(returns?.sealed), numeric = returns?.swift, auxiliary = returns?.let { this.types.auxiliaryName(it) })
}

/**
 * `status.toState()` on a value of a type the files given do not declare (an enum the port infers from the constants
 * the machine uses): a requirement of Collaborators that takes the value, then the arguments (`func toState(_ receiver:
 * AssessmentStatus) -> AssessmentState`), its result typed by its place as [importedResultType] tells it, or none as a
 * statement; its documentation names the Kotlin line. Null where the place tells no type, an argument's type is not
 * known, or the name is a requirement of another kind already.
 */
internal fun Expressions.undeclaredTypeMethodCall(receiver: Code, call: KtCallExpression, whole: KtDotQualifiedExpression): Code? {
    // The value's type as the port has it, which the compiler cannot resolve and the files given do not declare.
    val type = (receiver.auxiliary ?: receiver.numeric)?.takeIf { Regex("[A-Z][A-Za-z0-9_]*").matches(it) } ?: return null
    val resolution = porter.resolution ?: return null
    if (!resolution.analyzed(whole) || resolution.type(whole.receiverExpression) != null || types.declarationNamed(type) != null) return null
    val name = (call.calleeExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
    if (call.lambdaArguments.isNotEmpty() || call.typeArguments.isNotEmpty() ||
        call.valueArguments.any { it.getArgumentName() != null || it.getSpreadElement() != null }) return null
    val returns = if (externalResult(whole) == "Void") null else importedResultType(whole) ?: return null
    val codes = call.valueArguments.map { expr(it.getArgumentExpression() ?: return null) }
    val argumentTypes = codes.map { it.numeric ?: it.sealed?.name ?: it.auxiliary ?: return null }
    if (!porter.collaborators.undeclaredTypeMethod(name, type, argumentTypes, returns, porter.source.line(call),
            whole.receiverExpression.text)) return null
    val arguments = (listOf(receiver) + codes).joinToString(", ") { it.text }
    return Code("context.${swiftIdentifier(name)}($arguments)", throws = receiver.throws || codes.any { it.throws },
        sealed = types.named(returns?.sealed), numeric = returns?.swift, auxiliary = returns?.let { types.auxiliaryName(it) })
}

/**
 * The type of the result of a function of a file not given, told by where the result goes: `Bool` in a condition; the
 * parameter's type as an argument (`State.Over(recordOut(game))`); for a local `val` it initializes, its written type,
 * else the type of the first place that tells one among the local's uses (`val next = recordOut(game)`, then
 * `State.Up(next)`, a `GameState`; `if (isOver(next))`, a `Bool`). Only a type whose Swift counterpart is fixed (a
 * platform type) or a type of the files given without type arguments; null elsewhere.
 */
internal fun Expressions.importedResultType(call: KtExpression): SwiftType? {
    val resolution = porter.resolution ?: return null
    fun placed(expression: KtExpression): SwiftType? {
        if (externalResult(expression) == "Bool") return SwiftType("Bool", null)
        if (expression.parent !is KtValueArgument) return null
        return resolution.expectedType(expression)?.let { kotlinType(it) }
    }
    placed(call)?.let { return it }
    val local = call.parent as? KtProperty ?: return null
    if (!local.isLocal || local.initializer != call || local.hasDelegate()) return null
    local.typeReference?.let { return porter.collaborators.swiftType(it) }
    val block = local.parent ?: return null
    return org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.collectElementsOfType(block, KtNameReferenceExpression::class.java)
        .filter { it.getReferencedName() == local.name && it.textOffset > local.textOffset && resolution.declaration(it) == local }
        .firstNotNullOfOrNull { placed(it) }
}

/** A Kotlin type as a collaborator's Swift type: a platform type's counterpart, or a class of the files given. */
private fun Expressions.kotlinType(type: org.jetbrains.kotlin.types.KotlinType): SwiftType? {
    swiftTypeOf(type)?.let { return SwiftType(it, null) }
    val descriptor = type.constructor.declarationDescriptor as? org.jetbrains.kotlin.descriptors.ClassDescriptor ?: return null
    val declaration = org.jetbrains.kotlin.resolve.DescriptorToSourceUtils.descriptorToDeclaration(descriptor) as? org.jetbrains.kotlin.psi.KtClassOrObject
    if (declaration == null || type.arguments.isNotEmpty() || porter.givenSources.none { it.file == declaration.containingFile }) return null
    val packageName = declaration.containingKtFile.packageFqName.asString()
    val name = declaration.fqName?.asString()?.removePrefix(if (packageName.isEmpty()) "" else "$packageName.") ?: return null
    val optional = if (org.jetbrains.kotlin.types.TypeUtils.isNullableType(type)) "?" else ""
    return porter.collaborators.swiftType(org.jetbrains.kotlin.psi.KtPsiFactory(declaration.project).createType(name + optional))
}

/**
 * A call the porter has no translation for, in a handler or listener: the Swift calls a function (or, with a
 * [receiver], a method of the value) of the same name with the arguments translated, and the porter warns. The
 * user supplies it in Swift; until then the port does not compile, at this line, rather than failing at run time.
 */
internal fun Expressions.keptCall(call: KtCallExpression, receiver: Code?, whole: KtExpression): Code {
    val what = if (receiver == null) "the call" else "a call on a value"
    val callee = call.calleeExpression as? KtNameReferenceExpression
    if (!porter.keepsUnknownCalls || callee == null || call.lambdaArguments.isNotEmpty() || call.typeArguments.isNotEmpty()) {
        throw NotPorted(whole, what)
    }
    val name = callee.getReferencedName()
    var throws = receiver?.throws == true
    val labels = mutableListOf<String>()
    val parts = call.valueArgumentList?.arguments.orEmpty().map { argument ->
        if (argument.getSpreadElement() != null) throw NotPorted(whole, what)
        val code = expr(argument.getArgumentExpression() ?: throw NotPorted(argument, "the argument"))
        throws = throws || code.throws
        val label = argument.getArgumentName()?.asName?.asString()
        labels.add(label ?: "_")
        if (label != null) "${swiftIdentifier(label)}: ${code.text}" else code.text
    }
    val selector = "$name(${labels.joinToString("") { "$it:" }})"
    val target = if (receiver == null) {
        "the Swift calls $selector by the same name; declare that function in Swift"
    } else {
        "the Swift calls $selector on the value by the same name; declare it in an extension of the value's Swift type"
    }
    porter.keptCall(whole, "the call `${Porter.short(whole)}` is not translated: $target, or the port does not compile at this line")
    val base = receiver?.let { if (it.precedence < Precedence.ATOM) "(${it.text})." else "${it.text}." } ?: ""
    // The Kotlin standard library's String functions that give a String: the value stays one.
    val numeric = if (receiver?.numeric == "String" && name in stringToString) "String" else null
    return Code("$base${swiftIdentifier(name)}(${parts.joinToString(", ")})", throws = throws, numeric = numeric)
}

private val stringToString = setOf(
    "trim", "trimStart", "trimEnd", "removePrefix", "removeSuffix", "removeSurrounding", "take", "takeLast", "drop",
    "dropLast", "padStart", "padEnd", "replace", "substring", "substringBefore", "substringAfter", "repeat", "reversed",
    "capitalize", "decapitalize", "replaceFirstChar",
)

internal fun Expressions.arguments(call: KtCallExpression, names: List<String>): Map<String, KtExpression> {
    val result = linkedMapOf<String, KtExpression>()
    call.valueArgumentList?.arguments.orEmpty().forEachIndexed { index, argument: KtValueArgument ->
        val name = argument.getArgumentName()?.asName?.asString() ?: names.getOrNull(index)
            ?: throw NotPorted(argument, "an extra argument")
        if (name !in names) throw NotPorted(argument, "the argument")
        result[name] = argument.getArgumentExpression() ?: throw NotPorted(argument, "the argument")
    }
    return result
}

/**
 * `copy(field = value)` on the state of a handler, or `value.copy(…)` on a value whose case is known ([of]): the same
 * case, the other fields read from the value.
 */
internal fun Expressions.copy(call: KtCallExpression, expected: SealedType?, of: Code? = null): Code {
    val receiver = scope.receiver
    val source = of ?: receiver?.let { use(it) } ?: throw NotPorted(call, "the call")
    val type = source.sealed ?: throw NotPorted(call, "the call")
    val case = source.sealedCase ?: throw NotPorted(call, "a copy of a state whose case is not known")
    val values = arguments(call, case.fields.map { it.name })
    var throws = false
    val parts = case.fields.map { field ->
        val code = values[field.name]?.let { expr(it, types.named(field.type.sealed)) }
            ?: field(of ?: use(receiver!!), field.name, call, types.named(field.type.sealed))
        throws = throws || code.throws
        "${swiftLabel(field.name)}: ${code.text}"
    }
    val prefix = if (expected == type) "." else "${type.name}."
    val payload = if (parts.isEmpty()) "" else parts.joinToString(", ", "(", ")")
    return Code(prefix + case.swiftName + payload, throws = throws, sealed = type, sealedCase = case)
}

/**
 * `document.copy(text = …)` of a data class: the struct's memberwise initializer, the other fields read again from
 * [receiver]; null when it is not a struct read without side effects.
 */
internal fun Expressions.structCopy(call: KtCallExpression, receiver: Code): Code? {
    val fields = receiver.auxiliary?.let { types.structs[it] } ?: return null
    if (receiver.precedence != Precedence.ATOM || receiver.text.contains('(')) return null
    val values = arguments(call, fields.map { it.name })
    val parts = fields.map { field ->
        values[field.name]?.let { expr(it, types.named(field.type.sealed)) }
            ?: Code("${receiver.text}.${swiftIdentifier(field.name)}", throws = receiver.throws)
    }
    val text = fields.zip(parts).joinToString(", ", "${receiver.auxiliary}(", ")") { (field, code) ->
        "${swiftIdentifier(field.name)}: ${code.text}"
    }
    return Code(text, throws = parts.any { it.throws }, auxiliary = receiver.auxiliary)
}

/**
 * A call of a function the value's type declares in the files (`edit.applyTo(text)`, `startElection()` on the
 * state), which the port declares on the Swift type; null when the type has no such function or it is not ported.
 */
internal fun Expressions.typeFunctionCall(receiver: Code, call: KtCallExpression): Code? {
    val name = (call.calleeExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
    if (call.lambdaArguments.isNotEmpty() || call.typeArguments.isNotEmpty()) return null
    if (receiver.sealed == null && receiver.auxiliary == null) return null
    val function = porter.functions.function(receiver.sealed, receiver.auxiliary, name) ?: return null
    val given = call.valueArgumentList?.arguments.orEmpty()
    val named = if (given.any { it.getArgumentName() != null }) arguments(call, function.parameters) else null
    val arguments = function.parameters.mapIndexed { index, parameter ->
        val argument = if (named != null) named[parameter] else given.getOrNull(index)?.getArgumentExpression()
        // A parameter left out takes its Kotlin default, written out: Swift's could not read the value's properties.
        expr(argument ?: function.defaults[index] ?: throw NotPorted(call, "a call without the argument $parameter:"))
    }
    if (named == null && given.size > function.parameters.size) throw NotPorted(call, "a call with extra arguments:")
    val base = when {
        receiver.text == "self" -> ""
        receiver.precedence < Precedence.ATOM -> "(${receiver.text})."
        else -> "${receiver.text}."
    }
    val returns = function.returns.takeIf { it != TypeFunctions.VOID && it != TypeFunctions.UNKNOWN }
    return Code("$base${swiftIdentifier(name)}(${arguments.joinToString(", ") { it.text }})",
        throws = receiver.throws || arguments.any { it.throws }, sealed = types.named(returns?.sealed),
        numeric = returns?.swift, auxiliary = returns?.let { types.auxiliaryName(it) })
}

/** A data or value class that is not a case: a Swift struct with a memberwise initializer. */
internal fun Expressions.constructStruct(name: String, fields: List<Field>, call: KtCallExpression): Code {
    val values = arguments(call, fields.map { it.name })
    var throws = false
    val parts = fields.map { field ->
        val argument = values[field.name] ?: field.default ?: throw NotPorted(call, "a constructor call without ${field.name}")
        val code = expr(argument, types.named(field.type.sealed))
        throws = throws || code.throws
        "${swiftIdentifier(field.name)}: ${code.text}"
    }
    return Code("$name(${parts.joinToString(", ")})", throws = throws, auxiliary = name)
}

internal fun Expressions.construct(root: SealedType, case: Case, call: KtCallExpression, expected: SealedType?): Code {
    // A case of a group with an enum of its own may be made as one (`EditorEvent.TextEdit.insert(…)`).
    val type = expected?.takeIf { case in it.cases } ?: constructedType(root, case, call)
    val values = arguments(call, case.fields.map { it.name })
    var throws = false
    val parts = case.fields.map { field ->
        // A parameter left out takes its Kotlin default value, written out in Swift.
        val argument = values[field.name] ?: field.default ?: throw NotPorted(call, "a constructor call without ${field.name}")
        val code = expr(argument, types.named(field.type.sealed))
        throws = throws || code.throws
        "${swiftLabel(field.name)}: ${code.text}"
    }
    val prefix = if (expected == type) "." else "${type.name}."
    val payload = if (parts.isEmpty()) "" else parts.joinToString(", ", "(", ")")
    return Code(prefix + case.swiftName + payload, throws = throws, sealed = type, sealedCase = case)
}

/**
 * In a function of a type (`execute` of a side effect), where the class's members are out of reach: a top-level
 * function of the files whose port reads nothing of the class (`debugLog(…)`), a static function of the port. Null
 * otherwise.
 */
private fun Expressions.topLevelCall(call: KtCallExpression, name: String): Code? {
    val collaborators = porter.collaborators
    if (collaborators.enabled || scope.lookup(name) != null) return null
    if (collaborators.declaredFunction(name)?.parent !is org.jetbrains.kotlin.psi.KtFile) return null
    val (parameters, returns) = collaborators.function(name) ?: return null
    val arguments = withDefaults(call, orderedArguments(call, parameters), collaborators.functionDefaults(name))
    val text = porter.classFunctionCall(name, arguments.map { it.text }) ?: return null
    if (text.startsWith("${swiftIdentifier(name)}(context")) return null
    return Code(text, throws = arguments.any { it.throws }, sealed = types.named(returns?.sealed), numeric = returns?.swift,
        auxiliary = returns?.let { types.auxiliaryName(it) })
}
