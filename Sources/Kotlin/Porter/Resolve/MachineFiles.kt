package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiFile
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtReferenceExpression

/**
 * The files given that belong to the machine: the file of its `StateMachine.create { }`, the files declaring what it
 * names (as the compiler binds each name), the files of the classes that extend a class of those (a sealed type's cases
 * may be in files of their own), and so on until nothing more is reached. A project's other files, which a user may
 * give with the machine's (a second `State` in another package, another machine's types), are not the machine's: the
 * porter leaves them out rather than port two types of one name side by side.
 *
 * A name the compiler could not bind reaches every file declaring a class of that simple name, as the porter, which
 * reads such names as written, would take it; without the compiler's analysis every file is kept.
 */
object MachineFiles {
    fun of(sources: List<KotlinSource>, resolution: Resolution?): List<KotlinSource> {
        if (resolution == null || sources.size < 2) return sources
        // The file of `StateMachine.create { }`, as the porter finds it.
        val start = sources.filter { source ->
            PsiTreeUtil.collectElementsOfType(source.file, KtCallExpression::class.java).any { call ->
                val parent = call.parent as? KtDotQualifiedExpression
                call.calleeExpression?.text == "create" && parent != null && parent.selectorExpression == call &&
                    parent.receiverExpression.text.substringAfterLast('.').trim() == "StateMachine"
            }
        }
        if (start.isEmpty()) return sources
        val byFile = sources.associateBy { it.file as PsiFile }
        val classes = sources.associateWith { PsiTreeUtil.collectElementsOfType(it.file, KtClassOrObject::class.java) }
        val reached = linkedSetOf<KotlinSource>()
        val queue = ArrayDeque(start)
        fun reach(source: KotlinSource?) {
            if (source != null && reached.add(source)) queue.add(source)
        }
        start.forEach { reached.add(it) }
        while (true) {
            while (queue.isNotEmpty()) {
                val source = queue.removeFirst()
                for (reference in PsiTreeUtil.collectElementsOfType(source.file, KtReferenceExpression::class.java)) {
                    val declaration = resolution.declaration(reference)
                    if (declaration != null) {
                        reach(byFile[declaration.containingFile])
                    } else if (reference is KtNameReferenceExpression && resolution.target(reference) == null) {
                        val name = reference.getReferencedName()
                        if (name.firstOrNull()?.isUpperCase() == true) {
                            classes.filter { (_, declared) -> declared.any { it.name == name } }.keys.forEach(::reach)
                        }
                    }
                }
            }
            // The classes of files not reached yet that extend a class of the reached ones.
            val reachedClasses = reached.flatMap { classes.getValue(it) }.mapNotNull { it.fqName }.toSet()
            val extending = sources.filter { it !in reached }.filter { source ->
                classes.getValue(source).any { declaration ->
                    declaration.superTypeListEntries.any { entry ->
                        val type = entry.typeReference ?: return@any false
                        resolution.classOf(type) in reachedClasses
                    }
                }
            }
            if (extending.isEmpty()) break
            extending.forEach(::reach)
        }
        return sources.filter { it in reached }
    }
}
