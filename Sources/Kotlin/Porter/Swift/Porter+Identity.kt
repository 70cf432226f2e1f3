package com.statemachine.porter

import org.jetbrains.kotlin.descriptors.ClassDescriptor
import org.jetbrains.kotlin.descriptors.ClassKind
import org.jetbrains.kotlin.descriptors.Modality
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.resolve.DescriptorToSourceUtils
import org.jetbrains.kotlin.types.KotlinType

// Equality that Kotlin takes from a value's identity and the port from its value.
//
// Kotlin compares instances of a plain class (`class Tampered(zone: Int) : AlarmFailure(…)`: not a data class, an
// object or an enum entry) by identity: two of them are equal only when they are the same one. The port makes each
// case of a sealed hierarchy an enum case, which Swift compares by value. Where the machine compares values that may
// be (or hold, through data classes and collections) instances of such a class, the two can differ: the porter warns
// at that line rather than change the behaviour silently. Comparing with an object, an enum entry or `null` is the
// same in both and needs no warning.

/**
 * Warns at [comparison] when the values [left] and [right] may both be, or hold, instances of the same plain class of
 * the files that the port makes an enum case: the Kotlin compares those by identity, the port by value.
 */
internal fun Porter.warnIfComparedByIdentity(comparison: org.jetbrains.kotlin.psi.KtElement, left: KtExpression?, right: KtExpression?) {
    val resolution = resolution ?: return
    val leftType = left?.let(resolution::type) ?: return
    val rightType = right?.let(resolution::type) ?: return
    val shared = identityClasses(leftType).intersect(identityClasses(rightType).toSet())
    if (shared.isEmpty()) return
    val names = shared.joinToString(", ") { "`$it`" }
    val plural = shared.size > 1
    warn(comparison, "`${short(comparison)}`: Kotlin compares $names (${if (plural) "classes, not data classes" else "a class, not a data class"}) " +
        "by identity, the port's enum by value; the two differ when two instances hold the same values (make " +
        "${if (plural) "them data classes" else "it a data class"} if equal values are meant)")
}

/**
 * The plain classes of the files, ported as enum cases, that a value of [type] may be or hold by value: the type
 * itself, the cases of a sealed class or group, the fields of a data or value class, the elements of a collection.
 */
internal fun Porter.identityClasses(type: KotlinType): List<String> {
    val found = linkedSetOf<String>()
    val seen = mutableSetOf<ClassDescriptor>()
    fun visit(type: KotlinType, depth: Int) {
        if (depth > 8) return
        // A class (`state::class`, `state.javaClass`) is one object per class in both: compared alike.
        val typeName = (type.constructor.declarationDescriptor as? ClassDescriptor)?.let { Resolution.fqNameOf(it).asString() }
        if (typeName == "kotlin.reflect.KClass" || typeName == "java.lang.Class") return
        type.arguments.forEach { if (!it.isStarProjection) visit(it.type, depth + 1) }
        val descriptor = type.constructor.declarationDescriptor as? ClassDescriptor ?: return
        if (!seen.add(descriptor)) return
        val declaration = DescriptorToSourceUtils.descriptorToDeclaration(descriptor) ?: return
        if (resolution?.analyzed(declaration) != true) return
        when {
            descriptor.kind == ClassKind.OBJECT || descriptor.kind == ClassKind.ENUM_CLASS || descriptor.kind == ClassKind.ENUM_ENTRY -> Unit
            descriptor.isData || descriptor.isValue || descriptor.isInline ->
                descriptor.unsubstitutedPrimaryConstructor?.valueParameters?.forEach { visit(it.type, depth + 1) }
            descriptor.modality == Modality.SEALED -> descriptor.sealedSubclasses.forEach { visit(it.defaultType, depth + 1) }
            descriptor.modality == Modality.ABSTRACT || descriptor.kind == ClassKind.INTERFACE -> {
                // A group that is not sealed (`abstract class TextEdit : EditorEvent()`): the cases the port puts under it.
                val fqName = Resolution.fqNameOf(descriptor)
                sealedTypes.all.firstNotNullOfOrNull { it.casesDeclaredAs(fqName) }.orEmpty().forEach { case ->
                    val caseDescriptor = case.declaration?.let { resolution?.descriptor(it) } ?: return@forEach
                    visit(caseDescriptor.defaultType, depth + 1)
                }
            }
            declaration is KtClass && sealedTypes.all.any { it.casesDeclaredAs(Resolution.fqNameOf(descriptor)) != null } ->
                found.add(descriptor.name.asString())
        }
    }
    visit(type, 0)
    return found.toList()
}
