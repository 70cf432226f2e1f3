package com.statemachine.porter

/**
 * The Swift side of `--verify` for one port: an extension of the port's enum with an owner that conforms to its
 * `Collaborators` (values the Kotlin owner had, stubs that write every call as the Kotlin stubs do, the results the
 * Kotlin functions gave) and a `run` that sends the sequences. The loop, the rendering of values and the comparison are
 * the `StateMachineVerify` module's.
 */
class SwiftHarness(private val porter: Porter, private val result: PortResult) {

    private val name = porter.swiftName
    private val types = porter.machineTypes.toList()

    /** A requirement of a protocol of the port, parsed from its Swift declaration. */
    private sealed class Requirement {
        class Property(val name: String, val type: String, val settable: Boolean) : Requirement()
        class Function(val name: String, val parameters: List<Pair<String, String>>, val signature: String, val returns: String?) : Requirement()
    }

    /** The protocols the port declares (the interfaces of the files, the types it declared from their uses). */
    private val protocols: Map<String, List<Requirement>> = parseProtocols(result.swift)

    /** The associated types of the protocols of types the files do not declare, by protocol: the owner's ones they name. */
    private val protocolAssociatedTypes: Map<String, List<String>> = Regex("(?m)^ *protocol ([A-Za-z_][A-Za-z0-9_]*)<([^>]*)> \\{$")
        .findAll(result.swift).associate { match -> match.groupValues[1] to match.groupValues[2].split(",").map { it.trim() } }

    /** The associated types of `Collaborators`: the types the owner supplies. */
    private val associatedTypes: List<String> = Regex("^ *associatedtype ([A-Za-z_][A-Za-z0-9_]*)", RegexOption.MULTILINE)
        .findAll(result.swift).map { it.groupValues[1] }.toList().distinct()

    fun write(): String {
        // A machine generic over its owner (the owner supplies types, OpaqueTypes.kt): `Machine<Owner>` holds its types.
        val generic = GENERIC_MACHINE.containsMatchIn(result.swift)
        val takesContext = generic || "static func definition(_ context: some Collaborators)" in result.swift
        val machine = if (generic) "Machine<Owner>." else ""
        val lines = mutableListOf(
            "// Written by statemachine port --verify: runs $name on the events its Kotlin machine was sent, with an owner",
            "// whose collaborators write every call as the Kotlin stubs do.",
            "",
        )
        // Swift imports a module per file: the owner's `Date` and `UUID` need Foundation here as in the port.
        if (result.swift.lines().any { it.trim() == "import Foundation" }) lines += "import Foundation"
        lines += listOf(
            "import StateMachine",
            "import StateMachineFixtures",
            "import StateMachineVerify",
            "",
            "extension $name {",
            "    enum Verification {",
            "        static func run(_ run: VerifyRun) {",
            "            run.sequences(event: { try FixtureValueCoding.decode(${machine}Event.self, from: $0) }) { context in",
            if (takesContext) "                StateMachine(definition: ${machine}definition(Owner(context)))" else "                StateMachine(definition: definition)",
            "            }",
            "        }",
        )
        val collaborators = protocols["Collaborators"]
        if (takesContext && collaborators != null) {
            lines += ""
            lines += "        final class Owner: Collaborators {"
            lines += "            let context: VerifyContext"
            // The types the owner supplies: values kept as the Kotlin wrote them, so both traces write them alike.
            associatedTypes.forEach { lines += "            typealias $it = FixtureOpaqueValue" }
            val stored = mutableListOf<String>()
            for (requirement in collaborators) {
                when (requirement) {
                    is Requirement.Property -> {
                        val stub = stubExpression(requirement.type, requirement.name)
                        val helper = helperExpression(requirement.type, requirement.name)
                        if (requirement.type.trim() in associatedTypes) {
                            lines += "            ${if (requirement.settable) "var" else "let"} ${requirement.name}: ${requirement.type}"
                            // A value of a file not given (`FailedToJoinCall`): written as the Kotlin runner writes an object.
                            val objectCase = porter.collaborators.externalValueName(requirement.name.removeSurrounding("`"))
                                ?.let { ", object: ${quoted(it.replaceFirstChar { char -> char.lowercase() })}" }.orEmpty()
                            stored += "                ${requirement.name.removeSurrounding("`")} = context.opaqueProperty(${quoted(requirement.name)}$objectCase)"
                        } else if (requirement.type.endsWith("?") && porter.collaborators.startsNull(requirement.name.removeSurrounding("`"))) {
                            // The Kotlin owner's own property, null until its code sets it: the runner makes no stub for it.
                            lines += "            ${if (requirement.settable) "var" else "let"} ${requirement.name}: ${requirement.type}"
                            stored += "                ${requirement.name.removeSurrounding("`")} = nil"
                        } else if (stub != null) {
                            lines += "            ${if (requirement.settable) "var" else "let"} ${requirement.name}: ${requirement.type}"
                            stored += "                ${requirement.name.removeSurrounding("`")} = $stub"
                        } else if (helper != null) {
                            // One instance for the owner's life, as the Kotlin owner holds one: its state changes.
                            lines += "            ${if (requirement.settable) "var" else "let"} ${requirement.name}: ${requirement.type}"
                            stored += "                ${requirement.name.removeSurrounding("`")} = $helper"
                        } else if (requirement.settable) {
                            lines += "            var ${requirement.name}: ${requirement.type}"
                            stored += "                ${requirement.name.removeSurrounding("`")} = ${propertyRead(requirement.type, requirement.name)}"
                        } else if (porter.collaborators.isGetter(requirement.name.removeSurrounding("`"))) {
                            // Computed by a getter in Kotlin: each read is a call, answered as the Kotlin's was.
                            lines += "            var ${requirement.name}: ${requirement.type} { context.result(${quoted(requirement.name.removeSurrounding("`"))}, [], as: ${requirement.type}.self) }"
                        } else {
                            lines += "            var ${requirement.name}: ${requirement.type} { ${propertyRead(requirement.type, requirement.name)} }"
                        }
                    }
                    is Requirement.Function -> {
                        val arguments = requirement.parameters.joinToString(", ") { rendered(it.first, it.second) }
                        lines += "            ${requirement.signature} {"
                        val receiver = porter.collaborators.undeclaredTypeMethodReceiver(requirement.name.removeSurrounding("`"))
                        if (receiver != null) {
                            // A call on a value the owner supplies: the Kotlin's stand-in writes it on the value's name.
                            val rest = requirement.parameters.drop(1).joinToString(", ") { "verifyRender(${it.first})" }
                            lines += "                context.call(${quoted("$receiver.${requirement.name.removeSurrounding("`")}")}, [$rest])"
                            if (requirement.returns != null) {
                                val value = defaultValue(requirement.returns, "$receiver.${requirement.name.removeSurrounding("`")}")
                                lines += "                ${if (value.startsWith("verifyStop(")) "" else "return "}$value"
                            }
                            lines += "            }"
                            continue
                        }
                        lines += if (requirement.returns == null) "                context.result(${quoted(requirement.name)}, [$arguments])"
                        else "                context.result(${quoted(requirement.name)}, [$arguments], as: ${requirement.returns}.self)"
                        lines += "            }"
                    }
                }
            }
            lines += ""
            lines += "            init(_ context: VerifyContext) {"
            lines += "                self.context = context"
            lines += stored
            lines += "            }"
            lines += "        }"
        }
        for ((protocol, requirements) in protocols) {
            if (protocol == "Collaborators") continue
            lines += ""
            lines += "        final class ${protocol}Stub: $protocol {"
            // Its associated types, the owner's (`protocol ValidateQuizGuess<Breed>`): values kept as the Kotlin wrote them.
            protocolAssociatedTypes[protocol].orEmpty().forEach { lines += "            typealias $it = FixtureOpaqueValue" }
            // `self.` throughout: a requirement's parameters may be named `receiver` or `context` too.
            lines += "            let receiver: String"
            lines += "            let context: VerifyContext"
            lines += "            init(receiver: String, context: VerifyContext) { self.receiver = receiver; self.context = context }"
            for (requirement in requirements) {
                when (requirement) {
                    is Requirement.Property -> {
                        // A read is a call of the property's getter, written as the Kotlin stub writes it.
                        val where = "\\(self.receiver).${requirement.name.removeSurrounding("`")}"
                        val value = defaultValue(requirement.type, where, "self.context")
                        lines += "            var ${requirement.name}: ${requirement.type} {"
                        lines += "                self.context.call(\"$where\", [])"
                        lines += "                ${if (value.startsWith("verifyStop(")) "" else "return "}$value"
                        lines += "            }"
                    }
                    is Requirement.Function -> {
                        val arguments = requirement.parameters.joinToString(", ") { rendered(it.first, it.second) }
                        lines += "            ${requirement.signature} {"
                        if (requirement.name == "callAsFunction") {
                            // The collaborator called as a function (Kotlin's `invoke`): the Kotlin's stand-in of that
                            // name records the call with its result, which the Swift answers alike.
                            lines += if (requirement.returns == null) "                self.context.result(self.receiver, [$arguments])"
                                else "                self.context.result(self.receiver, [$arguments], as: ${requirement.returns}.self)"
                            lines += "            }"
                            continue
                        }
                        lines += "                self.context.call(\"\\(self.receiver).${requirement.name.removeSurrounding("`")}\", [$arguments])"
                        if (requirement.returns != null) {
                            // A value the stubs cannot make stops the sequence: `verifyStop(…)` never returns, and
                            // Swift refuses `return` of it where a `Date` is expected.
                            val value = defaultValue(requirement.returns, "\\(self.receiver).${requirement.name.removeSurrounding("`")}", "self.context")
                            lines += "                ${if (value.startsWith("verifyStop(")) "" else "return "}$value"
                        }
                        lines += "            }"
                    }
                }
            }
            lines += "        }"
        }
        lines += "    }"
        lines += "}"
        return lines.joinToString("\n", postfix = "\n")
    }

    /** A stored stub for a property of [type] named [name] (a protocol or a function), or null for a value. */
    private fun stubExpression(type: String, name: String): String? {
        // `any Logger`, or `(any Logger)?` for a nullable one (`logger: Logger? = null`, which the Kotlin runner stubs too).
        val plain = type.removeSuffix("?").let { if (type.endsWith("?")) it.removeSurrounding("(", ")") else it }
        if (plain.startsWith("any ") && plain.removePrefix("any ").substringBefore('<') in protocols) {
            return "${plain.removePrefix("any ").substringBefore('<')}Stub(receiver: ${quoted(name)}, context: context)"
        }
        // A list of them (`listeners: List<PlaybackListener>`): one stub, `listeners[0]`, as the Kotlin runner gives.
        val element = Regex("^\\[any (\\w+)]$").find(type)?.groupValues?.get(1)
        if (element != null && element in protocols) {
            return "[${element}Stub(receiver: ${quoted(name.removeSurrounding("`") + "[0]")}, context: context)]"
        }
        return functionStub(type, name.removeSurrounding("`"))
    }

    /**
     * A helper class of the port ([HelperClasses]) made as the Kotlin owner's was: its initializer given each
     * constructor property the Kotlin object had (`PinPad(length: context.property("pinPad", field: "length"))`), a
     * parameter that is not a property left to its default. Null for another type, or when a parameter is neither.
     */
    private fun helperExpression(type: String, name: String): String? {
        val klass = porter.types.helpers.declared[type.trim()] ?: return null
        val arguments = mutableListOf<String>()
        for (parameter in klass.primaryConstructorParameters) {
            val parameterName = parameter.name ?: return null
            when {
                parameter.hasValOrVar() ->
                    arguments += "${swiftLabel(parameterName)}: context.property(${quoted(name)}, field: ${quoted(parameterName)})"
                parameter.hasDefaultValue() -> continue
                else -> return null
            }
        }
        return "${type.trim()}(${arguments.joinToString(", ")})"
    }

    /**
     * The trace's text of the argument [name] of the Swift [type]: `verifyRender(name)`, or `"?"` for a function (a
     * callback the machine passes on, `(Event) -> Void`), which has no fixture form and is written `?` by the Kotlin too;
     * Swift would not let a non-escaping closure be given to `verifyRender` either.
     */
    private fun rendered(name: String, type: String): String {
        val text = type.trim().removePrefix("@escaping ").trim()
        val function = topLevelArrow(text) != null || (text.endsWith(")?") && topLevelArrow(text.removeSurrounding("(", ")?")) != null)
        return if (function) "\"?\"" else "verifyRender($name)"
    }

    /** A closure of the function type [type] (`(SideEffect) -> Void`) that writes its calls as [name](…). */
    private fun functionStub(type: String, name: String): String? {
        val text = type.trim().removePrefix("@escaping ").removeSurrounding("(", ")?").let { if (it != type.trim()) "($it)" else type.trim() }
        val arrow = topLevelArrow(text) ?: return null
        val parameters = splitTopLevel(text.substring(0, arrow).trim().removeSurrounding("(", ")")).filter { it.isNotBlank() }
        val returns = text.substring(arrow + 2).trim()
        val names = parameters.indices.map { "p$it" }
        val body = "context.call(${quoted(name)}, [${names.zip(parameters).joinToString(", ") { (name, type) -> rendered(name, type) }}])"
        val value = if (returns == "Void" || returns == "()") "" else "; return ${defaultValue(returns, name)}"
        return "{ ${if (names.isEmpty()) "" else names.joinToString(", ") + " in "}$body$value }"
    }

    /**
     * The owner's property [name] of the Swift [type], read from what the Kotlin owner held. A `Character` is not
     * `Decodable`: the fixture format writes it as a one-character string, read as a `String` and made a `Character`.
     */
    private fun propertyRead(type: String, name: String): String {
        // The Kotlin owner's property is written under its Kotlin name (`_state` for the port's `state`).
        val kotlinName = porter.collaborators.used.entries.firstOrNull { it.value.name == name.removeSurrounding("`") && it.value.holder }?.key ?: name
        val read = "context.property(${quoted(kotlinName)})"
        return when (type.trim()) {
            "Character" -> "Character($read as String)"
            "Character?" -> "($read as String?).map { Character($0) }"
            "[Character]" -> "($read as [String]).map { Character($0) }"
            "Set<Character>" -> "Set(($read as [String]).map { Character($0) })"
            else -> {
                val map = Regex("^\\[Character: (.+)]$").find(type.trim())
                if (map != null) "Dictionary(uniqueKeysWithValues: ($read as [String: ${map.groupValues[1]}]).map { (Character($0.key), $0.value) })"
                else read
            }
        }
    }

    /**
     * The value a stub answers for [type], as the Kotlin stubs answer; a stop of the sequence when there is none. [where]
     * is the call's name in the trace, as the body of a Swift string literal; [context] the harness's `VerifyContext` there.
     */
    private fun defaultValue(type: String, where: String, context: String = "context"): String {
        val text = type.trim()
        // The n-th answer of a platform type in the sequence, made from n as the Kotlin stubs make theirs.
        val answer = "$context.nextAnswer(\"$where\")"
        return when {
            text == "Void" || text == "()" -> "()"
            // A type the owner supplies: a value without a form, as the Kotlin stand-in's, which its trace writes `?`.
            text in associatedTypes -> "FixtureOpaqueValue.unwritten"
            text.endsWith("?") -> "nil"
            text == "Bool" -> "false"
            text in setOf("Int", "Int64", "Int32", "Int16", "Int8", "UInt", "UInt64", "UInt32", "UInt16", "UInt8", "Double", "Float") -> "0"
            text == "String" -> "\"\""
            text == "Date" -> "Date(timeIntervalSince1970: VerifyPlatformAnswers.secondsSince1970($answer))"
            text == "Duration" -> "Duration.seconds(VerifyPlatformAnswers.durationSeconds($answer))"
            text == "UUID" -> "UUID(uuidString: VerifyPlatformAnswers.uuidString($answer))!"
            text.startsWith("[") && splitTopLevel(text.removeSurrounding("[", "]"), ':').size == 2 -> "[:]"
            text.startsWith("[") || text.startsWith("Set<") -> "[]"
            text.startsWith("any ") && text.removePrefix("any ").substringBefore('<') in protocols ->
                "${text.removePrefix("any ").substringBefore('<')}Stub(receiver: \"$where()\", context: $context)"
            else -> {
                val sealed = types.firstOrNull { it.name == text }
                val case = sealed?.cases?.filter { it.fields.isEmpty() }?.minByOrNull { it.kotlinName }
                if (case != null) "$text.${case.swiftName}" else "verifyStop(\"$where returns a $text, which the stubs cannot make\")"
            }
        }
    }

    private fun quoted(text: String): String = "\"" + text.removeSurrounding("`").replace("\\", "\\\\").replace("\"", "\\\"") + "\""

    companion object {
        /** The declaration of the machine of a port whose owner supplies types. */
        val GENERIC_MACHINE = Regex("enum Machine<\\w+: Collaborators>: StateMachineBuilder \\{")

        /** The protocols declared in [swift] (one requirement a line, as the porter writes them), by name. */
        private fun parseProtocols(swift: String): Map<String, List<Requirement>> {
            val protocols = linkedMapOf<String, List<Requirement>>()
            var current: String? = null
            var requirements = mutableListOf<Requirement>()
            for (line in swift.lines()) {
                val trimmed = line.trim()
                // `protocol ValidateQuizGuess<Breed> {`: its primary associated types are the owner's (Porter+Opaque.kt).
                val start = Regex("^protocol ([A-Za-z_][A-Za-z0-9_]*)(?:<[^>]*>)?(: AnyObject)? \\{$").find(trimmed)
                if (start != null) {
                    current = start.groupValues[1]
                    requirements = mutableListOf()
                    continue
                }
                if (current == null) continue
                if (trimmed == "}") {
                    protocols[current] = requirements
                    current = null
                    continue
                }
                parseRequirement(trimmed)?.let { requirements += it }
            }
            return protocols
        }

        private fun parseRequirement(line: String): Requirement? {
            Regex("^var (`?[A-Za-z_][A-Za-z0-9_]*`?): (.+) \\{ get( set)? \\}$").find(line)?.let {
                return Requirement.Property(it.groupValues[1], it.groupValues[2], it.groupValues[3].isNotEmpty())
            }
            val function = Regex("^func (`?[A-Za-z_][A-Za-z0-9_]*`?)\\((.*)\\)( -> (.+))?$").find(line) ?: return null
            val parameters = splitTopLevel(function.groupValues[2]).filter { it.isNotBlank() }.map { parameter ->
                val (names, type) = parameter.split(":", limit = 2).map { it.trim() }
                val parts = names.split(" ")
                (parts.last()) to type
            }
            val returns = function.groupValues[4].takeIf { it.isNotEmpty() && it != "Void" }
            return Requirement.Function(function.groupValues[1], parameters, line, returns)
        }

        /** [text] split at [separator] outside brackets. */
        fun splitTopLevel(text: String, separator: Char = ','): List<String> {
            val parts = mutableListOf<String>()
            var depth = 0
            var start = 0
            for ((index, char) in text.withIndex()) {
                when (char) {
                    '(', '[', '<' -> depth++
                    ')', ']', '>' -> if (!(char == '>' && index > 0 && text[index - 1] == '-')) depth--
                    else -> if (char == separator && depth == 0) {
                        parts += text.substring(start, index).trim()
                        start = index + 1
                    }
                }
            }
            parts += text.substring(start).trim()
            return parts
        }

        /** Where `->` of a function type is, outside its parentheses. */
        private fun topLevelArrow(text: String): Int? {
            var depth = 0
            for (index in text.indices) {
                when (text[index]) {
                    '(', '[', '<' -> depth++
                    ')', ']' -> depth--
                    '>' -> if (index > 0 && text[index - 1] != '-') depth--
                    '-' -> if (depth == 0 && text.startsWith("->", index)) return index
                }
            }
            return null
        }
    }
}
