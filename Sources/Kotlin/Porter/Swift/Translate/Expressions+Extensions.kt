package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtCallableDeclaration
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtProperty

// Calls of the files' top-level extension functions and properties on values of types the port does not declare.

/**
 * `hand.total()`, `hand.isBust`, or `total()` on the implicit receiver of another extension ([receiver]): the call of
 * the static function [ExtensionFunctions] declares for it, the receiver its first argument (`total(hand)`). Null when
 * the Kotlin compiler does not resolve [selector] to a top-level extension of the files, or it is not ported (a warning
 * says why).
 */
internal fun Expressions.extensionCall(receiver: Code, selector: KtExpression?): Code? {
    val reference = when (selector) {
        is KtCallExpression -> selector.calleeExpression as? KtNameReferenceExpression
        is KtNameReferenceExpression -> selector
        else -> null
    } ?: return null
    val declaration = porter.resolution?.declaration(reference) as? KtCallableDeclaration ?: return null
    if (declaration.receiverTypeReference == null || declaration.parent !is KtFile) return null
    val call = selector as? KtCallExpression
    if ((declaration is KtNamedFunction) != (call != null) || (declaration !is KtNamedFunction && declaration !is KtProperty)) return null
    if (call != null && (call.lambdaArguments.isNotEmpty() || call.typeArguments.isNotEmpty())) return null
    val function = porter.extensions.function(declaration) ?: return null
    val arguments = if (call == null) emptyList() else {
        val given = call.valueArgumentList?.arguments.orEmpty()
        val named = if (given.any { it.getArgumentName() != null }) arguments(call, function.parameters) else null
        if (named == null && given.size > function.parameters.size) throw NotPorted(call, "a call with extra arguments:")
        function.parameters.mapIndexed { index, parameter ->
            val argument = if (named != null) named[parameter] else given.getOrNull(index)?.getArgumentExpression()
            // A parameter left out takes its Kotlin default, written out.
            expr(argument ?: function.defaults[index] ?: throw NotPorted(call, "a call without the argument $parameter:"))
        }
    }
    val returns = function.returns.takeIf { it != TypeFunctions.VOID && it != TypeFunctions.UNKNOWN }
    val all = listOf(unwrapped(receiver.text)) + arguments.map { it.text }
    // Qualified: a local often has the function's name (`val total = hand.total()`).
    return Code("${porter.swiftName}.${function.name}(${all.joinToString(", ")})", throws = receiver.throws || arguments.any { it.throws },
        sealed = types.named(returns?.sealed), numeric = returns?.swift, auxiliary = returns?.let { types.auxiliaryName(it) })
}

/**
 * In an extension's body, a call or property of the Kotlin standard library on the implicit receiver (`sumOf { … }`,
 * `count { … }`, `size` in `fun List<Card>.total()`), or another extension of the files: as on the receiver written out.
 */
internal fun Expressions.onImplicitReceiver(selector: KtExpression): Code? {
    val receiver = scope.receiver?.takeIf { it.numeric != null && it.type == null } ?: return null
    val value = use(receiver)
    return extensionCall(value, selector) ?: standardLibrary(value, selector)
}
