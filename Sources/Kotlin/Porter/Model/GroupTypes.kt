package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtCallableDeclaration
import org.jetbrains.kotlin.psi.KtNullableType
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.psi.KtUserType

// Groups of cases used as a type. A group (`sealed class Completed : Event()`, `abstract class TextEdit : EditorEvent()`)
// that a field, a parameter or a function's result is typed with (`val undoStack: List<EditorEvent.TextEdit>`) gets a
// Swift enum of its own, nested in its root's (`EditorEvent.TextEdit`): the group's cases with the root's names and
// payloads, the functions and properties the group declares, and conversions both ways (`textEdit.editorEvent`,
// `event.textEdit`). A group no declaration is typed with stays a set of the root's cases (`on<TextEdit>`).

/**
 * The groups of [roots] that a property, a parameter or a function's result of [source]'s files is typed with,
 * anywhere in the type (`List<TextEdit>`, `TextEdit?`), each with its root, in the order of the files.
 */
internal fun groupsUsedAsTypes(source: SourceSet, roots: List<SealedType>): List<Pair<SealedType, String>> {
    val found = linkedSetOf<Pair<SealedType, String>>()
    fun visit(reference: KtTypeReference?) {
        val element = reference?.typeElement
        val user = (if (element is KtNullableType) element.innerType else element) as? KtUserType ?: return
        val name = user.referencedName
        roots.firstOrNull { name != it.name && name in it.groupDeclarations }?.let { found.add(it to name!!) }
        user.typeArguments.forEach { visit(it.typeReference) }
    }
    for (file in source.sources) {
        PsiTreeUtil.collectElementsOfType(file.file, KtCallableDeclaration::class.java)
            .sortedBy { it.textRange.startOffset }
            .forEach { visit(it.typeReference) }
    }
    return found.toList()
}

/** The Swift enum of [root]'s group [group] (declared with [root]'s), made the first time it is asked for. */
internal fun groupType(root: SealedType, group: String): SealedType = root.groupTypes.getOrPut(group) {
    val declaration = root.groupDeclarations.getValue(group)
    val type = SealedType("${root.name}.$group", declaration)
    type.parent = root
    val cases = root.groups[group].orEmpty()
    type.cases.addAll(root.cases.filter { it in cases })
    for ((name, members) in root.groups) {
        if (name == group || !cases.containsAll(members)) continue
        type.groups[name] = members
        root.groupDeclarations[name]?.let { type.groupDeclarations[name] = it }
    }
    type
}

/**
 * The property of the root that gives a value as the group [type], when it is one (`event.textEdit`); `asTextEdit`
 * where the root has a case or a property of that name.
 */
internal fun groupProperty(type: SealedType): String {
    val name = type.declaredName.replaceFirstChar { it.lowercase() }
    val root = type.parent!!
    val taken = root.cases.any { it.swiftName == name } || root.baseProperties.any { it.name == name } ||
        root.sharedMembers.any { it.first.name == name }
    return swiftIdentifier(if (taken) "as${type.declaredName}" else name)
}

/** The property of a group [type]'s enum that gives the value as its root's (`edit.editorEvent`). */
internal fun rootProperty(type: SealedType): String =
    swiftIdentifier(type.parent!!.declaredName.replaceFirstChar { it.lowercase() })
