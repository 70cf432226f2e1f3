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

// `receiver.member`: cases, enum constants, fields, class names, collaborators' members.

/** `State.Solid`, `Outer.State.Locked(3)`, `it.value`, `this.credit`, `transition.toState`. */
internal fun Expressions.qualified(expression: KtDotQualifiedExpression, expected: SealedType?): Code {
    val selectorName = (expression.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
    if (selectorName == "value") holderName(expression.receiverExpression)?.let { name ->
        // `_state.value` of a MutableStateFlow or LiveData: the value the protocol has.
        val member = porter.collaborators.holder(name)!!
        val type = member.type
        return Code("context.${swiftIdentifier(member.name)}", sealed = types.named(type?.sealed), numeric = type?.swift,
            auxiliary = type?.let { types.auxiliaryName(it) })
    }
    val receiverText = expression.receiverExpression.text.replace(Regex("\\s"), "").substringAfterLast('.')
    val type = types.named(receiverText)
    val selector = expression.selectorExpression
    val enumClass = types.enumConstants(receiverText)
    if (enumClass != null && selector is KtNameReferenceExpression && scope.lookup(receiverText) == null) {
        val constant = selector.getReferencedName()
        if (constant in enumClass) {
            val swift = types.swiftTypeName(receiverText)
            return Code("$swift.${SealedTypes.enumCaseName(constant)}", auxiliary = swift, numeric = swift)
        }
    }
    platformStatic(expression)?.let { return it }
    kotlinDuration(expression)?.let { return it }
    javaMath(expression)?.let { return it }
    // Java's `System.out.println(…)`: Swift's `print`.
    if (expression.receiverExpression.text == "System.out" && selector is KtCallExpression &&
        (selector.calleeExpression?.text == "println" || selector.calleeExpression?.text == "print") && selector.valueArguments.size <= 1) {
        val argument = selector.valueArguments.singleOrNull()?.getArgumentExpression()?.let { expr(it) }
        val terminator = if (selector.calleeExpression?.text == "print") "${if (argument != null) ", " else "\"\", "}terminator: \"\"" else ""
        return Code("print(${argument?.text ?: ""}$terminator)", throws = argument?.throws == true)
    }
    val receiverName = (expression.receiverExpression as? KtNameReferenceExpression)?.getReferencedName()
    if (receiverName != null && selector is KtNameReferenceExpression) {
        undeclaredEnumConstant(receiverName, selector.getReferencedName(), expression)?.let { return it }
    }
    if (type != null && expression.receiverExpression !is KtThisExpression && scope.lookup(receiverText) == null) {
        val group = type.groups[receiverText]
        when (selector) {
            is KtNameReferenceExpression -> {
                val caseName = selector.getReferencedName()
                val case = porter.caseNamed(selector, caseName, type, group) ?: throw NotPorted(expression, "the value")
                if (case.fields.isNotEmpty()) throw NotPorted(expression, "a data class used without arguments")
                return caseValue(type, case, expected)
            }
            is KtCallExpression -> return call(selector, type, expected)
            else -> throw NotPorted(expression, "the value")
        }
    }
    val receiver = platformTyped(expression.receiverExpression, expr(expression.receiverExpression))
    platformMember(receiver, selector)?.let { return it }
    receiver.classOf?.let { value -> return classMember(value, selector, expression) }
    if (receiver.collaborator == OWNER) {
        // `this@Owner.property`, `counter.method()` with `val counter = this@Owner`: the owner's members, unqualified.
        when (selector) {
            is KtNameReferenceExpression -> if (porter.collaborators.isProperty(selector.getReferencedName())) {
                return collaboratorProperty(selector.getReferencedName())
            }
            is KtCallExpression -> if (porter.collaborators.isFunction(selector.calleeExpression?.text ?: "")) {
                return call(selector, null, expected)
            }
            else -> {}
        }
        throw NotPorted(expression, "a member of the class that is not one of its properties or functions:")
    }
    if (selector is KtNameReferenceExpression && selector.getReferencedName() == "javaClass" && receiver.sealed != null) {
        return classOf(receiver, expression)
    }
    val collaborator = receiver.collaborator
    if (selector is KtCallExpression && selector.calleeExpression?.text == "invoke" && collaborator?.contains("->") == true &&
        selector.lambdaArguments.isEmpty()) {
        // `listener.invoke(value)` of a function-typed property: Swift calls the function.
        val arguments = selector.valueArguments.map { expr(it.getArgumentExpression() ?: throw NotPorted(it, "the argument")) }
        val returns = collaborator.substringAfterLast("->").trim().takeIf { it != "Void" }
        return Code("${receiver.text}(${arguments.joinToString(", ") { it.text }})", throws = receiver.throws || arguments.any { it.throws },
            numeric = returns)
    }
    if (selector is KtCallExpression && collaborator != null && porter.collaborators.isExternal(collaborator.removePrefix("any "))) {
        externalCall(receiver, collaborator.removePrefix("any "), selector, expression)?.let { return it }
    }
    if (selector is KtNameReferenceExpression && collaborator != null && porter.collaborators.isExternal(collaborator.removePrefix("any "))) {
        // A property of a collaborator whose type the files do not declare (`agent.agentId`): a requirement of its
        // protocol, of the type the place expects (a state, an event), `Bool` in a condition, the parameter's type
        // where it is passed, the enum a `when` over it names, else `Any` (enough for a string template) with a warning.
        val protocol = collaborator.removePrefix("any ")
        val name = selector.getReferencedName()
        val type = expected?.name ?: externalResult(expression)?.takeIf { it == "Bool" } ?: passedSwiftType(expression)
            ?: whenSubjectEnum(expression) ?: "Any"
        porter.collaborators.externalProperty(protocol, name, type)
        if (type == "Any") {
            porter.keptCall(expression, "the property `${Porter.short(expression)}` is of a type the files do not declare: the port " +
                "declares it in protocol $protocol typed Any; give it its type")
        }
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        return Code("$base.${swiftIdentifier(name)}", throws = receiver.throws, numeric = type.takeIf { it != "Any" }, sealed = expected)
    }
    if (selector is KtCallExpression && collaborator != null && collaborator.startsWith("any ")) {
        return protocolCall(receiver.text, receiver.throws, collaborator.removePrefix("any "), selector, expression)
    }
    if (selector is KtCallExpression && selector.calleeExpression?.text == "copy" && receiver.sealedCase != null) {
        return copy(selector, expected, receiver)
    }
    if (selector is KtCallExpression && selector.calleeExpression?.text == "copy") structCopy(selector, receiver)?.let { return it }
    if (selector is KtCallExpression) typeFunctionCall(receiver, selector)?.let { return it }
    extensionCall(receiver, selector)?.let { return it }
    standardLibrary(receiver, selector)?.let { return it }
    if (selector is KtCallExpression && selector.calleeExpression?.text == "toString" && selector.valueArguments.isEmpty() &&
        selector.lambdaArguments.isEmpty() && receiver.sealed != null) {
        return kotlinText(receiver, expression)
    }
    if (selector is KtCallExpression && selector.calleeExpression?.text == "toString" && selector.valueArguments.isEmpty() &&
        selector.lambdaArguments.isEmpty()) {
        // Any value's text: Swift's description of it (a data class's reads `waitingForInput(data: …)`, not Kotlin's).
        return Code("String(describing: ${unwrapped(receiver.text)})", throws = receiver.throws, numeric = "String")
    }
    if (selector is KtCallExpression) undeclaredTypeMethodCall(receiver, selector, expression)?.let { return it }
    if (selector is KtCallExpression) return keptCall(selector, receiver, expression)
    val name = (selector as? KtNameReferenceExpression)?.getReferencedName()
        ?: throw NotPorted(expression, "a call on a value")
    val binding = receiver.binding
    if (binding != null && binding.kind == Kind.INVALID_TRANSITION) {
        return when (name) {
            "fromState" -> Code("${receiver.text}.$name", sealed = porter.state)
            "event" -> Code("${receiver.text}.$name", sealed = porter.event)
            else -> throw NotPorted(expression, "the property of an invalid transition")
        }
    }
    if (binding != null && binding.kind == Kind.RESULT && (name == "fromState" || name == "event")) {
        // Valid and invalid transitions both have them; the listener reads them once, into a constant.
        val outcome = binding.outcome ?: (if (binding.swift == "transition") "fromStateAndEvent" else "transition")
        binding.outcome = outcome
        binding.used = true
        return Code("$outcome.$name", sealed = if (name == "fromState") porter.state else porter.event)
    }
    if (binding != null && binding.kind == Kind.VALID_TRANSITION) {
        return when (name) {
            "fromState", "toState" -> Code("${receiver.text}.$name", sealed = porter.state)
            "event" -> Code("${receiver.text}.$name", sealed = porter.event)
            "sideEffect" -> Code("${receiver.text}.$name", sealed = porter.sideEffect, numeric = "${porter.sideEffect.name}?")
            else -> throw NotPorted(expression, "the transition property")
        }
    }
    if (receiver.sealed != null && receiver.sealed.fieldType(name, receiver.sealedCase) != null) {
        return field(receiver, name, expression, expected)
    }
    baseProperty(receiver, name)?.let { return it }
    throwableMessage(receiver, name)?.let { return it }
    val auxiliary = receiver.auxiliary
    if (auxiliary != null && name == "name" && types.enumConstants(auxiliary) != null) {
        // An enum constant's Kotlin name (`Gear.LOW.name` is "LOW"): a property the port declares on the enum.
        porter.enumNames.add(auxiliary)
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        return Code("$base.name", throws = receiver.throws, numeric = "String")
    }
    if (auxiliary != null) {
        // A field, or a property with a getter in the class's body (`card.value`), which the port computes.
        val property = types.propertyType(auxiliary, name) ?: porter.functions.computedProperty(auxiliary, name)?.returns
            ?.takeIf { it != TypeFunctions.UNKNOWN } ?: throw NotPorted(expression, "the property")
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        return Code("$base.${swiftIdentifier(name)}", throws = receiver.throws, auxiliary = types.auxiliaryName(property),
            numeric = property.swift, sealed = types.named(property.sealed))
    }
    throw NotPorted(expression, "the property")
}

/**
 * A method of a collaborator typed with an interface of the files: the same call in Swift, on [receiver]
 * (`context.logger`, or `context.logger?` for Kotlin's `logger?.debug(…)`).
 */
internal fun Expressions.protocolCall(receiver: String, receiverThrows: Boolean, protocol: String, selector: KtCallExpression,
                                      at: KtExpression): Code {
    val method = selector.calleeExpression?.text ?: throw NotPorted(at, "a call on a value")
    val parameters = porter.collaborators.methodParameters(protocol, method) ?: throw NotPorted(at, "a call on a value")
    val arguments = withDefaults(selector, orderedArguments(selector, parameters, trailing = true),
        porter.collaborators.methodDefaults(protocol, method).orEmpty())
    return Code(
        "$receiver.${swiftIdentifier(method)}(${arguments.joinToString(", ") { it.text }})${trailingClosure(selector)}",
        throws = receiverThrows || arguments.any { it.throws },
        // `orders.orderedSkus(id)` declared `List<String>`: its result's members (`size`, `filter`) translate.
        numeric = resolvedSwiftType(at)
    )
}

/**
 * `value::class` or `value.javaClass` of a sealed value, kept for what is read from it: `simpleName`, `java`, or a
 * comparison with another class (`a::class != b::class`). Anything else has no Swift translation.
 */
internal fun Expressions.classOf(value: Code, at: KtExpression): Code {
    val parent = at.parent
    val read = parent is KtDotQualifiedExpression && parent.receiverExpression == at ||
        parent is KtBinaryExpression && parent.operationReference.text in setOf("==", "!=")
    if (!read || value.sealed == null) throw NotPorted(at, "the expression")
    return Code("", classOf = value)
}

/** `::class.simpleName`, `::class.java.simpleName`, `javaClass.simpleName`: the name of the value's Kotlin class. */
internal fun Expressions.classMember(value: Code, selector: KtExpression?, at: KtDotQualifiedExpression): Code {
    return when ((selector as? KtNameReferenceExpression)?.getReferencedName()) {
        "java" -> classOf(value, at)
        "simpleName" -> {
            val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
            if (value.numeric == SealedTypes.THROWABLE) return Code("$base.type", throws = value.throws, numeric = "String")
            val sealed = value.sealed ?: throw NotPorted(at, "the expression")
            Code("$base.${porter.simpleName(sealed)}", throws = value.throws, numeric = "String")
        }
        else -> throw NotPorted(at, "the expression")
    }
}

/**
 * `a::class == b::class`: whether two values are of the same case. States and events compare the library's
 * `hashableIdentifier`; other values their Kotlin class names, when no two of their cases share one.
 */
internal fun Expressions.sameClass(left: Code, right: Code, operator: String, at: KtBinaryExpression): Code {
    val leftValue = left.classOf ?: throw NotPorted(at, "the comparison of a class with a value in")
    val rightValue = right.classOf ?: throw NotPorted(at, "the comparison of a class with a value in")
    val sealed = leftValue.sealed
    if (sealed == null || sealed != rightValue.sealed) throw NotPorted(at, "the comparison of classes")
    fun atom(code: Code) = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
    val member = when {
        sealed == porter.state || sealed == porter.event -> "hashableIdentifier"
        sealed.cases.map { it.kotlinName }.distinct().size == sealed.cases.size -> porter.simpleName(sealed)
        else -> throw NotPorted(at, "the comparison of classes whose simple names are not unique")
    }
    return Code("${atom(leftValue)}.$member $operator ${atom(rightValue)}.$member", Precedence.COMPARISON,
        leftValue.throws || rightValue.throws, numeric = "Bool")
}

/** A property of the sealed base class (a constructor property, or one each case overrides), read on [receiver]. */
internal fun Expressions.baseProperty(receiver: Code, name: String): Code? {
    enumClassProperty(receiver, name)?.let { return it }
    val base = receiver.sealed?.sharedProperty(name) ?: return null
    val type = base.typeReference?.let { types.swiftType(it) }
    val text = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
    return Code("$text.${swiftIdentifier(name)}", throws = receiver.throws, sealed = types.named(type?.sealed), numeric = type?.swift,
        auxiliary = type?.let { types.auxiliaryName(it) })
}

/**
 * `name` and `ordinal` of a constant of an enum class that is one of the machine's types (`event.name`, `ordinal` in
 * a handler of `state(DoorState.Locked)`): properties the port declares on the enum.
 */
private fun Expressions.enumClassProperty(receiver: Code, name: String): Code? {
    val sealed = receiver.sealed?.takeIf { it.isEnumClass } ?: return null
    if (name != "name" && name != "ordinal") return null
    if (name == "name") porter.kotlinTexts.add(sealed) else porter.ordinals.add(sealed)
    val text = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
    return Code("$text.$name", throws = receiver.throws, numeric = if (name == "name") "String" else "Int")
}

/** A payload field read through the library's dynamic member lookup: `(state.credit() as Int)`. */
internal fun Expressions.field(receiver: Code, name: String, at: KtExpression, expected: SealedType?): Code {
    val sealed = receiver.sealed ?: throw NotPorted(at, "the property")
    // A property no case holds as a field, that a group of cases has (`it.sideEffect` of `on<Event.Timeout>`): the enum's own.
    val type = sealed.fieldType(name, receiver.sealedCase)
        ?: (if (sealed.groupProperty(name) != null) baseProperty(receiver, name) else null)?.let { return it }
        ?: throw NotPorted(at, "the property")
    val binding = receiver.binding
    if (binding?.bound?.contains(name) == true) {
        binding.boundRead.add(name)
        val fieldType = types.named(type.sealed)
        return Code(swiftIdentifier(name), sealed = fieldType, auxiliary = types.auxiliaryName(type), numeric = type.swift)
    }
    val local = binding?.pattern?.get(name)
    if (local != null && binding.bound == null && receiver.sealedCase == binding.case) {
        // Read from the constant the closure's `guard case let` binds: no lookup by label.
        binding.used = true
        binding.patternUsed.add(name)
        return Code(local, sealed = types.named(type.sealed), auxiliary = types.auxiliaryName(type), numeric = type.swift)
    }
    // A property the base class declares for all its cases (`abstract val document: Document`): the enum's own.
    // A constructor property of the base class (`sealed class Event(val bot: TelegramBot)`): the enum's own too.
    if (sealed.sharedMembers.any { it.first.name == name } || sealed.baseProperties.any { it.name == name }) baseProperty(receiver, name)?.let { return it }
    // Only the State and Event enums read a field by its label (the library's `StateMachineHashable`).
    if (sealed != porter.state && sealed != porter.event) throw NotPorted(at, "the property of a value whose case is not known:")
    val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
    val fieldType = types.named(type.sealed)
    if (expected != null && fieldType == expected && !type.swift.endsWith("?")) {
        return Code("$base.$name()", throws = true, sealed = fieldType)
    }
    return Code("($base.$name() as ${type.swift})", throws = true, sealed = fieldType, auxiliary = types.auxiliaryName(type),
        numeric = type.swift)
}

/**
 * The enum whose constants every branch of the `when` that [subject] is the subject of names (`when (strategy.mode) {
 * ExecutionMode.ANY_SUCCESS -> …; ExecutionMode.ALL_SUCCESS -> … }`: `ExecutionMode`), an enum class of the files or one
 * the port declares from these constants; null when [subject] is not a `when`'s subject or a branch names anything else.
 */
internal fun Expressions.whenSubjectEnum(subject: KtExpression): String? {
    val whenExpression = (subject.parent as? org.jetbrains.kotlin.psi.KtWhenExpression)?.takeIf { it.subjectExpression == subject }
        ?: return null
    val constants = whenExpression.entries.flatMap { it.conditions.toList() }.map { condition ->
        val qualified = (condition as? org.jetbrains.kotlin.psi.KtWhenConditionWithExpression)?.expression as? KtDotQualifiedExpression
            ?: return null
        val owner = (qualified.receiverExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
        val constant = (qualified.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
        Triple(owner, constant, qualified)
    }
    val typeName = constants.map { it.first }.distinct().singleOrNull() ?: return null
    if (typeName != types.swiftTypeName(typeName) || scope.lookup(typeName) != null) return null
    val declared = types.enumConstants(typeName)
    if (declared != null && typeName !in types.inferredEnums) return typeName.takeIf { constants.all { it.second in declared } }
    if (!constants.all { (_, constant) -> types.inferEnumConstant(typeName, constant) }) return null
    porter.inferredEnum(typeName, constants.first().third)
    return typeName
}
