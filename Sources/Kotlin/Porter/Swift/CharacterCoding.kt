package com.statemachine.porter

/**
 * `Codable` for the port's types that hold a Kotlin `Char`.
 *
 * Swift's `Character` is not `Codable`, so Swift cannot synthesize the conformance of `case select(slot: Character)`.
 * A fixture writes a char as a one-character string (Spec/SPEC.md, "Field types of version 3"), so the port codes
 * such a type through a private mirror of it in which each `Character` is a `String`: the mirror's synthesized coding
 * writes what the type's would (`{"select": {"slot": "A"}}`), and decoding refuses a string that is not one character.
 */
object CharacterCoding {
    /** The name of the function the port declares once, in the machine's namespace, when a type needs it. */
    const val DECODE = "character"

    /** The machine-namespace function that turns a decoded one-character string into a `Character`. */
    val decodeFunctionLines = listOf(
        "/// A `Character` decoded from its one-character string: Swift's `Character` is not `Codable`.",
        "private static func $DECODE(_ text: String, _ decoder: any Decoder) throws -> Character {",
        "    guard text.unicodeScalars.count == 1, let character = text.first else {",
        "        let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: \"expected one character, got \\\"\\(text)\\\"\")",
        "        throw DecodingError.dataCorrupted(context)",
        "    }",
        "    return character",
        "}",
    )

    private val characterWord = Regex("\\bCharacter\\b")

    /** Whether a value of the Swift type [swift] holds a `Character` (directly, or in an optional or a collection). */
    fun holdsCharacter(swift: String) = characterWord.containsMatchIn(swift)

    /** The mirror's type for [swift]: each `Character` a `String`. */
    fun codedType(swift: String) = characterWord.replace(swift, "String")

    /** [expression] of type [swift] as the mirror holds it. */
    fun encoded(swift: String, expression: String, depth: Int = 0): String {
        if (!holdsCharacter(swift)) return expression
        val element = elementName(depth)
        fun each(type: String) = if (type == "Character") "(String.init)" else " ${lambda(depth, encoded(type, element, depth + 1))}"
        return when (val shape = Shape.of(swift)) {
            is Shape.Optional -> "$expression.map${each(shape.wrapped)}"
            is Shape.Array -> "$expression.map${each(shape.element)}"
            is Shape.Set -> "Set($expression.map${each(shape.element)})"
            is Shape.Dictionary ->
                if (!holdsCharacter(shape.key)) "$expression.mapValues${each(shape.value)}"
                else "Dictionary(uniqueKeysWithValues: $expression.map " +
                    lambda(depth, "(${encoded(shape.key, "$element.key", depth + 1)}, ${encoded(shape.value, "$element.value", depth + 1)})") + ")"
            is Shape.Plain -> "String($expression)"
        }
    }

    /** [expression], of the mirror's type for [swift], back as a [swift]; it throws, so it begins with `try`. */
    fun decoded(swift: String, expression: String, depth: Int = 0): String {
        if (!holdsCharacter(swift)) return expression
        val element = elementName(depth)
        fun each(type: String) = lambda(depth, decoded(type, element, depth + 1))
        return when (val shape = Shape.of(swift)) {
            is Shape.Optional -> "try $expression.map ${each(shape.wrapped)}"
            is Shape.Array -> "try $expression.map ${each(shape.element)}"
            is Shape.Set -> "Set(try $expression.map ${each(shape.element)})"
            is Shape.Dictionary ->
                if (!holdsCharacter(shape.key)) "try $expression.mapValues ${each(shape.value)}"
                else "Dictionary(uniqueKeysWithValues: try $expression.map " +
                    lambda(depth, "(${decoded(shape.key, "$element.key", depth + 1)}, ${decoded(shape.value, "$element.value", depth + 1)})") + ")"
            is Shape.Plain -> "try $DECODE($expression, decoder)"
        }
    }

    /** The closure's parameter: `$0` for the outermost, named in the closures inside it. */
    private fun elementName(depth: Int) = if (depth == 0) "\$0" else "element$depth"

    private fun lambda(depth: Int, body: String) = if (depth == 0) "{ $body }" else "{ element$depth in $body }"

    /**
     * The members that make the enum of [cases] `Codable` through its mirror `Coded`; empty when no field holds a
     * `Character` (Swift synthesizes the conformance).
     */
    fun enumLines(cases: List<Case>): List<String> {
        if (cases.none { case -> case.fields.any { holdsCharacter(it.type.swift) } }) return emptyList()
        val lines = mutableListOf(
            "",
            "    /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is",
            "    /// not `Codable`.",
            "    private enum Coded: Codable {",
        )
        for (case in cases) {
            val payload = if (case.fields.isEmpty()) "" else
                case.fields.joinToString(", ", "(", ")") { "${swiftLabel(it.name)}: ${codedType(it.type.swift)}" }
            lines.add("        case ${case.swiftName}$payload")
        }
        lines.add("    }")
        lines.add("")
        lines.add("    init(from decoder: any Decoder) throws {")
        lines.add("        switch try Coded(from: decoder) {")
        for (case in cases) lines.addAll(caseLines(pattern(case), "self = ", case) { field, name -> decoded(field.type.swift, name) })
        lines.add("        }")
        lines.add("    }")
        lines.add("")
        lines.add("    func encode(to encoder: any Encoder) throws {")
        lines.add("        let coded: Coded = switch self {")
        for (case in cases) lines.addAll(caseLines(pattern(case), "", case) { field, name -> encoded(field.type.swift, name) })
        lines.add("        }")
        lines.add("        try coded.encode(to: encoder)")
        lines.add("    }")
        return lines
    }

    /**
     * The members that make a struct with [fields] `Codable` through its mirror; empty when none holds a `Character`.
     * A struct that declares an initializer loses its memberwise one, so it is declared again. A value class codes as
     * the value it wraps.
     */
    fun structLines(name: String, fields: List<Field>, isValueClass: Boolean): List<String> {
        if (fields.none { holdsCharacter(it.type.swift) }) return emptyList()
        val names = fields.map { swiftIdentifier(it.name) }
        val lines = mutableListOf("")
        lines.add("    init(${fields.joinToString(", ") { "${swiftLabel(it.name)}: ${it.type.swift}" }}) {")
        fields.zip(names).forEach { (field, property) -> lines.add("        self.$property = ${swiftIdentifier(field.name)}") }
        lines.add("    }")
        lines.add("")
        val wrapped = fields.singleOrNull()
        if (isValueClass && wrapped != null) {
            val type = wrapped.type.swift
            lines.add("    /// `$name` codes as the value it wraps, each `Character` a one-character `String`: Swift's `Character` is not")
            lines.add("    /// `Codable`.")
            lines.add("    init(from decoder: any Decoder) throws {")
            lines.add("        let coded = try decoder.singleValueContainer().decode(${codedType(type)}.self)")
            lines.add("        ${names[0]} = ${decoded(type, "coded")}")
            lines.add("    }")
            lines.add("")
            lines.add("    func encode(to encoder: any Encoder) throws {")
            lines.add("        var container = encoder.singleValueContainer()")
            lines.add("        try container.encode(${encoded(type, names[0])})")
            lines.add("    }")
            return lines
        }
        lines.add("    /// This struct with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is")
        lines.add("    /// not `Codable`.")
        lines.add("    private struct Coded: Codable {")
        fields.zip(names).forEach { (field, property) -> lines.add("        var $property: ${codedType(field.type.swift)}") }
        lines.add("    }")
        lines.add("")
        lines.add("    init(from decoder: any Decoder) throws {")
        lines.add("        let coded = try Coded(from: decoder)")
        lines.addAll(call("        self.init(", fields.zip(names).map { (field, property) ->
            "${swiftLabel(field.name)}: ${decoded(field.type.swift, "coded.$property")}" }, ")"))
        lines.add("    }")
        lines.add("")
        lines.add("    func encode(to encoder: any Encoder) throws {")
        lines.addAll(call("        let coded = Coded(", fields.zip(names).map { (field, property) ->
            "${swiftLabel(field.name)}: ${encoded(field.type.swift, property)}" }, ")"))
        lines.add("        try coded.encode(to: encoder)")
        lines.add("    }")
        return lines
    }

    /** `head` + the arguments + `tail`: on one line, or with an argument a line when that is too long. */
    private fun call(head: String, arguments: List<String>, tail: String): List<String> {
        val line = head + arguments.joinToString(", ") + tail
        if (line.length <= MAX_LINE) return listOf(line)
        val indent = head.takeWhile { it == ' ' }
        return listOf(head) + arguments.mapIndexed { index, argument ->
            "$indent    $argument${if (index < arguments.size - 1) "," else ""}"
        } + "$indent$tail"
    }

    /** Bindings that do not hide the coder or the mirror. */
    private fun binding(field: Field) =
        if (field.name in setOf("decoder", "encoder", "coded", "context", DECODE)) "${field.name}Value" else swiftIdentifier(field.name)

    private fun pattern(case: Case) =
        if (case.fields.isEmpty()) "case .${case.swiftName}"
        else "case let .${case.swiftName}(${case.fields.joinToString(", ") { binding(it) }})"

    /** A `case` of the coding `switch`: on one line, or with an argument a line when that is too long. */
    private fun caseLines(pattern: String, prefix: String, case: Case, value: (Field, String) -> String): List<String> {
        if (case.fields.isEmpty()) return listOf("        $pattern: $prefix.${case.swiftName}")
        val arguments = case.fields.map { "${swiftLabel(it.name)}: ${value(it, binding(it))}" }
        val line = "        $pattern: $prefix.${case.swiftName}(${arguments.joinToString(", ")})"
        if (line.length <= MAX_LINE) return listOf(line)
        return listOf("        $pattern:") + call("            $prefix.${case.swiftName}(", arguments, ")")
    }

    /** The longest line of the coding members, indented as the port writes them inside the machine's enum. */
    private const val MAX_LINE = 116

    /** The outermost shape of a Swift type's text. */
    private sealed class Shape {
        class Optional(val wrapped: String) : Shape()
        class Array(val element: String) : Shape()
        class Set(val element: String) : Shape()
        class Dictionary(val key: String, val value: String) : Shape()
        object Plain : Shape()

        companion object {
            fun of(swift: String): Shape {
                if (swift.endsWith("?")) return Optional(swift.removeSuffix("?").removeSurrounding("(", ")"))
                if (swift.startsWith("Set<") && swift.endsWith(">")) return Set(swift.substring(4, swift.length - 1))
                if (swift.startsWith("[") && swift.endsWith("]")) {
                    val inner = swift.substring(1, swift.length - 1)
                    var depth = 0
                    for ((index, character) in inner.withIndex()) {
                        when (character) {
                            '[', '<', '(' -> depth++
                            ']', '>', ')' -> depth--
                            ':' -> if (depth == 0) return Dictionary(inner.substring(0, index).trim(), inner.substring(index + 1).trim())
                        }
                    }
                    return Array(inner)
                }
                return Plain
            }
        }
    }
}
