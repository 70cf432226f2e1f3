package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtThisExpression

// The statements of a handler or listener body (Body, in Statements.kt): assignments to the class's properties,
// helper objects' properties and observable holders.

/**
 * An assignment to a property of the class that builds the machine (`attempts += 1`, `this@Game.highScore = …`), as
 * Kotlin handlers make: the same assignment on `context`, whose protocol declares the property settable. Null
 * when [target] is not such a property.
 */
internal fun Body.classPropertyAssignment(target: KtExpression?, operator: String, value: KtExpression?): List<String>? {
    if (target is KtDotQualifiedExpression && target.selectorExpression?.text == "value" && operator == "=") {
        expressions().holderName(target.receiverExpression)?.let { return holderAssignment(it, value) }
    }
    if (target is org.jetbrains.kotlin.psi.KtArrayAccessExpression) classElementAssignment(target, operator, value)?.let { return it }
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
 * `subComponentStates[it.componentId] = it.subState` on a map or list the class holds (`private val
 * subComponentStates = mutableMapOf<String, ComponentState>()`): the same element assignment on `context`, whose
 * protocol declares the property settable (a Swift dictionary or array is a value). Null for any other target.
 */
private fun Body.classElementAssignment(target: org.jetbrains.kotlin.psi.KtArrayAccessExpression, operator: String, value: KtExpression?): List<String>? {
    val array = target.arrayExpression as? KtNameReferenceExpression ?: return null
    val name = array.getReferencedName()
    if (scope.lookup(name) != null || !porter.collaborators.isProperty(name)) return null
    val index = target.indexExpressions.singleOrNull() ?: return null
    val type = porter.collaborators.property(name) ?: return null
    // `[String: ComponentState]` or `[ComponentState]`: the element's type, which the value is translated to.
    val element = type.swift.removeSuffix("?").takeIf { it.startsWith("[") && it.endsWith("]") }
        ?.let { it.substring(1, it.length - 1) }?.let { inner -> inner.substringAfter(": ", inner) } ?: return null
    porter.collaborators.mutableProperty(name)
    val key = expressions().expr(index)
    val code = expressions().expr(value, porter.sealedTypes.named(element))
    return listOf("context.${swiftIdentifier(name)}[${key.tried(scope)}] $operator ${code.tried(scope)}")
}

/**
 * In a method of a helper class, an assignment to one of its properties (`failures = 0`, `this.used++`): the same
 * assignment in Swift, the class's property settable from its methods. Null for any other target.
 */
internal fun Body.helperPropertyAssignment(target: KtExpression?, operator: String, value: KtExpression?): List<String>? {
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
internal fun Body.appendsElement(operator: String, type: SwiftType, value: Code): Boolean =
    operator == "+=" && type.swift.startsWith("[") && !type.swift.contains(":") && value.numeric?.startsWith("[") != true

/** `_state.value = x`, `_state.postValue(x)`: the protocol's value of the holder, settable, set. */
internal fun Body.holderAssignment(name: String, value: KtExpression?): List<String> {
    val type = porter.collaborators.mutableProperty(name)
    val member = porter.collaborators.holder(name)!!
    val code = expressions().expr(value, porter.sealedTypes.named(type?.sealed))
    return listOf("context.${swiftIdentifier(member.name)} = ${code.tried(scope)}")
}

/**
 * `_state.postValue(x)`, `_state.setValue(x)` (LiveData) or `_state.tryEmit(x)` (StateFlow, which always takes the
 * value) as a statement: the assignment of the value; `_state.update { … }` ([holderUpdate]). Null for any other
 * statement.
 */
internal fun Body.holderCall(statement: KtExpression): List<String>? {
    val qualified = statement as? KtDotQualifiedExpression ?: return null
    val call = qualified.selectorExpression as? KtCallExpression ?: return null
    holderUpdate(qualified, call)?.let { return it }
    if (call.calleeExpression?.text !in setOf("postValue", "setValue", "tryEmit") || call.lambdaArguments.isNotEmpty()) return null
    val argument = call.valueArguments.singleOrNull()?.getArgumentExpression() ?: return null
    val name = expressions().holderName(qualified.receiverExpression) ?: return null
    return holderAssignment(name, argument)
}

/**
 * `_state.update { it.copy(loading = true) }` (a MutableStateFlow, kotlinx.coroutines' `update`) as a statement: the
 * holder's value set to the lambda's value of the current one, which is what `update` does on one thread. Null for a
 * lambda of more than one expression, or any other call.
 */
internal fun Body.holderUpdate(qualified: KtDotQualifiedExpression, call: KtCallExpression): List<String>? {
    if (call.calleeExpression?.text != "update" || call.valueArguments.size != 1) return null
    val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
    val body = lambda.bodyExpression?.statements?.singleOrNull() ?: return null
    val name = expressions().holderName(qualified.receiverExpression) ?: return null
    val type = porter.collaborators.mutableProperty(name)
    val member = porter.collaborators.holder(name)!!
    val value = "context.${swiftIdentifier(member.name)}"
    val inner = Body(porter, scope.child())
    inner.scope.names[lambda.valueParameters.singleOrNull()?.name ?: "it"] =
        Binding(value, porter.sealedTypes.named(type?.sealed), null, numeric = type?.swift).also { it.used = true }
    val code = inner.expressions().expr(body, porter.sealedTypes.named(type?.sealed))
    return listOf("$value = ${code.tried(scope)}")
}
