package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.lexer.KtTokens
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtNullableType
import org.jetbrains.kotlin.psi.KtObjectDeclaration
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.psi.KtUserType

/** A Kotlin sealed class or sealed interface, ported to a Swift enum of the same name. */
class SealedType(val name: String, val declaration: KtClassOrObject) {
    val cases = mutableListOf<Case>()

    fun case(kotlinName: String): Case? = cases.firstOrNull { it.kotlinName == kotlinName }

    val hasPayloads: Boolean get() = cases.any { it.fields.isNotEmpty() }

    val isIndirect: Boolean get() = cases.any { case -> case.fields.any { it.type.refersTo(name) } }

    /** The type of a field named [field], when the cases that have it agree (or the one [case] has). */
    fun fieldType(field: String, case: Case?): SwiftType? {
        case?.fields?.firstOrNull { it.name == field }?.let { return it.type }
        if (case != null) return null
        val types = cases.flatMap { it.fields }.filter { it.name == field }.map { it.type.swift }.distinct()
        return if (types.size == 1) cases.flatMap { it.fields }.first { it.name == field }.type else null
    }
}

/** One subclass: `object Solid : State()` or `data class Locked(val credit: Int) : State()`. */
class Case(val kotlinName: String, val fields: List<Field>) {
    /** The spec's naming rule: the Kotlin class name with its first letter lower-cased. */
    val swiftName: String = swiftIdentifier(kotlinName.substring(0, 1).lowercase() + kotlinName.substring(1))
}

class Field(val name: String, val type: SwiftType)

/** A Swift type written for a Kotlin field type; [sealed] names the file's sealed type it refers to. */
class SwiftType(val swift: String, val sealed: String?) {
    fun refersTo(typeName: String) = sealed == typeName
}

private val swiftKeywords = setOf(
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "protocol", "public", "static", "struct", "subscript",
    "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
    "rethrows", "super", "self", "Self", "throw", "throws", "true", "try"
)

fun swiftIdentifier(name: String): String = if (name in swiftKeywords) "`$name`" else name

/** The sealed hierarchies of a file, with their subclasses wherever they are declared in the file. */
class SealedTypes(private val source: SourceSet) {

    val all: List<SealedType>

    init {
        val classes = source.sources.flatMap { file ->
            PsiTreeUtil.collectElementsOfType(file.file, KtClassOrObject::class.java).sortedBy { it.textRange.startOffset }
        }
        val sealed = classes.filter { it is KtClass && it.hasModifier(KtTokens.SEALED_KEYWORD) }
            .map { SealedType(it.name ?: "", it) }
        val names = sealed.map { it.name }.toSet()
        for (declaration in classes) {
            for (entry in declaration.superTypeListEntries) {
                val parent = lastSegment(entry.typeReference) ?: continue
                val type = sealed.firstOrNull { it.name == parent } ?: continue
                type.cases.add(caseOf(declaration, names))
            }
        }
        all = sealed
    }

    fun named(name: String?): SealedType? = all.firstOrNull { it.name == name }

    private fun caseOf(declaration: KtClassOrObject, sealedNames: Set<String>): Case {
        val name = declaration.name ?: throw source.error(declaration, "a subclass without a name")
        if (declaration is KtObjectDeclaration) return Case(name, emptyList())
        val klass = declaration as KtClass
        if (klass.hasModifier(KtTokens.SEALED_KEYWORD)) {
            throw source.error(declaration, "nested sealed hierarchies are not supported: make $name a subclass with fields")
        }
        val fields = klass.primaryConstructorParameters.map { parameter ->
            if (!parameter.hasValOrVar()) {
                throw source.error(parameter, "constructor parameter ${parameter.name} is not a property; declare it with val")
            }
            val typeReference = parameter.typeReference
                ?: throw source.error(parameter, "constructor parameter ${parameter.name} has no type")
            Field(parameter.name ?: "_", swiftType(typeReference, sealedNames))
        }
        return Case(name, fields)
    }

    private fun swiftType(reference: KtTypeReference, sealedNames: Set<String>): SwiftType {
        val element = reference.typeElement
        val nullable = element is KtNullableType
        val user = (if (element is KtNullableType) element.innerType else element) as? KtUserType
        val name = user?.referencedName
        val base = when {
            user == null || user.typeArguments.isNotEmpty() -> null
            name == "Int" || name == "Short" || name == "Byte" -> SwiftType("Int", null)
            name == "Long" -> SwiftType("Int64", null)
            name == "Boolean" -> SwiftType("Bool", null)
            name == "String" -> SwiftType("String", null)
            name == "Double" -> SwiftType("Double", null)
            name in sealedNames -> SwiftType(name!!, name)
            else -> null
        } ?: throw source.error(
            reference,
            "field type ${reference.text} is not supported; use Int, Long, Boolean, String, Double or a sealed type of this file"
        )
        return if (nullable) SwiftType(base.swift + "?", base.sealed) else base
    }

    companion object {
        fun lastSegment(reference: KtTypeReference?): String? {
            val element = reference?.typeElement as? KtUserType ?: return null
            return element.referencedName
        }
    }
}
