package com.statemachine.porter

/**
 * The port of a machine whose payloads hold types the owner supplies ([OpaqueType]): an enum of the machine's name that
 * holds its protocols, `Collaborators` among them with an associated type for each such type, and the machine, the enum
 * `Machine<Context: Collaborators>` of the port's types and its `definition(_:)`. Requirements that name the port's
 * types name them through `Port`, the machine of the type that conforms (`func toOrder(_ status: Status) -> Port.Order`).
 * A stored constant cannot be a member of a generic type: the constants are the outer enum's.
 *
 * [body] is the machine's enum's lines as the plain port writes them (indented once), its type aliases up to
 * [aliasesEnd], and where `Collaborators` would be, [protocolAt].
 */
internal fun Porter.genericMachine(
    name: String,
    constantLines: List<String>,
    body: String,
    aliasesEnd: Int,
    protocolAt: Int,
    opaque: List<OpaqueType>,
): String {
    // An enum of the constants of a type the files do not declare depends on nothing of the owner: where the protocols
    // name it (`var mode: ExecutionMode { get }` of a protocol of a type not given), it is the outer enum's, which they see.
    val protocolText = collaborators.lines().joinToString("\n")
    val moved = mutableListOf<String>()
    fun withoutInferredEnums(text: String) = INFERRED_ENUM.replace(text) { match ->
        if (Regex("(?<![.\\w])${Regex.escape(match.groupValues[2])}(?!\\w)").containsMatchIn(protocolText)) { moved += match.groupValues[1]; "" }
        else match.value
    }
    val types = withoutInferredEnums(body.substring(aliasesEnd, protocolAt))
    val rest = withoutInferredEnums(body.substring(protocolAt))
    val out = StringBuilder("enum $name {\n")
    if (constantLines.isNotEmpty()) out.append("\n")
    constantLines.forEach { out.append(it) }
    moved.forEach { block -> out.append("\n").append(block) }
    val nested = Regex("^    (?:indirect )?(?:enum|struct|final class|class|typealias) ([A-Za-z_][A-Za-z0-9_]*)", RegexOption.MULTILINE)
        .findAll(body.substring(0, aliasesEnd) + types + rest).map { it.groupValues[1] }.toSet() - opaque.map { it.name }.toSet()
    out.append("\n")
    protocolLines(nested, opaque).forEach { out.append(if (it.isEmpty()) "" else "    ").append(it).append('\n') }
    out.append("\n")
    out.append("    /// The machine, generic over the type that owns it, whose `Collaborators` conformance supplies the types above:\n")
    out.append("    /// `StateMachine(definition: $name.Machine<Owner>.definition(owner))`.\n")
    val owner = OpaqueType.ownerParameter(opaque)
    out.append("    enum Machine<$owner: Collaborators>: StateMachineBuilder {\n")
    fun indented(text: String) = text.lines().dropLast(1).forEach { out.append(if (it.isEmpty()) "" else "    ").append(it).append('\n') }
    indented(body.substring(0, aliasesEnd).ifEmpty { "\n" })
    opaque.forEach { out.append("        typealias ${it.name} = $owner.${it.name}\n") }
    indented(types + rest.replace("_ context: $OWNER", "_ context: $owner"))
    out.append("    }\n")
    out.append("}\n")
    return out.toString()
}

/** An enum the port declares from the constants the machine uses, with the empty line before it (Porter.port). */
private val INFERRED_ENUM = Regex(
    "\n(    /// port: ([A-Za-z_][A-Za-z0-9_]*) is not declared in the files given; these are the constants the machine uses\\.\n" +
        "    enum \\2: Codable, Hashable \\{\n(?:        .*\n)*?    \\}\n)"
)

/**
 * The protocols of [Collaborators.lines], `Collaborators` with the associated types first and its requirements' names
 * of the machine's types ([nested]) qualified with `Port.`.
 */
private fun Porter.protocolLines(nested: Set<String>, opaque: List<OpaqueType>): List<String> {
    val lines = withPrimaryAssociatedTypes(collaborators.lines(), opaque.map { it.name }).toMutableList()
    val start = lines.indexOfFirst { it.startsWith("protocol Collaborators") }
    val names = Regex("(?<![.\\w])(${nested.joinToString("|") { Regex.escape(it) }})(?!\\w)")
    var usesPort = false
    for (index in start + 1 until lines.size) {
        val line = lines[index]
        if (line == "}") break
        if (nested.isEmpty() || line.trim().startsWith("///")) continue
        val qualified = names.replace(line) { "Port.${it.value}" }
        if (qualified != line) usesPort = true
        lines[index] = qualified
    }
    val payloads = payloadTypeNames()
    val head = opaque.flatMap { type ->
        // A type of the declarations the porter infers from the machine's uses has no line of the files given.
        val where = if (inferred.isInferred(type.at)) "" else " (Kotlin line ${source.line(type.at)} of ${type.at.containingFile.name})"
        listOf(
            "    /// `${type.name}`$where, a type the files given do not declare: the owner's" +
                if (type.name in payloads) ", which the machine's values hold." else ".",
            "    associatedtype ${type.name}${if (type.name in payloads) ": Codable, Hashable" else ""}",
        )
    } + if (usesPort) listOf("    /// The machine of the type that conforms, whose types the requirements below name.", "    typealias Port = Machine<Self>")
        else emptyList()
    lines.addAll(start + 1, head)
    return lines
}

/**
 * A protocol of a type the files do not declare whose requirements name types the owner supplies (`func
 * callAsFunction(_ p1: String, _ p2: Breed) -> Bool`): those are its own associated types, primary ones (`protocol
 * ValidateQuizGuess<Breed>`), which `Collaborators` fixes to its own (`var validateQuizGuess: any
 * ValidateQuizGuess<Breed> { get }`); outside the generic machine, nothing else would name them.
 */
private fun withPrimaryAssociatedTypes(protocolLines: List<String>, opaque: List<String>): List<String> {
    val lines = protocolLines.toMutableList()
    val primary = linkedMapOf<String, List<String>>()
    var index = 0
    while (index < lines.size) {
        val name = Regex("^protocol ([A-Za-z_][A-Za-z0-9_]*) \\{$").find(lines[index])?.groupValues?.get(1)
        val end = if (name == null || name == "Collaborators") -1 else (index + 1 until lines.size).firstOrNull { lines[it] == "}" } ?: -1
        if (name == null || end < 0) { index++; continue }
        val body = lines.subList(index + 1, end).filter { !it.trim().startsWith("///") }.joinToString("\n")
        val used = opaque.filter { Regex("(?<![.\\w])${Regex.escape(it)}(?!\\w)").containsMatchIn(body) }
        if (used.isNotEmpty()) {
            primary[name] = used
            lines[index] = "protocol $name<${used.joinToString(", ")}> {"
            lines.addAll(index + 1, used.map { "    associatedtype $it" })
        }
        index = end + used.size + 1
    }
    if (primary.isEmpty()) return lines
    val reference = Regex("\\bany (${primary.keys.joinToString("|") { Regex.escape(it) }})\\b(?!<)")
    return lines.map { line -> reference.replace(line) { "any ${it.groupValues[1]}<${primary.getValue(it.groupValues[1]).joinToString(", ")}>" } }
}

/** The names in the types of the payloads of the machine's types and of the structs they hold. */
private fun Porter.payloadTypeNames(): Set<String> {
    val texts = types.all.flatMap { type -> type.cases.flatMap { case -> case.fields.map { it.type.swift } } } +
        types.structs.values.flatMap { fields -> fields.map { it.type.swift } }
    return texts.flatMap { text -> Regex("[A-Za-z_][A-Za-z0-9_]*").findAll(text).map { it.value } }.toSet()
}
