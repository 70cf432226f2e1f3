package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtConstantExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtLiteralStringTemplateEntry
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtObjectDeclaration
import org.jetbrains.kotlin.psi.KtParameter
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtStringTemplateExpression
import org.jetbrains.kotlin.psi.KtThisExpression
import java.io.File

/**
 * The porter's last phase, `--verify`: what the Kotlin runner (Sources/Kotlin/Verify) and the Swift harness need to drive
 * the original machine and its port with the same events and compare what they do.
 *
 * - [plan]: where the Kotlin machine comes from (a class made with stubs for what it takes, an object, a file), its
 *   types, the properties and functions of its class that the port's owner supplies, and the literals of the files
 *   (the payloads of the generated events start with them).
 * - [kotlinSources]: the files given, with each call of a function the port leaves to its owner recorded
 *   (`Calls.record`), so that the Swift owner is asked the same and answers the same.
 * - [harness]: Swift that conforms the port's `Collaborators` with stubs that write every call as the Kotlin stubs do,
 *   and runs the port on the sequences.
 *
 * Throws [PortError] (located) when the machine cannot be verified: its types are not in the files given, or the
 * porter cannot tell where the machine is made.
 */
class Verification(internal val porter: Porter, private val result: PortResult) {

    private val create = porter.createCall
    private val source = SourceSet(porter.givenSources)
    private val stateType = porter.machineTypes.first
    private val eventType = porter.machineTypes.second
    private val sideEffectType = porter.machineTypes.third
    private val collaborators = porter.collaborators

    /** The plan for the Kotlin runner, as JSON. */
    fun plan(): String {
        val owner = owner()
        fun type(type: SealedType, role: String): String {
            val declaration = type.declaration as? KtClassOrObject
            if (declaration == null || !source.sources.any { it.file == declaration.containingFile }) {
                throw source.error(create, "--verify needs the files that declare the machine's $role type (${type.name}); give them to the porter")
            }
            return binaryName(declaration)
        }
        val sideEffect = (sideEffectType.declaration as? KtClassOrObject)?.takeIf { source.sources.any { s -> s.file == it.containingFile } }
        val literals = literals()
        return buildString {
            append("{\n")
            append("  \"name\": ${json(porter.swiftName)},\n")
            append("  \"owner\": {\"kind\": ${json(owner.first)}, \"class\": ${json(owner.second)}, \"member\": ${json(owner.third)}},\n")
            append("  \"types\": {\"state\": ${json(type(stateType, "State"))}, \"event\": ${json(type(eventType, "Event"))}, ")
            append("\"sideEffect\": ${sideEffect?.let { json(binaryName(it)) } ?: "null"}},\n")
            append("  \"properties\": [${requirementProperties().joinToString(", ") { json(it) }}],\n")
            append("  \"functions\": [${requirementFunctions().joinToString(", ") { json(it) }}],\n")
            append("  \"literals\": {\"strings\": [${literals.first.joinToString(", ") { json(it) }}], ")
            append("\"ints\": [${literals.second.joinToString(", ")}], \"doubles\": [${literals.third.joinToString(", ")}]}\n")
            append("}\n")
        }
    }

    /** Kind (`class`, `object`, `file`), JVM class name and member of what makes the machine. */
    private fun owner(): Triple<String, String, String> {
        val declaration = maker()
        val member = (declaration as? KtProperty)?.name ?: (declaration as KtNamedFunction).name
            ?: throw source.error(create, "--verify cannot tell where this machine is made")
        val container = PsiTreeUtil.getParentOfType(declaration, KtClassOrObject::class.java)
        return when {
            container == null -> {
                val file = declaration.containingFile as KtFile
                val facade = file.name.removeSuffix(".kts").removeSuffix(".kt").replaceFirstChar { it.uppercase() } + "Kt"
                Triple("file", listOfNotNull(file.packageFqName.asString().takeIf { it.isNotEmpty() }, facade).joinToString("."), member)
            }
            container is KtObjectDeclaration -> Triple("object", binaryName(container), member)
            else -> Triple("class", AbstractOwner.of(container)?.binaryName ?: binaryName(container), member)
        }
    }

    /** The property or function that makes the machine. */
    private fun maker(): PsiElement {
        val holder = PsiTreeUtil.getParentOfType(create, KtProperty::class.java, KtNamedFunction::class.java)
            // `machine = StateMachine.create { }` in an `init { }`: the property it assigns holds the machine.
            ?: PsiTreeUtil.getParentOfType(create, KtBinaryExpression::class.java)?.let { porter.assignedProperty(it) }
            ?: throw source.error(create, "--verify cannot tell where this machine is made: put StateMachine.create in a property or a function")
        // A local `val machine = StateMachine.create { }` in a function: the function makes the machine.
        if (holder is KtProperty && holder.isLocal) {
            return PsiTreeUtil.getParentOfType(holder, KtNamedFunction::class.java)
                ?: throw source.error(create, "--verify cannot tell where this machine is made: put StateMachine.create in a property or a function")
        }
        return holder
    }

    /**
     * The parameters of the owner (of the function that makes the machine, and of its class's primary constructor)
     * that have a default, which the runner leaves to it, and whose value the Swift owner gives.
     */
    private fun defaultedParameters(): List<KtParameter> {
        val maker = runCatching { maker() }.getOrNull() ?: return emptyList()
        val container = PsiTreeUtil.getParentOfType(maker, KtClassOrObject::class.java)
        val parameters = (maker as? KtNamedFunction)?.valueParameters.orEmpty() +
            (container as? KtClass)?.primaryConstructorParameters.orEmpty()
        val given = requirementProperties()
        return parameters.filter { it.defaultValue != null && it.name in given }
    }

    /**
     * The constructor parameters of the machine's cases that are not properties, where declaring them `val` changes
     * nothing else: not of a data class (its parameters are properties), not of a class that extends one the files do
     * not declare (`Exception`, whose `cause` it would hide), and no property of that name in the class or in a class
     * of the files it extends (a `val` there would need `override`).
     */
    private fun storedParameters(): List<KtParameter> {
        val classes = source.sources.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtClass::class.java) }.groupBy { it.name }
        // Null where a class it extends is not of the files (`Exception`, whose `cause` a `val` would hide).
        fun propertyNames(declaration: KtClass, seen: MutableSet<KtClass> = mutableSetOf()): Set<String>? {
            if (!seen.add(declaration)) return emptySet()
            val own = declaration.primaryConstructorParameters.filter { it.hasValOrVar() }.mapNotNull { it.name } +
                declaration.declarations.filterIsInstance<KtProperty>().mapNotNull { it.name }
            val inherited = declaration.superTypeListEntries.flatMap { entry ->
                val name = entry.typeReference?.text?.substringBefore('<')?.substringAfterLast('.')
                val declared = classes[name].orEmpty()
                if (declared.isEmpty()) return null
                declared.flatMap { propertyNames(it, seen) ?: return null }
            }
            return (own + inherited).toSet()
        }
        return porter.sealedTypes.all.flatMap { it.cases }.mapNotNull { it.declaration as? KtClass }.distinct()
            .filter { !it.isData() }
            .flatMap { case ->
                val taken = propertyNames(case) ?: return@flatMap emptyList()
                case.primaryConstructorParameters.filter { !it.hasValOrVar() && it.nameIdentifier != null && it.name !in taken }
            }
    }

    /** The name the JVM knows a class by: `com.example.Outer$Inner`. */
    private fun binaryName(declaration: KtClassOrObject): String {
        val names = mutableListOf<String>()
        var current: KtClassOrObject? = declaration
        while (current != null) {
            names.add(0, current.name ?: if (current is KtObjectDeclaration && current.isCompanion()) "Companion" else "?")
            current = PsiTreeUtil.getParentOfType(current, KtClassOrObject::class.java)
        }
        val packageName = declaration.containingKtFile.packageFqName.asString()
        return (if (packageName.isEmpty()) "" else "$packageName.") + names.joinToString("$")
    }

    private fun requirementProperties(): List<String> =
        collaborators.used.keys.filter { it !in collaborators.portedFunctions && collaborators.declaredFunction(it) == null }

    private fun requirementFunctions(): List<String> =
        collaborators.used.keys.filter {
            it !in collaborators.portedFunctions && (collaborators.declaredFunction(it) != null || it in collaborators.externalFunctions ||
                it in collaborators.undeclaredTypeMethods)
        }

    /** The string, integer and real literals of the files, in the order they appear, each once. */
    private fun literals(): Triple<List<String>, List<Long>, List<Double>> {
        val strings = linkedSetOf<String>()
        val ints = linkedSetOf<Long>()
        val doubles = linkedSetOf<Double>()
        for (file in source.sources) {
            PsiTreeUtil.collectElementsOfType(file.file, KtStringTemplateExpression::class.java).forEach { template ->
                if (template.entries.all { it is KtLiteralStringTemplateEntry }) strings.add(template.entries.joinToString("") { it.text })
            }
            PsiTreeUtil.collectElementsOfType(file.file, KtConstantExpression::class.java).forEach { constant ->
                val text = constant.text.replace("_", "").lowercase()
                when {
                    text.startsWith("0x") -> text.removePrefix("0x").removeSuffix("l").toLongOrNull(16)?.let { ints.add(it) }
                    text.endsWith("f") || text.contains('.') || (text.contains('e') && !text.startsWith("0x")) ->
                        text.removeSuffix("f").toDoubleOrNull()?.let { doubles.add(it) }
                    else -> text.removeSuffix("l").removeSuffix("u").toLongOrNull()?.let { value ->
                        ints.add(value)
                        // A negative literal is a minus applied to it.
                        if (constant.parent?.text?.startsWith("-") == true) ints.add(-value)
                    }
                }
            }
        }
        return Triple(strings.filter { it.length <= 40 && '\\' !in it }.take(12), ints.take(12).toList(), doubles.take(8).toList())
    }

    private fun json(text: String): String = buildString {
        append('"')
        for (char in text) {
            when {
                char == '"' -> append("\\\"")
                char == '\\' -> append("\\\\")
                char == '\n' -> append("\\n")
                char.code < 0x20 -> append("\\u%04x".format(char.code))
                else -> append(char)
            }
        }
        append('"')
    }

    /** The files given, each call of a function the port leaves to its owner recorded, by file path. */
    fun kotlinSources(pruned: Boolean = false): List<Pair<String, String>> = porter.givenSources.map { file ->
        // A default's value is recorded for the Swift owner to give the same (the runner leaves defaulted parameters out).
        val defaults = defaultedParameters().filter { it.containingFile == file.file }.map { parameter ->
            val value = parameter.defaultValue!!
            value.textRange.startOffset until value.textRange.endOffset to
                "com.statemachine.verify.Calls.defaultValue(${json(parameter.name!!)}, ${value.text})"
        }
        // A getter's read (`now`, `get() = clock.instant()`) is recorded as a call without arguments.
        val getters = porter.getterReads.filter { it.containingFile == file.file }.map { read ->
            val recording = "com.statemachine.verify.Calls.record(${json(read.getReferencedName())}, arrayOf<Any?>()) { ${read.getReferencedName()} }"
            // `"at $now"`: the template entry becomes `${…}`.
            val entry = read.parent as? org.jetbrains.kotlin.psi.KtSimpleNameStringTemplateEntry
            if (entry != null) entry.textRange.startOffset until entry.textRange.endOffset to "\${$recording}"
            else read.textRange.startOffset until read.textRange.endOffset to recording
        }
        // A statement call on a library's object the class makes (`LOG.info("…")`): written to the trace as the Swift
        // stub writes it, in its place.
        val observed = porter.libraryStatementCalls.filterKeys { it.containingFile == file.file }.map { (whole, name) ->
            val arguments = (whole.selectorExpression as KtCallExpression).valueArgumentList?.text ?: "()"
            whole.textRange.startOffset until whole.textRange.endOffset to
                "com.statemachine.verify.StandIns.observed(${json(name)}, arrayOf<Any?>$arguments)"
        }
        // A case's constructor parameter that is no property (`class Coal4Failed(failcount: Int) : Failed(failcount)`) is
        // a field of the port's case; the runner writes values by their properties, so the copy declares it `val`.
        val stored = storedParameters().filter { it.containingFile == file.file }.map { parameter ->
            val at = parameter.nameIdentifier!!.textRange.startOffset
            at until at to "val "
        }
        // The members of the owner's class that the machine never reaches are left out (OwnerPruning).
        val prunedEdits = if (pruned) pruning()?.takeIf { it.first.containingFile == file.file }?.second.orEmpty() else emptyList()
        fun kept(edit: Pair<IntRange, String>) = prunedEdits.none { (range, _) -> edit.first.first >= range.first && edit.first.last <= range.last }
        val replacements = (prunedEdits + (porter.requirementCalls.filter { it.containingFile == file.file }.mapNotNull { recorded(it) } + defaults + getters + observed + stored +
            localMachine().filter { it.containingFile == file.file }.flatMap { made ->
                // Two insertions around it, so that the recorded calls inside stay as they are.
                val range = made.textRange
                listOf(range.endOffset until range.endOffset to ")", range.startOffset until range.startOffset to "com.statemachine.verify.Calls.made(")
            }).filter(::kept))
            .sortedByDescending { it.first.first }
        val text = StringBuilder(file.text)
        var last = Int.MAX_VALUE
        for ((range, replacement) in replacements) {
            if (range.last >= last) continue   // nested in a call already recorded: left as it is
            text.replace(range.first, range.last + 1, replacement)
            last = range.first
        }
        // An abstract owner: the subclass the runner makes instead (AbstractOwner).
        abstractOwner()?.takeIf { it.file == file.file }?.let { text.append(it.declaration()) }
        file.path to text.toString()
    }

    private fun abstractOwner(): AbstractOwner? =
        runCatching { maker() }.getOrNull()?.let { AbstractOwner.of(PsiTreeUtil.getParentOfType(it, KtClassOrObject::class.java)) }

    /** The class that makes the machine and what its copy leaves out ([OwnerPruning]); null for a machine of a file's top level. */
    internal fun pruning(): Pair<KtClassOrObject, List<Pair<IntRange, String>>>? {
        val resolution = porter.resolution ?: return null
        val maker = runCatching { maker() }.getOrNull() ?: return null
        val owner = PsiTreeUtil.getParentOfType(maker, KtClassOrObject::class.java) ?: return null
        return owner to OwnerPruning(owner, maker, resolution).edits()
    }

    /**
     * The machine's making, `StateMachine.create { }` with its receiver, when a function keeps it in a local (`val
     * machine = StateMachine.create { }`): the function may return something else (or nothing, `suspend fun start()`), so
     * the copy hands the machine to the runner as it is made.
     */
    private fun localMachine(): List<PsiElement> {
        val holder = PsiTreeUtil.getParentOfType(create, KtProperty::class.java, KtNamedFunction::class.java)
        if (holder !is KtProperty || !holder.isLocal) return emptyList()
        val qualified = create.parent as? org.jetbrains.kotlin.psi.KtQualifiedExpression
        return listOf(if (qualified != null && qualified.selectorExpression == create) qualified else create)
    }

    /** The range to replace and the recording call for one call of a function the owner supplies. */
    private fun recorded(call: KtCallExpression): Pair<IntRange, String>? {
        val name = call.calleeExpression?.text ?: return null
        if (call.lambdaArguments.isNotEmpty() || call.valueArguments.any { it.isNamed() || it.getSpreadElement() != null }) return null
        // The arguments as written, line breaks and all: the copy keeps the user's line numbers (V12's warnings name them).
        val argumentList = call.valueArgumentList?.text ?: "()"
        if (name in collaborators.externalFunctions) {
            // Its result used: the call stays as written, for its stand-in derived from the compiler's diagnostics (V11),
            // which records it with its result as this recording would.
            if (collaborators.used[name]?.type != null) return null
            // A function of a file not given: its stand-in ([LibraryStubs]) takes any arguments and does nothing else.
            val replacement = "com.statemachine.verify.Calls.record(${json(name)}, arrayOf<Any?>$argumentList) " +
                "{ arguments -> $name(*arguments) }"
            return call.textRange.startOffset until call.textRange.endOffset to replacement
        }
        val function = collaborators.declaredFunction(name) ?: return null
        val parameters = function.valueParameters
        val arguments = call.valueArguments.mapNotNull { it.getArgumentExpression()?.text }
        if (arguments.size > parameters.size) return null
        val qualified = (call.parent as? KtDotQualifiedExpression)?.takeIf { it.selectorExpression == call && it.receiverExpression is KtThisExpression }
        val whole: PsiElement = qualified ?: call
        val receiver = qualified?.receiverExpression?.text?.let { "$it." } ?: ""
        val casts = arguments.indices.joinToString(", ") { index ->
            // A base class's type parameter (`notify(state: State)` of `Device<KilnState>`): its argument.
            val type = parameters[index].typeReference?.let { collaborators.substituted(it).text } ?: "Any?"
            "(arguments[$index] as $type)"
        }
        val replacement = "com.statemachine.verify.Calls.record(${json(name)}, arrayOf<Any?>$argumentList) " +
            "{ arguments -> @Suppress(\"UNCHECKED_CAST\") $receiver$name($casts) }"
        return whole.textRange.startOffset until whole.textRange.endOffset to replacement
    }

    /** The Swift harness for this port (see [SwiftHarness]). */
    fun harness(): String = SwiftHarness(porter, result).write()

    companion object {
        /**
         * Writes [verification] of a port into [folder]: plan.json, Harness.swift, the recorded Kotlin under kotlin/ (with
         * the user's file of each copy in sources.txt), and stubs under stubs/ for what the Kotlin imports from libraries
         * the verification lacks ([LibraryStubs]).
         */
        fun write(verification: Verification, swift: String, folder: File) {
            folder.mkdirs()
            File(folder, "plan.json").writeText(verification.plan())
            File(folder, "Port.swift").writeText(swift)
            File(folder, "Harness.swift").writeText(verification.harness())
            verification.porter.resolution?.let { LibraryStubs.write(LibraryStubs(verification.porter.givenSources, it, verification.porter.collaborators.externalObjectProperties,
                verification.porter.collaborators.externalFunctions), folder) }
            val kotlin = File(folder, "kotlin").also { it.deleteRecursively(); it.mkdirs() }
            // Each file keeps its name (its top-level declarations are in the class the name makes, `MachineKt`);
            // sources.txt says which of the user's files each copy is, for messages about the copy's lines.
            val given = StringBuilder()
            verification.kotlinSources().forEachIndexed { index, (path, text) ->
                File(kotlin, "$index").mkdirs()
                File(kotlin, "$index/${path.substringAfterLast('/')}").writeText(text)
                given.append("kotlin/$index/${path.substringAfterLast('/')}\t$path\n")
            }
            File(folder, "sources.txt").writeText(given.toString())
            // The same files with the members of the owner's class that the machine never reaches left out
            // ([OwnerPruning]), for the driver to compile where the class as given does not (V3).
            val pruned = File(folder, "pruned").also { it.deleteRecursively() }
            if (verification.pruning()?.second?.isNotEmpty() == true) {
                verification.kotlinSources(pruned = true).forEachIndexed { index, (path, text) ->
                    File(pruned, "$index").mkdirs()
                    File(pruned, "$index/${path.substringAfterLast('/')}").writeText(text)
                }
            }
        }
    }
}
