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

class PortResult(val swift: String, val warnings: List<String>)

/** Thrown while translating a handler body: [element] has no Swift translation. */
class NotPorted(val element: PsiElement, val what: String) : Exception(what)

/**
 * Ports one Kotlin file: its sealed hierarchies become Swift enums and its `StateMachine.create { }` block a
 * `StateMachine.Definition` in the Swift DSL, inside an enum conforming to `StateMachineBuilder`.
 */
class Porter(private val files: List<KotlinSource>) {

    private val source = SourceSet(files)
    private val types = SealedTypes(source)
    private val warnings = mutableListOf<String>()
    private var fileName = files.first().path.substringAfterLast('/')

    private lateinit var stateType: SealedType
    private lateinit var eventType: SealedType
    private lateinit var sideEffectType: SealedType
    private val constants = linkedMapOf<String, String>()

    fun port(): PortResult {
        val create = findCreateCall()
        fileName = source.of(create).path.substringAfterLast('/')
        val typeNames = typeArguments(create)
        stateType = sealedArgument(create, typeNames, 0, "State")
        eventType = sealedArgument(create, typeNames, 1, "Event")
        sideEffectType = sealedArgument(create, typeNames, 2, "SideEffect")
        collectConstants(create)

        val machineName = (PsiTreeUtil.getParentOfType(create, KtClassOrObject::class.java)?.name
            ?: fileName.removeSuffix(".kt").replace(Regex("[^A-Za-z0-9_]"), "_"))

        val lambda = create.lambdaArguments.singleOrNull()?.getLambdaExpression()
            ?: throw source.error(create, "StateMachine.create needs its definition as a trailing lambda")
        val definition = definitionLines(lambda)

        val out = StringBuilder()
        out.append("// Ported from $fileName by scripts/port-kotlin. Change the Kotlin machine and port it again\n")
        out.append("// rather than editing this file.\n\n")
        out.append("import StateMachine\n\n")
        out.append("enum $machineName: StateMachineBuilder {\n")
        if (constants.isNotEmpty()) out.append("\n")
        for ((name, value) in constants) out.append("    static let $name = $value\n")
        val aliases = listOf("State" to stateType, "Event" to eventType, "SideEffect" to sideEffectType)
            .filter { it.first != it.second.name }
        if (aliases.isNotEmpty()) {
            out.append("\n")
            aliases.forEach { out.append("    typealias ${it.first} = ${it.second.name}\n") }
        }
        val ordered = listOf(stateType, eventType, sideEffectType).distinct() +
            types.all.filter { it != stateType && it != eventType && it != sideEffectType }
        for (type in ordered) {
            out.append("\n")
            enumLines(type, hashable = type == stateType || type == eventType)
                .forEach { out.append(if (it.length == 0) "" else "    ").append(it).append('\n') }
        }
        out.append("\n    static let definition = StateMachine<State, Event, SideEffect>.Definition {\n")
        definition.forEach { out.append(if (it.length == 0) "" else "        ").append(it).append('\n') }
        out.append("    }\n")
        out.append("}\n")
        return PortResult(out.toString(), warnings)
    }

    // MARK: - The machine and its types

    private fun findCreateCall(): KtCallExpression {
        val calls = files.flatMap { file -> PsiTreeUtil.collectElementsOfType(file.file, KtCallExpression::class.java).sortedBy { it.textRange.startOffset } }
            .filter { call ->
                val parent = call.parent as? KtDotQualifiedExpression
                call.calleeExpression?.text == "create" && parent != null && parent.selectorExpression == call &&
                    parent.receiverExpression.text.substringAfterLast('.').trim() == "StateMachine"
            }
        if (calls.isEmpty()) {
            val where = if (files.size == 1) "this file" else "these files"
            throw PortError(listOf("${files.first().path}:1:1: error: no StateMachine.create<State, Event, SideEffect> { } call in $where"))
        }
        if (calls.size > 1) {
            throw source.error(calls[1], "one machine per port: port each StateMachine.create { } on its own")
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
            val user = reference?.typeElement as? KtUserType
            if (user != null && user.referencedName == "StateMachine" && user.typeArguments.size == 3) {
                return user.typeArguments.map { SealedTypes.lastSegment(it.typeReference) }
            }
            element = element.parent
        }
        throw source.error(create, "cannot tell the machine's types: write StateMachine.create<State, Event, SideEffect> { }")
    }

    private fun sealedArgument(create: KtCallExpression, names: List<String?>, index: Int, role: String): SealedType {
        val name = names.getOrNull(index)
        return types.named(name) ?: throw source.error(
            create,
            "the $role type ${name ?: "?"} is not a sealed class or sealed interface of this file"
        )
    }

    /** Properties with a constant value next to the machine (top level, in its class or a companion object). */
    private fun collectConstants(create: KtCallExpression) {
        val properties = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtProperty::class.java).sortedBy { p -> p.textRange.startOffset } }
            .filter { it.parent is KtFile || it.parent is KtClassBody }
            .filter { !PsiTreeUtil.isAncestor(it, create, false) && it.initializer != null }
        for (property in properties) {
            val name = property.name ?: continue
            val code = try {
                expr(property.initializer, Scope(null, null, null))
            } catch (skipped: NotPorted) {
                continue
            }
            if (!code.throws) constants[name] = code.text
        }
    }

    private fun enumLines(type: SealedType, hashable: Boolean): List<String> {
        // Swift cannot synthesize Codable for an enum without cases (a Kotlin sealed class with no subclasses).
        val codable = if (type.cases.isEmpty()) "" else "Codable, "
        val conformances = (if (hashable) "StateMachineHashable, " else "") + codable + "Equatable"
        val head = "${if (type.isIndirect) "indirect " else ""}enum ${type.name}: $conformances {"
        if (type.cases.isEmpty()) return listOf("$head}")
        val lines = mutableListOf(head)
        for (case in type.cases) {
            val payload = if (case.fields.isEmpty()) "" else
                case.fields.joinToString(", ", "(", ")") { "${it.name}: ${it.type.swift}" }
            lines.add("    case ${case.swiftName}$payload")
        }
        if (hashable && type.hasPayloads) {
            lines.add("")
            lines.add("    enum HashableIdentifier: String { case ${type.cases.joinToString(", ") { it.swiftName }} }")
        }
        lines.add("}")
        return lines
    }

    // MARK: - The DSL

    private fun definitionLines(lambda: KtLambdaExpression): List<String> {
        val lines = mutableListOf<String>()
        for (statement in lambda.bodyExpression?.statements.orEmpty()) {
            val call = statement as? KtCallExpression
            when (call?.calleeExpression?.text) {
                "initialState" -> {
                    val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression()
                        ?: throw source.error(call, "initialState takes one state")
                    val code = try {
                        expr(argument, Scope(null, null, null), stateType)
                    } catch (failure: NotPorted) {
                        throw source.error(failure.element, "the initial state must be a State value, not ${describe(failure)}")
                    }
                    lines.add("initialState(${code.text})")
                }
                "state" -> lines.addAll(stateLines(call))
                "onTransition" -> lines.addAll(onTransitionLines(call))
                else -> lines.addAll(notPortedStatement(statement, "the definition"))
            }
        }
        return lines
    }

    private fun stateLines(call: KtCallExpression): List<String> {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "the definition")
        val matcher = matcherOf(call, stateType) ?: return notPortedStatement(call, "the definition")
        val lines = mutableListOf<String>()
        val body = mutableListOf<String>()
        for (statement in lambda.bodyExpression?.statements.orEmpty()) {
            val inner = statement as? KtCallExpression
            when (inner?.calleeExpression?.text) {
                "on" -> body.addAll(onLines(inner, matcher.case))
                "onEnter", "onExit" -> body.addAll(listenerLines(inner, matcher.case))
                else -> body.addAll(notPortedStatement(statement, "a state definition"))
            }
        }
        val head = "state(${matcher.swift("state", stateType)})"
        if (body.isEmpty()) {
            lines.add(if (matcher.isPlainCase) head else "$head {}")
        } else {
            lines.add("$head {")
            body.forEach { lines.add(if (it.length == 0) "" else "    $it") }
            lines.add("}")
        }
        return lines
    }

    private fun onLines(call: KtCallExpression, stateCase: Case?): List<String> {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return notPortedStatement(call, "a state definition")
        val matcher = matcherOf(call, eventType) ?: return notPortedStatement(call, "a state definition")
        val state = Binding("state", stateType, stateCase)
        val event = Binding(lambda.valueParameters.singleOrNull()?.name ?: "event", eventType, matcher.case)
        val arity = if (matcher.usesWhereLabel || !matcher.isPlainCase && matcher.predicates.isNotEmpty()) Arity.EXACT else Arity.TRAILING
        return closure("on(${matcher.swift("event", eventType)})", lambda, listOf(state, event), receiver = state, it = event,
            arity = arity, returns = true, what = "handler")
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
    private inner class MatcherInfo(val case: Case?, val value: Code?, val predicates: List<KtLambdaExpression>) {
        val isPlainCase: Boolean get() = value == null && predicates.isEmpty()
        val usesWhereLabel: Boolean get() = value == null && predicates.size == 1

        fun swift(root: String, type: SealedType): String {
            val base = if (value != null) ".eq(${value.text})" else ".${case!!.swiftName}"
            if (predicates.isEmpty()) return base
            val closures = predicates.map { predicateText(it, root, type) }
            if (usesWhereLabel) return "$base, where: ${closures[0]}"
            val any = if (value != null) base else ".any($base)"
            return any + closures.joinToString("") { ".where $it" }
        }

        private fun predicateText(lambda: KtLambdaExpression, root: String, type: SealedType): String {
            val binding = Binding(root, type, case)
            val lines = closure("", lambda, listOf(binding), receiver = binding, it = null, arity = Arity.EXACT,
                returns = true, what = "where predicate")
            return lines.joinToString("\n").trimStart()
        }
    }

    private fun matcherOf(call: KtCallExpression, type: SealedType): MatcherInfo? {
        if (call.typeArguments.size == 1 && call.valueArgumentList?.arguments.orEmpty().isEmpty()) {
            return MatcherInfo(caseOf(call.typeArguments[0].typeReference, type, call) ?: return null, null, emptyList())
        }
        val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression() ?: return null
        matcherExpression(argument, type)?.let { return it }
        val value = try {
            expr(argument, Scope(null, null, null), type)
        } catch (failure: NotPorted) {
            warn(failure.element, "${describe(failure)} is not ported as a matcher value; the definition is left out")
            return null
        }
        return MatcherInfo(value.sealedCase, value, emptyList())
    }

    private fun matcherExpression(expression: KtExpression, type: SealedType): MatcherInfo? {
        val call: KtCallExpression
        if (expression is KtDotQualifiedExpression) {
            call = expression.selectorExpression as? KtCallExpression ?: return null
            if (call.calleeExpression?.text == "where") {
                val base = matcherExpression(expression.receiverExpression, type) ?: return null
                val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
                return MatcherInfo(base.case, base.value, base.predicates + lambda)
            }
            if (expression.receiverExpression.text.substringAfterLast('.').trim() != "Matcher") return null
        } else {
            call = expression as? KtCallExpression ?: return null
        }
        return when (call.calleeExpression?.text) {
            "any" -> {
                val reference = call.typeArguments.lastOrNull()?.typeReference ?: return null
                MatcherInfo(caseOf(reference, type, call) ?: return null, null, emptyList())
            }
            "eq" -> {
                val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression() ?: return null
                val value = try {
                    expr(argument, Scope(null, null, null), type)
                } catch (failure: NotPorted) {
                    return null
                }
                MatcherInfo(value.sealedCase, value, emptyList())
            }
            else -> null
        }
    }

    private fun caseOf(reference: KtTypeReference?, type: SealedType, at: PsiElement): Case? {
        val name = SealedTypes.lastSegment(reference)
        val case = type.case(name ?: "")
        if (case == null) {
            warn(reference ?: at, "${reference?.text ?: "this type"} is not a subclass of ${type.name}; " +
                "the Swift DSL matches one case at a time, so the definition is left out")
        }
        return case
    }

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
        val scope = Scope(null, receiver, it, canThrow = returns)
        lambda.valueParameters.singleOrNull()?.name?.let { name -> if (it != null) scope.names[name] = it }
        val body: List<String>
        try {
            body = block(lambda.bodyExpression?.statements.orEmpty(), scope, returns)
        } catch (failure: NotPorted) {
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
        if (single != null && returns) return listOf(head.trimStart(), "    " + single.removePrefix("return "), "}")
        return listOf(head.trimStart()) + body.map { if (it.length == 0) "" else "    $it" } + "}"
    }

    private fun notPortedStatement(statement: KtExpression, where: String): List<String> {
        warn(statement, "`${short(statement)}` is not ported in $where; it is left out as a comment")
        return listOf("// port: not ported, Kotlin line ${source.line(statement)}:") +
            dedent(source.linesOf(statement)).map { "// $it".trimEnd() }
    }

    private fun warn(element: PsiElement, message: String) {
        warnings.add("${source.location(element)}: warning: port: $message")
    }

    private fun describe(failure: NotPorted): String = "${failure.what} `${short(failure.element)}`"

    private fun short(element: PsiElement): String {
        val text = element.text.lines().first().trim()
        return if (text.length > 60 || element.text.contains('\n')) text.take(57).trimEnd() + " …" else text
    }

    private fun dedent(lines: List<String>): List<String> {
        val tail = lines.drop(1).filter { it.isNotBlank() }
        val indent = tail.map { line -> line.takeWhile { it == ' ' }.length }.minOrNull() ?: 0
        return listOf(lines.first().trim()) + lines.drop(1).map { if (it.length >= indent) it.substring(indent) else it.trim() }
    }

    // MARK: - Bodies

    private fun block(statements: List<KtExpression>, scope: Scope, returns: Boolean): List<String> =
        Body(this, scope).statements(statements, returns)

    internal fun expr(expression: KtExpression?, scope: Scope, expected: SealedType? = null): Code =
        Expressions(this, scope).expr(expression, expected)

    internal val sealedTypes: SealedTypes get() = types
    internal val state: SealedType get() = stateType
    internal val event: SealedType get() = eventType
    internal val sideEffect: SealedType get() = sideEffectType
    internal fun isConstant(name: String) = constants.containsKey(name)
}
