package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.lexer.KtTokens
import org.jetbrains.kotlin.psi.KtAnonymousInitializer
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtDeclaration
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtReferenceExpression

/**
 * What `--verify`'s copy of the owner's class leaves out (Spec/VERIFY.md, V3): the machine is what is verified, so the
 * members of the class that making and running the machine never reaches — an activity's `onCreate`, a view model's
 * other state, the code that binds views — are not compiled. A property and an `init { }` block the machine does not
 * reach are left out; a function it does not reach keeps its signature (an override, an interface's member) with a
 * body that throws. The members it reaches, from the property or function that makes it, through every name the
 * compiler binds to a member of the class, are kept as written.
 *
 * [owner] is the class (or object) that makes the machine, [maker] the member that makes it; null without the
 * compiler's analysis, which alone says what a name binds to.
 */
internal class OwnerPruning(private val owner: KtClassOrObject, private val maker: PsiElement, private val resolution: Resolution) {

    /** The members of [owner] that making and running the machine reaches. */
    private val reached: Set<KtDeclaration> by lazy {
        val members = owner.declarations.filter { it is KtProperty || it is KtNamedFunction || it is KtAnonymousInitializer }.toSet()
        val found = linkedSetOf<KtDeclaration>()
        val queue = ArrayDeque<PsiElement>()
        fun reach(element: PsiElement) {
            val member = members.firstOrNull { PsiTreeUtil.isAncestor(it, element, false) } ?: return
            if (found.add(member)) queue.add(member)
        }
        reach(maker)
        // An override the class keeps (it must still implement what it overrides) keeps what it names.
        members.filter { it is KtProperty && it.hasModifier(KtTokens.OVERRIDE_KEYWORD) }.forEach { if (found.add(it)) queue.add(it) }
        // An `init { }` block that names a member the machine reaches (it makes or starts the machine, or sets what
        // the handlers read) is reached too; so is what it names.
        while (true) {
            while (queue.isNotEmpty()) {
                val element = queue.removeFirst()
                for (reference in PsiTreeUtil.collectElementsOfType(element, KtReferenceExpression::class.java)) {
                    val target = resolution.declaration(reference) ?: continue
                    if (PsiTreeUtil.isAncestor(owner, target, false)) reach(target)
                }
            }
            val initializers = members.filterIsInstance<KtAnonymousInitializer>().filter { it !in found }.filter { block ->
                PsiTreeUtil.collectElementsOfType(block, KtReferenceExpression::class.java).any { reference ->
                    val target = resolution.declaration(reference)
                    target != null && found.any { PsiTreeUtil.isAncestor(it, target, false) }
                }
            }
            if (initializers.isEmpty()) break
            initializers.forEach { if (found.add(it)) queue.add(it) }
        }
        found
    }

    /**
     * The edits to the owner's file: ranges and their replacements, none overlapping. Each keeps the line breaks of what
     * it replaces, so that the copy's lines are the user's (the warnings about the copy name them).
     */
    fun edits(): List<Pair<IntRange, String>> = rawEdits().map { (range, replacement) ->
        val breaks = owner.containingFile.text.substring(range.first, range.last + 1).count { it == '\n' }
        range to replacement + "\n".repeat(breaks)
    }

    private fun rawEdits(): List<Pair<IntRange, String>> = owner.declarations.mapNotNull { member ->
        if (member in reached) return@mapNotNull null
        when {
            member is KtAnonymousInitializer -> member.textRange.let { it.startOffset until it.endOffset } to ""
            // An override is kept (the class must still implement what it overrides), and so is what it initializes.
            member is KtProperty && !member.hasModifier(KtTokens.OVERRIDE_KEYWORD) && !member.hasModifier(KtTokens.ABSTRACT_KEYWORD) ->
                member.textRange.let { it.startOffset until it.endOffset } to ""
            member is KtNamedFunction && member.hasBody() -> {
                val body = member.bodyExpression!!
                val start = if (member.hasBlockBody()) body.textRange.startOffset else member.equalsToken!!.textRange.startOffset
                // A function whose result type its body gave (`fun label() = …`) gets `Nothing` written, which Kotlin
                // wants said, and which any type it overrides allows.
                val replacement = when {
                    member.hasBlockBody() -> "{ throw UnsupportedOperationException(\"not the machine's\") }"
                    member.typeReference == null -> ": Nothing = throw UnsupportedOperationException(\"not the machine's\")"
                    else -> "= throw UnsupportedOperationException(\"not the machine's\")"
                }
                (start until body.textRange.endOffset) to replacement
            }
            else -> null
        }
    }
}
