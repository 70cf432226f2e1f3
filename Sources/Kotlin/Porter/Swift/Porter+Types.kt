package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtClassBody
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtLambdaExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtSuperTypeCallEntry
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.psi.KtUserType

// The Swift declarations of the machine's types: enums for the sealed hierarchies, structs and enums for the other
// payload types, and the properties the handlers read of them (Kotlin names, texts, type checks, shared properties).

/**
 * The property that gives a value's Kotlin text, as Kotlin's `toString()` writes it for a data class or data object
 * (`CheckPassword(email=a@b.c, password=…)`, `ShowWrongPassword`); the port declares it on [type]. Kotlin writes
 * the identity of a value that is neither (`Solid@1b6d3586`, a hash that differs from run to run): no port can
 * write that, so the port writes its name and says so in the property's documentation, not as a warning (there is
 * nothing to change by hand).
 */
internal fun Porter.kotlinText(type: SealedType): String {
    kotlinTexts.add(type)
    return kotlinTextProperty(type)
}

/** The cases Kotlin writes as their identity: neither data classes, data objects nor enum entries. */
private fun identityCases(type: SealedType) = type.cases.filter { case ->
    val declaration = case.declaration ?: return@filter false
    declaration !is org.jetbrains.kotlin.psi.KtEnumEntry &&
        !declaration.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.DATA_KEYWORD) &&
        !declaration.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.ENUM_KEYWORD)
}

/** The property with a value's Kotlin text: an enum class constant's is its `name`, as Kotlin's `toString()` gives it. */
internal fun Porter.kotlinTextProperty(type: SealedType): String = when {
    type.isEnumClass -> "name"
    type.cases.any { case -> case.fields.any { it.name == "kotlinText" } } -> "kotlinTextOfValue"
    else -> "kotlinText"
}

/** `var name` and `var ordinal` of an enum class that is one of the machine's types, when the machine reads them. */
private fun Porter.enumClassLines(type: SealedType): List<String> {
    val lines = mutableListOf<String>()
    if (type in kotlinTexts) {
        lines.addAll(listOf("", "    /// The constant's Kotlin name, as `name` and `toString()` give it.", "    var name: String {", "        switch self {"))
        type.cases.forEach { lines.add("        case .${it.swiftName}: \"${it.kotlinName}\"") }
        lines.addAll(listOf("        }", "    }"))
    }
    if (type in ordinals) {
        lines.addAll(listOf("", "    /// The constant's position in the Kotlin enum class, as `ordinal` gives it.", "    var ordinal: Int {", "        switch self {"))
        type.cases.forEachIndexed { index, case -> lines.add("        case .${case.swiftName}: $index") }
        lines.addAll(listOf("        }", "    }"))
    }
    return lines
}

internal fun Porter.kotlinTextLines(type: SealedType): List<String> {
    if (type.isEnumClass) return enumClassLines(type)
    if (type !in kotlinTexts) return emptyList()
    val lines = mutableListOf("", "    /// The value's text as Kotlin's `toString()` writes it.")
    val identities = identityCases(type)
    if (identities.isNotEmpty()) {
        val names = identities.joinToString(", ") { "`${it.kotlinName}`" }
        val note = "Kotlin writes $names (not a data class or data object) as an identity that changes from run to run " +
            "(`${identities.first().kotlinName}@1b6d3586`); here, the name."
        var line = StringBuilder()
        for (word in note.split(' ')) {
            if (line.isNotEmpty() && line.length + 1 + word.length > 100) {
                lines.add("    /// $line")
                line = StringBuilder()
            }
            if (line.isNotEmpty()) line.append(' ')
            line.append(word)
        }
        lines.add("    /// $line")
    }
    lines.addAll(listOf("    var ${kotlinTextProperty(type)}: String {", "        switch self {"))
    for (case in type.cases) {
        if (case.fields.isEmpty()) {
            lines.add("        case .${case.swiftName}: \"${case.kotlinName}\"")
            continue
        }
        val names = case.fields.map { swiftIdentifier(it.name) }
        val parts = case.fields.zip(names).joinToString(", ") { (field, name) -> "${field.name}=\\(${fieldText(field.type, name)})" }
        lines.add("        case let .${case.swiftName}(${names.joinToString(", ")}): \"${case.kotlinName}($parts)\"")
    }
    return lines + listOf("        }", "    }")
}

/** A field's Kotlin text in a Swift interpolation. */
internal fun Porter.fieldText(type: SwiftType, name: String): String = textOf(type.swift, name, 0, type.kotlinTime).expression

/** A Swift expression for a value's Kotlin text; [isString] when it is a `String` already, not a value to interpolate. */
private class KotlinTextCode(val expression: String, val isString: Boolean) {
    /** As a `String` expression. */
    val string: String get() = if (isString) expression else "\"\\($expression)\""
}

/**
 * A Swift expression that writes the value [name] of the Swift type [swift] as Kotlin's `toString()` does: a sealed
 * value by its `kotlinText`, an enum class constant by its Kotlin name (`ORIGIN_CHECKED`), a data class as
 * `Progress(steps=[…], retries=0)` (a function the port declares), a list or set as `[a, b]`, a map as `{a=1}`,
 * `null` for nil; anything else as Swift interpolates it, which for numbers, strings and booleans is Kotlin's text.
 * [depth] names the closures' parameters apart; [kotlinTime] tells a `kotlin.time.Duration` from a `java.time.Duration`.
 */
private fun Porter.textOf(swift: String, name: String, depth: Int, kotlinTime: Boolean): KotlinTextCode {
    val element = "e$depth"
    if (swift.endsWith("?")) {
        val inner = textOf(swift.dropLast(1), element, depth + 1, kotlinTime)
        if (!inner.isString && inner.expression == element) return KotlinTextCode("$name.map { \"\\($0)\" } ?? \"null\"", true)
        return KotlinTextCode("$name.map { $element in ${inner.string} } ?? \"null\"", true)
    }
    types.named(swift)?.let { sealed ->
        kotlinTexts.add(sealed)
        return KotlinTextCode("$name.${kotlinTextProperty(sealed)}", true)
    }
    if (types.enumConstants(swift) != null) {
        enumNames.add(swift)
        return KotlinTextCode("$name.name", true)
    }
    types.structs[swift]?.let { fields ->
        helpers.getOrPut("kotlinTextOf($swift)") {
            val parts = fields.joinToString(", ") { field ->
                "${field.name}=\\(${textOf(field.type.swift, "value.${swiftIdentifier(field.name)}", 1, field.type.kotlinTime).expression})"
            }
            listOf(
                "/// A `$swift` as Kotlin's `toString()` writes the data class.",
                "static func kotlinTextOf(_ value: $swift) -> String {",
                "    \"$swift($parts)\"",
                "}",
            )
        }
        return KotlinTextCode("kotlinTextOf($name)", true)
    }
    platformText(swift, name, kotlinTime)?.let { return KotlinTextCode(it, true) }
    val collection = Regex("^(?:\\[([^:]+)]|Set<(.+)>)$").find(swift)
    if (collection != null) {
        val item = textOf(collection.groupValues[1].ifEmpty { collection.groupValues[2] }, element, depth + 1, kotlinTime)
        return KotlinTextCode("\"[\" + $name.map { $element in ${item.string} }.joined(separator: \", \") + \"]\"", true)
    }
    val map = Regex("^\\[([^:\\[]+): (.+)]$").find(swift)
    if (map != null) {
        val key = textOf(map.groupValues[1], "$element.key", depth + 1, kotlinTime)
        val value = textOf(map.groupValues[2], "$element.value", depth + 1, kotlinTime)
        return KotlinTextCode("\"{\" + $name.map { $element in \"\\(${key.expression})=\\(${value.expression})\" }.joined(separator: \", \") + \"}\"", true)
    }
    return KotlinTextCode(name, false)
}

/**
 * A Swift expression for the Kotlin text of the platform value [name] of the Swift type [swift] (`Instant.toString()`,
 * `UUID.toString()`, `Duration.toString()`: [kotlinTime] for a `kotlin.time.Duration`), where Swift's own text differs;
 * null for other types.
 */
internal fun Porter.platformText(swift: String, name: String, kotlinTime: Boolean = false): String? = when (swift) {
    "Date" -> "${instantText()}($name)"
    "UUID" -> "$name.uuidString.lowercased()"
    "Duration" -> if (kotlinTime) "${kotlinDurationText()}($name)" else "${javaDurationText()}($name)"
    else -> null
}

/** The port's function that writes an `Instant` as Kotlin's `toString()` does (no Foundation calendar: a type of the
 * files may be named `Calendar`). */
private fun Porter.instantText(): String = helper(
    "instantText",
    "/// An `Instant` as Kotlin's `toString()` writes it: ISO 8601 in UTC, a fraction of a second in groups of three digits.",
    "static func instantText(_ instant: Date) -> String {",
    "    let micros = Int64((instant.timeIntervalSince1970 * 1_000_000).rounded())",
    "    let seconds = (micros >= 0 ? micros : micros - 999_999) / 1_000_000",
    "    let days = (seconds >= 0 ? seconds : seconds - 86_399) / 86_400",
    "    let time = seconds - days * 86_400",
    "    // The civil date of the day (years counted from March, so that February ends a year).",
    "    let shifted = days + 719_468",
    "    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097",
    "    let dayOfEra = shifted - era * 146_097",
    "    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365",
    "    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)",
    "    let monthFromMarch = (5 * dayOfYear + 2) / 153",
    "    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9",
    "    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)",
    "    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1",
    "    func digits(_ value: Int64, _ count: Int) -> String {",
    "        let text = String(value)",
    "        return String(repeating: \"0\", count: max(0, count - text.count)) + text",
    "    }",
    "    var text = digits(year, 4) + \"-\" + digits(month, 2) + \"-\" + digits(day, 2) + \"T\" + digits(time / 3600, 2) + \":\"",
    "        + digits(time / 60 % 60, 2) + \":\" + digits(time % 60, 2)",
    "    let fraction = micros - seconds * 1_000_000",
    "    if fraction != 0 { text += \".\" + (fraction % 1000 == 0 ? digits(fraction / 1000, 3) : digits(fraction, 6)) }",
    "    return text + \"Z\"",
    "}",
)

/** `var name`, each constant's Kotlin name, for an enum class whose `name` the machine reads. */
internal fun Porter.enumNameLines(name: String): List<String> {
    if (name !in enumNames) return emptyList()
    val lines = mutableListOf("", "    /// The constant's Kotlin name, as `name` gives it.", "    var name: String {", "        switch self {")
    types.enumConstants(name).orEmpty().forEach { lines.add("        case .${SealedTypes.enumCaseName(it)}: \"$it\"") }
    return lines + listOf("        }", "    }")
}

/** An enum class, with its properties as computed properties, or a struct. */
internal fun Porter.auxiliaryLines(auxiliary: AuxiliaryType): List<String> {
    if (auxiliary.name in types.helpers) return helperClassLines(auxiliary.name)
    val functionLines = enumNameLines(auxiliary.name) + functions.lines(auxiliary.name).map { if (it.isEmpty()) "" else "    $it" }
    val (_, constants, properties) = types.enumProperties[auxiliary.name]
        ?: return if (functionLines.isEmpty()) auxiliary.lines else auxiliary.lines.dropLast(1) + functionLines + auxiliary.lines.last()
    val lines = auxiliary.lines.dropLast(1).toMutableList()
    properties.forEachIndexed { index, property ->
        val type = property.typeReference?.let { types.swiftType(it) }?.swift ?: return@forEachIndexed
        lines.add("")
        lines.add("    var ${swiftIdentifier(property.name ?: "_")}: $type {")
        lines.add("        switch self {")
        for (constant in constants) {
            val argument = constant.initializerList?.initializers?.firstOrNull()
                ?.let { it as? org.jetbrains.kotlin.psi.KtSuperTypeCallEntry }?.valueArguments?.getOrNull(index)?.getArgumentExpression()
            val value = try {
                expr(argument ?: property.defaultValue, Scope(null, null, null)).text
            } catch (failure: NotPorted) {
                warn(failure.element, "${describe(failure)} is not ported; the property is a fatalError placeholder")
                "fatalError(\"port: ${auxiliary.name}.${constant.name}.${property.name} is not ported\")"
            } catch (failure: IllegalStateException) {
                "fatalError(\"port: ${auxiliary.name}.${constant.name}.${property.name} has no value\")"
            }
            lines.add("        case .${SealedTypes.enumCaseName(constant.name ?: "_")}: $value")
        }
        lines.add("        }")
        lines.add("    }")
    }
    lines.addAll(functionLines)
    lines.add("}")
    return lines
}

internal fun Porter.enumLines(type: SealedType, hashable: Boolean): List<String> {
    // Swift cannot synthesize Codable for an enum without cases (a Kotlin sealed class with no subclasses).
    val codable = if (type.cases.isEmpty() || !types.isCodable(type)) "" else "Codable, "
    val conformances = (if (hashable) "StateMachineHashable, " else "") + codable + "Equatable"
    val indirect = type.cases.any { case -> case.fields.any { types.holds(it.type, type.name) } }
    val head = "${if (indirect) "indirect " else ""}enum ${type.declaredName}: $conformances {" + mark(type.declaration)
    if (type.cases.isEmpty()) return listOf("$head}")
    val lines = mutableListOf(head)
    for (case in type.cases) {
        val payload = if (case.fields.isEmpty()) "" else
            case.fields.joinToString(", ", "(", ")") { "${swiftLabel(it.name)}: ${it.type.swift}" }
        lines.add("    case ${case.swiftName}$payload" + (case.declaration?.let { mark(it) } ?: ""))
    }
    if (hashable && type.hasPayloads) {
        lines.add("")
        lines.add("    enum HashableIdentifier: String { case ${type.cases.joinToString(", ") { it.swiftName }} }")
    }
    lines.addAll(basePropertyLines(type))
    lines.addAll(memberPropertyLines(type))
    lines.addAll(groupPropertyLines(type))
    lines.addAll(throwableMessageLines(type))
    for ((property, check) in typeChecks[type].orEmpty()) {
        val (name, cases) = check
        lines.add("")
        lines.add("    /// Whether this value is a Kotlin `$name`.")
        if (cases.containsAll(type.cases)) {
            lines.add("    var $property: Bool { true }")
            continue
        }
        lines.add("    var $property: Bool {")
        lines.add("        switch self {")
        lines.add("        case ${cases.joinToString(", ") { ".${it.swiftName}" }}: true")
        lines.add("        default: false")
        lines.add("        }")
        lines.add("    }")
    }
    lines.addAll(kotlinTextLines(type))
    if (type in simpleNames) {
        lines.add("")
        lines.add("    /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.")
        lines.add("    var ${simpleNameProperty(type)}: String {")
        lines.add("        switch self {")
        type.cases.forEach { lines.add("        case .${it.swiftName}: \"${it.kotlinName}\"") }
        lines.add("        }")
        lines.add("    }")
    }
    functions.lines(type.name).forEach { lines.add(if (it.isEmpty()) "" else "    $it") }
    if (codable.isNotEmpty()) lines.addAll(CharacterCoding.enumLines(type.cases))
    lines.addAll(groupTypeLines(type))
    lines.add("}")
    return lines
}

/** The property that gives a value's Kotlin class name (`simpleName`, unless a field or property has that name). */
internal fun Porter.simpleNameProperty(type: SealedType): String {
    val taken = type.cases.any { case -> case.fields.any { it.name == "simpleName" } } || type.baseProperties.any { it.name == "simpleName" }
    return if (taken) "kotlinSimpleName" else "simpleName"
}

/** The Boolean property that tells whether a value of [type] is one of [cases] (Kotlin's `is Name`); declared by the port. */
/**
 * The name a type check of [cases] is written with: the type's, a group's, or the case's Swift name capitalized
 * (`CompletedLoad`, never the bare `Load` another group's case also has).
 */
internal fun Porter.typeCheckName(type: SealedType, cases: List<Case>): String {
    if (cases.size == type.cases.size) return type.name
    cases.singleOrNull()?.let { return it.swiftName.removeSurrounding("`").replaceFirstChar { c -> c.uppercase() } }
    return type.groups.entries.firstOrNull { it.value == cases }?.key ?: cases.first().kotlinName
}

internal fun Porter.typeCheck(type: SealedType, name: String, cases: List<Case>): String {
    // A function of the type named the same (`fun Drive.isMoving()`) keeps its name; the property takes another.
    val property = if (functions.declares(type, "is$name")) "is${name}Case" else "is$name"
    typeChecks.getOrPut(type) { linkedMapOf() }[property] = name to cases
    return property
}

/** The property that gives the Kotlin class name of a value of [type]; the port declares it. */
internal fun Porter.simpleName(type: SealedType): String {
    simpleNames.add(type)
    return simpleNameProperty(type)
}

/**
 * Properties of a base class's body that its cases override (`override val status = Status.OPEN`): computed
 * properties, each case giving its override's value, its constructor field of that name, or the base's default.
 */
internal fun Porter.memberPropertyLines(type: SealedType): List<String> = type.sharedMembers.flatMap { (property, cases) ->
    val name = property.name ?: return@flatMap emptyList()
    val swiftType = types.swiftType(property.typeReference ?: return@flatMap emptyList())
    computedProperty(type, name, swiftType.swift, cases) { case, self ->
        if (case.fields.any { it.name == name }) {
            self.patternUsed.add(name)
            return@computedProperty swiftIdentifier(name)
        }
        val override = case.declaration?.declarations.orEmpty().filterIsInstance<KtProperty>().firstOrNull { it.name == name }
        val expression = valueOf(override ?: property) ?: throw NotPorted(override ?: property, "a case without a value for")
        expr(expression, Scope(null, self, null), types.named(swiftType.sealed)).text
    }
}

/** A property's value: its initializer, or its getter's expression (`get() = …`, `get() { return … }`). */
internal fun Porter.valueOf(property: KtProperty): KtExpression? {
    property.initializer?.let { return it }
    val body = property.getter?.bodyExpression ?: return null
    if (body is org.jetbrains.kotlin.psi.KtBlockExpression) {
        return (body.statements.singleOrNull() as? org.jetbrains.kotlin.psi.KtReturnExpression)?.returnedExpression
    }
    return body
}

/** A sealed base class's constructor properties: computed properties, each case giving its super-call argument. */
internal fun Porter.basePropertyLines(type: SealedType): List<String> = type.baseProperties.flatMapIndexed { index, property ->
    val swiftType = property.typeReference?.let { types.swiftType(it).swift } ?: return@flatMapIndexed emptyList()
    computedProperty(type, property.name ?: "_", swiftType) { case, self ->
        val arguments = case.superArguments ?: throw NotPorted(property, "a value passed on by a group of cases for")
        val argument = arguments.getOrNull(index) ?: property.defaultValue ?: throw NotPorted(property, "a case without a value for")
        expr(argument, Scope(null, self, null)).text
    }
}

/**
 * A group's constructor properties (`sealed class Timeout(val sideEffect: SideEffect) : Event()`): computed properties
 * of the enum, each case under the group giving what it passes to the group's constructor (`object Attack :
 * Timeout(SideEffect.Attack)`), or its own field of that name; groups that declare one of the same name and type
 * share it, each case giving its own group's value; a case of no such group stops, as Kotlin has no such property there.
 */
internal fun Porter.groupPropertyLines(type: SealedType): List<String> =
    type.groupConstructorProperties.groupBy { it.first.name ?: "_" }.flatMap { (name, declared) ->
        val first = type.groupProperty(name) ?: return@flatMap emptyList()
        val swiftType = types.swiftType(first.typeReference ?: return@flatMap emptyList())
        computedProperty(type, name, swiftType.swift, declared.flatMap { it.third }) { case, self ->
            if (case.fields.any { it.name == name }) {
                self.patternUsed.add(name)
                return@computedProperty swiftIdentifier(name)
            }
            val (property, group) = declared.first { case in it.third }
            val index = (property.parent as? org.jetbrains.kotlin.psi.KtParameterList)?.parameters?.indexOf(property) ?: -1
            val call = case.declaration?.superTypeListEntries?.filterIsInstance<KtSuperTypeCallEntry>()
                ?.firstOrNull { SealedTypes.lastSegment(it.typeReference) == group }
            val arguments = call?.valueArguments.orEmpty()
            val argument = arguments.firstOrNull { it.getArgumentName()?.asName?.asString() == name }?.getArgumentExpression()
                ?: arguments.getOrNull(index)?.takeIf { it.getArgumentName() == null }?.getArgumentExpression()
                ?: property.defaultValue
                ?: throw NotPorted(call ?: property, "a value passed on by a group of cases for")
            expr(argument, Scope(null, self, null), types.named(swiftType.sealed)).text
        }
    }

/**
 * The throwable a sealed class extends through a constructor call, `Exception(message)` of `sealed class
 * CallFailure(message: String) : Exception(message)`; null when it extends none.
 */
internal fun throwableSuperCall(type: SealedType): KtSuperTypeCallEntry? =
    (type.declaration as? KtClass)?.superTypeListEntries?.filterIsInstance<KtSuperTypeCallEntry>()
        ?.firstOrNull { SealedTypes.lastSegment(it.typeReference) in SealedTypes.THROWABLES }

/**
 * Kotlin's `message` of a sealed class that extends a throwable, when the machine reads it: each case's value is what
 * it passes on to the throwable's constructor (`object Busy : CallFailure("the callee is busy")`, `class
 * MediaFailure(cause: IOException) : CallFailure("media stream failed: ${cause.message}")`), or its own override of
 * `message`. A message the base class makes of its parameters other than by passing one on is not ported (a warning).
 */
internal fun Porter.throwableMessageLines(type: SealedType): List<String> {
    val call = throwableSuperCall(type) ?: return emptyList()
    // The message is also the throwable's fixture form (Spec/SPEC.md, R30): declared whenever it ports, and with a
    // warning where it does not only when the machine reads it.
    val read = type in throwableMessages
    val warningsBefore = warnings.size
    val message = call.valueArguments.firstOrNull()?.getArgumentExpression()
    val parameters = (type.declaration as KtClass).primaryConstructorParameters
    val passed = (message as? KtNameReferenceExpression)?.getReferencedName()?.let { name -> parameters.indexOfFirst { it.name == name } }
        ?.takeIf { it >= 0 }
    val lines = computedProperty(type, "message", "String?") { case, self ->
        val override = case.declaration?.declarations.orEmpty().filterIsInstance<KtProperty>().firstOrNull { it.name == "message" }
        val value = when {
            override != null -> valueOf(override) ?: throw NotPorted(override, "a message without a value,")
            message == null -> return@computedProperty "nil"
            passed != null -> {
                val arguments = case.superArguments ?: throw NotPorted(message, "a message passed on by a group of cases,")
                arguments.getOrNull(passed) ?: parameters[passed].defaultValue
                    ?: throw NotPorted(message, "a case without a message,")
            }
            PsiTreeUtil.collectElementsOfType(message, KtNameReferenceExpression::class.java)
                .any { reference -> parameters.any { it.name == reference.getReferencedName() } } ->
                throw NotPorted(message, "a message the base class makes of its parameters,")
            else -> message
        }
        expr(value, Scope(null, self, null)).text
    }
    if (!read && warnings.size > warningsBefore) {
        warnings.subList(warningsBefore, warnings.size).clear()
        return emptyList()
    }
    return listOf(lines[0], "    /// Kotlin's `message`: what each case passes on to the `${SealedTypes.lastSegment(call.typeReference)}` it extends.") +
        lines.drop(1) + (if (types.isCodable(type)) throwableCodingLines(type) else emptyList())
}

/**
 * A throwable enum's `Codable` conformance in the fixture form of a throwable (Spec/SPEC.md, R30), as the Kotlin writes
 * it: its case, its message and the properties the case's class declares, `{"wrongCode": {"attempt": 3, "message":
 * "wrong code 3"}}`. A case is read back when Kotlin keeps all its fields (an object, a data class, `val` parameters),
 * as Kotlin makes it by its constructor from that form.
 */
private fun Porter.throwableCodingLines(type: SealedType): List<String> {
    types.throwableCodingKey()
    val key = SealedTypes.THROWABLE_KEY
    val kept = type.cases.associateWith { keptFields(it) }
    val readable = type.cases.filter { case -> case.fields.all { it.name == "message" || it in kept.getValue(case) } }
    val lines = mutableListOf(
        "",
        if (kept.values.any { it.isNotEmpty() }) "    /// Written as Kotlin writes a throwable: its case, its message and the properties its class keeps."
        else "    /// Written as Kotlin writes a throwable, its case and message (`{\"${type.cases.first().swiftName.trim('`')}\": {\"message\": …}}`).",
        "    func encode(to encoder: any Encoder) throws {",
        "        let name: String",
        "        switch self {",
    )
    for (case in type.cases) {
        lines.add("        case .${case.swiftName}: name = \"${case.swiftName.trim('`')}\"")
    }
    lines += listOf(
        "        }",
        "        var container = encoder.container(keyedBy: $key.self)",
        "        var fields = container.nestedContainer(keyedBy: $key.self, forKey: $key(name))",
        "        try fields.encode(message, forKey: $key(\"message\"))",
    )
    if (kept.values.any { it.isNotEmpty() }) {
        lines.add("        switch self {")
        for (case in type.cases) {
            val properties = kept.getValue(case).takeIf { it.isNotEmpty() } ?: continue
            val names = case.fields.map { if (it in properties) swiftIdentifier(it.name) else "_" }
            lines.add("        case let .${case.swiftName}(${names.joinToString(", ")}):")
            properties.forEach { lines.add("            try fields.encode(${swiftIdentifier(it.name)}, forKey: $key(\"${it.name}\"))") }
        }
        if (type.cases.any { kept.getValue(it).isEmpty() }) lines.add("        default: break")
        lines.add("        }")
    }
    lines += listOf(
        "    }",
        "",
        "    init(from decoder: any Decoder) throws {",
        "        let container = try decoder.container(keyedBy: $key.self)",
        "        switch container.allKeys.first?.stringValue {",
    )
    for (case in readable) {
        val name = case.swiftName.trim('`')
        if (case.fields.isEmpty()) {
            lines.add("        case \"$name\": self = .${case.swiftName}")
            continue
        }
        lines.add("        case \"$name\":")
        lines.add("            let fields = try container.nestedContainer(keyedBy: $key.self, forKey: $key(\"$name\"))")
        val arguments = case.fields.joinToString(", ") { field ->
            "${swiftLabel(field.name)}: fields.decode(${field.type.swift}.self, forKey: $key(\"${field.name}\"))"
        }
        lines.add("            self = try .${case.swiftName}($arguments)")
    }
    val unreadable = if (readable.size == type.cases.size) "" else if (kept.values.all { it.isEmpty() }) {
        "${type.name} is made from its message only for a case without fields"
    } else {
        "${type.name} is made only for a case whose fields Kotlin keeps as properties"
    }
    lines += listOf(
        "        default:",
        "            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,",
        "                debugDescription: \"${unreadable.ifEmpty { "not a case of ${type.name}" }}\"))",
        "        }",
        "    }",
    )
    return lines
}

/**
 * The fields of a throwable [case] that Kotlin keeps as properties, which its fixture form carries: its constructor's
 * `val` parameters, and parameters the class declares a property of (`val code = code`); not `message`, which the form
 * has anyway.
 */
private fun keptFields(case: Case): List<Field> {
    val declaration = case.declaration as? org.jetbrains.kotlin.psi.KtClass ?: return emptyList()
    val bodyProperties = declaration.declarations.filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>().mapNotNull { it.name }.toSet()
    val properties = declaration.primaryConstructorParameters.filter { it.hasValOrVar() || it.name in bodyProperties }.mapNotNull { it.name }.toSet()
    return case.fields.filter { it.name in properties && it.name != "message" }
}

/**
 * A computed property of [type]'s enum, `switch self` with one case per line; [value] gives a case's Swift value
 * with `self` bound to the case (the fields it reads are bound by the case's pattern). A value the porter cannot
 * translate is a placeholder, with a warning.
 */
internal fun Porter.computedProperty(type: SealedType, name: String, swiftType: String, cases: List<Case> = type.cases,
                             value: (Case, Binding) -> String): List<String> {
    val lines = mutableListOf("", "    var ${swiftIdentifier(name)}: $swiftType {", "        switch self {")
    for (case in type.cases.filter { it in cases }) {
        val self = Binding("self", type, case)
        self.pattern = case.fields.associate { it.name to swiftIdentifier(it.name) }
        val text = try {
            value(case, self)
        } catch (failure: NotPorted) {
            warn(failure.element, "${describe(failure)} is not ported; the property is a fatalError placeholder")
            "fatalError(\"port: ${type.name}.$name of ${case.kotlinName} is not ported\")"
        }
        val pattern = if (self.patternUsed.isEmpty()) ".${case.swiftName}" else
            "let .${case.swiftName}(${case.fields.joinToString(", ") { if (it.name in self.patternUsed) swiftIdentifier(it.name) else "_" }})"
        lines.add("        case $pattern: $text")
    }
    if (cases.size < type.cases.size) {
        // A property of a group of cases: Kotlin reads it only on those.
        val group = type.groups.entries.firstOrNull { it.value.toSet() == cases.toSet() }?.key ?: type.name
        lines.add("        default: preconditionFailure(\"${name} is a property of $group, and \\(self) is not one\")")
    }
    lines.add("        }")
    lines.add("    }")
    return lines
}
