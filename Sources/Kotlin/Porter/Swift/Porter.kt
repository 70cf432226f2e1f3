package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClassBody
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtLambdaExpression
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.psi.KtUserType

/**
 * A port: the Swift, the warnings, and for each Swift line (0-based) the `file:line:column` of the Kotlin it was
 * written from (the handler, listener or statement it is in), for messages about the Swift.
 */
class PortResult(val swift: String, val warnings: List<String>, val origins: List<String?> = emptyList())

/** Thrown while translating a handler body: [element] has no Swift translation. */
/** Around the index of a [Porter.mark] in a Swift line: characters that Swift source never has. */
private const val MARK_START = '\u0001'
private const val MARK_END = '\u0002'

class NotPorted(val element: PsiElement, val what: String) : Exception(what)

/**
 * Ports one Kotlin file: its sealed hierarchies become Swift enums and its `StateMachine.create { }` block a
 * `StateMachine.Definition` in the Swift DSL, inside an enum conforming to `StateMachineBuilder`.
 */
class Porter(
    private val given: List<KotlinSource>,
    private val requestedName: String? = null,
    /** The compiler's analysis of [given]; null when it could not run (then names are taken as written). */
    internal val resolution: Resolution? = null,
) {

    /** The user's files, where the machine is found: before the porter adds declarations of its own. */
    private val givenSource = SourceSet(given)
    private val warnings = mutableListOf<String>()
    private val create = findCreateCall()
    private val typeNames = typeArguments(create)

    /** The machine's types that the files do not declare, declared from their uses. */
    private val inferred = InferredTypes(given, typeNames.filterNotNull().filter { it !in NO_SIDE_EFFECTS })
    private val files: List<KotlinSource> = given + inferred.sources
    private val source = SourceSet(files)
    private val types = try {
        SealedTypes(source, typeNames.filterNotNull().toSet()) { element, message -> warn(element, message) }
    } catch (failure: PortError) {
        // A problem in the porter's own declarations of inferred types is reported where the type is first used.
        val first = inferred.inferred.firstOrNull()?.firstUse
        if (first == null || failure.problems.none { it.startsWith(InferredTypes.PATH) }) throw failure
        throw PortError(failure.problems.map { problem ->
            if (problem.startsWith(InferredTypes.PATH)) "${source.location(first)}: error:" + problem.substringAfter(": error:") else problem
        })
    }
    private var fileName = files.first().path.substringAfterLast('/')

    internal lateinit var collaborators: Collaborators
    private lateinit var stateType: SealedType
    private lateinit var eventType: SealedType
    private lateinit var sideEffectType: SealedType
    private val constants = linkedMapOf<String, String>()

    /** The sealed types whose Kotlin class names the machine reads (`value::class.simpleName`). */
    private val simpleNames = linkedSetOf<SealedType>()

    /** Warnings about calls kept by name in the closure being translated; dropped if it becomes a placeholder. */
    private val pendingWarnings = mutableListOf<Pair<PsiElement, String>>()

    /** True inside a handler or listener, where a call the porter cannot translate is kept by name. */
    internal var keepsUnknownCalls = false

    internal fun keptCall(element: PsiElement, message: String) {
        pendingWarnings.add(element to message)
    }

    /** Where the warnings of a part being translated start, to keep them ([commitPending]) or drop them ([dropPending]). */
    internal fun pendingMark(): Int = pendingWarnings.size

    internal fun commitPending(mark: Int) {
        val kept = pendingWarnings.subList(mark, pendingWarnings.size)
        kept.forEach { (element, message) -> warn(element, message) }
        kept.clear()
    }

    internal fun dropPending(mark: Int) = pendingWarnings.subList(mark, pendingWarnings.size).clear()

    /**
     * What translating something can add besides its lines (warnings, the enums declared from constants, the
     * collaborators used), to go back to when it is not kept.
     */
    private fun snapshot(): () -> Unit {
        val warningsBefore = warnings.size
        val pendingBefore = pendingMark()
        val warnedBefore = inferredEnumsWarned.toSet()
        val enumsBefore = types.inferredEnums.mapValuesTo(linkedMapOf()) { LinkedHashSet(it.value) }
        val auxiliaryBefore = LinkedHashMap(types.auxiliary)
        val enumNamesBefore = enumNames.toSet()
        val collaboratorsBefore = collaborators.snapshot()
        return {
            warnings.subList(warningsBefore, warnings.size).clear()
            dropPending(pendingBefore)
            inferredEnumsWarned.retainAll(warnedBefore)
            types.inferredEnums.clear(); types.inferredEnums.putAll(enumsBefore)
            types.auxiliary.clear(); types.auxiliary.putAll(auxiliaryBefore)
            enumNames.retainAll(enumNamesBefore)
            collaboratorsBefore()
        }
    }

    /** The Kotlin elements Swift lines are written from, by the index their [mark] carries. */
    private val marks = mutableListOf<PsiElement>()

    /**
     * A mark to put at the end of a Swift line written from [element]: [port] removes it and notes where the line came
     * from. Lines after it without a mark of their own come from the same place.
     */
    internal fun mark(element: PsiElement): String {
        marks.add(element)
        return "$MARK_START${marks.size - 1}$MARK_END"
    }

    /** [swift] without its marks, and the Kotlin place of each line. */
    private fun unmark(swift: String): Pair<String, List<String?>> {
        val origins = mutableListOf<String?>()
        var current: String? = null
        val lines = swift.split('\n').map { line ->
            var text = line
            while (true) {
                val start = text.indexOf(MARK_START)
                if (start < 0) break
                val end = text.indexOf(MARK_END, start)
                current = source.location(marks[text.substring(start + 1, end).toInt()])
                text = text.removeRange(start, end + 1)
            }
            origins.add(current)
            if (text.isBlank() && text != line) "" else text
        }
        return lines.joinToString("\n") to origins
    }

    /** The functions of the ported types that the machine calls, declared on their Swift types. */
    internal val functions = TypeFunctions(this)

    fun port(): PortResult {
        fileName = source.of(create).path.substringAfterLast('/')
        for (type in inferred.inferred) {
            warn(type.firstUse, "${type.name} is not declared in the files given: the port declares it from its uses " +
                "(${inferred.describe(type)}); give the porter the file that declares it, for its exact cases and fields")
        }
        stateType = sealedArgument(create, typeNames, 0, "State")
        eventType = sealedArgument(create, typeNames, 1, "Event")
        sideEffectType = if (typeNames.getOrNull(2) in NO_SIDE_EFFECTS) unitSideEffect(create) else sealedArgument(create, typeNames, 2, "SideEffect")
        collaborators = Collaborators(files, types, create)
        collaborators.inferResult = ::resultOf
        collectConstants(create)
        collaborators.enabled = true

        val machineName = machineName(create)

        val lambda = create.lambdaArguments.singleOrNull()?.getLambdaExpression()
            ?: throw source.error(create, "StateMachine.create needs its definition as a trailing lambda")
        val definition = definitionLines(lambda)

        val out = StringBuilder()
        out.append("// Ported from $fileName by scripts/port-kotlin. Change the Kotlin machine and port it again\n")
        out.append("// rather than editing this file.\n\n")
        out.append("import StateMachine\n\n")
        out.append("enum $machineName: StateMachineBuilder {\n")
        if (constants.isNotEmpty()) out.append("\n")
        for ((name, value) in constants) out.append("    static let $name$value\n")
        val aliases = listOf("State" to stateType, "Event" to eventType, "SideEffect" to sideEffectType)
            .filter { it.first != it.second.name }
        if (aliases.isNotEmpty()) {
            out.append("\n")
            aliases.forEach { out.append("    typealias ${it.first} = ${it.second.name}\n") }
        }
        val ordered = listOf(stateType, eventType, sideEffectType).distinct() +
            types.all.filter { it != stateType && it != eventType && it != sideEffectType }
        // Writing a type may port a function another type declares, or a type check it has: again until nothing new.
        var typeLines: List<List<String>>
        do {
            val before = typesState()
            typeLines = ordered.map { enumLines(it, hashable = it == stateType || it == eventType) } +
                types.auxiliary.values.toList().map { auxiliaryLines(it) }
        } while (typesState() != before)
        if (typeLines.any { lines -> lines.any { "try ${CharacterCoding.DECODE}(" in it } }) typeLines = typeLines + listOf(CharacterCoding.decodeFunctionLines)
        for (lines in typeLines) {
            out.append("\n")
            lines.forEach { out.append(if (it.length == 0) "" else "    ").append(it).append('\n') }
        }
        // Functions of the file that read nothing of a class, ported, need no collaborators.
        val needsContext = collaborators.used.keys.any { it !in collaborators.portedFunctions } ||
            definition.any { Regex("\\bcontext\\b").containsMatchIn(it) }
        fun appendPortedFunctions() {
            for (function in collaborators.portedFunctions.values.filterNotNull()) {
                out.append("\n")
                function.lines.forEach { out.append(if (it.length == 0) "" else "    ").append(it).append('\n') }
            }
        }
        if (!needsContext) {
            appendPortedFunctions()
            out.append("\n    static let definition = StateMachine<State, Event, SideEffect>.Definition {\n")
            definition.forEach { out.append(if (it.length == 0) "" else "        ").append(it).append('\n') }
            out.append("    }\n")
        } else {
            out.append("\n")
            collaborators.lines().forEach { out.append(if (it.length == 0) "" else "    ").append(it).append('\n') }
            appendPortedFunctions()
            out.append("\n    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {\n")
            out.append("        StateMachine<State, Event, SideEffect>.Definition {\n")
            definition.forEach { out.append(if (it.length == 0) "" else "            ").append(it).append('\n') }
            out.append("        }\n")
            out.append("    }\n")
        }
        out.append("}\n")
        val (swift, origins) = unmark(out.toString())
        return PortResult(swift, warnings, origins)
    }

    /**
     * The type of [function]'s expression body, translated with its parameters bound (the class's properties read on
     * the context, as in a handler); null when it does not translate or its type is not known. Its warnings and what it
     * reads of the class are dropped: only the type is used.
     */
    private val resultsBeingTold = mutableSetOf<KtNamedFunction>()

    private fun resultOf(function: KtNamedFunction): SwiftType? {
        val body = function.bodyExpression ?: return null
        // A comparison or a logical operator is a Bool whatever it compares.
        if (body is KtBinaryExpression && body.operationReference.getReferencedName() in setOf("<", ">", "<=", ">=", "==", "!=", "&&", "||")) {
            return SwiftType("Bool", null)
        }
        // A function whose body calls itself: its type is not told by its own call.
        if (!resultsBeingTold.add(function)) return null
        val scope = Scope(null, null, null, canThrow = false)
        for (parameter in function.valueParameters) {
            val type = parameter.typeReference?.let { types.swiftType(it) } ?: return null
            scope.names[parameter.name ?: return null] = Binding(swiftIdentifier(parameter.name!!), types.named(type.sealed), null,
                numeric = type.swift, auxiliary = types.auxiliaryName(type))
        }
        val keeps = keepsUnknownCalls
        keepsUnknownCalls = false
        val restore = snapshot()
        return try {
            val code = expr(body, scope)
            (code.numeric ?: code.sealed?.name ?: code.auxiliary)?.let { SwiftType(it, code.sealed?.name) }
        } catch (failure: NotPorted) {
            null
        } finally {
            keepsUnknownCalls = keeps
            restore()
            resultsBeingTold.remove(function)
        }
    }

    /**
     * The call of the function [name] of the class (or of the files) that a handler calls, when it is the port's: a
     * static function of the machine's enum, taking the collaborators if its body reads them (`totalFor(context,
     * subtotal)`), declared when its body translates; null when it is not. One that does not translate stays a requirement of `Collaborators`, for the owner to supply, with
     * no warning; so do those ported while it was being translated, whose bodies may call it.
     */
    internal fun classFunctionCall(name: String, arguments: List<String>): String? {
        val call = { function: Collaborators.PortedFunction? ->
            // One being translated (a call of itself) is taken to read the collaborators.
            val all = if (function?.takesContext != false) listOf("context") + arguments else arguments
            "${swiftIdentifier(name)}(${all.joinToString(", ")})"
        }
        if (name in collaborators.portedFunctions) return call(collaborators.portedFunctions[name])
        if (name in classFunctionsNotPorted) return null
        val function = collaborators.declaredFunction(name) ?: return null
        val started = collaborators.portedFunctions.size
        collaborators.portedFunctions[name] = null
        val ported = classFunction(function)
        if (ported != null) {
            collaborators.portedFunctions[name] = ported
            return call(ported)
        }
        val undone = collaborators.portedFunctions.keys.drop(started)
        undone.forEach { collaborators.portedFunctions.remove(it) }
        classFunctionsNotPorted.addAll(undone)
        return null
    }

    private val classFunctionsNotPorted = mutableSetOf<String>()

    /** Why a function of the class was not ported, by name. */
    private val classFunctionFailures = mutableMapOf<String, NotPorted>()

    private fun classFunction(function: KtNamedFunction): Collaborators.PortedFunction? {
        val body = function.bodyExpression ?: return null
        if (function.typeParameters.isNotEmpty() || function.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.SUSPEND_KEYWORD) ||
            function.valueParameters.any { it.isVarArg || it.typeReference == null || it.destructuringDeclaration != null }) return null
        val returns = collaborators.result(function)
            ?: if (function.hasBlockBody()) TypeFunctions.VOID else return null
        if (returns.swift == "Unit") return null
        val scope = Scope(null, null, null, canThrow = false, function = returns)
        val signature = mutableListOf("_ context: some Collaborators")
        for (parameter in function.valueParameters) {
            val type = collaborators.parameterType(parameter) ?: return null
            val name = swiftIdentifier(parameter.name ?: return null)
            if (name == "context") return null
            scope.names[parameter.name!!] = Binding(name, types.named(type.sealed), null, numeric = type.swift,
                auxiliary = types.auxiliaryName(type)).also { it.used = true }
            val escaping = if (parameter.typeReference?.typeElement is org.jetbrains.kotlin.psi.KtFunctionType) "@escaping " else ""
            signature.add("_ $name: $escaping${type.swift}")
        }
        val mark = pendingMark()
        val keeps = keepsUnknownCalls
        keepsUnknownCalls = false
        val restore = snapshot()
        return try {
            val lines = if (body is org.jetbrains.kotlin.psi.KtBlockExpression) block(body.statements, scope, returns = false)
                else block(listOf(body), scope, returns = returns != TypeFunctions.VOID)
            commitPending(mark)
            val takesContext = lines.any { Regex("\\bcontext\\b").containsMatchIn(it) }
            val head = "private static func ${swiftIdentifier(function.name!!)}(${signature.drop(if (takesContext) 0 else 1).joinToString(", ")})" +
                if (returns == TypeFunctions.VOID) "" else " -> ${returns.swift}"
            val owner = (function.parent?.parent as? KtClassOrObject)?.name
            val kotlin = when {
                owner != null -> "`$owner.${function.name}`, ported${if (takesContext) ": it reads the class's properties on `context`" else ""}."
                function.parent is KtFile -> "`${function.name}` of ${function.containingKtFile.name}, ported."
                else -> "local function `${function.name}` of `StateMachine.create { }`, ported."
            }
            val doc = function.docComment?.text?.let { docLines(it) } ?: listOf("/// Kotlin's $kotlin")
            Collaborators.PortedFunction(doc + functionLines(head, lines), takesContext)
        } catch (failure: NotPorted) {
            restore()
            function.name?.let { classFunctionFailures[it] = failure }
            null
        } finally {
            keepsUnknownCalls = keeps
        }
    }

    // MARK: - The machine and its types

    /** What writing the types can add to: the functions ported, the type checks and class names, the types declared. */
    private fun typesState() = listOf(functions.count, typeChecks.values.sumOf { it.size }, simpleNames.size, types.auxiliary.size,
        enumNames.size, types.inferredEnums.values.sumOf { it.size }, kotlinTexts.size)

    private val inferredEnumsWarned = mutableSetOf<String>()

    /**
     * Warns, once, that [name] is an enum the port declares from the constants the machine uses; its warning as an
     * unknown payload type (an empty struct) no longer holds.
     */
    internal fun inferredEnum(name: String, at: PsiElement) {
        if (!inferredEnumsWarned.add(name)) return
        warnings.removeAll { it.endsWith("warning: port: the payload type $name is not ported; the Swift file declares an empty struct $name to fill in") }
        warn(at, "$name is not declared in the files given: the port declares it as an enum of the constants the machine uses; " +
            "give the porter the file that declares it, for all of them")
    }

    /** The enum classes whose constants' Kotlin names the machine reads (`gear.name`). */
    internal val enumNames = linkedSetOf<String>()

    /** The sealed types whose Kotlin text (`"$sideEffect"`, `toString()`) the machine reads. */
    private val kotlinTexts = linkedSetOf<SealedType>()

    /**
     * The property that gives a value's Kotlin text, as Kotlin's `toString()` writes it for a data class or data object
     * (`CheckPassword(email=a@b.c, password=…)`, `ShowWrongPassword`); the port declares it on [type]. Kotlin writes
     * the identity of a value that is neither (`Solid@1b6d3586`): the port writes its name, and says so at [at].
     */
    internal fun kotlinText(type: SealedType, at: PsiElement): String {
        if (kotlinTexts.add(type)) {
            val plain = type.cases.filter { case ->
                val declaration = case.declaration ?: return@filter false
                !declaration.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.DATA_KEYWORD) && !declaration.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.ENUM_KEYWORD)
            }
            if (plain.isNotEmpty()) {
                warn(at, "Kotlin writes ${plain.first().kotlinName} (not a data class or data object) as its identity " +
                    "(${plain.first().kotlinName}@1b6d3586); the port writes its name")
            }
        }
        return kotlinTextProperty(type)
    }

    private fun kotlinTextProperty(type: SealedType): String =
        if (type.cases.any { case -> case.fields.any { it.name == "kotlinText" } }) "kotlinTextOfValue" else "kotlinText"

    private fun kotlinTextLines(type: SealedType): List<String> {
        if (type !in kotlinTexts) return emptyList()
        val lines = mutableListOf("", "    /// The value's text as Kotlin's `toString()` writes it.", "    var ${kotlinTextProperty(type)}: String {", "        switch self {")
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
    private fun fieldText(type: SwiftType, name: String): String {
        val sealed = types.named(type.sealed)
        val optional = type.swift.endsWith("?")
        return when {
            sealed != null && optional -> { kotlinTexts.add(sealed); "$name?.${kotlinTextProperty(sealed)} ?? \"null\"" }
            sealed != null -> { kotlinTexts.add(sealed); "$name.${kotlinTextProperty(sealed)}" }
            optional -> "$name.map { \"\\(\$0)\" } ?? \"null\""
            type.swift.startsWith("[") && !type.swift.contains(":") -> "\"[\" + $name.map { \"\\(\$0)\" }.joined(separator: \", \") + \"]\""
            else -> name
        }
    }

    /**
     * The Swift enum's name: the class holding the machine, or the file's name; a valid identifier that hides
     * neither the library (`StateMachine`) nor one of the ported types.
     */
    private fun machineName(create: KtCallExpression): String {
        requestedName?.let { return it }
        val holder = PsiTreeUtil.getParentOfType(create, KtClassOrObject::class.java)?.name
        var name = (holder ?: fileName.substringBefore('.')).replace(Regex("[^A-Za-z0-9_]"), "_")
        if (name.isEmpty() || name[0].isDigit()) name = "_$name"
        val taken = setOf("StateMachine", "StateMachineBuilder", "State", "Event", "SideEffect") +
            types.all.map { it.name } + types.auxiliary.keys
        while (name in taken || name in swiftKeywordNames) name += "Machine"
        return name
    }

    private fun findCreateCall(): KtCallExpression {
        val calls = given.flatMap { file -> PsiTreeUtil.collectElementsOfType(file.file, KtCallExpression::class.java).sortedBy { it.textRange.startOffset } }
            .filter { call ->
                val parent = call.parent as? KtDotQualifiedExpression
                call.calleeExpression?.text == "create" && parent != null && parent.selectorExpression == call &&
                    parent.receiverExpression.text.substringAfterLast('.').trim() == "StateMachine"
            }
        if (calls.isEmpty()) {
            val where = if (given.size == 1) "this file" else "these files"
            throw PortError(listOf("${given.first().path}:1:1: error: no StateMachine.create<State, Event, SideEffect> { } call in $where"))
        }
        if (calls.size > 1) {
            throw givenSource.error(calls[1], "one machine per port: port each StateMachine.create { } on its own")
        }
        return calls[0]
    }

    /** `create<State, Event, SideEffect>`, or the type of the property or function that holds the machine. */
    private fun typeArguments(create: KtCallExpression): List<String?> {
        if (create.typeArguments.isNotEmpty()) {
            return create.typeArguments.map { SealedTypes.lastSegment(it.typeReference) }
        }
        var element: PsiElement? = create
        while (element != null && element !is KtFile) {
            val reference: KtTypeReference? = when (element) {
                is KtProperty -> element.typeReference
                is KtNamedFunction -> element.typeReference
                else -> null
            }
            typeArgumentsOf(reference?.typeElement as? KtUserType, 0)?.let { return it }
            element = element.parent
        }
        throw givenSource.error(create, "cannot tell the machine's types: write StateMachine.create<State, Event, SideEffect> { }")
    }

    /** `StateMachine<S, E, F>`, or a `typealias` of one declared in the files. */
    private fun typeArgumentsOf(user: KtUserType?, depth: Int): List<String?>? {
        if (user == null || depth > 10) return null
        if (user.referencedName == "StateMachine" && user.typeArguments.size == 3) {
            return user.typeArguments.map { SealedTypes.lastSegment(it.typeReference) }
        }
        val alias = given.flatMap { PsiTreeUtil.collectElementsOfType(it.file, org.jetbrains.kotlin.psi.KtTypeAlias::class.java) }
            .firstOrNull { it.name == user.referencedName } ?: return null
        return typeArgumentsOf(alias.getTypeReference()?.typeElement as? KtUserType, depth + 1)
    }

    /** `Unit` as the side-effect type: a Swift enum with one case, `.unit`, which `transitionTo(s, Unit)` emits. */
    private fun unitSideEffect(create: KtCallExpression): SealedType {
        val type = SealedType("SideEffect", create)
        type.cases.add(Case("Unit", emptyList()))
        types.all.add(type)
        return type
    }

    private fun sealedArgument(create: KtCallExpression, names: List<String?>, index: Int, role: String): SealedType {
        val name = names.getOrNull(index)
        return types.named(name) ?: throw source.error(
            create,
            "the $role type ${name ?: "?"} is not a sealed class or sealed interface of this file"
        )
    }

    /**
     * Properties with a constant value next to the machine (top level, in its class or a companion object). A `var` is
     * not one, whatever its initial value: code outside the handlers may change it.
     */
    private fun collectConstants(create: KtCallExpression) {
        val properties = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtProperty::class.java).sortedBy { p -> p.textRange.startOffset } }
            .filter { it.parent is KtFile || it.parent is KtClassBody }
            .filter { !PsiTreeUtil.isAncestor(it, create, false) && it.initializer != null && !it.isVar }
            // A case's override (`override val title = "Home"`) is a value of that case, not a constant of the machine.
            .filter { !it.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.OVERRIDE_KEYWORD) }
        for (property in properties) {
            val name = property.name ?: continue
            val code = try {
                expr(property.initializer, Scope(null, null, null))
            } catch (skipped: NotPorted) {
                continue
            }
            if (code.throws) continue
            // The Swift type when Swift would infer another one: a declared type, a Long or Float literal, null.
            val initializer = property.initializer!!.text.trim()
            val type = property.typeReference?.let { types.swiftType(it).swift }
                ?: literalType(initializer)?.takeIf { it == "Int64" || it == "Float" }
                ?: literalCollectionType(initializer)
                ?: code.numeric?.takeIf { it.startsWith("[") && it.contains(":") }
            if (code.text == "nil" && type == null) continue
            constants[name] = if (type != null) ": $type = ${code.text}" else " = ${code.text}"
        }
    }

    /** `var name`, each constant's Kotlin name, for an enum class whose `name` the machine reads. */
    private fun enumNameLines(name: String): List<String> {
        if (name !in enumNames) return emptyList()
        val lines = mutableListOf("", "    /// The constant's Kotlin name, as `name` gives it.", "    var name: String {", "        switch self {")
        types.enumConstants(name).orEmpty().forEach { lines.add("        case .${SealedTypes.enumCaseName(it)}: \"$it\"") }
        return lines + listOf("        }", "    }")
    }

    /** An enum class, with its properties as computed properties, or a struct. */
    private fun auxiliaryLines(auxiliary: AuxiliaryType): List<String> {
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

    private fun enumLines(type: SealedType, hashable: Boolean): List<String> {
        // Swift cannot synthesize Codable for an enum without cases (a Kotlin sealed class with no subclasses).
        val codable = if (type.cases.isEmpty() || !types.isCodable(type)) "" else "Codable, "
        val conformances = (if (hashable) "StateMachineHashable, " else "") + codable + "Equatable"
        val indirect = type.cases.any { case -> case.fields.any { types.holds(it.type, type.name) } }
        val head = "${if (indirect) "indirect " else ""}enum ${type.name}: $conformances {" + mark(type.declaration)
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
        lines.add("}")
        return lines
    }

    /** The property that gives a value's Kotlin class name (`simpleName`, unless a field or property has that name). */
    private fun simpleNameProperty(type: SealedType): String {
        val taken = type.cases.any { case -> case.fields.any { it.name == "simpleName" } } || type.baseProperties.any { it.name == "simpleName" }
        return if (taken) "kotlinSimpleName" else "simpleName"
    }

    /** The type checks the handlers make (`value is Name`), by enum: the name checked and the cases it stands for. */
    private val typeChecks = linkedMapOf<SealedType, LinkedHashMap<String, Pair<String, List<Case>>>>()

    /** The Boolean property that tells whether a value of [type] is one of [cases] (Kotlin's `is Name`); declared by the port. */
    /**
     * The name a type check of [cases] is written with: the type's, a group's, or the case's Swift name capitalized
     * (`CompletedLoad`, never the bare `Load` another group's case also has).
     */
    internal fun typeCheckName(type: SealedType, cases: List<Case>): String {
        if (cases.size == type.cases.size) return type.name
        cases.singleOrNull()?.let { return it.swiftName.removeSurrounding("`").replaceFirstChar { c -> c.uppercase() } }
        return type.groups.entries.firstOrNull { it.value == cases }?.key ?: cases.first().kotlinName
    }

    internal fun typeCheck(type: SealedType, name: String, cases: List<Case>): String {
        // A function of the type named the same (`fun Drive.isMoving()`) keeps its name; the property takes another.
        val property = if (functions.declares(type, "is$name")) "is${name}Case" else "is$name"
        typeChecks.getOrPut(type) { linkedMapOf() }[property] = name to cases
        return property
    }

    /** The property that gives the Kotlin class name of a value of [type]; the port declares it. */
    internal fun simpleName(type: SealedType): String {
        simpleNames.add(type)
        return simpleNameProperty(type)
    }

    /**
     * Properties of a base class's body that its cases override (`override val status = Status.OPEN`): computed
     * properties, each case giving its override's value, its constructor field of that name, or the base's default.
     */
    private fun memberPropertyLines(type: SealedType): List<String> = type.sharedMembers.flatMap { (property, cases) ->
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
    private fun valueOf(property: KtProperty): KtExpression? {
        property.initializer?.let { return it }
        val body = property.getter?.bodyExpression ?: return null
        if (body is org.jetbrains.kotlin.psi.KtBlockExpression) {
            return (body.statements.singleOrNull() as? org.jetbrains.kotlin.psi.KtReturnExpression)?.returnedExpression
        }
        return body
    }

    /** A sealed base class's constructor properties: computed properties, each case giving its super-call argument. */
    private fun basePropertyLines(type: SealedType): List<String> = type.baseProperties.flatMapIndexed { index, property ->
        val swiftType = property.typeReference?.let { types.swiftType(it).swift } ?: return@flatMapIndexed emptyList()
        computedProperty(type, property.name ?: "_", swiftType) { case, self ->
            val arguments = case.superArguments ?: throw NotPorted(property, "a value passed on by a group of cases for")
            val argument = arguments.getOrNull(index) ?: property.defaultValue ?: throw NotPorted(property, "a case without a value for")
            expr(argument, Scope(null, self, null)).text
        }
    }

    /**
     * A computed property of [type]'s enum, `switch self` with one case per line; [value] gives a case's Swift value
     * with `self` bound to the case (the fields it reads are bound by the case's pattern). A value the porter cannot
     * translate is a placeholder, with a warning.
     */
    private fun computedProperty(type: SealedType, name: String, swiftType: String, cases: List<Case> = type.cases,
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

    // MARK: - The DSL

    private fun definitionLines(lambda: KtLambdaExpression): List<String> {
        val lines = mutableListOf<String>()
        // Kotlin takes `initialState` anywhere in the block; the Swift DSL takes it first.
        val statements = lambda.bodyExpression?.statements.orEmpty()
            .sortedBy { if ((it as? KtCallExpression)?.calleeExpression?.text == "initialState") 0 else 1 }
        if (statements.none { (it as? KtCallExpression)?.calleeExpression?.text == "initialState" }) {
            // Tinder's `create` throws without one; the port stops at the same place, when the definition is made.
            warn(lambda, "the machine has no initialState (Tinder's StateMachine.create throws without one); the Swift " +
                "initial state is a fatalError placeholder")
            lines.add("initialState({ () -> State in fatalError(\"port: the Kotlin machine has no initialState\") }())")
        }
        for (statement in statements) {
            val call = statement as? KtCallExpression
            when (call?.calleeExpression?.text) {
                "initialState" -> {
                    val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression()
                        ?: throw source.error(call, "initialState takes one state")
                    val code = try {
                        expr(argument, Scope(null, null, null), stateType).text
                    } catch (failure: NotPorted) {
                        // Like a machine without one: the Swift stops where the definition is made, at the Kotlin's line.
                        warn(failure.element, "${describe(failure)} is not ported; the Swift initial state is a fatalError placeholder")
                        val message = "port: $fileName:${source.line(failure.element)}: ${describe(failure)} in the initial state is not ported"
                        "{ () -> State in fatalError(\"${message.replace("\\", "\\\\").replace("\"", "\\\"")}\") }()"
                    }
                    lines.add("initialState($code)" + mark(call))
                }
                "state" -> lines.addAll(stateLines(call))
                "onTransition" -> lines.addAll(onTransitionLines(call))
                // A local function is ported with the class's functions, where the handlers call it.
                else -> if (statement !is KtNamedFunction) lines.addAll(notPortedStatement(statement, "the definition"))
            }
        }
        // One that does not translate is a requirement of Collaborators, which the owner supplies.
        for (function in statements.filterIsInstance<KtNamedFunction>()) {
            val name = function.name ?: continue
            if (name !in collaborators.used || name in collaborators.portedFunctions) continue
            val failure = classFunctionFailures[name]
            val reason = if (failure != null) "${describe(failure)} is not ported, so" else "the signature is not ported, so"
            warn(failure?.element ?: function, "$reason neither is the local function $name of StateMachine.create: Collaborators " +
                "requires it, for you to supply")
        }
        return lines
    }

    private fun stateLines(call: KtCallExpression): List<String> {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "the definition")
        val matcher = matcherOf(call, stateType) ?: return notPortedStatement(call, "the definition")
        // `state<Group>` for a nested sealed class: one definition per case under it, in the same place.
        val lines = mutableListOf<String>()
        for (case in matcher.cases) {
            val body = mutableListOf<String>()
            for (statement in lambda.bodyExpression?.statements.orEmpty()) {
                val inner = statement as? KtCallExpression
                when (inner?.calleeExpression?.text) {
                    "on" -> body.addAll(onLines(inner, case))
                    "onEnter", "onExit" -> body.addAll(listenerLines(inner, case))
                    else -> body.addAll(notPortedStatement(statement, "a state definition"))
                }
            }
            val head = "state(${matcher.swift("state", stateType, case)})" + mark(call)
            if (body.isEmpty()) {
                lines.addAll(split(listOf(if (matcher.isPlainCase) head else "$head {}")))
            } else {
                lines.addAll(split(listOf("$head {")))
                body.forEach { lines.add(if (it.length == 0) "" else "    $it") }
                lines.add("}")
            }
        }
        return lines
    }

    private fun onLines(call: KtCallExpression, stateCase: Case?): List<String> {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "a state definition")
        val matcher = matcherOf(call, eventType) ?: return notPortedStatement(call, "a state definition")
        val lines = mutableListOf<String>()
        // `on<Group>` or `on(any<Event>())`: one handler per case, in the same place, so the first match is the same.
        for (case in matcher.cases) {
            val state = Binding("state", stateType, stateCase)
            val event = Binding(lambda.valueParameters.singleOrNull()?.name ?: "event", eventType, case)
            val arity = if (matcher.usesWhereLabel || !matcher.isPlainCase && matcher.predicates.isNotEmpty()) Arity.EXACT else Arity.TRAILING
            lines.addAll(closure("on(${matcher.swift("event", eventType, case)})", lambda, listOf(state, event), receiver = state, it = event,
                arity = arity, returns = true, what = "handler"))
        }
        return lines
    }

    private fun listenerLines(call: KtCallExpression, stateCase: Case?): List<String> {
        val name = call.calleeExpression!!.text
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "a state definition")
        val state = Binding("state", stateType, stateCase)
        val cause = Binding(lambda.valueParameters.singleOrNull()?.name ?: "cause", eventType, null)
        return closure(name, lambda, listOf(state, cause), receiver = state, it = cause, arity = Arity.EXACT,
            returns = false, what = "$name listener")
    }

    private fun onTransitionLines(call: KtCallExpression): List<String> {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "the definition")
        val result = Binding(lambda.valueParameters.singleOrNull()?.name ?: "result", null, null, Kind.RESULT)
        return closure("onTransition", lambda, listOf(result), receiver = null, it = result, arity = Arity.EXACT,
            returns = false, what = "onTransition listener")
    }

    /** A matcher: `state<S>`, `state(value)`, `on<E>`, `on(value)`, `Matcher.any<…>()`, `eq(…)`, `.where { }`. */
    private inner class MatcherInfo(val cases: List<Case?>, val value: Code?, val predicates: List<KtLambdaExpression>) {
        val isPlainCase: Boolean get() = value == null && predicates.isEmpty()
        val usesWhereLabel: Boolean get() = value == null && predicates.size == 1

        fun swift(root: String, type: SealedType, case: Case?): String {
            val base = if (value != null) ".eq(${value.text})" else ".${case!!.swiftName}"
            if (predicates.isEmpty()) return base
            val closures = predicates.map { predicateText(it, root, type, case) }
            if (usesWhereLabel) return "$base, where: ${closures[0]}"
            val any = if (value != null) base else ".any($base)"
            return any + closures.joinToString("") { ".where $it" }
        }

        private fun predicateText(lambda: KtLambdaExpression, root: String, type: SealedType, case: Case?): String {
            val binding = Binding(root, type, case)
            val lines = closure("", lambda, listOf(binding), receiver = binding, it = null, arity = Arity.EXACT,
                returns = true, what = "where predicate")
            return lines.joinToString("\n").trimStart()
        }
    }

    private fun matcherOf(call: KtCallExpression, type: SealedType): MatcherInfo? {
        if (call.typeArguments.size == 1 && call.valueArgumentList?.arguments.orEmpty().isEmpty()) {
            return MatcherInfo(casesOf(call.typeArguments[0].typeReference, type, call) ?: return null, null, emptyList())
        }
        val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression() ?: return null
        matcherExpression(argument, type)?.let { return it }
        namedMatcher(argument)?.let { declared -> matcherExpression(declared, type)?.let { return it } }
        val value = try {
            expr(argument, Scope(null, null, null), type)
        } catch (failure: NotPorted) {
            warn(failure.element, "${describe(failure)} is not ported as a matcher value; the definition is left out")
            return null
        }
        return MatcherInfo(listOf(value.sealedCase), value, emptyList())
    }

    /**
     * A matcher the files declare once and use by name: `on(lifecycleStarted)` for
     * `private val lifecycleStarted = any<Event, Event.Lifecycle>().where { … }`, or `on(startedOrResumed())` for a
     * function without parameters whose body is the matcher. Null when [argument] names no such declaration.
     */
    private fun namedMatcher(argument: KtExpression): KtExpression? {
        val call = argument as? KtCallExpression
        val name = when {
            argument is org.jetbrains.kotlin.psi.KtNameReferenceExpression -> argument.getReferencedName()
            call != null && call.valueArguments.isEmpty() && call.lambdaArguments.isEmpty() -> call.calleeExpression?.text
            else -> null
        } ?: return null
        val declarations = files.flatMap { file ->
            if (call == null) {
                PsiTreeUtil.collectElementsOfType(file.file, KtProperty::class.java)
                    .filter { it.name == name && (it.parent is KtFile || it.parent is KtClassBody) }.map { it.initializer }
            } else {
                PsiTreeUtil.collectElementsOfType(file.file, KtNamedFunction::class.java)
                    .filter { it.name == name && it.valueParameters.isEmpty() && !it.hasBlockBody() }.map { it.bodyExpression }
            }
        }
        return declarations.singleOrNull()
    }

    private fun matcherExpression(expression: KtExpression, type: SealedType): MatcherInfo? {
        val call: KtCallExpression
        if (expression is KtDotQualifiedExpression) {
            call = expression.selectorExpression as? KtCallExpression ?: return null
            if (call.calleeExpression?.text == "where") {
                val base = matcherExpression(expression.receiverExpression, type) ?: return null
                val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
                return MatcherInfo(base.cases, base.value, base.predicates + lambda)
            }
            if (expression.receiverExpression.text.substringAfterLast('.').trim() != "Matcher") return null
        } else {
            call = expression as? KtCallExpression ?: return null
        }
        return when (call.calleeExpression?.text) {
            "any" -> {
                val reference = call.typeArguments.lastOrNull()?.typeReference ?: return null
                MatcherInfo(casesOf(reference, type, call) ?: return null, null, emptyList())
            }
            "eq" -> {
                val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression() ?: return null
                val value = try {
                    expr(argument, Scope(null, null, null), type)
                } catch (failure: NotPorted) {
                    return null
                }
                MatcherInfo(listOf(value.sealedCase), value, emptyList())
            }
            else -> null
        }
    }

    /** The cases a matcher's type stands for: one case, every case of a nested sealed class, or every case of [type]. */
    private fun casesOf(reference: KtTypeReference?, type: SealedType, at: PsiElement): List<Case>? {
        val cases = casesOf(reference, type)
        if (cases == null) {
            warn(reference ?: at, "${reference?.text ?: "this type"} is not a subclass of ${type.name}; " +
                "the definition is left out")
        }
        return cases
    }

    /**
     * The cases of [type] a type name stands for (`Event.Completed.Load`, a nested sealed class, or [type] itself):
     * the class the compiler resolves it to; as written (its last segment) only when the compiler could not resolve it
     * (a type declared from its uses). Null when it is not one of [type]'s classes.
     */
    internal fun casesOf(reference: KtTypeReference?, type: SealedType): List<Case>? {
        val resolved = reference?.takeIf { resolves(type) }?.let { resolution?.classOf(it) }
        if (resolved != null) return type.casesDeclaredAs(resolved)
        val name = SealedTypes.lastSegment(reference) ?: return null
        return if (name == type.name) type.cases.toList() else type.casesNamed(name)
    }

    /**
     * The case a name of a payload-less case stands for (`PasswordRejected`, `LoginEvent.PasswordRejected`): the one
     * the compiler resolves it to, else (not resolved) the case of that name in [type]. Null when the name is not a
     * case of [type] — a top-level `object NetworkDown` is not the event case `NetworkDown`.
     */
    internal fun caseNamed(
        reference: org.jetbrains.kotlin.psi.KtReferenceExpression, name: String, type: SealedType, group: List<Case>? = null,
    ): Case? {
        val resolved = if (resolves(type)) resolution?.fqName(reference) else null
        if (resolved != null) return type.casesDeclaredAs(resolved)?.singleOrNull()?.takeIf { it.declaration?.fqName == resolved }
        return group?.firstOrNull { it.kotlinName == name } ?: type.case(name)
    }

    /**
     * Whether names of [type]'s classes are taken from the compiler: it declares them in the files given. A type the
     * port declares itself (from its uses, or `Unit` side effects) is named as written.
     */
    private fun resolves(type: SealedType): Boolean =
        resolution != null && type.declaration is org.jetbrains.kotlin.psi.KtClassOrObject && resolution.analyzed(type.declaration)

    // MARK: - Closures and placeholders

    private enum class Arity { EXACT, TRAILING }

    /**
     * A Swift closure for a Kotlin lambda: `prefix { params in body }`. When the body has something the porter
     * cannot translate, the closure's body is a placeholder: the Kotlin lines as a comment and a `fatalError`.
     */
    private fun closure(
        prefix: String,
        lambda: KtLambdaExpression,
        parameters: List<Binding>,
        receiver: Binding?,
        it: Binding?,
        arity: Arity,
        returns: Boolean,
        what: String
    ): List<String> {
        val mark = pendingWarnings.size
        val outer = keepsUnknownCalls
        keepsUnknownCalls = true
        var complete = false
        try {
            val unmarked = closureLines(prefix, lambda, parameters, receiver, it, arity, returns, what) { complete = true }
            val lines = if (unmarked.isEmpty()) unmarked else listOf(unmarked[0] + mark(lambda.parent?.parent as? KtCallExpression ?: lambda)) + unmarked.drop(1)
            if (complete && mark == 0) {
                pendingWarnings.forEach { (element, message) -> warn(element, message) }
                pendingWarnings.clear()
            }
            return lines
        } finally {
            keepsUnknownCalls = outer
            if (!complete) pendingWarnings.subList(mark, pendingWarnings.size).clear()
        }
    }

    private fun closureLines(
        prefix: String,
        lambda: KtLambdaExpression,
        parameters: List<Binding>,
        receiver: Binding?,
        it: Binding?,
        arity: Arity,
        returns: Boolean,
        what: String,
        translated: () -> Unit
    ): List<String> {
        val scope = Scope(null, receiver, it, canThrow = returns)
        lambda.valueParameters.singleOrNull()?.name?.let { name -> if (it != null) scope.names[name] = it }
        // Fields of a known case are read from constants a `guard case let` binds, not by label; a field whose name
        // the body declares again is bound under a longer name (`statePicked`).
        val taken = parameters.map { it.swift }.toMutableSet()
        fun bindPatterns(reserved: Set<String>) {
            val used = taken.toMutableSet()
            for (parameter in parameters) {
                val case = parameter.case ?: continue
                if (parameter.kind != Kind.VALUE || case.fields.isEmpty()) continue
                parameter.pattern = case.fields.associate { field ->
                    var local = swiftIdentifier(field.name)
                    if (local in used || local in reserved || local.startsWith("`")) {
                        local = parameter.swift + field.name.replaceFirstChar { it.uppercase() }
                    }
                    used.add(local)
                    field.name to local
                }
                parameter.patternUsed.clear()
            }
        }
        var body: List<String>
        try {
            bindPatterns(emptySet())
            body = block(lambda.bodyExpression?.statements.orEmpty(), scope, returns)
            val declared = scope.names.keys - parameters.map { it.swift }.toSet()
            if (declared.any { name -> parameters.any { it.pattern?.values?.contains(name) == true } }) {
                val again = Scope(null, receiver, it, canThrow = returns)
                lambda.valueParameters.singleOrNull()?.name?.let { name -> if (it != null) again.names[name] = it }
                bindPatterns(declared)
                body = block(lambda.bodyExpression?.statements.orEmpty(), again, returns)
            }
            val guards = parameters.filter { it.patternUsed.isNotEmpty() }.map { parameter ->
                val case = parameter.case!!
                val names = case.fields.map { field -> if (field.name in parameter.patternUsed) parameter.pattern!![field.name]!! else "_" }
                "guard case let .${case.swiftName}(${names.joinToString(", ")}) = ${parameter.swift} else { preconditionFailure() }"
            }
            parameters.forEach { it.pattern = null }
            // `it.fromState` / `it.event` where the transition may be invalid: both outcomes have them.
            parameters.firstOrNull { it.kind == Kind.RESULT && it.outcome != null }?.let { result ->
                val outcome = result.outcome!!
                body = listOf(
                    "let $outcome: (fromState: State, event: Event)",
                    "switch ${result.swift} {",
                    "case .success(let valid): $outcome = (valid.fromState, valid.event)",
                    "case $invalidPattern: $outcome = (invalid.fromState, invalid.event)",
                    "case .failure: return // a handler threw: Kotlin calls no listener",
                    "}",
                ) + body
            }
            if (guards.isNotEmpty()) {
                body = guards + body.mapIndexed { index, line ->
                    if (returns && index == body.size - 1 && !line.startsWith("return ") && !line.contains('\n') &&
                        body.size == 1) "return $line" else line
                }
            }
        } catch (failure: NotPorted) {
            parameters.forEach { it.pattern = null }
            val line = source.line(failure.element)
            warn(failure.element, "${describe(failure)} is not ported; the Swift $what is a fatalError placeholder")
            val underscores = when (arity) {
                Arity.EXACT -> parameters.joinToString(", ", postfix = " in") { "_" }
                Arity.TRAILING -> ""
            }
            val placeholder = mutableListOf("$prefix { $underscores".trimEnd().trimStart())
            placeholder.add("    // port: not ported, Kotlin line $line: ${describe(failure)}")
            lambda.bodyExpression?.let { kotlinBody -> dedent(source.linesOf(kotlinBody)).forEach { placeholder.add("    // $it".trimEnd()) } }
            val message = "port: $fileName:$line: ${describe(failure)} is not ported"
            placeholder.add("    fatalError(\"${message.replace("\\", "\\\\").replace("\"", "\\\"")}\")")
            placeholder.add("}")
            return placeholder
        }
        translated()
        val names = parameters.map { if (it.used) it.swift else "_" }
        val params = when (arity) {
            Arity.EXACT -> names.joinToString(", ")
            Arity.TRAILING -> {
                val last = parameters.indexOfLast { it.used }
                if (last < 0) "" else names.subList(0, last + 1).joinToString(", ")
            }
        }
        val head = if (params.length == 0) "$prefix {" else "$prefix { $params in"
        val single = body.singleOrNull()
        if (single != null && !single.contains('\n')) {
            val expression = if (returns) single.removePrefix("return ") else single
            val line = "$head $expression }".trimStart()
            if (line.length <= 100) return listOf(line)
        }
        // A head that holds a multi-line predicate closure is split into lines, so that they are indented with it.
        if (single != null && returns) return split(listOf(head.trimStart(), "    " + single.removePrefix("return "), "}"))
        return split(listOf(head.trimStart()) + body.map { if (it.length == 0) "" else "    $it" } + "}")
    }

    private fun split(lines: List<String>): List<String> = lines.flatMap { it.split('\n') }

    private fun notPortedStatement(statement: KtExpression, where: String): List<String> {
        warn(statement, "`${short(statement)}` is not ported in $where; it is left out as a comment")
        return listOf("// port: not ported, Kotlin line ${source.line(statement)}:") +
            dedent(source.linesOf(statement)).map { "// $it".trimEnd() }
    }

    internal fun warn(element: PsiElement, message: String) {
        // The porter's own declarations of inferred types: the one warning at their first use says what they are.
        if (inferred.isInferred(element)) return
        // One line per message: Kotlin quoted in it may span lines (`Light.\nOn`).
        val warning = "${source.location(element)}: warning: port: ${oneLine(message)}"
        if (warning !in warnings) warnings.add(warning)
    }

    internal fun describe(failure: NotPorted): String = "${failure.what} `${short(failure.element)}`"

    private fun short(element: PsiElement): String = Porter.short(element)

    companion object {
        /**
         * Side-effect types that are not a hierarchy of the files: `Unit`, and `Void`, `Nothing` or `Any` as some teams
         * write it. The port's `SideEffect` has the one case `unit`; a handler that emits anything else is a placeholder.
         */
        val NO_SIDE_EFFECTS = setOf("Unit", "Void", "Nothing", "Any")

        /** The first line of [element]'s Kotlin, cut at 60 characters, for messages. */
        fun short(element: PsiElement): String {
            val text = element.text.lines().first().trim()
            return if (text.length > 60 || element.text.contains('\n')) text.take(57).trimEnd() + " …" else text
        }
    }

    private fun dedent(lines: List<String>): List<String> {
        val tail = lines.drop(1).filter { it.isNotBlank() }
        val indent = tail.map { line -> line.takeWhile { it == ' ' }.length }.minOrNull() ?: 0
        return listOf(lines.first().trim()) + lines.drop(1).map { if (it.length >= indent) it.substring(indent) else it.trim() }
    }

    // MARK: - Bodies

    internal fun block(statements: List<KtExpression>, scope: Scope, returns: Boolean): List<String> =
        Body(this, scope).statements(statements, returns)

    internal fun expr(expression: KtExpression?, scope: Scope, expected: SealedType? = null): Code =
        Expressions(this, scope).expr(expression, expected)

    internal val sealedTypes: SealedTypes get() = types

    /** The pattern of an onTransition listener's invalid transition, binding it to `invalid`. */
    internal val invalidPattern = ".failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid)"
    internal val state: SealedType get() = stateType

    /** The machine's types, once [port] has run: State, Event and SideEffect. */
    internal val machineTypes: Triple<SealedType, SealedType, SealedType> get() = Triple(stateType, eventType, sideEffectType)

    /** The `StateMachine.create` call of the machine. */
    internal val createCall: KtCallExpression get() = create

    /** The Swift enum of the port. */
    internal val swiftName: String get() = machineName(create)

    /** The calls of the class's functions that the port leaves to its owner (`context.normalize(email)`). */
    internal val requirementCalls = linkedSetOf<KtCallExpression>()

    /** The files given, as the porter read them. */
    internal val givenSources: List<KotlinSource> get() = given
    internal val event: SealedType get() = eventType
    internal val sideEffect: SealedType get() = sideEffectType
    internal fun isConstant(name: String) = constants.containsKey(name)
    internal fun returnsUnit(statement: KtExpression?) = collaborators.returnsUnit(statement)
    internal fun constantType(name: String): String? {
        val declaration = constants[name] ?: return null
        Regex("^: ([A-Za-z0-9]+|Set<[A-Za-z0-9]+>|\\[[A-Za-z0-9]+(: [A-Za-z0-9]+)?]) = ").find(declaration)?.let { return it.groupValues[1] }
        // A literal without a written type is Swift's default for it (`static let PERCENT = 10` is an Int).
        val value = declaration.removePrefix(" = ")
        return when {
            value.matches(Regex("-?[0-9][0-9_]*")) -> "Int"
            value.matches(Regex("-?[0-9][0-9_]*\\.[0-9_]+")) -> "Double"
            value == "true" || value == "false" -> "Bool"
            value.startsWith("\"") -> "String"
            else -> null
        }
    }
}
