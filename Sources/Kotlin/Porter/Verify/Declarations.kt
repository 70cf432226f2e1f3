package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtCallableDeclaration
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtClassBody
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtForExpression
import org.jetbrains.kotlin.psi.KtFunction
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtNamedDeclaration
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtQualifiedExpression
import org.jetbrains.kotlin.psi.KtThisExpression

/**
 * Where a value of a file is declared and with what type, read from the source alone, for the stand-ins (V11) of
 * code that does not compile yet: the compiler's diagnostics name where a value is used, not what it is.
 */
internal object Declarations {

    /**
     * The declaration an unqualified name reads: a `for` loop's variable, a local `val` or `var` declared before it, a
     * parameter of an enclosing function or lambda, a property or constructor parameter of an enclosing class.
     */
    fun of(reference: KtNameReferenceExpression): KtNamedDeclaration? {
        if ((reference.parent as? KtQualifiedExpression)?.selectorExpression == reference) return null
        val name = reference.getReferencedName()
        var scope: PsiElement? = reference.parent
        while (scope != null) {
            val found: KtNamedDeclaration? = when (scope) {
                is KtForExpression -> scope.loopParameter?.takeIf { it.name == name && PsiTreeUtil.isAncestor(scope.body, reference, false) }
                is KtBlockExpression -> scope.statements.takeWhile { it.textRange.endOffset <= reference.textRange.startOffset }
                    .filterIsInstance<KtProperty>().lastOrNull { it.name == name }
                is KtFunction -> scope.valueParameters.firstOrNull { it.name == name }
                is KtClassBody -> scope.declarations.filterIsInstance<KtProperty>().firstOrNull { it.name == name }
                is KtClass -> scope.primaryConstructorParameters.firstOrNull { it.name == name }
                else -> null
            }
            if (found != null) return found
            scope = scope.parent
        }
        return null
    }

    /**
     * The type written for the value [expression] is, without its type arguments and `?` (`Entity`, `Channel`): the
     * receiver's of the extension an unlabelled `this` is in, or the declared type of a name ([of]).
     */
    fun writtenType(expression: KtExpression): String? {
        val text = when (expression) {
            is KtThisExpression -> if (expression.getLabelName() != null) null else
                generateSequence(expression.parent) { it.parent }.takeWhile { it !is KtClassOrObject }
                    .filterIsInstance<KtCallableDeclaration>().firstNotNullOfOrNull { it.receiverTypeReference }?.text
            is KtNameReferenceExpression -> (of(expression) as? KtCallableDeclaration)?.typeReference?.text
            else -> null
        }
        return text?.substringBefore('<')?.removeSuffix("?")?.trim()?.takeIf { it.isNotEmpty() }
    }
}
