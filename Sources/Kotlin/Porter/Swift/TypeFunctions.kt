package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtCallableDeclaration
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtWhenExpression

/** A function of a ported type that the port declares in Swift, as the machine calls it. */
class TypeFunction(
    /** The Swift type that declares it: an enum of the port, a struct or an enum class. */
    val owner: String,
    val name: String,
    /** The Kotlin parameter names, in order. */
    val parameters: List<String>,
    /** The parameters' Kotlin default values, null where one has none. */
    val defaults: List<KtExpression?>,
    /** What it returns; [TypeFunctions.VOID] for nothing. */
    var returns: SwiftType,
    /** A computed property (a Kotlin property with a getter), not a function. */
    val isProperty: Boolean = false,
) {
    /** Its Swift declaration, indented for the inside of its type. */
    var lines: List<String> = emptyList()

    /** Where the Kotlin declares it, for the port to declare its functions in the same order. */
    var place: Pair<String, Int> = "" to 0
}

/**
 * The functions of the ported types that the machine calls (`edit.applyTo(text)`, `state.startElection()`): a
 * function a sealed class declares and its subclasses override becomes a function of the Swift enum that switches
 * over `self`, each case with its subclass's body; one of a data class or an enum class, a function of its Swift type.
 * A function is ported when its machine first calls it, and only if every part of it translates; otherwise the port
 * warns where it stops, and the call stays by name for the user to declare.
 */
class TypeFunctions(private val porter: Porter) {
    private val types get() = porter.sealedTypes
    private val ported = linkedMapOf<Pair<String, String>, TypeFunction?>()

    /** How many functions have been looked at: the port writes its types again until this stops changing. */
    val count: Int get() = ported.size

    /** The Swift declarations of the functions ported onto [owner], in the order of the Kotlin's. */
    fun lines(owner: String): List<String> = ported.values.filterNotNull().filter { it.owner == owner && it.lines.isNotEmpty() }
        .sortedWith(compareBy({ it.place.first }, { it.place.second })).flatMap { listOf("") + it.lines }

    /** The function [name] of a value of [sealed], or of the struct or enum class [auxiliary]; null when it is not ported. */
    fun function(sealed: SealedType?, auxiliary: String?, name: String): TypeFunction? {
        if (sealed != null) return sealedFunction(sealed, name)
        val declaration = auxiliary?.let { types.declarationNamed(it) } ?: return null
        return auxiliaryFunction(auxiliary, declaration, name)
    }

    /** Whether the files declare a function [name] of [type]: a member of it, of a group or a case, or an extension. */
    fun declares(type: SealedType, name: String): Boolean {
        val declarations = listOfNotNull(type.declaration as? KtClassOrObject) + type.groupDeclarations.values + type.cases.mapNotNull { it.declaration }
        return declarations.any { it.functionsNamed(name).isNotEmpty() } ||
            types.extensionFunctions(name, setOf(type.declaredName) + type.groupDeclarations.keys + type.cases.map { it.kotlinName }).isNotEmpty()
    }

    private fun KtClassOrObject.functionsNamed(name: String): List<KtNamedFunction> =
        declarations.filterIsInstance<KtNamedFunction>().filter { it.name == name }

    private fun sealedFunction(type: SealedType, name: String): TypeFunction? {
        val key = type.name to name
        if (key in ported) return ported[key]
        val root = type.declaration as? KtClassOrObject
        val declarations = listOfNotNull(root) + type.groupDeclarations.values + type.cases.mapNotNull { it.declaration }
        val all = declarations.flatMap { it.functionsNamed(name) }
        if (declarations.any { it.functionsNamed(name).size > 1 }) return null
        // Without a member of that name, an extension function of the type, of one of its groups or of one case.
        val extension = if (all.isEmpty()) {
            types.extensionFunctions(name, setOf(type.declaredName) + type.groupDeclarations.keys + type.cases.map { it.kotlinName }).singleOrNull() ?: return null
        } else {
            null
        }
        // The declaration that says what the function takes and returns: the base class's, a group's, or a case's.
        val signature = all.firstOrNull() ?: extension!!
        // A function a group with an enum of its own declares is that enum's (`edit.invert(text)` on an `EditorEvent.TextEdit`).
        val declaredBy = if (extension != null) extension.let { SealedTypes.lastSegment(it.receiverTypeReference) }
            else (signature.parent?.parent as? KtClassOrObject)?.name
        if (declaredBy in type.groupTypes) {
            ported[key] = null
            return null
        }
        val function = declare(type.name, signature) ?: return null
        ported[key] = function
        val extended = extension?.let { SealedTypes.lastSegment(it.receiverTypeReference) }
        /** The body a case runs: its own override, its innermost group's, or the base class's; or the extension's. */
        fun implementation(case: Case): KtNamedFunction? = if (extension != null) {
            extension.takeIf { extended == type.declaredName || case.kotlinName == extended || case in type.groups[extended].orEmpty() }
        } else {
            case.declaration?.functionsNamed(name)?.firstOrNull()?.takeIf { it.hasBody() }
                ?: type.groupsOf(case).firstNotNullOfOrNull { group -> type.groupDeclarations[group]?.functionsNamed(name)?.firstOrNull()?.takeIf { it.hasBody() } }
                ?: root?.functionsNamed(name)?.firstOrNull()?.takeIf { it.hasBody() }
        }
        val implementations = type.cases.associateWith { implementation(it) }
        return translate(function, signature) { parameters ->
            val distinct = implementations.values.distinct()
            if (distinct.size == 1 && distinct[0] != null) {
                return@translate body(distinct[0]!!, Binding("self", type, null), parameters, function)
            }
            val lines = mutableListOf("switch self {")
            val done = mutableSetOf<Case>()
            for (case in type.cases) {
                if (case in done) continue
                val body = implementations[case] ?: continue
                // Cases that share a body they inherit make one branch; a case with a body of its own, one branch.
                val sharing = type.cases.filter { it !in done && implementations[it] == body }
                done.addAll(sharing)
                val known = sharing.singleOrNull()
                val self = Binding("self", type, known)
                val reserved = parameters.map { it.swift }.toSet()
                if (known != null) {
                    self.pattern = known.fields.associate { field ->
                        val local = swiftIdentifier(field.name)
                        field.name to if (local in reserved || local.startsWith("`")) known.swiftName + field.name.replaceFirstChar { it.uppercase() } else local
                    }
                }
                val branch = body(body, self, parameters, function)
                val pattern = when {
                    known == null -> sharing.joinToString(", ") { ".${it.swiftName}" }
                    self.patternUsed.isEmpty() -> ".${known.swiftName}"
                    else -> "let .${known.swiftName}(${known.fields.joinToString(", ") { if (it.name in self.patternUsed) self.pattern!!.getValue(it.name) else "_" }})"
                }
                lines.add("case $pattern:")
                branch.forEach { lines.add(if (it.isEmpty()) "" else "    $it") }
            }
            if (done.size < type.cases.size) {
                // Kotlin calls it only on the cases that declare it; the others cannot get here.
                val owner = extended ?: (signature.parent?.parent as? KtClassOrObject)?.name ?: type.name
                lines.add("default:")
                lines.add("    preconditionFailure(\"$name is a function of $owner, and \\(self) is not one\")")
            }
            lines.add("}")
            lines
        }
    }

    /**
     * A property with a getter that a data class or enum class declares in its body (`val value: Int get() = when (rank)
     * { … }`): a computed property of its Swift type, ported when the machine first reads it; null when there is none or
     * it is not ported.
     */
    fun computedProperty(owner: String, name: String): TypeFunction? {
        val key = owner to "var $name"
        if (key in ported) return ported[key]
        val declaration = types.declarationNamed(owner) ?: return null
        val property = declaration.declarations.filterIsInstance<KtProperty>()
            .singleOrNull { it.name == name && it.receiverTypeReference == null && it.getter?.bodyExpression != null } ?: return null
        val getter = property.getter!!.bodyExpression!!
        val returns = property.typeReference?.let { types.swiftType(it) } ?: UNKNOWN
        val function = TypeFunction(owner, name, emptyList(), emptyList(), returns, isProperty = true).also {
            it.place = property.containingKtFile.name to property.textRange.startOffset
        }
        ported[key] = function
        return translate(function, property) { body(getter, property, Binding("self", null, null, auxiliary = owner), emptyList(), function) }
    }

    private fun auxiliaryFunction(owner: String, declaration: KtClassOrObject, name: String): TypeFunction? {
        val key = owner to name
        if (key in ported) return ported[key]
        val members = declaration.functionsNamed(name)
        val function = (if (members.isEmpty()) types.extensionFunctions(name, setOf(owner)).singleOrNull() else members.singleOrNull())
            ?.takeIf { it.hasBody() } ?: return null
        val ported = declare(owner, function) ?: return null
        this.ported[key] = ported
        return translate(ported, function) { parameters -> body(function, Binding("self", null, null, auxiliary = owner), parameters, ported) }
    }

    /** The function's Swift signature, or null for what the port does not declare (generics, varargs). */
    private fun declare(owner: String, function: KtNamedFunction): TypeFunction? {
        if (function.typeParameters.isNotEmpty() || function.valueParameters.any { it.isVarArg || it.typeReference == null }) return null
        val returns = function.typeReference?.let { types.swiftType(it) }
            ?: if (function.hasBlockBody() || !function.hasBody()) VOID else UNKNOWN
        if (returns.swift == "Unit") return null
        return TypeFunction(owner, function.name ?: return null, function.valueParameters.map { it.name ?: "_" },
            function.valueParameters.map { it.defaultValue }, returns).also {
            it.place = function.containingKtFile.name to function.textRange.startOffset
        }
    }

    /**
     * Translates [function]'s body with [lines] (given the parameters' bindings) and declares it; on a part the porter
     * cannot translate, warns there and leaves the function out (its calls stay by name).
     */
    private fun translate(function: TypeFunction, declaration: KtCallableDeclaration, lines: (List<Binding>) -> List<String>): TypeFunction? {
        val parameters = declaration.valueParameters.map { parameter ->
            val type = types.swiftType(parameter.typeReference!!)
            // A valid transition (`fun execute(transition: StateMachine.Transition.Valid<…>)`): read as a listener reads one.
            val kind = if (type.swift == SealedTypes.VALID_TRANSITION) Kind.VALID_TRANSITION else Kind.VALUE
            Binding(swiftIdentifier(parameter.name ?: "_"), types.named(type.sealed), null, kind = kind, numeric = type.swift,
                auxiliary = types.auxiliaryName(type)).also { it.used = true }
        }
        val enabled = porter.collaborators.enabled
        val keeps = porter.keepsUnknownCalls
        val mark = porter.pendingMark()
        // A function of a type has no access to the class that builds the machine: its properties are not in scope.
        porter.collaborators.enabled = false
        porter.keepsUnknownCalls = true
        try {
            val body = lines(parameters)
            val signature = declaration.valueParameters.zip(parameters).joinToString(", ") { (_, binding) -> "_ ${binding.swift}: ${binding.numeric}" }
            val returns = if (function.returns == VOID) "" else " -> ${function.returns.swift}"
            val doc = declaration.docComment?.text?.let { docLines(it) }.orEmpty()
            // A helper class's private method stays private.
            val access = if (function.owner in types.helpers) visibility(declaration) else ""
            val head = if (function.isProperty) "${access}var ${swiftIdentifier(function.name)}: ${function.returns.swift}"
                else "${access}func ${swiftIdentifier(function.name)}($signature)$returns"
            function.lines = doc + functionLines(head, body)
            porter.commitPending(mark)
            return function
        } catch (failure: NotPorted) {
            porter.dropPending(mark)
            val outcome = if (function.owner in types.helpers) "the Swift declares it with a fatalError body"
                else "the Swift calls it by name, for you to declare"
            porter.warn(failure.element, "${porter.describe(failure)} is not ported, so neither is the ${if (function.isProperty) "property" else "function"} " +
                "${function.owner}.${function.name}: $outcome")
            ported[function.owner to (if (function.isProperty) "var " else "") + function.name] = null
            return null
        } finally {
            porter.collaborators.enabled = enabled
            porter.keepsUnknownCalls = keeps
        }
    }

    /** The Swift lines of [function]'s body, with `self` bound to [self]; the first one without a written type gives [target]'s. */
    private fun body(function: KtNamedFunction, self: Binding, parameters: List<Binding>, target: TypeFunction): List<String> =
        body(function.bodyExpression ?: throw NotPorted(function, "a function without a body:"), function, self, parameters, target)

    private fun body(expression: KtExpression, function: KtCallableDeclaration, self: Binding, parameters: List<Binding>,
                     target: TypeFunction): List<String> {
        val returns = target.returns
        if (returns == UNKNOWN && (expression is KtIfExpression || expression is KtWhenExpression)) {
            throw NotPorted(function, "a function whose result type is not written:")
        }
        val scope = Scope(null, self, null, canThrow = false, function = returns)
        declaredParameters(function, parameters).forEach { (name, binding) -> scope.names[name] = binding }
        if (expression is KtBlockExpression) return porter.block(expression.statements, scope, returns = false)
        if (returns == UNKNOWN) {
            val code = porter.expr(expression, scope)
            val swift = code.numeric ?: code.sealed?.name ?: code.auxiliary ?: throw NotPorted(function, "a function whose result type is not written:")
            target.returns = SwiftType(swift, code.sealed?.name)
            return listOf("return " + code.tried(scope))
        }
        return porter.block(listOf(expression), scope, returns = returns != VOID)
    }

    private fun declaredParameters(function: KtCallableDeclaration, parameters: List<Binding>) =
        function.valueParameters.map { it.name ?: "_" }.zip(parameters)

    companion object {
        val VOID = SwiftType("Void", null)
        /** A function with an expression body and no declared type: known once the expression is translated. */
        val UNKNOWN = SwiftType("_", null)
    }
}

/** A KDoc comment as Swift documentation lines. */
internal fun docLines(text: String): List<String> = text.removePrefix("/**").removeSuffix("*/").lines()
    .map { it.trim().removePrefix("*").trim() }.dropWhile { it.isEmpty() }.dropLastWhile { it.isEmpty() }
    .map { if (it.isEmpty()) "///" else "/// $it" }

/**
 * A Swift function of [head] (`func isEmpty() -> Bool`) with [body]; one expression is its value, as Swift writes
 * it: `func isEmpty() -> Bool { litres == 0 }` on three lines, without `return`.
 */
internal fun functionLines(head: String, body: List<String>): List<String> {
    val single = body.singleOrNull()?.takeIf { it.startsWith("return ") }?.removePrefix("return ")
    if (single != null) return listOf("$head {", "    $single", "}")
    return listOf("$head {") + body.map { if (it.isEmpty()) "" else "    $it" } + "}"
}
