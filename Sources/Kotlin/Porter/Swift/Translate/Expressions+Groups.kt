package com.statemachine.porter

import org.jetbrains.kotlin.descriptors.CallableMemberDescriptor
import org.jetbrains.kotlin.descriptors.ClassDescriptor
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtQualifiedExpression
import org.jetbrains.kotlin.psi.KtReferenceExpression
import org.jetbrains.kotlin.resolve.DescriptorUtils
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.types.KotlinType

// Values of a group of cases with an enum of its own (Model/GroupTypes.kt) and of its root: where the Kotlin passes one
// as the other, the Swift converts it (`event.textEdit!` for the event of `on<TextEdit>` read as a `TextEdit`,
// `edit.editorEvent` for an edit passed on as an event). The compiler's types say where: the type the Kotlin passes a
// value as (a call's parameter), or else the type the value has.

/**
 * [code], the Swift of [expression], as the Swift type the Kotlin passes it as: its root's enum or one of the root's
 * groups with an enum of its own; [expected] is the type the porter writes it for, when it knows.
 */
internal fun Expressions.convertedForGroups(expression: KtExpression, code: Code, expected: SealedType?): Code {
    val sealed = code.sealed ?: return convertedList(expression, code)
    val root = sealed.parent ?: sealed
    if (root.groupTypes.isEmpty()) return code
    val resolution = porter.resolution ?: return code
    val wanted = sealedTypeOf(root, resolution.expectedType(expression))
        ?: expected?.takeIf { it == root || it.parent == root }
        ?: sealedTypeOf(root, resolution.type(expression))
        ?: memberGroup(root, expression)
        ?: return code
    return converted(code, wanted)
}

/**
 * The group with an enum of its own that declares the member [expression] is the receiver of, where the root does not
 * (`it.urgent` on an `Ask`, a property `Call` declares and `Ask` overrides), as the compiler resolves the member.
 */
private fun Expressions.memberGroup(root: SealedType, expression: KtExpression): SealedType? {
    val qualified = expression.parent as? KtQualifiedExpression ?: return null
    if (qualified.receiverExpression != expression) return null
    val selector = qualified.selectorExpression
    val reference = ((selector as? KtCallExpression)?.calleeExpression ?: selector) as? KtReferenceExpression ?: return null
    val member = porter.resolution?.target(reference) as? CallableMemberDescriptor ?: return null
    val owners = (DescriptorUtils.getAllOverriddenDescriptors(member) + member).mapNotNull { declaration ->
        (declaration.containingDeclaration as? ClassDescriptor)?.let { Resolution.fqNameOf(it) }
    }
    fun fqName(type: SealedType) = (type.declaration as? org.jetbrains.kotlin.psi.KtClassOrObject)?.fqName
    if (fqName(root) in owners) return null
    return root.groupTypes.values.filter { fqName(it) in owners }.minByOrNull { it.cases.size }
}

/**
 * [code], a list of a group's enum (`[OrderEvent.Change]`) that the Kotlin passes as a list of its root
 * (`changes + OrderEvent.Send`, a `List<OrderEvent>`), as one: `changes.map(\.orderEvent)`.
 */
private fun Expressions.convertedList(expression: KtExpression, code: Code): Code {
    val element = code.numeric?.takeIf { it.startsWith("[") && it.endsWith("]") && ':' !in it }?.drop(1)?.dropLast(1) ?: return code
    val group = types.named(element)?.takeIf { it.parent != null && it.name == element } ?: return code
    val passed = porter.resolution?.expectedType(expression)?.arguments?.singleOrNull()?.type ?: return code
    if (sealedTypeOf(group.parent!!, passed) != group.parent) return code
    val base = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
    return Code("$base.map(\\.${rootProperty(group)})", Precedence.ATOM, code.throws, numeric = "[${group.parent!!.name}]")
}

/** [code], a value of [wanted]'s root or of one of its groups, as a [wanted]. */
internal fun converted(code: Code, wanted: SealedType): Code {
    val sealed = code.sealed ?: return code
    if (sealed == wanted) return code
    val optional = code.numeric?.endsWith("?") == true
    val access = if (optional) "?." else "."
    var text = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
    // From a group, first to the root; then, to a group, to that group (a case of another group cannot be one).
    if (sealed.parent != null) text += access + rootProperty(sealed)
    if (wanted.parent != null) text += access + groupProperty(wanted) + if (optional) "" else "!"
    val case = code.sealedCase?.takeIf { it in wanted.cases }
    return Code(text, Precedence.ATOM, code.throws, wanted, case, numeric = code.numeric?.let { if (optional) "${wanted.name}?" else wanted.name })
}

/** The enum of [root] or of one of its groups that the Kotlin type [type] is, or null for another type (a case's). */
internal fun sealedTypeOf(root: SealedType, type: KotlinType?): SealedType? {
    val fqName = Resolution.classOf(type ?: return null) ?: return null
    if ((root.declaration as? org.jetbrains.kotlin.psi.KtClassOrObject)?.fqName == fqName) return root
    return root.groupTypes.values.firstOrNull { (it.declaration as? org.jetbrains.kotlin.psi.KtClassOrObject)?.fqName == fqName }
}

/**
 * The enum a case constructor call [call] of [root]'s [case] makes its value of: the one the Kotlin passes it as; or,
 * where it passes it as nothing the compiler tells (a local's value), the innermost group with an enum of its own that
 * has the case, whose functions the Kotlin may call on it; or else the root.
 */
internal fun Expressions.constructedType(root: SealedType, case: Case, call: KtExpression): SealedType {
    if (root.groupTypes.isEmpty()) return root
    val outer = (call.parent as? KtDotQualifiedExpression)?.takeIf { it.selectorExpression == call } ?: call
    porter.resolution?.expectedType(outer)?.let { expected -> sealedTypeOf(root, expected)?.let { return it } }
    return root.groupTypes.values.filter { case in it.cases }.minByOrNull { it.cases.size } ?: root
}

/** The group with an enum of its own that the handler [call] (`on<EditorEvent.TextEdit> { … }`) is for, if it is one. */
internal fun Porter.handledGroup(call: org.jetbrains.kotlin.psi.KtCallExpression, eventType: SealedType): SealedType? {
    if (eventType.groupTypes.isEmpty()) return null
    val reference = call.typeArguments.singleOrNull()?.typeReference ?: return null
    val fqName = resolution?.classOf(reference) ?: return null
    return eventType.groupTypes.values.firstOrNull { (it.declaration as? org.jetbrains.kotlin.psi.KtClassOrObject)?.fqName == fqName }
}
