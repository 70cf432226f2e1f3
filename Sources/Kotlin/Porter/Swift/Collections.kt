package com.statemachine.porter

/** The key and value types of a Swift dictionary type (`[Character: Int]`), or null for any other type. */
fun dictionaryParts(swift: String?): Pair<String, String>? {
    if (swift == null || !swift.startsWith("[") || !swift.endsWith("]")) return null
    var depth = 0
    for (index in 1 until swift.length - 1) {
        when (swift[index]) {
            '(', '[', '<' -> depth++
            ')', ']', '>' -> depth--
            ':' -> if (depth == 0) return swift.substring(1, index).trim() to swift.substring(index + 1, swift.length - 1).trim()
        }
    }
    return null
}

/** The element type of a Swift array or set type (`[Int64]`, `Set<Int64>`), or null for any other type. */
fun elementType(swift: String?): String? = when {
    swift == null -> null
    swift.startsWith("Set<") && swift.endsWith(">") -> swift.substring(4, swift.length - 1)
    swift.startsWith("[") && swift.endsWith("]") && dictionaryParts(swift) == null -> swift.substring(1, swift.length - 1)
    else -> null
}

/** The Swift type of a Kotlin literal (`5L` is an `Int64`, `2.5f` a `Float`), or null for anything else. */
fun literalType(text: String): String? = when {
    text.matches(Regex("-?[0-9][0-9_]*[lL]")) -> "Int64"
    text.matches(Regex("-?[0-9][0-9_]*")) -> "Int"
    text.matches(Regex("-?[0-9][0-9_]*\\.[0-9_]+")) -> "Double"
    text.matches(Regex("-?[0-9][0-9_.]*[fF]")) -> "Float"
    text == "true" || text == "false" -> "Bool"
    text.matches(Regex("\"[^\"$\\\\]*\"")) -> "String"
    else -> null
}

/**
 * The Swift type of a constant `setOf(…)` / `listOf(…)` of number or string literals, which Swift would otherwise infer
 * as an array of `Int`: `setOf(5L, 10L)` is a `Set<Int64>`, `listOf(1, 2)` an `[Int]`. Null for anything else.
 */
fun literalCollectionType(initializer: String): String? {
    val call = Regex("^(setOf|listOf)\\((.*)\\)$", RegexOption.DOT_MATCHES_ALL).find(initializer) ?: return null
    val items = call.groupValues[2].split(',').map { it.trim() }.filter { it.isNotEmpty() }
    if (items.isEmpty()) return null
    val element = items.map { literalType(it) }.distinct().singleOrNull()?.takeIf { it == "Int64" || it == "Int" || it == "String" }
        ?: return null
    return if (call.groupValues[1] == "setOf") "Set<$element>" else "[$element]"
}
