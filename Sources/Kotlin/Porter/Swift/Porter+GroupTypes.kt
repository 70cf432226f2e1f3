package com.statemachine.porter

// The Swift declarations of groups of cases used as a type (Model/GroupTypes.kt): an enum nested in its root's, and
// the conversions between the two.

/**
 * The lines [type]'s enum ends with: for a root, each of its groups used as a type (its enum, then the root's
 * property that gives a value as one, nil for a case outside the group); for a group, its property that gives the
 * value as its root's.
 */
internal fun Porter.groupTypeLines(type: SealedType): List<String> {
    val lines = mutableListOf<String>()
    val parent = type.parent
    if (parent != null) {
        lines.add("")
        lines.add("    /// This value as ${article(parent.declaredName)} `${parent.declaredName}`.")
        lines.add("    var ${rootProperty(type)}: ${parent.declaredName} {")
        lines.add("        switch self {")
        type.cases.forEach { lines.add("        ${conversionCase(it)}") }
        lines.add("        }")
        lines.add("    }")
        return lines
    }
    for (group in type.groupTypes.values) {
        lines.add("")
        val doc = (group.declaration as? org.jetbrains.kotlin.psi.KtDeclaration)?.docComment?.text?.let { docLines(it) }
            ?: listOf("/// Kotlin's `${group.name}`: the cases of `${type.declaredName}` it stands for, with the same names and payloads.")
        doc.forEach { lines.add("    $it") }
        enumLines(group, hashable = false).forEach { lines.add(if (it.isEmpty()) "" else "    $it") }
        lines.add("")
        lines.add("    /// This value as ${article(group.declaredName)} `${group.declaredName}`, or nil when it is not one.")
        lines.add("    var ${groupProperty(group)}: ${group.declaredName}? {")
        lines.add("        switch self {")
        group.cases.forEach { lines.add("        ${conversionCase(it)}") }
        if (group.cases.size < type.cases.size) lines.add("        default: nil")
        lines.add("        }")
        lines.add("    }")
    }
    return lines
}

/** A `switch` case that gives [case] as the case of the same name and payload of another enum. */
private fun conversionCase(case: Case): String {
    if (case.fields.isEmpty()) return "case .${case.swiftName}: .${case.swiftName}"
    val names = case.fields.map { swiftIdentifier(it.name) }
    val labels = case.fields.zip(names).joinToString(", ") { (field, name) -> "${swiftLabel(field.name)}: $name" }
    return "case let .${case.swiftName}(${names.joinToString(", ")}): .${case.swiftName}($labels)"
}

private fun article(name: String) = if (name.first().lowercaseChar() in "aeiou") "an" else "a"
