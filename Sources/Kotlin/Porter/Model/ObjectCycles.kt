package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtAnonymousInitializer
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtObjectDeclaration
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtSuperTypeCallEntry

/**
 * Objects of the files that need each other while the JVM makes them:
 *
 * ```kotlin
 * sealed class SideEffect(val event: Event? = null) { object Attack : SideEffect(Event.Timeout.Attack) }
 * sealed class Timeout(val sideEffect: SideEffect) : Event() { object Attack : Timeout(SideEffect.Attack) }
 * ```
 *
 * Whichever of the two the program touches first starts being made, makes the other on the way, and the other reads
 * the first before it exists: its field holds null, whatever its type says (`Timeout.Attack.sideEffect` is null when
 * `SideEffect.Attack` was touched first). Swift makes its values without that null, so where the Kotlin reads it (a
 * `NullPointerException`, a `?.` that finds nothing) the port does otherwise; `--verify` shows it as a difference.
 *
 * An object's making reaches what its superclass's constructor arguments, its property initializers and its `init`
 * blocks name directly (calls are not followed).
 */
internal class ObjectCycles(
    sources: List<KotlinSource>,
    /** The declaration a name refers to, from the compiler's analysis; null when it did not run or does not know. */
    private val declarationOf: (KtNameReferenceExpression) -> PsiElement?,
) {
    private val objects: List<KtObjectDeclaration> = sources.flatMap { source ->
        PsiTreeUtil.collectElementsOfType(source.file, KtObjectDeclaration::class.java)
            .filter { !it.isCompanion() && !it.isObjectLiteral() }
            .sortedBy { it.textRange.startOffset }
    }

    /** Each object the making of [from] touches directly. */
    private fun reached(from: KtObjectDeclaration): Set<KtObjectDeclaration> {
        val made = from.superTypeListEntries.filterIsInstance<KtSuperTypeCallEntry>().mapNotNull { it.valueArgumentList } +
            from.declarations.filterIsInstance<KtProperty>().mapNotNull { it.initializer ?: it.delegateExpression } +
            from.declarations.filterIsInstance<KtAnonymousInitializer>().mapNotNull { it.body }
        return made.flatMap { PsiTreeUtil.collectElementsOfType(it, KtNameReferenceExpression::class.java) }
            .mapNotNull { reference -> declarationOf(reference) as? KtObjectDeclaration ?: byName(reference) }
            .filter { it != from && it in objects }
            .toSet()
    }

    /** Without the compiler's analysis: the one object whose qualified name the reference's dotted text ends. */
    private fun byName(reference: KtNameReferenceExpression): KtObjectDeclaration? {
        var whole: PsiElement = reference
        while (true) {
            val parent = whole.parent as? org.jetbrains.kotlin.psi.KtDotQualifiedExpression ?: break
            if (parent.receiverExpression != whole && parent.selectorExpression != whole) break
            whole = parent
        }
        // Only the whole dotted name is matched, once, from its last name.
        if (reference.parent is org.jetbrains.kotlin.psi.KtDotQualifiedExpression &&
            (reference.parent as org.jetbrains.kotlin.psi.KtDotQualifiedExpression).selectorExpression != reference) return null
        val text = whole.text.filterNot { it.isWhitespace() }
        return objects.filter { qualifiedName(it) == text || qualifiedName(it).endsWith(".$text") }.singleOrNull()
    }

    /** `CombatStateMachine.SideEffect.Attack`: the names of the declarations it is nested in and its own. */
    fun qualifiedName(declaration: KtClassOrObject): String {
        val names = mutableListOf<String>()
        var current: KtClassOrObject? = declaration
        while (current != null) {
            names.add(0, current.name ?: "?")
            current = PsiTreeUtil.getParentOfType(current, KtClassOrObject::class.java)
        }
        return names.joinToString(".")
    }

    /** Each cycle once, as the objects in it from the first declared, in the order one makes the next. */
    fun cycles(): List<List<KtObjectDeclaration>> {
        val edges = objects.associateWith(::reached)
        val found = mutableListOf<List<KtObjectDeclaration>>()
        val inCycle = mutableSetOf<KtObjectDeclaration>()
        for (start in objects) {
            if (start in inCycle) continue
            // The shortest way back to start, breadth first.
            val previous = mutableMapOf<KtObjectDeclaration, KtObjectDeclaration>()
            val queue = ArrayDeque(listOf(start))
            var closing: KtObjectDeclaration? = null
            while (queue.isNotEmpty() && closing == null) {
                val current = queue.removeFirst()
                for (next in edges[current].orEmpty()) {
                    if (next == start) { closing = current; break }
                    if (next !in previous && next !in inCycle) { previous[next] = current; queue.addLast(next) }
                }
            }
            val last = closing ?: continue
            val cycle = generateSequence(last) { if (it == start) null else previous[it] }.toList().reversed()
            inCycle += cycle
            found += cycle
        }
        return found
    }

    /** A warning at the first object of each cycle that has one of [cases] in it. */
    fun warnings(cases: Set<KtClassOrObject>): List<Pair<PsiElement, String>> =
        cycles().filter { cycle -> cycle.any { it in cases } }.map { cycle ->
            val names = cycle.map { qualifiedName(it).split('.') }
            // Without the names all of them are nested in (`CombatStateMachine.`), down to the last one.
            val shared = (0 until names.minOf { it.size } - 1).takeWhile { index -> names.all { it[index] == names.first()[index] } }.count()
            val shown = names.joinToString(" and ") { "`" + it.drop(shared).joinToString(".") + "`" }
            val others = if (cycle.size > 2) "the others, which read" else "the other, which reads"
            cycle.first() to "$shown need each other while the JVM makes them: whichever the program touches first makes " +
                "$others it before it exists, as null, whatever the field's type says; the port's values have no such null, " +
                "so where the Kotlin reads it (a NullPointerException, a `?.` that finds nothing) the port behaves otherwise"
        }
}
