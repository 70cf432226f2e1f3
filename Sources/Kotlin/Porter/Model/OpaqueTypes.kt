package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtTypeParameterListOwner
import org.jetbrains.kotlin.psi.KtTypeReference

/**
 * A type the files given do not declare that the machine only carries and calls (a library's `LocalDateTime` or
 * `Disposable`, an error class of another module): the port's boundary with it is its `Collaborators` protocol, where
 * it is an associated type the Swift owner supplies. The machine's enum is then generic over its owner
 * (`Machine<Context: Collaborators>`, inside an enum of the machine's name that holds the protocol), and a call on a
 * value of the type is a requirement of `Collaborators` that takes the value (`func dispose(_ disposable: Disposable)`).
 */
class OpaqueType(val name: String, val at: KtTypeReference) {

    companion object {
        /** Names that are never such a type: Kotlin's `Any`, and the names Swift has for its own types. */
        val NOT_OPAQUE = setOf("Any", "AnyObject", "Type", "Protocol", "Self", "Error", "Never", "Void", "Unit", "Nothing",
            "State", "Event", "SideEffect", "Collaborators", "Machine", "Port")

        /**
         * The name of the machine's type parameter, the owner's type: `Context`, or `Owner` where the owner supplies a
         * type named `Context` itself (Android's `android.content.Context`, which events carry).
         */
        fun ownerParameter(opaque: List<OpaqueType>): String = if (opaque.any { it.name == "Context" }) "Owner" else "Context"

        /** The porter's warning at the type's first use, which names the requirement. */
        fun warning(name: String) = "$name is not declared in the files given: the port takes it for a type the owner supplies, " +
            "the associated type $name of Collaborators"

        /** Whether [name] is a type parameter of a declaration around [at] (`class Event<T>`'s `T`). */
        fun isTypeParameter(name: String, at: KtTypeReference): Boolean =
            generateSequence(PsiTreeUtil.getParentOfType(at, KtTypeParameterListOwner::class.java)) {
                PsiTreeUtil.getParentOfType(it, KtTypeParameterListOwner::class.java)
            }.any { owner -> owner.typeParameters.any { it.name == name } }
    }
}
