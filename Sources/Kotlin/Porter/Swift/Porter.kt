package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClassBody
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtQualifiedExpression
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

/** Kotlin's and Java's mutable collections: a property made with one of them is state of its class, not a constant. */
internal val MUTABLE_COLLECTIONS = setOf("mutableListOf", "mutableSetOf", "mutableMapOf", "arrayListOf", "hashSetOf", "hashMapOf",
    "linkedMapOf", "linkedSetOf", "ArrayList", "HashMap", "HashSet", "LinkedHashMap", "LinkedHashSet", "ArrayDeque", "mutableStateListOf")

/** Where the imports go, once the port knows which it needs. */
private const val IMPORTS_MARK = "\u0003imports\u0003"

/** Around the index of a [Porter.mark] in a Swift line: characters that Swift source never has. */
private const val MARK_START = '\u0001'
private const val MARK_END = '\u0002'

/** Thrown while translating a handler body: [element] has no Swift translation. */
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
    internal val givenSource = SourceSet(given)
    internal val warnings = mutableListOf<String>()
    internal val create = findCreateCall()
    internal val typeNames = typeArguments(create)

    /** The machine's types that the files do not declare, declared from their uses. */
    internal val inferred = InferredTypes(given, typeNames.filterNotNull().filter { it !in SealedTypes.BUILT_IN_TYPES })
    internal val files: List<KotlinSource> = given + inferred.sources
    internal val source = SourceSet(files)
    internal val types = try {
        SealedTypes(source, typeNames.filterNotNull().toSet(), { element, message -> warn(element, message) },
            { reference -> resolution?.classOf(reference)?.asString() }, { element, message -> note(element, message) })
    } catch (failure: PortError) {
        // A problem in the porter's own declarations of inferred types is reported where the type is first used.
        val first = inferred.inferred.firstOrNull()?.firstUse
        if (first == null || failure.problems.none { it.startsWith(InferredTypes.PATH) }) throw failure
        throw PortError(failure.problems.map { problem ->
            if (problem.startsWith(InferredTypes.PATH)) "${source.location(first)}: error:" + problem.substringAfter(": error:") else problem
        })
    }
    internal var fileName = files.first().path.substringAfterLast('/')

    internal lateinit var collaborators: Collaborators
    internal lateinit var stateType: SealedType
    internal lateinit var eventType: SealedType
    internal lateinit var sideEffectType: SealedType
    internal val constants = linkedMapOf<String, String>()

    /** The sealed types whose Kotlin class names the machine reads (`value::class.simpleName`). */
    internal val simpleNames = linkedSetOf<SealedType>()

    /** A message about a call kept by name, reported once the closure that holds it is kept: a warning, or a note. */
    internal class PendingMessage(val element: PsiElement, val message: String, val isNote: Boolean) {
        fun report(porter: Porter) = if (isNote) porter.note(element, message) else porter.warn(element, message)
    }

    /**
     * Messages about calls kept by name in the closure being translated, dropped if it becomes a placeholder: a warning,
     * or a note ([keptBoundary]) where the call is a member of the port's boundary that needs nothing done by hand.
     */
    internal val pendingWarnings = mutableListOf<PendingMessage>()

    /** True inside a handler or listener, where a call the porter cannot translate is kept by name. */
    internal var keepsUnknownCalls = false

    internal fun keptCall(element: PsiElement, message: String) {
        pendingWarnings.add(PendingMessage(element, message, isNote = false))
    }

    /**
     * [keptCall] for a call the port makes a typed member of `Collaborators` (an inherited method, a value of a file not
     * given): the report names it, with a note.
     */
    internal fun keptBoundary(element: PsiElement, message: String) {
        pendingWarnings.add(PendingMessage(element, message, isNote = true))
    }

    internal fun pendingMark(): Int = pendingWarnings.size

    internal fun commitPending(mark: Int) {
        val kept = pendingWarnings.subList(mark, pendingWarnings.size)
        kept.forEach { it.report(this) }
        kept.clear()
    }

    internal fun dropPending(mark: Int) = pendingWarnings.subList(mark, pendingWarnings.size).clear()

    /**
     * What translating something can add besides its lines (warnings, the enums declared from constants, the
     * collaborators used), to go back to when it is not kept.
     */
    internal fun snapshot(): () -> Unit {
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

    /** Whether a handler uses Foundation (`Date`, `UUID`); the types say so in [SealedTypes.usesFoundation]. */
    internal var usesFoundation = false

    /** Helper functions the translated code calls, declared once in the port's enum, by name. */
    internal val helpers = linkedMapOf<String, List<String>>()

    /** `durationSeconds(_:)`: a `Duration` as seconds, what `Date.addingTimeInterval` takes. */
    internal fun durationSeconds(): String {
        usesFoundation = true
        helpers.getOrPut("durationSeconds") {
            listOf(
                "/// A duration in seconds, as `Date.addingTimeInterval(_:)` takes it (Kotlin adds a `java.time.Duration`).",
                "static func durationSeconds(_ duration: Duration) -> Double {",
                "    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18",
                "}",
            )
        }
        return "durationSeconds"
    }

    /**
     * A function of Kotlin's standard library that Swift's lacks, declared once in the port's enum ([lines], its
     * documentation first) and called by [name].
     */
    internal fun helper(name: String, vararg lines: String): String {
        helpers.getOrPut(name) { lines.toList() }
        return name
    }

    /** The Kotlin elements Swift lines are written from, by the index their [mark] carries. */
    internal val marks = mutableListOf<PsiElement>()

    /**
     * A mark to put at the end of a Swift line written from [element]: [port] removes it and notes where the line came
     * from. Lines after it without a mark of their own come from the same place.
     */
    internal fun mark(element: PsiElement): String {
        marks.add(element)
        return "$MARK_START${marks.size - 1}$MARK_END"
    }

    /** [swift] without its marks, and the Kotlin place of each line. */
    internal fun unmark(swift: String): Pair<String, List<String?>> {
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

    /** The files' top-level extensions on types the port does not declare, that the machine calls. */
    internal val extensions = ExtensionFunctions(this)

    fun port(): PortResult {
        fileName = source.of(create).path.substringAfterLast('/')
        for (type in inferred.inferred) {
            warn(type.firstUse, "${type.name} is not declared in the files given: the port declares it from its uses " +
                "(${inferred.describe(type)}); give the porter the file that declares it, for its exact cases and fields")
        }
        stateType = sealedArgument(create, typeNames, 0, "State")
        eventType = sealedArgument(create, typeNames, 1, "Event")
        sideEffectType = if (typeNames.getOrNull(2) in NO_SIDE_EFFECTS) unitSideEffect(create) else sealedArgument(create, typeNames, 2, "SideEffect")
        warnObjectCycles()
        collaborators = Collaborators(files, types, create, resolution)
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
        // Written at the end, when the types and handlers have said whether they use Foundation's `Date` or `UUID`.
        out.append(IMPORTS_MARK)
        // The body of the machine's enum, written once the types say whether the owner supplies some (below).
        val body = StringBuilder()
        val aliases = listOf("State" to stateType, "Event" to eventType, "SideEffect" to sideEffectType)
            .filter { it.first != it.second.name }
        if (aliases.isNotEmpty()) {
            body.append("\n")
            aliases.forEach { body.append("    typealias ${it.first} = ${it.second.name}\n") }
        }
        val aliasesEnd = body.length
        val ordered = listOf(stateType, eventType, sideEffectType).distinct() +
            types.all.filter { it != stateType && it != eventType && it != sideEffectType }
        // Writing a type may port a function another type declares, or a type check it has: again until nothing new.
        var typeLines: List<List<String>>
        do {
            val before = typesState()
            typeLines = ordered.map { enumLines(it, hashable = it == stateType || it == eventType) } +
                types.auxiliary.values.filter { it.opaque == null }.map { auxiliaryLines(it) }
        } while (typesState() != before)
        if (typeLines.any { lines -> lines.any { "try ${CharacterCoding.DECODE}(" in it } }) typeLines = typeLines + listOf(CharacterCoding.decodeFunctionLines)
        for (lines in typeLines) {
            body.append("\n")
            val shaped = if (types.opaqueTypes.isEmpty()) lines else withoutStoredStatics(lines)
            shaped.forEach { body.append(if (it.length == 0) "" else "    ").append(it).append('\n') }
        }
        // A type the owner supplies makes the machine's enum generic over the owner, with no stored constants.
        val opaque = types.opaqueTypes
        // Functions of the file that read nothing of a class, ported, need no collaborators.
        val needsContext = opaque.isNotEmpty() || collaborators.used.keys.any { it !in collaborators.portedFunctions } ||
            definition.any { Regex("\\bcontext\\b").containsMatchIn(it) }
        fun appendPortedFunctions() {
            for (lines in helpers.values) {
                body.append("\n")
                lines.forEach { body.append("    ").append(it).append('\n') }
            }
            for (lines in extensions.lines()) {
                body.append("\n")
                lines.forEach { body.append(if (it.length == 0) "" else "    ").append(it).append('\n') }
            }
            for (function in collaborators.portedFunctions.values.filterNotNull()) {
                body.append("\n")
                function.lines.forEach { body.append(if (it.length == 0) "" else "    ").append(it).append('\n') }
            }
        }
        val constantLines = constants.map { (name, value) -> "    static let $name$value\n" }
        if (!needsContext) {
            appendPortedFunctions()
            body.append("\n    static let definition = StateMachine<State, Event, SideEffect>.Definition {\n")
            definition.forEach { body.append(if (it.length == 0) "" else "        ").append(it).append('\n') }
            body.append("    }\n")
        } else {
            val protocolAt = body.length
            if (opaque.isEmpty()) {
                body.append("\n")
                collaborators.lines().forEach { body.append(if (it.length == 0) "" else "    ").append(it).append('\n') }
            }
            appendPortedFunctions()
            body.append("\n    static func definition(_ context: ${if (opaque.isEmpty()) OWNER else OpaqueType.ownerParameter(opaque)}) -> StateMachine<State, Event, SideEffect>.Definition {\n")
            body.append("        StateMachine<State, Event, SideEffect>.Definition {\n")
            definition.forEach { body.append(if (it.length == 0) "" else "            ").append(it).append('\n') }
            body.append("        }\n")
            body.append("    }\n")
            if (opaque.isNotEmpty()) {
                out.append(genericMachine(machineName, constantLines, body.toString(), aliasesEnd, protocolAt, opaque))
                body.setLength(0)
            }
        }
        if (body.isNotEmpty()) {
            out.append("enum $machineName: StateMachineBuilder {\n")
            if (constantLines.isNotEmpty()) out.append("\n")
            constantLines.forEach { out.append(it) }
            out.append(body)
            out.append("}\n")
        }
        val imports = (if (types.usesFoundation || usesFoundation) "import Foundation\n" else "") + "import StateMachine\n\n"
        val (swift, origins) = unmark(out.toString().replace(IMPORTS_MARK, imports))
        return PortResult(swift, warnings, origins)
    }

    /**
     * The type of [function]'s expression body, translated with its parameters bound (the class's properties read on
     * the context, as in a handler); null when it does not translate or its type is not known. Its warnings and what it
     * reads of the class are dropped: only the type is used.
     */
    internal val resultsBeingTold = mutableSetOf<KtNamedFunction>()

    internal fun resultOf(function: KtNamedFunction): SwiftType? {
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

    internal val classFunctionsNotPorted = mutableSetOf<String>()

    /** Why a function of the class was not ported, by name. */
    internal val classFunctionFailures = mutableMapOf<String, NotPorted>()

    internal fun classFunction(function: KtNamedFunction): Collaborators.PortedFunction? {
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
    internal fun typesState() = listOf(functions.count, typeChecks.values.sumOf { it.size }, simpleNames.size, types.auxiliary.size,
        enumNames.size, types.inferredEnums.values.sumOf { it.size }, kotlinTexts.size, ordinals.size)

    internal val inferredEnumsWarned = mutableSetOf<String>()

    /**
     * Warns, once, that [name] is an enum the port declares from the constants the machine uses; its warning as an
     * unknown payload type (an empty struct) no longer holds.
     */
    internal fun inferredEnum(name: String, at: PsiElement) {
        if (!inferredEnumsWarned.add(name)) return
        warnings.removeAll {
            it.endsWith("warning: port: the payload type $name is not ported; the Swift file declares an empty struct $name to fill in") ||
                it.endsWith("note: port: ${OpaqueType.warning(name)}")
        }
        warn(at, "$name is not declared in the files given: the port declares it as an enum of the constants the machine uses; " +
            "give the porter the file that declares it, for all of them")
    }

    /** The enum classes whose constants' Kotlin names the machine reads (`gear.name`). */
    internal val enumNames = linkedSetOf<String>()

    /** The sealed types whose Kotlin text (`"$sideEffect"`, `toString()`) the machine reads. */
    internal val kotlinTexts = linkedSetOf<SealedType>()

    /** The enum classes of the machine's types whose constants' `ordinal` the machine reads. */
    internal val ordinals = linkedSetOf<SealedType>()

    /** The sealed types extending a throwable whose `message` the machine reads (`failure.message`). */
    internal val throwableMessages = linkedSetOf<SealedType>()

    /**
     * The Swift enum's name: the class holding the machine, or the file's name; a valid identifier that hides
     * neither the library (`StateMachine`) nor one of the ported types.
     */
    internal fun machineName(create: KtCallExpression): String {
        requestedName?.let { return it }
        val holder = PsiTreeUtil.getParentOfType(create, KtClassOrObject::class.java)?.name
        var name = (holder ?: fileName.substringBefore('.')).replace(Regex("[^A-Za-z0-9_]"), "_")
        if (name.isEmpty() || name[0].isDigit()) name = "_$name"
        val taken = setOf("StateMachine", "StateMachineBuilder", "State", "Event", "SideEffect") +
            types.all.map { it.name } + types.auxiliary.keys
        while (name in taken || name in swiftKeywordNames) name += "Machine"
        return name
    }

    internal fun findCreateCall(): KtCallExpression {
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
    internal fun typeArguments(create: KtCallExpression): List<String?> {
        if (create.typeArguments.isNotEmpty()) {
            return create.typeArguments.map { SealedTypes.lastSegment(it.typeReference) }
        }
        var element: PsiElement? = create
        while (element != null && element !is KtFile) {
            val reference: KtTypeReference? = when (element) {
                is KtProperty -> element.typeReference
                is KtNamedFunction -> element.typeReference
                // `stateMachine = StateMachine.create { }` in an `init { }`: the type the property was declared with.
                is KtBinaryExpression -> assignedProperty(element)?.typeReference
                else -> null
            }
            typeArgumentsOf(reference?.typeElement as? KtUserType, 0)?.let { return it }
            element = element.parent
        }
        throw givenSource.error(create, "cannot tell the machine's types: write StateMachine.create<State, Event, SideEffect> { }")
    }

    /** The property an assignment (`machine = …`, `this.machine = …`) writes, as the compiler resolves its name. */
    internal fun assignedProperty(assignment: KtBinaryExpression): KtProperty? {
        if (assignment.operationToken != org.jetbrains.kotlin.lexer.KtTokens.EQ) return null
        val left = assignment.left
        val name = ((left as? KtDotQualifiedExpression)?.takeIf { it.receiverExpression is org.jetbrains.kotlin.psi.KtThisExpression }
            ?.selectorExpression ?: left) as? org.jetbrains.kotlin.psi.KtNameReferenceExpression ?: return null
        return resolution?.declaration(name) as? KtProperty
    }

    /** `StateMachine<S, E, F>`, or a `typealias` of one declared in the files. */
    internal fun typeArgumentsOf(user: KtUserType?, depth: Int): List<String?>? {
        if (user == null || depth > 10) return null
        if (user.referencedName == "StateMachine" && user.typeArguments.size == 3) {
            return user.typeArguments.map { SealedTypes.lastSegment(it.typeReference) }
        }
        val alias = given.flatMap { PsiTreeUtil.collectElementsOfType(it.file, org.jetbrains.kotlin.psi.KtTypeAlias::class.java) }
            .firstOrNull { it.name == user.referencedName } ?: return null
        return typeArgumentsOf(alias.getTypeReference()?.typeElement as? KtUserType, depth + 1)
    }

    /** `Unit` as the side-effect type: a Swift enum with one case, `.unit`, which `transitionTo(s, Unit)` emits. */
    internal fun unitSideEffect(create: KtCallExpression): SealedType {
        val type = SealedType("SideEffect", create)
        type.cases.add(Case("Unit", emptyList()))
        types.all.add(type)
        return type
    }

    internal fun sealedArgument(create: KtCallExpression, names: List<String?>, index: Int, role: String): SealedType {
        val name = names.getOrNull(index)
        if (name in SealedTypes.BUILT_IN_TYPES && types.named(name) == null) {
            throw source.error(create, "the $role type $name is a built-in type: the porter ports machines whose State and Event " +
                "types are sealed classes or enum classes of the files (and whose SideEffect type is one too, or Unit); " +
                "declare a sealed class for the ${role.lowercase().replace("sideeffect", "side effect")}s")
        }
        return types.named(name) ?: throw source.error(
            create,
            "the $role type ${name ?: "?"} is not a sealed class, sealed interface or enum class of the files given"
        )
    }

    /**
     * Properties with a constant value next to the machine (top level, in its class or a companion object). A `var` is
     * not one, whatever its initial value: code outside the handlers may change it.
     */
    internal fun collectConstants(create: KtCallExpression) {
        // The class that holds the machine, and the properties it overrides: their base classes' values are not its.
        val owner = PsiTreeUtil.getParentOfType(create, org.jetbrains.kotlin.psi.KtClassOrObject::class.java)
        val overriddenByOwner = owner?.declarations.orEmpty().filterIsInstance<KtProperty>()
            .filter { it.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.OVERRIDE_KEYWORD) }.mapNotNull { it.name }.toSet()
        val properties = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtProperty::class.java).sortedBy { p -> p.textRange.startOffset } }
            .filter { it.parent is KtFile || it.parent is KtClassBody }
            .filter { !PsiTreeUtil.isAncestor(it, create, false) && it.initializer != null && !it.isVar }
            // A case's override (`override val title = "Home"`) is a value of that case, not a constant of the machine;
            // the machine's class's own override (`override val tag = "CallViewModel"`) is, in place of its base's value.
            .filter { !it.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.OVERRIDE_KEYWORD) || it.parent?.parent == owner }
            .filter { it.parent?.parent == owner || it.name !in overriddenByOwner }
            // A mutable collection (`val listeners = mutableListOf<…>()`) holds what the class changes: not a constant.
            .filter { property -> MUTABLE_COLLECTIONS.none { property.initializer!!.text.trim().startsWith("$it(") || property.initializer!!.text.trim().startsWith("$it<") } }
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

    /** The type checks the handlers make (`value is Name`), by enum: the name checked and the cases it stands for. */
    internal val typeChecks = linkedMapOf<SealedType, LinkedHashMap<String, Pair<String, List<Case>>>>()

    // MARK: - The DSL

    internal fun definitionLines(lambda: KtLambdaExpression): List<String> {
        val lines = mutableListOf<String>()
        // Kotlin takes `initialState` anywhere in the block, and the last call wins; the Swift DSL takes one, first.
        val setsInitialState = { it: KtExpression -> (it as? KtCallExpression)?.calleeExpression?.text == "initialState" || choosesInitialState(it) }
        val initialStatements = lambda.bodyExpression?.statements.orEmpty().filter(setsInitialState)
        for (overridden in initialStatements.dropLast(1)) {
            warn(overridden, "the initial state is set again at line ${source.line(initialStatements.last())}; Kotlin keeps the last " +
                "one, and so does the Swift port: remove this one")
        }
        val statements = lambda.bodyExpression?.statements.orEmpty()
            .filter { !setsInitialState(it) || it === initialStatements.lastOrNull() }
            .sortedBy { if (setsInitialState(it)) 0 else 1 }
        if (initialStatements.isEmpty()) {
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
                else -> when {
                    statement is KtNamedFunction -> {}
                    choosesInitialState(statement) -> lines.add(chosenInitialStateLine(statement))
                    else -> lines.addAll(notPortedStatement(statement, "the definition"))
                }
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

    /**
     * Whether [statement] chooses the initial state at run time: `initialState` called in the branches of an `if` or a
     * `when`, or in the lambda of `flag.let { }`, on what the class was made with.
     */
    internal fun choosesInitialState(statement: KtExpression): Boolean =
        statement !is KtCallExpression && statement !is KtNamedFunction &&
            PsiTreeUtil.findChildrenOfType(statement, KtCallExpression::class.java).any { it.calleeExpression?.text == "initialState" }

    /** `initialState(…)` of the state [statement] chooses (see [choosesInitialState]), or a located placeholder. */
    internal fun chosenInitialStateLine(statement: KtExpression): String {
        return try {
            "initialState(${chosenState(statement, Scope(null, null, null))})" + mark(statement)
        } catch (failure: NotPorted) {
            warn(failure.element, "${describe(failure)} is not ported; the Swift initial state is a fatalError placeholder")
            val message = "port: $fileName:${source.line(failure.element)}: ${describe(failure)} in the initial state is not ported"
            "initialState({ () -> State in fatalError(\"${message.replace("\\", "\\\\").replace("\"", "\\\"")}\") }())" + mark(statement)
        }
    }

    /**
     * The Swift expression of the state [expression] chooses: the argument of `initialState`; `c ? a : b` for an `if` and
     * for each branch of a `when`; a `let`'s lambda with its parameter bound to the receiver.
     */
    internal fun chosenState(expression: KtExpression?, scope: Scope): String {
        val element = deparenthesized(expression) ?: throw NotPorted(expression ?: create, "the choice of the initial state")
        fun atom(text: String) = if (text.contains(' ')) "($text)" else text
        return when {
            element is KtBlockExpression && element.statements.size == 1 -> chosenState(element.statements.single(), scope)
            element is KtCallExpression && element.calleeExpression?.text == "initialState" -> {
                val argument = element.valueArguments.singleOrNull()?.getArgumentExpression()
                    ?: throw NotPorted(element, "initialState without one state")
                expr(argument, scope, stateType).text
            }
            element is org.jetbrains.kotlin.psi.KtIfExpression && element.`else` != null -> {
                val condition = expr(element.condition, scope)
                val then = chosenState(element.then, Expressions(this, scope).nonNullScope(element.condition).scope)
                "${atom(condition.text)} ? ${atom(then)} : ${atom(chosenState(element.`else`, scope))}"
            }
            element is org.jetbrains.kotlin.psi.KtWhenExpression -> {
                val subject = element.subjectExpression?.let { expr(it, scope) }
                val entries = element.entries
                if (entries.isEmpty()) throw NotPorted(element, "the choice of the initial state")
                // Kotlin's `when` over the cases of an enum is exhaustive: the last branch is the one left.
                entries.dropLast(1).foldRight(chosenState(entries.last().expression, scope)) { entry, otherwise ->
                    val conditions = entry.conditions.map { condition ->
                        val value = (condition as? org.jetbrains.kotlin.psi.KtWhenConditionWithExpression)?.expression
                            ?: throw NotPorted(condition, "the when condition")
                        val code = expr(value, scope)
                        if (subject != null) "${atom(subject.text)} == ${atom(code.text)}" else code.text
                    }
                    "${conditions.joinToString(" || ")} ? ${atom(chosenState(entry.expression, scope))} : $otherwise"
                }
            }
            element is KtDotQualifiedExpression && (element.selectorExpression as? KtCallExpression)?.calleeExpression?.text == "let" -> {
                val lambda = (element.selectorExpression as KtCallExpression).lambdaArguments.singleOrNull()?.getLambdaExpression()
                    ?: throw NotPorted(element, "the choice of the initial state")
                val receiver = expr(element.receiverExpression, scope)
                val binding = Binding(receiver.text, receiver.sealed, receiver.sealedCase, numeric = receiver.numeric,
                    auxiliary = receiver.auxiliary, collaborator = receiver.collaborator)
                val inner = Scope(scope, null, binding)
                lambda.valueParameters.singleOrNull()?.name?.let { inner.names[it] = binding }
                chosenState(lambda.bodyExpression, inner)
            }
            else -> throw NotPorted(element, "the choice of the initial state")
        }
    }

    internal fun stateLines(call: KtCallExpression): List<String> {
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

    internal fun onLines(call: KtCallExpression, stateCase: Case?): List<String> {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "a state definition")
        val matcher = matcherOf(call, eventType) ?: return notPortedStatement(call, "a state definition")
        val lines = mutableListOf<String>()
        // `on<Group>` or `on(any<Event>())`: one handler per case, in the same place, so the first match is the same.
        for (case in matcher.cases) {
            val state = Binding("state", stateType, stateCase)
            // `on<TextEdit>` of a group with an enum of its own: the handler reads its event as one.
            val group = handledGroup(call, eventType)
            val event = Binding(lambda.valueParameters.singleOrNull()?.name ?: "event", group ?: eventType, case)
            event.narrowedFrom = eventType.takeIf { group != null }
            val arity = if (matcher.usesWhereLabel || !matcher.isPlainCase && matcher.predicates.isNotEmpty()) Arity.EXACT else Arity.TRAILING
            lines.addAll(closure("on(${matcher.swift("event", eventType, case)})", lambda, listOf(state, event), receiver = state, it = event,
                arity = arity, returns = true, what = "handler"))
        }
        return lines
    }

    internal fun listenerLines(call: KtCallExpression, stateCase: Case?): List<String> {
        val name = call.calleeExpression!!.text
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "a state definition")
        val state = Binding("state", stateType, stateCase)
        val cause = Binding(lambda.valueParameters.singleOrNull()?.name ?: "cause", eventType, null)
        return closure(name, lambda, listOf(state, cause), receiver = state, it = cause, arity = Arity.EXACT,
            returns = false, what = "$name listener")
    }

    internal fun onTransitionLines(call: KtCallExpression): List<String> {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "the definition")
        val result = Binding(lambda.valueParameters.singleOrNull()?.name ?: "result", null, null, Kind.RESULT)
        return closure("onTransition", lambda, listOf(result), receiver = null, it = result, arity = Arity.EXACT,
            returns = false, what = "onTransition listener", throws = true)
    }

    /** A matcher: `state<S>`, `state(value)`, `on<E>`, `on(value)`, `Matcher.any<…>()`, `eq(…)`, `.where { }`. */
    internal inner class MatcherInfo(val cases: List<Case?>, val value: Code?, val predicates: List<KtLambdaExpression>) {
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

    internal fun matcherOf(call: KtCallExpression, type: SealedType): MatcherInfo? {
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
        // Tinder matches a value by its equality, which may be its identity.
        warnIfComparedByIdentity(call, argument, argument)
        return MatcherInfo(listOf(value.sealedCase), value, emptyList())
    }

    /**
     * A matcher the files declare once and use by name: `on(lifecycleStarted)` for
     * `private val lifecycleStarted = any<Event, Event.Lifecycle>().where { … }`, or `on(startedOrResumed())` for a
     * function without parameters whose body is the matcher. Null when [argument] names no such declaration.
     */
    internal fun namedMatcher(argument: KtExpression): KtExpression? {
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

    internal fun matcherExpression(expression: KtExpression, type: SealedType): MatcherInfo? {
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
    internal fun casesOf(reference: KtTypeReference?, type: SealedType, at: PsiElement): List<Case>? {
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
        // A name written alone that the compiler cannot resolve (`Error(FailedToJoinCall)`, an object of a file not
        // given) is not the case of that name: Kotlin reaches a nested class only qualified or imported, and then resolves it.
        if (resolves(type) && resolution != null && resolution.analyzed(reference) && reference.parent !is KtQualifiedExpression &&
            reference is org.jetbrains.kotlin.psi.KtNameReferenceExpression &&
            type.case(name)?.declaration?.parent !is KtFile) {
            return null
        }
        return group?.firstOrNull { it.kotlinName == name } ?: type.case(name)
    }

    /**
     * Whether names of [type]'s classes are taken from the compiler: it declares them in the files given. A type the
     * port declares itself (from its uses, or `Unit` side effects) is named as written.
     */
    internal fun resolves(type: SealedType): Boolean =
        resolution != null && type.declaration is org.jetbrains.kotlin.psi.KtClassOrObject && resolution.analyzed(type.declaration)

    // MARK: - Closures and placeholders

    internal enum class Arity { EXACT, TRAILING }

    /**
     * A Swift closure for a Kotlin lambda: `prefix { params in body }`. When the body has something the porter
     * cannot translate, the closure's body is a placeholder: the Kotlin lines as a comment and a `fatalError`.
     */
    internal fun closure(
        prefix: String,
        lambda: KtLambdaExpression,
        parameters: List<Binding>,
        receiver: Binding?,
        it: Binding?,
        arity: Arity,
        returns: Boolean,
        what: String,
        throws: Boolean = false,
    ): List<String> {
        val mark = pendingWarnings.size
        val outer = keepsUnknownCalls
        keepsUnknownCalls = true
        var complete = false
        try {
            val unmarked = closureLines(prefix, lambda, parameters, receiver, it, arity, returns, what, throws) { complete = true }
            val lines = if (unmarked.isEmpty()) unmarked else listOf(unmarked[0] + mark(lambda.parent?.parent as? KtCallExpression ?: lambda)) + unmarked.drop(1)
            if (complete && mark == 0) {
                pendingWarnings.forEach { it.report(this) }
                pendingWarnings.clear()
            }
            return lines
        } finally {
            keepsUnknownCalls = outer
            if (!complete) pendingWarnings.subList(mark, pendingWarnings.size).clear()
        }
    }

    internal fun closureLines(
        prefix: String,
        lambda: KtLambdaExpression,
        parameters: List<Binding>,
        receiver: Binding?,
        it: Binding?,
        arity: Arity,
        returns: Boolean,
        what: String,
        throws: Boolean,
        translated: () -> Unit
    ): List<String> {
        val scope = Scope(null, receiver, it, canThrow = returns, listenerThrows = throws)
        lambda.valueParameters.singleOrNull()?.name?.let { name -> if (it != null) scope.names[name] = it }
        // Fields of a known case are read from constants a `guard case let` binds, not by label; a field whose name
        // the body declares again is bound under a longer name (`statePicked`).
        // `context`, the owner's collaborators in the definition, is never a field's constant (`Pick(val context: Context)`
        // binds `eventContext`), so that the handler still reaches the owner.
        val taken = (parameters.map { it.swift } + "context").toMutableSet()
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
                val again = Scope(null, receiver, it, canThrow = returns, listenerThrows = throws)
                lambda.valueParameters.singleOrNull()?.name?.let { name -> if (it != null) again.names[name] = it }
                bindPatterns(declared)
                body = block(lambda.bodyExpression?.statements.orEmpty(), again, returns)
            }
            val guards = parameters.filter { it.patternUsed.isNotEmpty() }.map { parameter ->
                val case = parameter.case!!
                val names = case.fields.map { field -> if (field.name in parameter.patternUsed) parameter.pattern!![field.name]!! else "_" }
                "guard case let .${case.swiftName}(${names.joinToString(", ")}) = ${parameter.swift} else { preconditionFailure() }"
            }
            // An event a handler of a group with an enum of its own reads: as one, which the matcher has checked it is.
            val narrowed = parameters.filter { it.used && it.narrowedFrom != null }.map { parameter ->
                "guard let ${parameter.swift} = ${parameter.swift}.${groupProperty(parameter.type!!)} else { preconditionFailure() }"
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
            if (guards.isNotEmpty() || narrowed.isNotEmpty()) {
                body = narrowed + guards + body.mapIndexed { index, line ->
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

    internal fun split(lines: List<String>): List<String> = lines.flatMap { it.split('\n') }

    internal fun notPortedStatement(statement: KtExpression, where: String): List<String> {
        warn(statement, "`${short(statement)}` is not ported in $where; it is left out as a comment")
        return listOf("// port: not ported, Kotlin line ${source.line(statement)}:") +
            dedent(source.linesOf(statement)).map { "// $it".trimEnd() }
    }

    /**
     * [lines] of a type nested in the machine's enum when it is generic (a type the owner supplies), where Swift has no
     * static stored properties: the throwable's table of packages is computed instead (`static var packages: [String:
     * String] { [ … ] }`).
     */
    private fun withoutStoredStatics(lines: List<String>): List<String> {
        val start = lines.indexOf("    private static let packages = [")
        if (start < 0) return lines
        val end = (start + 1 until lines.size).firstOrNull { lines[it] == "    ]" } ?: return lines
        return lines.mapIndexed { index, line ->
            when (index) {
                start -> "    private static var packages: [String: String] { ["
                end -> "    ] }"
                else -> line
            }
        }
    }

    /** Says where cases of the machine's types need each other while the JVM makes them ([ObjectCycles]). */
    private fun warnObjectCycles() {
        val cases = types.all.flatMap { it.cases }.mapNotNull { it.declaration }.toSet()
        ObjectCycles(given) { resolution?.declaration(it) }.warnings(cases).forEach { (at, message) -> warn(at, message) }
    }

    internal fun warn(element: PsiElement, message: String) {
        // The porter's own declarations of inferred types: the one warning at their first use says what they are.
        if (inferred.isInferred(element)) return
        // One line per message: Kotlin quoted in it may span lines (`Light.\nOn`).
        val warning = "${source.location(element)}: warning: port: ${oneLine(message)}"
        if (warning !in warnings) warnings.add(warning)
    }

    /**
     * Says, at [element], what the port made of something that needs nothing done by hand (`Instant` is a type the
     * owner supplies): a note, which leaves the exit status 0.
     */
    internal fun note(element: PsiElement, message: String) {
        if (inferred.isInferred(element)) return
        val note = "${source.location(element)}: note: port: ${oneLine(message)}"
        if (note !in warnings) warnings.add(note)
    }

    internal fun describe(failure: NotPorted): String = "${failure.what} `${short(failure.element)}`"

    internal fun short(element: PsiElement): String = Porter.short(element)

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

    internal fun dedent(lines: List<String>): List<String> {
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

    /** The reads of the class's getter properties the port leaves to its owner (`--verify` records each one). */
    internal val getterReads = linkedSetOf<org.jetbrains.kotlin.psi.KtNameReferenceExpression>()

    /**
     * The statement calls the port makes on a collaborator that is an object of a library the Kotlin runs for real (`LOG.info(…)`
     * of a `java.util.logging.Logger` the class makes), with the name the Swift stub writes them under (`log.info`):
     * `--verify` writes each to the Kotlin's trace in its place (Spec/VERIFY.md, V3).
     */
    internal val libraryStatementCalls = linkedMapOf<KtDotQualifiedExpression, String>()

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
            // A duration the port makes (`static let T_FAIL = Duration.seconds(60)`), written as Kotlin writes one.
            value.matches(Regex("Duration\\.[a-z]+\\(.*\\)")) -> "Duration"
            else -> null
        }
    }
}
