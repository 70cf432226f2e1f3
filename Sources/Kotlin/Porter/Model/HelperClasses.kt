package com.statemachine.porter

import org.jetbrains.kotlin.lexer.KtTokens
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtParameter
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtPsiFactory

/**
 * The helper classes of the files that the machine's values are typed with (`class PinPad(val length: Int = 4)` with
 * its methods and mutable state, a `Roster` of players): each becomes a Swift `final class` (a `class` when it is
 * `open`) with its stored and computed properties, its initializer and its methods, translated where their bodies
 * translate (a method that does not is declared with a `fatalError` body and a warning at its Kotlin line).
 * A class is a helper when it is a plain class of the files: not an interface, an enum, a data or value class, an
 * object, abstract or sealed, and without a supertype (a subclass is a case of a hierarchy or an error type).
 */
class HelperClasses(private val types: SealedTypes) {
    /** The helper classes the port declares, by Swift name, in the order first used. */
    val declared = linkedMapOf<String, KtClass>()

    operator fun contains(name: String) = name in declared

    /** The stored property or constructor property [name] of a helper, or a computed one: its Kotlin declaration. */
    fun member(typeName: String, name: String): Any? {
        val klass = declared[typeName] ?: return null
        klass.primaryConstructorParameters.firstOrNull { it.hasValOrVar() && it.name == name }?.let { return it }
        return klass.declarations.filterIsInstance<KtProperty>().firstOrNull { it.name == name }
    }

    /** The Swift type of the property [name] of the helper [typeName]: written, or told from its initial value. */
    fun propertyType(typeName: String, name: String): SwiftType? = when (val member = member(typeName, name)) {
        is KtParameter -> member.typeReference?.let { types.swiftType(it) }
        is KtProperty -> propertyType(member)
        else -> null
    }

    /** A property's Swift type: written (`var failures: Int`), or told from a literal or a collection factory. */
    fun propertyType(property: KtProperty): SwiftType? {
        property.typeReference?.let { return types.swiftType(it) }
        val initializer = property.initializer ?: return null
        literalType(initializer.text.trim())?.let { return SwiftType(it, null) }
        val call = initializer as? KtCallExpression ?: return null
        val callee = call.calleeExpression?.text ?: return null
        val arguments = call.typeArguments.mapNotNull { it.typeReference?.text }
        val kotlinType = when {
            callee in LIST_FACTORIES && arguments.size == 1 && call.valueArguments.isEmpty() -> "MutableList<${arguments[0]}>"
            callee in SET_FACTORIES && arguments.size == 1 && call.valueArguments.isEmpty() -> "MutableSet<${arguments[0]}>"
            callee in MAP_FACTORIES && arguments.size == 2 && call.valueArguments.isEmpty() -> "MutableMap<${arguments[0]}, ${arguments[1]}>"
            callee == "StringBuilder" && call.valueArguments.isEmpty() && types.declarationNamed(callee) == null -> return SwiftType("String", null)
            // Another helper of the files, made here: `private val budget = RetryBudget(3)`.
            isHelper(types.declarationNamed(callee)) -> callee
            else -> return null
        }
        return types.swiftType(KtPsiFactory(property.project).createType(kotlinType))
    }

    companion object {
        val LIST_FACTORIES = setOf("mutableListOf", "arrayListOf", "listOf")
        val SET_FACTORIES = setOf("mutableSetOf", "hashSetOf", "linkedSetOf", "setOf")
        val MAP_FACTORIES = setOf("mutableMapOf", "hashMapOf", "linkedMapOf", "mapOf")

        /** Whether [declaration] is a helper class (see [HelperClasses]). */
        fun isHelper(declaration: KtClassOrObject?): Boolean {
            if (declaration !is KtClass) return false
            if (declaration.isInterface() || declaration.isEnum() || declaration.isData() || declaration.isAnnotation()) return false
            if (listOf(KtTokens.ABSTRACT_KEYWORD, KtTokens.SEALED_KEYWORD, KtTokens.VALUE_KEYWORD, KtTokens.INLINE_KEYWORD, KtTokens.INNER_KEYWORD)
                    .any { declaration.hasModifier(it) }) return false
            if (declaration.superTypeListEntries.isNotEmpty() || declaration.typeParameters.isNotEmpty()) return false
            // A class with behaviour: a method, or state of its own besides its constructor's.
            return declaration.declarations.any { it is org.jetbrains.kotlin.psi.KtNamedFunction || it is KtProperty }
        }
    }
}
