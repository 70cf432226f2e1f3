package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.lexer.KtTokens
import org.jetbrains.kotlin.psi.KtAnonymousInitializer
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtModifierListOwner
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtProperty

/**
 * A helper class of the files (`class PinPad(val length: Int = 4) { … }`, see [HelperClasses]) as a Swift class:
 *
 *     final class PinPad {
 *         let length: Int
 *         private(set) var failures = 0
 *         var complete: Bool { digits.count >= length }
 *         init(length: Int = 4) { self.length = length }
 *         func press(_ digit: Int) { … }
 *     }
 *
 * Constructor properties and properties with a value are stored (`private set` is `private(set)`, `lateinit var` an
 * implicitly unwrapped optional, `protected` is internal: Swift has no protected); a property with a getter is
 * computed; `init { }` blocks run in the initializer in the order Kotlin runs them. A method whose body does not
 * translate is declared with a `fatalError` body, and the porter warns at the Kotlin line that stops it.
 */
internal fun Porter.helperClassLines(name: String): List<String> {
    val klass = types.helpers.declared.getValue(name)
    val self = Binding("self", null, null, auxiliary = name)
    val lines = mutableListOf<String>()
    klass.docComment?.let { lines.addAll(docLines(it.text)) }
    val final = if (klass.hasModifier(KtTokens.OPEN_KEYWORD)) "" else "final "
    lines.add("${final}class $name {" + mark(klass))

    // The constructor's parameters, which the initializer and the properties' values read.
    val parameters = klass.primaryConstructorParameters
    val parameterNames = parameters.mapNotNull { it.name }.toSet()
    val initializer = mutableListOf<String>()
    val signature = mutableListOf<String>()
    for (parameter in parameters) {
        val parameterName = parameter.name ?: continue
        val type = parameter.typeReference?.let { types.swiftType(it) }?.swift ?: "<#type#>"
        val default = parameter.defaultValue?.let { value -> inHelper(name) { expr(value, Scope(null, null, null, canThrow = false)).text } }
        signature.add("${swiftLabel(parameterName)}: $type${default?.let { " = $it" } ?: ""}")
        if (parameter.hasValOrVar()) {
            lines.add("    ${visibility(parameter)}${if (parameter.isMutable) "var" else "let"} ${swiftIdentifier(parameterName)}: $type" + mark(parameter))
            initializer.add("self.${swiftIdentifier(parameterName)} = ${swiftIdentifier(parameterName)}")
        }
    }

    val computed = mutableListOf<String>()
    for (declaration in klass.declarations) {
        when (declaration) {
            is KtProperty -> {
                val propertyName = declaration.name ?: continue
                val type = types.helpers.propertyType(declaration)
                val getter = declaration.getter?.bodyExpression
                if (getter != null) {
                    computed.add("")
                    computed.addAll(computedProperty(name, declaration, type, getter, self))
                    continue
                }
                val value = declaration.initializer
                val swiftName = swiftIdentifier(propertyName)
                // A Kotlin `val` of a mutable collection changes its contents: a Swift array, set or dictionary is a value, so `var`.
                val mutable = declaration.isVar || type?.swift?.let { it.startsWith("[") || it.startsWith("Set<") } == true ||
                    (value as? org.jetbrains.kotlin.psi.KtCallExpression)?.calleeExpression?.text == "StringBuilder"
                val head = "    ${visibility(declaration)}${if (mutable) "var" else "let"} $swiftName"
                if (type == null) {
                    warn(declaration, "the type of the property `${short(declaration)}` is not known; write its type in Kotlin")
                    lines.add("$head: <#type#>" + mark(declaration))
                    continue
                }
                if (declaration.hasModifier(KtTokens.LATEINIT_KEYWORD) || value == null) {
                    lines.add("$head: ${type.swift}!" + mark(declaration))
                    continue
                }
                val code = inHelper(name) { tryExpr(value, Scope(null, self, null, canThrow = false).also { bindParameters(it, klass) }) }
                val text = code?.text ?: placeholder(name, propertyName, value)
                // A value that reads the constructor's parameters is set by the initializer; any other, where it is declared.
                val readsParameters = PsiTreeUtil.collectElementsOfType(value, KtNameReferenceExpression::class.java)
                    .any { it.getReferencedName() in parameterNames }
                if (readsParameters) {
                    lines.add("$head: ${type.swift}" + mark(declaration))
                    initializer.add("self.$swiftName = $text")
                } else {
                    val written = declaration.typeReference != null || literalType(value.text.trim()) !in setOf("Int", "Bool", "String", "Double")
                    lines.add("$head${if (written) ": ${type.swift}" else ""} = $text" + mark(declaration))
                }
            }
            is KtAnonymousInitializer -> {
                val body = declaration.body
                val statements = (body as? KtBlockExpression)?.statements ?: listOfNotNull(body)
                val translated = inHelper(name) {
                    try {
                        block(statements, Scope(null, self, null, canThrow = false).also { bindParameters(it, klass) }, returns = false)
                    } catch (failure: NotPorted) {
                        warn(failure.element, "${describe(failure)} is not ported; the initializer of $name stops there with a fatalError")
                        listOf("fatalError(\"port: the init block of $name is not ported\")")
                    }
                }
                initializer.addAll(translated)
            }
            else -> {}
        }
    }
    lines.add("")
    lines.add("    init(${signature.joinToString(", ")}) {")
    initializer.forEach { lines.add("        $it") }
    lines.add("    }")
    lines.addAll(computed)

    for (function in klass.declarations.filterIsInstance<KtNamedFunction>()) {
        val functionName = function.name ?: continue
        lines.add("")
        val ported = functions.function(null, name, functionName)
        if (ported != null && ported.lines.isNotEmpty()) {
            ported.lines.forEach { lines.add(if (it.isEmpty()) "" else "    $it") }
        } else {
            stubLines(name, function)?.forEach { lines.add("    $it") }
        }
    }
    klass.secondaryConstructors.forEach { warn(it, "a secondary constructor of a class is not ported; declare a Swift convenience init") }
    klass.companionObjects.forEach { warn(it, "the companion object of a helper class is not ported; declare its members as static ones") }
    lines.add("}")
    return lines
}

/** A computed property: `var complete: Bool { digits.count >= length }`, or a fatalError placeholder where its getter does not translate. */
private fun Porter.computedProperty(owner: String, property: KtProperty, type: SwiftType?, getter: org.jetbrains.kotlin.psi.KtExpression,
                                    self: Binding): List<String> {
    val propertyName = swiftIdentifier(property.name ?: "_")
    val swiftType = type ?: getter.let { null }
    val body = inHelper(owner) {
        if (getter is KtBlockExpression) {
            try {
                block(getter.statements, Scope(null, self, null, canThrow = false, function = swiftType), returns = true)
            } catch (failure: NotPorted) {
                warn(failure.element, "${describe(failure)} is not ported; the property $owner.${property.name} is a fatalError placeholder")
                null
            }
        } else {
            tryExpr(getter, Scope(null, self, null, canThrow = false))?.let { listOf("return ${it.text}") }
        }
    } ?: listOf("fatalError(\"port: $owner.${property.name} is not ported\")")
    val typeText = swiftType?.swift ?: run {
        warn(property, "the type of the property `${short(property)}` is not known; write its type in Kotlin")
        "<#type#>"
    }
    return functionLines("${visibility(property)}var $propertyName: $typeText", body).map { "    $it" }
}

/** A method that does not translate: its signature, with a fatalError body. Null where its types are not written. */
private fun Porter.stubLines(owner: String, function: KtNamedFunction): List<String>? {
    if (function.valueParameters.any { it.typeReference == null } || function.typeParameters.isNotEmpty()) return null
    val returns = function.typeReference?.let { types.swiftType(it).swift }
        ?: if (function.hasBlockBody()) "Void" else return null
    val parameters = function.valueParameters.joinToString(", ") { "_ ${swiftIdentifier(it.name ?: "_")}: ${types.swiftType(it.typeReference!!).swift}" }
    val result = if (returns == "Void" || returns == "Unit") "" else " -> $returns"
    return listOf("${visibility(function)}func ${swiftIdentifier(function.name ?: "_")}($parameters)$result {" + mark(function),
        "    fatalError(\"port: $owner.${function.name} is not ported\")", "}")
}

/** The constructor's parameters, readable by the properties' values and `init { }` blocks. */
private fun Porter.bindParameters(scope: Scope, klass: org.jetbrains.kotlin.psi.KtClass) {
    for (parameter in klass.primaryConstructorParameters) {
        val type = parameter.typeReference?.let { types.swiftType(it) } ?: continue
        scope.names[parameter.name ?: continue] = Binding(swiftIdentifier(parameter.name!!), types.named(type.sealed), null,
            numeric = type.swift, auxiliary = types.auxiliaryName(type)).also { it.used = true }
    }
}

private fun Porter.tryExpr(expression: org.jetbrains.kotlin.psi.KtExpression, scope: Scope): Code? = try {
    expr(expression, scope)
} catch (failure: NotPorted) {
    warn(failure.element, "${describe(failure)} is not ported; the Swift value is a fatalError placeholder")
    null
}

private fun placeholder(owner: String, property: String, at: org.jetbrains.kotlin.psi.KtExpression): String =
    "fatalError(\"port: the value of $owner.$property is not ported\")"

/** [body] with the class that builds the machine out of reach: a helper's members read only the helper's. */
private fun <T> Porter.inHelper(owner: String, body: () -> T): T {
    val enabled = collaborators.enabled
    val keeps = keepsUnknownCalls
    collaborators.enabled = false
    keepsUnknownCalls = false
    try {
        return body()
    } finally {
        collaborators.enabled = enabled
        keepsUnknownCalls = keeps
    }
}

/**
 * The Swift access level of a Kotlin member: `private` stays; `private set` is `private(set)`; `protected`, `internal`
 * and public are Swift's default (internal), the nearest Swift has to protected.
 */
internal fun visibility(declaration: KtModifierListOwner): String {
    if (declaration.hasModifier(KtTokens.PRIVATE_KEYWORD)) return "private "
    val setter = (declaration as? KtProperty)?.setter
    if (setter != null && setter.hasModifier(KtTokens.PRIVATE_KEYWORD) && setter.bodyExpression == null) return "private(set) "
    return ""
}
