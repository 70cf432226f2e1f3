package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtSuperTypeCallEntry
import org.jetbrains.kotlin.psi.KtThrowExpression

/**
 * `throw X(…)` and `error(…)` where the Swift closure can throw (a handler or an onTransition listener, whose errors
 * Tinder's Kotlin and our Swift DSL both give to the caller of `transition`, Spec/SPEC.md R15 and R39): a Swift `throw`. An
 * exception class of the files is a Swift `struct …: Error` of its constructor's parameters ([exceptionStructLines]);
 * any other (Kotlin's, Java's, a library's) is the port's [EXCEPTION], which keeps the class name and the message.
 * Where the closure cannot throw (an onEnter or onExit listener, or a lambda inside one), the port stops with the
 * message instead, and a warning says so.
 */
internal fun Body.throwLines(statement: KtThrowExpression): List<String> {
    val thrown = statement.thrownExpression as? KtCallExpression ?: throw NotPorted(statement, "the throw of a value")
    val name = thrown.calleeExpression?.text ?: throw NotPorted(statement, "the throw")
    if (scope.throwing) return listOf("throw " + thrownError(thrown, name))
    val message = thrown.valueArguments.firstOrNull()?.getArgumentExpression()?.let { expressions().expr(it) }
    val text = if (message != null && message.numeric == "String") message.text else if (message == null) "\"$name\"" else
        throw NotPorted(statement, "the throw of an exception without a message")
    porter.keptCall(statement, "`${Porter.short(statement)}` stops the Swift port with the exception's message " +
        "(preconditionFailure), where Kotlin throws an exception the code that sent the event could catch")
    return listOf("preconditionFailure(${text})")
}

/** `error("…")` as a statement of a closure that can throw: Kotlin's `IllegalStateException` with the message. */
internal fun Body.errorCallLines(statement: KtExpression): List<String>? {
    val call = statement as? KtCallExpression ?: return null
    if (!scope.throwing || call.calleeExpression?.text != "error" || scope.lookup("error") != null) return null
    if (porter.collaborators.declaredFunction("error") != null) return null
    val argument = call.valueArguments.singleOrNull()?.getArgumentExpression() ?: return null
    val message = expressions().expr(argument)
    porter.sealedTypes.thrownException()
    return listOf("throw ${SealedTypes.EXCEPTION}(\"IllegalStateException\", ${message.text})")
}

/** The Swift error of the Kotlin exception [call] constructs (`IllegalStateException("too hot")`). */
private fun Body.thrownError(call: KtCallExpression, name: String): String {
    if (call.lambdaArguments.isNotEmpty() || call.typeArguments.isNotEmpty()) throw NotPorted(call, "the throw")
    val declared = types.declarationNamed(name)
    if (declared != null) {
        val klass = declared as? KtClass ?: throw NotPorted(call, "the throw of an object")
        return porter.exceptionConstruction(klass, call, this)
    }
    if (scope.lookup(name) != null || !name.first().isUpperCase()) throw NotPorted(call, "the throw")
    val arguments = call.valueArguments
    if (arguments.size > 1 || arguments.any { it.getArgumentName() != null }) throw NotPorted(call, "the throw of an exception with a cause")
    val message = arguments.singleOrNull()?.getArgumentExpression()?.let { expressions().expr(it) }
    if (message != null && message.numeric != "String" && message.numeric != "String?") {
        throw NotPorted(call, "the throw of an exception without a message")
    }
    porter.sealedTypes.thrownException()
    return "${SealedTypes.EXCEPTION}(\"$name\"${message?.let { ", ${it.text}" } ?: ""})"
}

/**
 * `OverheatException(degrees)` of `class OverheatException(val degrees: Int) : Exception("too hot: $degrees")`: the
 * port's struct of that name, made with its constructor's arguments in order.
 */
private fun Porter.exceptionConstruction(klass: KtClass, call: KtCallExpression, body: Body): String {
    val name = klass.name!!
    val parameters = klass.primaryConstructorParameters
    if (superException(klass) == null || klass.typeParameters.isNotEmpty()) throw NotPorted(call, "the throw of a class that is not an exception")
    val arguments = call.valueArguments
    if (arguments.size != parameters.size || arguments.any { it.getArgumentName() != null }) throw NotPorted(call, "the throw")
    if (name !in sealedTypes.auxiliary) {
        sealedTypes.auxiliary[name] = AuxiliaryType(name, exceptionStructLines(klass, call))
    }
    val values = parameters.zip(arguments).map { (parameter, argument) ->
        "${swiftLabel(parameter.name!!)}: ${body.expressions().expr(argument.getArgumentExpression()!!).text}"
    }
    return "$name(${values.joinToString(", ")})"
}

/** The throwable class a class of the files extends by a constructor call (`Exception("…")`); null for none. */
private fun superException(klass: KtClass): KtSuperTypeCallEntry? = klass.superTypeListEntries.filterIsInstance<KtSuperTypeCallEntry>()
    .firstOrNull { SealedTypes.lastSegment(it.typeReference).let { name -> name in SealedTypes.THROWABLES } }

/**
 * An exception class of the files as a Swift error: its constructor's parameters, and Kotlin's `toString()` (the
 * class's name, then the message it passes on to the throwable it extends) as its description.
 *
 *     struct OverheatException: Error, CustomStringConvertible {
 *         let degrees: Int
 *         var description: String { "OverheatException: too hot: \(degrees)" }
 *     }
 */
private fun Porter.exceptionStructLines(klass: KtClass, at: KtCallExpression): List<String> {
    val name = klass.name!!
    val self = Scope(null, null, null, canThrow = false)
    val lines = mutableListOf("/// The Kotlin exception `$name` a handler throws, with what its constructor takes.",
        "struct $name: Error, CustomStringConvertible {" + mark(klass))
    for (parameter in klass.primaryConstructorParameters) {
        val type = parameter.typeReference?.let { sealedTypes.swiftType(it) } ?: throw NotPorted(parameter, "a parameter without a type in")
        val swift = swiftIdentifier(parameter.name!!)
        self.names[parameter.name!!] = Binding(swift, sealedTypes.named(type.sealed), null, numeric = type.swift,
            auxiliary = sealedTypes.auxiliaryName(type)).also { it.used = true }
        lines.add("    let $swift: ${type.swift}")
    }
    val message = superException(klass)!!.valueArguments.singleOrNull()?.getArgumentExpression()
    val text = message?.let { Expressions(this, self).expr(it) }
    if (text != null && text.numeric != "String") throw NotPorted(at, "the throw of an exception without a message")
    val literal = text?.text?.takeIf { it.matches(Regex("\"([^\"\\\\]|\\\\.)*\"")) }
    val description = when {
        text == null -> "\"$name\""
        literal != null -> "\"$name: " + literal.drop(1)
        else -> "\"$name: \\(${text.text})\""
    }
    lines.add("    var description: String { $description }")
    lines.add("}")
    return lines
}
