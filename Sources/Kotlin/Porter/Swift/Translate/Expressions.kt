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

/** [Code.collaborator] of `this@Owner`: the class that builds the machine, Swift's `context`. */
const val OWNER = "some Collaborators"

class Expressions(internal val porter: Porter, internal val scope: Scope) {

    internal val types get() = porter.sealedTypes

    fun expr(expression: KtExpression?, expected: SealedType? = null): Code {
        val code = unconverted(expression, expected)
        return if (expression == null) code else convertedForGroups(expression, code, expected)
    }

    private fun unconverted(expression: KtExpression?, expected: SealedType?): Code {
        if (expression != null) Tracker.element = expression
        smartCastOf(expression)?.let { return use(it) }
        when (expression) {
            null -> throw IllegalStateException("missing expression")
            is KtParenthesizedExpression -> {
                val inner = expr(expression.expression, expected)
                // A smart-cast value keeps what its pattern binds: `(it.sideEffect as Display).text` is `text`.
                if (inner.binding?.bound != null) return inner
                return Code("(${inner.text})", Precedence.ATOM, inner.throws, inner.sealed, inner.sealedCase,
                    auxiliary = inner.auxiliary, numeric = inner.numeric, collaborator = inner.collaborator)
            }
            is KtConstantExpression -> return constant(expression)
            is KtStringTemplateExpression -> return string(expression)
            is KtThisExpression -> {
                if (expression.getLabelName() != null) return owner(expression)
                val receiver = scope.receiver ?: throw NotPorted(expression, "this outside a state handler")
                return use(receiver)
            }
            is KtNameReferenceExpression -> return name(expression, expected)
            is KtDotQualifiedExpression -> return qualified(expression, expected)
            is KtCallExpression -> return call(expression, null, expected)
            is KtBinaryExpression -> return binary(expression)
            is org.jetbrains.kotlin.psi.KtArrayAccessExpression -> return indexed(expression)
            is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression -> return safeCall(expression)
            is KtPrefixExpression -> {
                val operator = expression.operationReference.text
                if (operator == "++" || operator == "--") return increment(expression, operator, prefix = true)
                if (operator != "!" && operator != "-" && operator != "+") throw NotPorted(expression, "the operator $operator")
                val operand = expr(expression.baseExpression)
                if (operator == "-" && platformTyped(expression.baseExpression, operand).numeric == "Duration") return negatedDuration(operand)
                val text = if (operand.precedence < Precedence.PREFIX) "(${operand.text})" else operand.text
                return Code("$operator$text", Precedence.PREFIX, operand.throws)
            }
            is KtIfExpression -> {
                val otherwise = expression.`else` ?: throw NotPorted(expression, "an if without else used as a value")
                val condition = expr(expression.condition)
                val then = nonNullScope(expression.condition).expr(single(expression.then), expected)
                val other = expr(single(otherwise), expected)
                fun wrap(code: Code) = if (code.precedence <= Precedence.TERNARY) "(${code.text})" else code.text
                return Code(
                    "${wrap(condition)} ? ${wrap(then)} : ${wrap(other)}", Precedence.TERNARY,
                    condition.throws || then.throws || other.throws, then.sealed ?: other.sealed,
                    numeric = commonType(then, other), auxiliary = then.auxiliary.takeIf { it == other.auxiliary }
                )
            }
            is KtWhenExpression -> throw NotPorted(expression, "a when used inside an expression")
            is org.jetbrains.kotlin.psi.KtIsExpression -> return typeCheck(expression)
            is KtBinaryExpressionWithTypeRHS -> {
                // `it as StateMachine.Transition.Invalid` where the transition is known to be one: the same value.
                val segment = SealedTypes.lastSegment(expression.right)
                val value = expr(expression.left, expected)
                val kind = value.binding?.kind
                if (expression.operationReference.text == "as" &&
                    (segment == "Invalid" && kind == Kind.INVALID_TRANSITION || segment == "Valid" && kind == Kind.VALID_TRANSITION)) return value
                // `validTransition.sideEffect as SideEffect`: the value, which Kotlin's cast requires not to be null.
                if (expression.operationReference.text == "as" && value.sealed != null && segment == value.sealed.name) {
                    if (value.numeric?.endsWith("?") != true) return value
                    val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
                    return Code("$base!", throws = value.throws, sealed = value.sealed, numeric = value.sealed.name)
                }
                // `valid.toState as QuizState.Asking`: the value, of that case (the declaration that holds it checks it is).
                val case = value.sealed?.let { porter.casesOf(expression.right, it) }?.singleOrNull()
                if (expression.operationReference.text == "as" && case != null && !value.throws) {
                    val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
                    val optional = value.numeric?.endsWith("?") == true
                    return Code(if (optional) "$base!" else base, sealed = value.sealed, sealedCase = case, numeric = value.sealed.name)
                }
                throw NotPorted(expression, "the cast")
            }
            is org.jetbrains.kotlin.psi.KtPostfixExpression -> {
                val operator = expression.operationReference.text
                if (operator == "++" || operator == "--") return increment(expression, operator, prefix = false)
                throw NotPorted(expression, kindOf(expression))
            }
            is org.jetbrains.kotlin.psi.KtClassLiteralExpression -> {
                val receiver = expression.receiverExpression ?: throw NotPorted(expression, "the expression")
                return classOf(expr(receiver), expression)
            }
            is org.jetbrains.kotlin.psi.KtCallableReferenceExpression -> return functionReference(expression)
            else -> throw NotPorted(expression, kindOf(expression))
        }
    }

    /**
     * `::onEvent` handed on as a value (a callback given to a listener): a closure calling the class's function, a
     * requirement of `Collaborators` (`context.onEvent`) or the function the porter ported (`{ onEvent(context, $0) }`). A reference with a
     * receiver, or to a name of the handler's scope, is not ported.
     */
    private fun functionReference(expression: org.jetbrains.kotlin.psi.KtCallableReferenceExpression): Code {
        val method = expression.callableReference.getReferencedName()
        val collaborators = porter.collaborators
        if (expression.receiverExpression != null || !collaborators.isFunction(method) || scope.lookup(method) != null) {
            throw NotPorted(expression, kindOf(expression))
        }
        val (parameters, _) = collaborators.function(method) ?: throw NotPorted(expression, kindOf(expression))
        val arguments = parameters.indices.map { "\$$it" }
        val call = porter.classFunctionCall(method, arguments) ?: return Code("context.${swiftIdentifier(method)}")
        return Code("{ $call }")
    }

    /**
     * What translates the branch a condition guards: for `value != null` (or `null != value`) on a nullable value,
     * Kotlin's smart cast to its non-null type, which Swift reads as `value!` (the condition has checked it); this one
     * otherwise.
     */
    internal fun nonNullScope(condition: KtExpression?): Expressions {
        val binary = deparenthesized(condition) as? KtBinaryExpression ?: return this
        if (binary.operationReference.text != "!=") return this
        val value = when ("null") {
            binary.right?.text -> binary.left
            binary.left?.text -> binary.right
            else -> null
        }
        if (value !is KtNameReferenceExpression && value !is KtDotQualifiedExpression) return this
        val code = try {
            expr(value)
        } catch (failure: NotPorted) {
            return this
        }
        val type = code.numeric?.takeIf { it.endsWith("?") } ?: return this
        val base = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
        fun plain(type: String) = type.removeSuffix("?").let { if (it.startsWith("(") && it.endsWith(")")) it.substring(1, it.length - 1) else it }
        val inner = scope.child()
        inner.smartCasts[smartCastKey(value)] = Binding("$base!", code.sealed, code.sealedCase, numeric = plain(type),
            auxiliary = code.auxiliary ?: types.auxiliaryName(SwiftType(plain(type), null)), collaborator = code.collaborator?.let { plain(it) })
        return Expressions(porter, inner)
    }

    /** The smart cast a condition made of [expression] (`it.sideEffect`, or `it.sideEffect as Display`), if any. */
    internal fun smartCastOf(expression: KtExpression?): Binding? {
        if (expression is KtBinaryExpressionWithTypeRHS && expression.operationReference.text == "as") {
            val binding = scope.smartCast(smartCastKey(expression.left)) ?: return null
            return binding.takeIf { it.case?.kotlinName == SealedTypes.lastSegment(expression.right) }
        }
        if (expression !is KtDotQualifiedExpression && expression !is KtNameReferenceExpression) return null
        return scope.smartCast(smartCastKey(expression))
    }

    /**
     * `value is Case` (or a nested sealed class, or `!is`) of a value of the port's enums: a Boolean property the port
     * declares on the enum, `value.isCase`.
     */
    internal fun typeCheck(expression: org.jetbrains.kotlin.psi.KtIsExpression): Code {
        val value = expr(expression.leftHandSide)
        val sealed = value.sealed ?: throw NotPorted(expression, "the type check")
        val cases = porter.casesOf(expression.typeReference, sealed) ?: throw NotPorted(expression, "the type check")
        val property = porter.typeCheck(sealed, porter.typeCheckName(sealed, cases), cases)
        val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
        return if (expression.isNegated) {
            Code("!$base.$property", Precedence.PREFIX, value.throws, numeric = "Bool")
        } else {
            Code("$base.$property", Precedence.ATOM, value.throws, numeric = "Bool")
        }
    }

    internal fun single(expression: KtExpression?): KtExpression? {
        if (expression is KtBlockExpression) {
            return expression.statements.singleOrNull() ?: throw NotPorted(expression, "a block with several statements used as a value")
        }
        return expression
    }

    internal fun use(binding: Binding): Code {
        binding.used = true
        if (binding.unwrapped) {
            return Code("${binding.swift}!", binding = binding, sealed = binding.type, sealedCase = binding.case,
                numeric = binding.numeric?.removeSuffix("?"), auxiliary = binding.auxiliary, collaborator = binding.collaborator)
        }
        return Code(binding.swift, binding = binding, sealed = binding.type, sealedCase = binding.case, numeric = binding.numeric,
            auxiliary = binding.auxiliary, collaborator = binding.collaborator)
    }

    internal fun name(expression: KtNameReferenceExpression, expected: SealedType?): Code {
        val name = expression.getReferencedName()
        scope.lookup(name)?.let { return use(it) }
        if (name == "it") {
            val it = scope.it ?: throw NotPorted(expression, "it")
            return use(it)
        }
        // A constructor parameter (not a property) of the class that builds the machine: Kotlin resolves a name to it
        // before a member of the state of the same name (`document` in a handler of a state with a `document` field).
        if (constructorParameter(expression) && porter.collaborators.isProperty(name)) return collaboratorProperty(name)
        // A payload-less case written without its sealed class (imported).
        for (type in types.all) {
            val case = porter.caseNamed(expression, name, type)
            if (case != null && case.fields.isEmpty()) return caseValue(type, case, expected)
        }
        val receiver = scope.receiver
        if (receiver != null && receiver.type != null && receiver.type.fieldType(name, receiver.case) != null) {
            return field(use(receiver), name, expression, expected)
        }
        // A property of the state's base class, read without `this.`.
        if (receiver?.type?.sharedProperty(name) != null || (receiver?.type?.isEnumClass == true && (name == "name" || name == "ordinal"))) {
            baseProperty(use(receiver), name)?.let { return it }
        }
        // In a function of an enum class, one of its constants (`LOW -> MIDDLE`).
        val constants = receiver?.auxiliary?.let { types.enumConstants(it) }
        if (constants != null && name in constants) {
            return Code("${receiver.auxiliary}.${SealedTypes.enumCaseName(name)}", auxiliary = receiver.auxiliary)
        }
        // In a function of a data class or enum class, one of its properties.
        val auxiliary = receiver?.auxiliary
        if (auxiliary != null) types.propertyType(auxiliary, name)?.let { property ->
            receiver.used = true
            return Code(if (receiver.swift == "self") swiftIdentifier(name) else "${receiver.swift}.${swiftIdentifier(name)}",
                sealed = types.named(property.sealed), auxiliary = types.auxiliaryName(property), numeric = property.swift)
        }
        // In an extension of the files, a property of its receiver (`size` in `val List<Card>.isPair get() = size == 2`).
        onImplicitReceiver(expression)?.let { return it }
        if (porter.isConstant(name)) return Code(name, numeric = porter.constantType(name))
        if (porter.collaborators.isProperty(name)) {
            if (porter.collaborators.isGetter(name)) porter.getterReads.add(expression)
            return collaboratorProperty(name)
        }
        if (name == "javaClass" && receiver != null) return classOf(use(receiver), expression)
        importedConstant(name, expression)?.let { return it }
        // `Timber.d(…)`, `Log.w(TAG, …)`: an object of a library, whose calls the Swift owner supplies.
        val parent = expression.parent
        if (parent is KtDotQualifiedExpression && parent.receiverExpression == expression && parent.selectorExpression is KtCallExpression &&
            externalResult(parent) != null) {
            // A property the compiler resolves (a companion's `val LOG = Logger.getLogger(…)`): named after its class.
            val typeName = porter.resolution?.takeIf { it.declaration(expression) is org.jetbrains.kotlin.psi.KtProperty }
                ?.type(expression)?.let { Resolution.classOf(it)?.shortName()?.asString() }
            porter.collaborators.externalObject(name, typeName)?.let { member ->
                return Code("context.${swiftIdentifier(member.name)}", collaborator = member.type?.swift)
            }
        }
        unresolvedValue(expression)?.let { return it }
        throw NotPorted(expression, "the name")
    }

    /**
     * A name the compiler cannot resolve, passed to a case's constructor (`ComponentState.Error(FailedToJoinCall)`, an
     * object of a file not given): a value of the field's type that `Collaborators` supplies, with a note; null
     * otherwise.
     */
    private fun unresolvedValue(expression: KtNameReferenceExpression): Code? {
        val resolution = porter.resolution ?: return null
        val name = expression.getReferencedName()
        if (!resolution.analyzed(expression) || resolution.target(expression) != null || name.firstOrNull()?.isUpperCase() != true) return null
        val field = argumentField(expression) ?: return null
        if (field.type.sealed != null) return null
        val line = porter.source.line(expression)
        val member = porter.collaborators.externalValue(name, field.type, line) ?: return null
        porter.keptBoundary(expression, "`$name` is not declared in the files given: the port takes it for a value of type " +
            "${field.type.swift} that Collaborators supplies (`${member.name}`)")
        return Code("context.${swiftIdentifier(member.name)}", auxiliary = types.auxiliaryName(field.type), numeric = field.type.swift)
    }

    /** The field of a case that [expression] is passed to as an argument of the case's constructor, if it is. */
    private fun argumentField(expression: KtExpression): Field? {
        val argument = expression.parent as? org.jetbrains.kotlin.psi.KtValueArgument ?: return null
        val call = argument.parent?.parent as? KtCallExpression ?: return null
        val callee = call.calleeExpression as? KtNameReferenceExpression ?: return null
        val case = types.all.firstNotNullOfOrNull { porter.caseNamed(callee, callee.getReferencedName(), it) } ?: return null
        val named = argument.getArgumentName()?.asName?.asString()
        return if (named != null) case.fields.firstOrNull { it.name == named } else case.fields.getOrNull(call.valueArguments.indexOf(argument))
    }

    /** Whether the Kotlin compiler resolves [expression] to a parameter of a constructor. */
    private fun constructorParameter(expression: KtNameReferenceExpression): Boolean {
        val target = porter.resolution?.target(expression) as? org.jetbrains.kotlin.descriptors.ValueParameterDescriptor ?: return false
        if (target.containingDeclaration !is org.jetbrains.kotlin.descriptors.ConstructorDescriptor) return false
        // The builder's own, not a case's (`messageSource` passed on in `class ReceivedMessage(…, messageSource: …) :
        // Event(…, messageSource)`, where the builder has a property of that name too).
        val parameter = porter.resolution?.declaration(expression) ?: return true
        val builder = org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.getParentOfType(porter.createCall, org.jetbrains.kotlin.psi.KtClassOrObject::class.java)
        return org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.getParentOfType(parameter, org.jetbrains.kotlin.psi.KtClassOrObject::class.java) == builder
    }

    /**
     * `AddressType.ORIGIN` where the files do not declare AddressType (nor is it a name of the body or the class): a
     * constant of an enum the port declares from the constants the machine uses; null otherwise.
     */
    internal fun undeclaredEnumConstant(typeName: String, constant: String, at: KtExpression): Code? {
        if (scope.lookup(typeName) != null || porter.collaborators.isProperty(typeName) || types.named(typeName) != null) return null
        if (types.enumConstants(typeName)?.contains(constant) == true && typeName !in types.inferredEnums) {
            return Code("$typeName.${SealedTypes.enumCaseName(constant)}", auxiliary = typeName, numeric = typeName)
        }
        if (!types.inferEnumConstant(typeName, constant)) return null
        porter.inferredEnum(typeName, at)
        return Code("$typeName.${SealedTypes.enumCaseName(constant)}", auxiliary = typeName, numeric = typeName)
    }

    /** A constant imported by name (`import ….AddressType.ORIGIN`): the constant of that enum; null otherwise. */
    internal fun importedConstant(name: String, at: KtExpression): Code? {
        val import = at.containingKtFile.importDirectives.firstOrNull { it.aliasName == null && it.importedFqName?.shortName()?.asString() == name }
        val owner = import?.importedFqName?.parent()?.takeIf { !it.isRoot }?.shortName()?.asString() ?: return null
        return undeclaredEnumConstant(owner, name, at)
    }

    /**
     * `value?.property`, `value?.member()` on a value Swift knows to be optional: Swift's optional chaining, nil when the
     * value is; `value?.let { … }`: `value.map { … }` (`flatMap` when the lambda's value may itself be null).
     */
    internal fun safeCall(expression: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): Code {
        simpleNameOfOptional(expression)?.let { return it }
        val receiver = expr(expression.receiverExpression)
        val protocol = receiver.collaborator?.takeIf { it.startsWith("(any ") && it.endsWith(")?") }?.removePrefix("(any ")?.removeSuffix(")?")
        val call = expression.selectorExpression as? KtCallExpression
        if (protocol != null && call != null && call.calleeExpression?.text != "let") {
            // `logger?.debug(…)` on a nullable collaborator (`private val logger: Logger? = null`): Swift's optional call.
            val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
            return protocolCall("$base?", receiver.throws, protocol, call, expression)
        }
        val optional = receiver.numeric
        if (optional == null || !optional.endsWith("?")) throw NotPorted(expression, "the safe call on a value not known to be nullable:")
        val type = optional.removeSuffix("?")
        val auxiliary = receiver.auxiliary ?: types.auxiliaryName(SwiftType(type, null))
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        val selector = expression.selectorExpression
        if (selector is KtCallExpression && selector.calleeExpression?.text == "let" && selector.valueArguments.size == 1) {
            val lambda = selector.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: throw NotPorted(expression, "the safe call")
            val parameter = lambda.valueParameters.singleOrNull()
            if (lambda.valueParameters.size > 1 || parameter?.destructuringDeclaration != null) throw NotPorted(expression, "the safe call")
            val inner = scope.child()
            inner.names[parameter?.name ?: "it"] = Binding("\$0", types.named(type), null, numeric = type, auxiliary = auxiliary)
            val statement = lambda.bodyExpression?.statements?.singleOrNull() ?: throw NotPorted(expression, "the safe call")
            val body = Expressions(porter, inner).expr(statement)
            val value = body.numeric ?: throw NotPorted(expression, "the safe call whose value's type is not known:")
            if (body.throws) throw NotPorted(expression, "the safe call that reads a field in its lambda:")
            val map = if (value.endsWith("?")) "flatMap" else "map"
            return Code("$base.$map { ${body.text} }", throws = receiver.throws, numeric = "${value.removeSuffix("?")}?")
        }
        if (selector is KtCallExpression && selector.lambdaArguments.isNotEmpty()) {
            // `bio?.ifBlank { null }`, `name?.takeIf { … }`: the function on the unwrapped value, nil when there is none.
            val value = scopeFunction(Code("\$0", numeric = type, sealed = types.named(type), auxiliary = auxiliary), "\$0", type, selector)
                ?: throw NotPorted(expression, "the safe call")
            if (value.throws) throw NotPorted(expression, "the safe call")
            val map = if (value.numeric?.endsWith("?") == true) "flatMap" else "map"
            return Code("$base.$map { ${value.text} }", throws = receiver.throws, numeric = "${value.numeric?.removeSuffix("?")}?",
                sealed = value.sealed, auxiliary = value.auxiliary)
        }
        val unwrapped = Code("$base?", throws = receiver.throws, sealed = types.named(type), numeric = type, auxiliary = auxiliary)
        val member = standardLibrary(unwrapped, selector) ?: platformMember(unwrapped, selector)
            // `sideEffect?.execute(valid)`: a function of the port's type, on the unwrapped value.
            ?: (selector as? KtCallExpression)?.let { call -> typeFunctionCall(unwrapped, call) }
            ?: (selector as? KtNameReferenceExpression)?.let { name ->
            if (auxiliary == null) return@let null
            val property = types.propertyType(auxiliary, name.getReferencedName()) ?: return@let null
            Code("$base?.${swiftIdentifier(name.getReferencedName())}", throws = receiver.throws, auxiliary = types.auxiliaryName(property),
                numeric = property.swift)
        } ?: throw NotPorted(expression, "the safe call")
        // A member of the unwrapped value reads as Kotlin's chain (`name?.count`); a conversion around it
        // (`javaSeconds(took)`) is mapped over the optional (`took.map { javaSeconds($0) }`).
        if (!member.text.startsWith("$base?.")) {
            val value = Code("\$0", throws = false, sealed = types.named(type), numeric = type, auxiliary = auxiliary)
            val mapped = standardLibrary(value, selector) ?: platformMember(value, selector) ?: throw NotPorted(expression, "the safe call")
            if (mapped.throws || mapped.numeric == null) throw NotPorted(expression, "the safe call")
            val map = if (mapped.numeric!!.endsWith("?")) "flatMap" else "map"
            return Code("$base.$map { ${mapped.text} }", throws = receiver.throws, numeric = "${mapped.numeric!!.removeSuffix("?")}?")
        }
        val numeric = member.numeric?.let { if (it.endsWith("?")) it else "$it?" }
        return Code(member.text, Precedence.ATOM, member.throws, numeric = numeric, auxiliary = member.auxiliary)
    }

    /** `sideEffect?.javaClass?.simpleName` (or `?.let { it::class.simpleName }`'s plainer form): the optional's class name. */
    internal fun simpleNameOfOptional(expression: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): Code? {
        if ((expression.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() != "simpleName") return null
        val inner = expression.receiverExpression as? org.jetbrains.kotlin.psi.KtSafeQualifiedExpression ?: return null
        if ((inner.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() != "javaClass") return null
        val value = expr(inner.receiverExpression)
        val sealed = value.sealed ?: return null
        if (value.numeric?.endsWith("?") != true) return null
        val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
        return Code("$base?.${porter.simpleName(sealed)}", throws = value.throws, numeric = "String?")
    }

    /** `map[key]` (nullable, as Swift's dictionary subscript) and `list[index]`. */
    internal fun indexed(expression: org.jetbrains.kotlin.psi.KtArrayAccessExpression): Code {
        val receiver = expr(expression.arrayExpression)
        val index = expression.indexExpressions.singleOrNull()?.let { expr(it) } ?: throw NotPorted(expression, "the expression")
        val type = receiver.numeric
        val numeric = dictionaryParts(type)?.let { "${it.second}?" } ?: elementType(type)?.takeIf { type!!.startsWith("[") }
            ?: throw NotPorted(expression, "the expression")
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        return Code("$base[${index.text}]", throws = receiver.throws || index.throws, sealed = types.named(numeric.removeSuffix("?")),
            numeric = numeric, auxiliary = types.auxiliaryName(SwiftType(numeric, null)))
    }

    internal fun collaboratorProperty(name: String): Code {
        val type = porter.collaborators.property(name)
        return Code(
            "context.${swiftIdentifier(name)}", sealed = types.named(type?.sealed), numeric = type?.swift,
            auxiliary = type?.let { types.auxiliaryName(it) }, collaborator = type?.swift
        )
    }

    /**
     * A trailing lambda given to a collaborator (`scheduler.schedule(delay) { … }`): a Swift trailing closure, which
     * cannot throw, as a listener's body; its parameters are named as in Kotlin, `it` included. Empty without one.
     */
    internal fun trailingClosure(call: KtCallExpression): String {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return ""
        val inner = Scope(scope, scope.receiver, scope.it, canThrow = false)
        val names = lambda.valueParameters.map { parameter ->
            val name = parameter.name
            if (name == null || parameter.destructuringDeclaration != null) throw NotPorted(parameter, "the lambda parameter")
            inner.names[name] = Binding(swiftIdentifier(name), null, null).also { it.used = true }
            swiftIdentifier(name)
        }.toMutableList()
        val readsIt = org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.collectElementsOfType(lambda, KtNameReferenceExpression::class.java)
            .any { it.getReferencedName() == "it" && org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.getParentOfType(it, org.jetbrains.kotlin.psi.KtLambdaExpression::class.java) == lambda }
        if (names.isEmpty() && readsIt) {
            inner.names["it"] = Binding("it", null, null).also { it.used = true }
            names.add("it")
        }
        val body = Body(porter, inner).statements(lambda.bodyExpression?.statements.orEmpty(), returns = false)
        val head = if (names.isEmpty()) " {" else " { ${names.joinToString(", ")} in"
        return head + body.joinToString("") { "\n" + (if (it.isEmpty()) "" else "    $it") } + "\n}"
    }

    /** Arguments in the order of the Kotlin declaration's [parameters] (named ones put in place), translated. */
    internal fun orderedArguments(call: KtCallExpression, parameters: List<String>?, trailing: Boolean = false): List<Code> {
        if (call.lambdaArguments.isNotEmpty() && !trailing) throw NotPorted(call, "a call with a lambda")
        val arguments = call.valueArgumentList?.arguments.orEmpty()
        if (parameters == null || arguments.none { it.getArgumentName() != null }) {
            return arguments.map { expr(it.getArgumentExpression() ?: throw NotPorted(it, "the argument")) }
        }
        val named = arguments(call, parameters)
        return parameters.mapNotNull { named[it] }.map { expr(it) }
    }

    internal fun caseValue(type: SealedType, case: Case, expected: SealedType?): Code {
        val prefix = if (expected == type) "." else "${type.name}."
        return Code(prefix + case.swiftName, sealed = type, sealedCase = case)
    }

    /**
     * `++count` or `count++` used as a value (`Failed(++count)`), on a local `var` or a property of the class: Swift has
     * no such operator, so `count += 1` goes before the statement, which reads `count` (after `++count`) or the value
     * kept before the increment (after `count++`). Only where Kotlin surely runs the increment before anything else of
     * the statement reads the variable: not under a condition (`if`, `when`, `&&`, `?:`, a safe call, a lambda), and
     * the variable read nowhere else in the statement.
     */
    internal fun increment(expression: org.jetbrains.kotlin.psi.KtUnaryExpression, operator: String, prefix: Boolean): Code {
        val statement = scope.statement ?: throw NotPorted(expression, "the operator $operator used as a value")
        val target = expression.baseExpression as? KtNameReferenceExpression ?: throw NotPorted(expression, "the operator $operator")
        val name = target.getReferencedName()
        var element: org.jetbrains.kotlin.com.intellij.psi.PsiElement = expression
        while (element != statement) {
            val parent = element.parent ?: throw NotPorted(expression, "the operator $operator used as a value")
            val conditional = parent is org.jetbrains.kotlin.psi.KtContainerNodeForControlStructureBody ||
                parent is org.jetbrains.kotlin.psi.KtWhenEntry || parent is org.jetbrains.kotlin.psi.KtFunctionLiteral ||
                parent is KtBinaryExpression && parent.right == element && parent.operationReference.text in setOf("&&", "||", "?:") ||
                parent is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression && parent.selectorExpression == element
            if (conditional) throw NotPorted(expression, "the operator $operator under a condition, used as a value, in")
            element = parent
        }
        val reads = org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.collectElementsOfType(statement, KtNameReferenceExpression::class.java)
            .count { it.getReferencedName() == name }
        if (reads > 1) throw NotPorted(expression, "the operator $operator on a variable the statement reads again, in")
        val binding = scope.lookup(name)
        val swift: String
        val numeric: String?
        when {
            binding != null -> {
                binding.used = true
                swift = binding.swift
                numeric = binding.numeric
            }
            porter.collaborators.isProperty(name) -> {
                numeric = porter.collaborators.mutableProperty(name)?.swift
                swift = "context.${swiftIdentifier(name)}"
            }
            else -> throw NotPorted(expression, "the operator $operator")
        }
        val change = "$swift ${if (operator == "++") "+=" else "-="} 1"
        if (prefix) {
            scope.hoisted.add(change)
            return Code(swift, numeric = numeric)
        }
        val kept = "previous" + name.replaceFirstChar { it.uppercase() }
        if (scope.lookup(kept) != null) throw NotPorted(expression, "the operator $operator")
        scope.hoisted.add("let $kept = $swift")
        scope.hoisted.add(change)
        return Code(kept, numeric = numeric)
    }

    /**
     * `this@Owner`, where Owner is the class (or the extension function) that builds the machine: the Swift `context`,
     * which the owner's Swift type conforms to `Collaborators`.
     */
    internal fun owner(expression: KtThisExpression): Code {
        val label = expression.getLabelName()
        var element = expression.parent
        while (element != null) {
            val name = (element as? org.jetbrains.kotlin.psi.KtClassOrObject)?.name ?: (element as? org.jetbrains.kotlin.psi.KtNamedFunction)?.name
            if (name == label && porter.collaborators.enabled) return Code("context", numeric = "any Collaborators", collaborator = OWNER)
            element = element.parent
        }
        throw NotPorted(expression, "a labelled this")
    }

    /**
     * The Kotlin name of the class property holding an observable value that [expression] names (`_state`,
     * `this._state`, `this@Screen._state`); null when it names something else.
     */
    internal fun holderName(expression: KtExpression?): String? {
        val name = when (expression) {
            is KtNameReferenceExpression -> expression.getReferencedName().takeIf { scope.lookup(it) == null }
            is KtDotQualifiedExpression -> {
                // In a handler, a plain `this` is the state.
                val self = expression.receiverExpression as? KtThisExpression ?: return null
                if (self.getLabelName() == null && scope.receiver != null) return null
                (expression.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
            }
            else -> null
        } ?: return null
        return name.takeIf { porter.collaborators.holder(it) != null }
    }

    internal fun kindOf(expression: KtExpression): String = when (expression) {
        is KtBinaryExpressionWithTypeRHS -> "the cast"
        is KtReturnExpression -> "the return"
        is org.jetbrains.kotlin.psi.KtLambdaExpression -> "the lambda"
        is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression -> "the safe call"
        is org.jetbrains.kotlin.psi.KtIsExpression -> "the type check"
        is org.jetbrains.kotlin.psi.KtPostfixExpression -> "the postfix operator in"
        else -> "the expression"
    }
}
