package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtCallableDeclaration
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtWhenExpression

/**
 * The top-level extension functions and properties of the files whose receiver is not one of the machine's types
 * (`fun List<Card>.total(): Int`, `val List<Card>.isBust get() = …`, on `String`, `Int`, a map), which the machine
 * calls: static functions of the port's enum that take the receiver first (`total(hand)`, `isBust(hand)`), `this` and
 * the implicit receiver being that parameter. (A Swift `extension Array where Element == Card` would sit outside the
 * enum, where the port's nested types and helpers are out of reach, and two ports in one module would clash on
 * `extension String`.) Extensions of the machine's own types are functions of those types ([TypeFunctions]).
 *
 * A function is ported when the machine first calls it. A body that does not translate is a warning where it stops and
 * a function with a fatalError body; a generic one (`fun <T> List<T>.second()`) is refused with a warning, its call kept
 * by name.
 */
class ExtensionFunctions(private val porter: Porter) {

    /** A ported extension: its Swift name, parameters (the receiver's not included) and result, and its declaration. */
    class Ported(val name: String, val parameters: List<String>, val defaults: List<KtExpression?>, var returns: SwiftType) {
        var lines: List<String> = emptyList()
    }

    private val types get() = porter.sealedTypes
    private val ported = linkedMapOf<KtCallableDeclaration, Ported?>()

    /** The Swift declarations, in the order the machine first called them. */
    fun lines(): List<List<String>> = ported.values.filterNotNull().map { it.lines }.filter { it.isNotEmpty() }

    /** The port of [declaration], a top-level extension of the files; null when it is not ported (a warning says why). */
    fun function(declaration: KtCallableDeclaration): Ported? {
        if (declaration in ported) return ported[declaration]
        ported[declaration] = null
        val signature = signature(declaration) ?: return null
        ported[declaration] = signature
        signature.lines = translate(declaration, signature) ?: run {
            if (signature.returns == TypeFunctions.UNKNOWN) {
                ported[declaration] = null
                return null
            }
            stubLines(declaration, signature)
        }
        return signature
    }

    /** The Kotlin extension as a user reads it: `List<Card>.total`. */
    private fun kotlinName(declaration: KtCallableDeclaration) = "${declaration.receiverTypeReference?.text}.${declaration.name}"

    private fun signature(declaration: KtCallableDeclaration): Ported? {
        val name = declaration.name ?: return null
        if (declaration.typeParameters.isNotEmpty()) {
            porter.warn(declaration, "the generic extension `${kotlinName(declaration)}` is not ported (the port declares no generic " +
                "functions); its calls stay by name, for you to declare in Swift")
            return null
        }
        val function = declaration as? KtNamedFunction
        if (function != null && function.valueParameters.any { it.isVarArg || it.typeReference == null }) {
            porter.warn(declaration, "the extension `${kotlinName(declaration)}` takes a vararg: it is not ported; its calls stay by name")
            return null
        }
        val body = body(declaration)
        val returns = declaration.typeReference?.let { types.swiftType(it) }
            ?: if (function != null && (function.hasBlockBody() || body == null)) TypeFunctions.VOID else TypeFunctions.UNKNOWN
        if (returns.swift == "Unit") return null
        return Ported(swiftIdentifier(name), function?.valueParameters.orEmpty().map { it.name ?: "_" },
            function?.valueParameters.orEmpty().map { it.defaultValue }, returns)
    }

    /** A function's body, or a property's getter's. */
    private fun body(declaration: KtCallableDeclaration): KtExpression? = when (declaration) {
        is KtNamedFunction -> declaration.bodyExpression
        is KtProperty -> declaration.getter?.bodyExpression
        else -> null
    }

    private fun receiverBinding(declaration: KtCallableDeclaration): Binding {
        val type = types.swiftType(declaration.receiverTypeReference!!)
        return Binding("receiver", types.named(type.sealed), null, numeric = type.swift, auxiliary = types.auxiliaryName(type))
            .also { it.used = true }
    }

    private fun parameterBindings(declaration: KtCallableDeclaration): List<Pair<String, Binding>> =
        (declaration as? KtNamedFunction)?.valueParameters.orEmpty().map { parameter ->
            val type = types.swiftType(parameter.typeReference!!)
            (parameter.name ?: "_") to Binding(swiftIdentifier(parameter.name ?: "_"), types.named(type.sealed), null, numeric = type.swift,
                auxiliary = types.auxiliaryName(type)).also { it.used = true }
        }

    private fun head(declaration: KtCallableDeclaration, ported: Ported): String {
        val receiver = receiverBinding(declaration)
        val parameters = listOf("_ receiver: ${receiver.numeric}") + parameterBindings(declaration).map { (_, binding) -> "_ ${binding.swift}: ${binding.numeric}" }
        val returns = if (ported.returns == TypeFunctions.VOID) "" else " -> ${ported.returns.swift}"
        return "static func ${ported.name}(${parameters.joinToString(", ")})$returns"
    }

    private fun doc(declaration: KtCallableDeclaration): List<String> = declaration.docComment?.text?.let { docLines(it) }
        ?: listOf("/// Kotlin's extension `${kotlinName(declaration)}` of ${declaration.containingKtFile.name}, ported.")

    /** The declaration with its body translated; null (with a warning where it stops) when the body does not translate. */
    private fun translate(declaration: KtCallableDeclaration, ported: Ported): List<String>? {
        val expression = body(declaration) ?: run {
            porter.warn(declaration, "the extension `${kotlinName(declaration)}` has no body to port; the Swift declares it with a fatalError body")
            return null
        }
        val enabled = porter.collaborators.enabled
        val keeps = porter.keepsUnknownCalls
        val mark = porter.pendingMark()
        val restore = porter.snapshot()
        // A top-level function has no access to the class that builds the machine.
        porter.collaborators.enabled = false
        porter.keepsUnknownCalls = false
        try {
            val scope = Scope(null, receiverBinding(declaration), null, canThrow = false, function = ported.returns)
            parameterBindings(declaration).forEach { (name, binding) -> scope.names[name] = binding }
            val lines = when {
                expression is KtBlockExpression -> porter.block(expression.statements, scope, returns = false)
                ported.returns == TypeFunctions.UNKNOWN -> {
                    if (expression is KtIfExpression || expression is KtWhenExpression) {
                        throw NotPorted(declaration, "an extension whose result type is not written:")
                    }
                    val code = porter.expr(expression, scope)
                    val swift = code.numeric ?: code.sealed?.name ?: code.auxiliary
                        ?: throw NotPorted(declaration, "an extension whose result type is not written:")
                    ported.returns = SwiftType(swift, code.sealed?.name)
                    listOf("return " + code.tried(scope))
                }
                else -> porter.block(listOf(expression), scope, returns = ported.returns != TypeFunctions.VOID)
            }
            porter.commitPending(mark)
            return doc(declaration) + functionLines(head(declaration, ported), lines)
        } catch (failure: NotPorted) {
            restore()
            porter.warn(failure.element, "${porter.describe(failure)} is not ported, so neither is the extension " +
                "`${kotlinName(declaration)}`: the Swift declares it with a fatalError body")
            return null
        } finally {
            porter.collaborators.enabled = enabled
            porter.keepsUnknownCalls = keeps
        }
    }

    private fun stubLines(declaration: KtCallableDeclaration, ported: Ported): List<String> =
        doc(declaration) + listOf("${head(declaration, ported)} {" + porter.mark(declaration),
            "    fatalError(\"port: the extension ${kotlinName(declaration)} is not ported\")", "}")
}
