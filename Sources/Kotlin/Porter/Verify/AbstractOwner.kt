package com.statemachine.porter

import org.jetbrains.kotlin.lexer.KtTokens
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtProperty

/**
 * An owner class that is `abstract` (`abstract class DoseCounterComponent(val provider: Any)` with `abstract fun
 * sync()`): the runner cannot make one, so the Kotlin copy gains a subclass of it, which the runner makes instead
 * (Spec/VERIFY.md, V3). Its constructor takes the owner's parameters and passes them on; each abstract member the owner
 * declares does nothing (a function without a result) or cannot answer (the sequence stops where it is read, on both
 * sides, as where any stub cannot answer).
 *
 * Only an owner of a file's top level without type parameters gets one; another stays as it is (the runner then says
 * it cannot make it).
 */
internal class AbstractOwner private constructor(private val owner: KtClass) {

    /** The subclass's name, beside the owner's in its package. */
    val name: String = owner.name + "Verified"

    /** The JVM name of the subclass. */
    val binaryName: String get() =
        listOfNotNull((owner.containingFile as KtFile).packageFqName.asString().takeIf { it.isNotEmpty() }, name).joinToString(".")

    /** The file the subclass goes at the end of. */
    val file: KtFile get() = owner.containingFile as KtFile

    /** The subclass, as Kotlin. */
    fun declaration(): String = buildString {
        val parameters = owner.primaryConstructorParameters
        val declared = parameters.joinToString(", ") { parameter ->
            (if (parameter.isVarArg) "vararg " else "") + "${parameter.name}: ${parameter.typeReference?.text ?: "Any?"}" +
                (parameter.defaultValue?.let { " = ${it.text}" } ?: "")
        }
        val passed = parameters.joinToString(", ") { (if (it.isVarArg) "*" else "") + it.name }
        append("\n\n// Made by statemachine port --verify: ${owner.name} is abstract, and the runner makes this subclass instead (V3).\n")
        append("internal class $name($declared) : ${owner.name}($passed) {\n")
        for (member in owner.declarations) {
            if (!member.hasModifier(KtTokens.ABSTRACT_KEYWORD)) continue
            val unanswered = "throw com.statemachine.verify.Unstubbable(\"${owner.name}.${member.name} is abstract: no stub answers it\")"
            when (member) {
                is KtNamedFunction -> {
                    val suspend = if (member.hasModifier(KtTokens.SUSPEND_KEYWORD)) "suspend " else ""
                    val typeParameters = member.typeParameterList?.text?.let { "$it " } ?: ""
                    val memberParameters = member.valueParameters.joinToString(", ") { (if (it.isVarArg) "vararg " else "") + "${it.name}: ${it.typeReference?.text}" }
                    val result = member.typeReference?.text
                    if (result == null || result == "Unit") append("    override ${suspend}fun $typeParameters${member.name}($memberParameters) {}\n")
                    else append("    override ${suspend}fun $typeParameters${member.name}($memberParameters): $result = $unanswered\n")
                }
                is KtProperty -> {
                    append("    override ${if (member.isVar) "var" else "val"} ${member.name}: ${member.typeReference?.text} get() = $unanswered")
                    append(if (member.isVar) "; set(value) {}\n" else "\n")
                }
            }
        }
        append("}\n")
    }

    companion object {
        /** The subclass for [owner], when it is an abstract class the subclass can stand for; null otherwise. */
        fun of(owner: KtClassOrObject?): AbstractOwner? {
            if (owner !is KtClass || owner.isInterface() || !owner.hasModifier(KtTokens.ABSTRACT_KEYWORD)) return null
            if (owner.typeParameters.isNotEmpty() || owner.parent !is KtFile) return null
            if (owner.primaryConstructorParameters.any { it.name == null || it.typeReference == null }) return null
            return AbstractOwner(owner)
        }
    }
}
