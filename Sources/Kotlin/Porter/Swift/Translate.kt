package com.statemachine.porter

import org.jetbrains.kotlin.psi.KtBinaryExpression
import org.jetbrains.kotlin.psi.KtBinaryExpressionWithTypeRHS
import org.jetbrains.kotlin.psi.KtBlockExpression
import org.jetbrains.kotlin.psi.KtBlockStringTemplateEntry
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtConstantExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtEscapeStringTemplateEntry
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtIfExpression
import org.jetbrains.kotlin.psi.KtLiteralStringTemplateEntry
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtParenthesizedExpression
import org.jetbrains.kotlin.psi.KtPrefixExpression
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtReturnExpression
import org.jetbrains.kotlin.psi.KtSimpleNameStringTemplateEntry
import org.jetbrains.kotlin.psi.KtStringTemplateExpression
import org.jetbrains.kotlin.psi.KtThisExpression
import org.jetbrains.kotlin.psi.KtValueArgument
import org.jetbrains.kotlin.psi.KtWhenConditionIsPattern
import org.jetbrains.kotlin.psi.KtWhenConditionWithExpression
import org.jetbrains.kotlin.psi.KtWhenExpression

enum class Kind { VALUE, RESULT, VALID_TRANSITION, INVALID_TRANSITION }

/** A name visible in a handler body: the state, the event, a lambda parameter or a local. */
class Binding(
    val swift: String,
    val type: SealedType?,
    var case: Case?,
    val kind: Kind = Kind.VALUE,
    /** The Swift type of a local when it is known (`[String]`, `Int64`, `(State, SideEffect)`). */
    val numeric: String? = null,
    /** The enum class or struct a local is of, when the porter declared it. */
    val auxiliary: String? = null,
    /** The Swift type of a collaborator the local holds ([Code.collaborator]). */
    val collaborator: String? = null,
) {
    var used = false

    /**
     * On an onTransition listener's result: the constant holding the state and event of the transition, valid or
     * invalid, once the body read `it.fromState` or `it.event` where the transition may be invalid.
     */
    var outcome: String? = null

    /** The fields a `case let .name(field, …)` pattern has bound to constants of the same names. */
    var bound: Set<String>? = null

    /** The fields of [bound] the branch read. */
    val boundRead = mutableSetOf<String>()

    /** In a closure whose case is known: the constant each field would be bound to by the closure's pattern. */
    var pattern: Map<String, String>? = null

    /** The fields read through [pattern], which the closure's `guard case let` binds. */
    val patternUsed = linkedSetOf<String>()
}

/**
 * The names of a body; [canThrow] is false in listeners, whose Swift closures cannot throw. In the body of a function of
 * a ported type, [function] is what it returns (`Void` for none), and `return` leaves the function.
 */
class Scope(val parent: Scope?, val receiver: Binding?, val it: Binding?, val canThrow: Boolean = true, val function: SwiftType? = null) {
    val names = mutableMapOf<String, Binding>()

    /** The statement of a body being translated, while it is: where an increment used as a value is hoisted to. */
    var statement: KtExpression? = null

    /** Lines that go before [statement]'s: `count += 1` for `Failed(++count)`. */
    val hoisted = mutableListOf<String>()

    fun lookup(name: String): Binding? = names[name] ?: parent?.lookup(name)
    fun child() = Scope(this, receiver, it, canThrow, function)

    /**
     * Values a condition has checked to be one case (`it.sideEffect is Display`), by their Kotlin text: Kotlin's smart
     * cast, where Swift reads the fields the condition's `case let` pattern binds.
     */
    val smartCasts = mutableMapOf<String, Binding>()

    fun smartCast(kotlin: String): Binding? = smartCasts[kotlin] ?: parent?.smartCast(kotlin)
}

/** Swift precedence levels, enough to parenthesize like the Kotlin source did. */
object Precedence {
    const val TERNARY = 10
    const val OR = 20
    const val AND = 30
    const val COMPARISON = 40
    const val NIL_COALESCING = 42
    const val INFIX = 45
    const val ADDITION = 50
    const val MULTIPLICATION = 60
    const val PREFIX = 70
    const val ATOM = 100
}

/** Translated Swift code; [throws] when it reads a payload field (`try` goes in front of the statement). */
class Code(
    val text: String,
    val precedence: Int = Precedence.ATOM,
    val throws: Boolean = false,
    val sealed: SealedType? = null,
    val sealedCase: Case? = null,
    val binding: Binding? = null,
    /** The enum class or struct the value is of, when the porter declared it (its properties are readable). */
    val auxiliary: String? = null,
    /** The Swift number type of the value when it is fixed (a field, a typed constant); null for literals. */
    val numeric: String? = null,
    /** The Swift type of a collaborator (`any Logger`), whose methods are called by name. */
    val collaborator: String? = null,
    /** `value::class`, `value::class.java` or `value.javaClass`: the value whose Kotlin class this is. */
    val classOf: Code? = null
) {
    /** In a listener the matcher has already fixed the state's case, so its fields are there: `try!`. */
    fun tried(scope: Scope): String = if (!throws) text else if (scope.canThrow) "try $text" else "try! $text"
}

/** [expression] without the parentheses around it. */
fun deparenthesized(expression: KtExpression?): KtExpression? =
    if (expression is KtParenthesizedExpression) deparenthesized(expression.expression) else expression

/** The key of a smart cast: the checked value's Kotlin text without spaces or parentheses around it. */
fun smartCastKey(expression: KtExpression?): String = deparenthesized(expression)?.text?.replace(Regex("\\s"), "") ?: ""

/** [Code.collaborator] of `this@Owner`: the class that builds the machine, Swift's `context`. */
const val OWNER = "some Collaborators"

class Expressions(private val porter: Porter, private val scope: Scope) {

    private val types get() = porter.sealedTypes

    fun expr(expression: KtExpression?, expected: SealedType? = null): Code {
        if (expression != null) Tracker.element = expression
        smartCastOf(expression)?.let { return use(it) }
        when (expression) {
            null -> throw IllegalStateException("missing expression")
            is KtParenthesizedExpression -> {
                val inner = expr(expression.expression, expected)
                // A smart-cast value keeps what its pattern binds: `(it.sideEffect as Display).text` is `text`.
                if (inner.binding?.bound != null) return inner
                return Code("(${inner.text})", Precedence.ATOM, inner.throws, inner.sealed, inner.sealedCase,
                    auxiliary = inner.auxiliary, numeric = inner.numeric, collaborator = inner.collaborator)
            }
            is KtConstantExpression -> return constant(expression)
            is KtStringTemplateExpression -> return string(expression)
            is KtThisExpression -> {
                if (expression.getLabelName() != null) return owner(expression)
                val receiver = scope.receiver ?: throw NotPorted(expression, "this outside a state handler")
                return use(receiver)
            }
            is KtNameReferenceExpression -> return name(expression, expected)
            is KtDotQualifiedExpression -> return qualified(expression, expected)
            is KtCallExpression -> return call(expression, null, expected)
            is KtBinaryExpression -> return binary(expression)
            is org.jetbrains.kotlin.psi.KtArrayAccessExpression -> return indexed(expression)
            is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression -> return safeCall(expression)
            is KtPrefixExpression -> {
                val operator = expression.operationReference.text
                if (operator == "++" || operator == "--") return increment(expression, operator, prefix = true)
                if (operator != "!" && operator != "-" && operator != "+") throw NotPorted(expression, "the operator $operator")
                val operand = expr(expression.baseExpression)
                val text = if (operand.precedence < Precedence.PREFIX) "(${operand.text})" else operand.text
                return Code("$operator$text", Precedence.PREFIX, operand.throws)
            }
            is KtIfExpression -> {
                val otherwise = expression.`else` ?: throw NotPorted(expression, "an if without else used as a value")
                val condition = expr(expression.condition)
                val then = expr(single(expression.then), expected)
                val other = expr(single(otherwise), expected)
                fun wrap(code: Code) = if (code.precedence <= Precedence.TERNARY) "(${code.text})" else code.text
                return Code(
                    "${wrap(condition)} ? ${wrap(then)} : ${wrap(other)}", Precedence.TERNARY,
                    condition.throws || then.throws || other.throws, then.sealed ?: other.sealed,
                    numeric = commonType(then, other), auxiliary = then.auxiliary.takeIf { it == other.auxiliary }
                )
            }
            is KtWhenExpression -> throw NotPorted(expression, "a when used inside an expression")
            is org.jetbrains.kotlin.psi.KtIsExpression -> return typeCheck(expression)
            is KtBinaryExpressionWithTypeRHS -> {
                // `it as StateMachine.Transition.Invalid` where the transition is known to be one: the same value.
                val segment = SealedTypes.lastSegment(expression.right)
                val value = expr(expression.left, expected)
                val kind = value.binding?.kind
                if (expression.operationReference.text == "as" &&
                    (segment == "Invalid" && kind == Kind.INVALID_TRANSITION || segment == "Valid" && kind == Kind.VALID_TRANSITION)) return value
                // `validTransition.sideEffect as SideEffect`: the value, which Kotlin's cast requires not to be null.
                if (expression.operationReference.text == "as" && value.sealed != null && segment == value.sealed.name) {
                    if (value.numeric?.endsWith("?") != true) return value
                    val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
                    return Code("$base!", throws = value.throws, sealed = value.sealed, numeric = value.sealed.name)
                }
                throw NotPorted(expression, "the cast")
            }
            is org.jetbrains.kotlin.psi.KtPostfixExpression -> {
                val operator = expression.operationReference.text
                if (operator == "++" || operator == "--") return increment(expression, operator, prefix = false)
                throw NotPorted(expression, kindOf(expression))
            }
            is org.jetbrains.kotlin.psi.KtClassLiteralExpression -> {
                val receiver = expression.receiverExpression ?: throw NotPorted(expression, "the expression")
                return classOf(expr(receiver), expression)
            }
            else -> throw NotPorted(expression, kindOf(expression))
        }
    }

    /** The smart cast a condition made of [expression] (`it.sideEffect`, or `it.sideEffect as Display`), if any. */
    private fun smartCastOf(expression: KtExpression?): Binding? {
        if (expression is KtBinaryExpressionWithTypeRHS && expression.operationReference.text == "as") {
            val binding = scope.smartCast(smartCastKey(expression.left)) ?: return null
            return binding.takeIf { it.case?.kotlinName == SealedTypes.lastSegment(expression.right) }
        }
        if (expression !is KtDotQualifiedExpression && expression !is KtNameReferenceExpression) return null
        return scope.smartCast(smartCastKey(expression))
    }

    /**
     * `value is Case` (or a nested sealed class, or `!is`) of a value of the port's enums: a Boolean property the port
     * declares on the enum, `value.isCase`.
     */
    private fun typeCheck(expression: org.jetbrains.kotlin.psi.KtIsExpression): Code {
        val value = expr(expression.leftHandSide)
        val sealed = value.sealed ?: throw NotPorted(expression, "the type check")
        val cases = porter.casesOf(expression.typeReference, sealed) ?: throw NotPorted(expression, "the type check")
        val property = porter.typeCheck(sealed, porter.typeCheckName(sealed, cases), cases)
        val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
        return if (expression.isNegated) {
            Code("!$base.$property", Precedence.PREFIX, value.throws, numeric = "Bool")
        } else {
            Code("$base.$property", Precedence.ATOM, value.throws, numeric = "Bool")
        }
    }

    private fun single(expression: KtExpression?): KtExpression? {
        if (expression is KtBlockExpression) {
            return expression.statements.singleOrNull() ?: throw NotPorted(expression, "a block with several statements used as a value")
        }
        return expression
    }

    private fun use(binding: Binding): Code {
        binding.used = true
        return Code(binding.swift, binding = binding, sealed = binding.type, sealedCase = binding.case, numeric = binding.numeric,
            auxiliary = binding.auxiliary, collaborator = binding.collaborator)
    }

    private fun constant(expression: KtConstantExpression): Code {
        val text = expression.text
        return when {
            text == "true" || text == "false" -> Code(text)
            text == "null" -> Code("nil")
            text.matches(Regex("[0-9][0-9_]*[lL]")) -> Code(text.trimEnd('l', 'L'), numeric = "Int64")
            text.matches(Regex("[0-9][0-9_]*")) -> Code(text)
            text.matches(Regex("0[xX][0-9a-fA-F_]+[lL]?")) -> Code("0x" + text.substring(2).trimEnd('l', 'L'))
            text.matches(Regex("[0-9][0-9_]*\\.[0-9_]+")) -> Code(text)
            text.matches(Regex("[0-9][0-9_]*(\\.[0-9_]+)?[fF]")) -> Code(text.dropLast(1))
            text.matches(Regex("'[^'\\\\]'")) -> Code("\"" + text.substring(1, text.length - 1).replace("\"", "\\\"") + "\"")
            // Kotlin's character escapes, as Swift writes them in a string: `'\b'` is `"\u{8}"`, `'\u00e9'` is `"\u{00e9}"`.
            text.matches(Regex("'\\\\[tnr'\"\\\\]'")) -> Code("\"" + text.substring(1, text.length - 1).replace("\\'", "'") + "\"")
            text == "'\\b'" -> Code("\"\\u{8}\"")
            text == "'\\$'" -> Code("\"$\"")
            text.matches(Regex("'\\\\u[0-9a-fA-F]{4}'")) -> Code("\"\\u{" + text.substring(3, 7) + "}\"")
            else -> throw NotPorted(expression, "the literal")
        }
    }

    private fun string(expression: KtStringTemplateExpression): Code {
        if (expression.text.startsWith("\"\"\"")) throw NotPorted(expression, "a raw string")
        val out = StringBuilder("\"")
        var throws = false
        for (entry in expression.entries) {
            when (entry) {
                is KtLiteralStringTemplateEntry -> out.append(entry.text)
                is KtEscapeStringTemplateEntry -> {
                    val escape = entry.text
                    out.append(when {
                        escape == "\\$" -> "$"
                        escape.startsWith("\\u") -> "\\u{${escape.substring(2)}}"
                        escape == "\\b" -> "\\u{8}"
                        else -> escape
                    })
                }
                is KtSimpleNameStringTemplateEntry, is KtBlockStringTemplateEntry -> {
                    val code = kotlinText(expr(entry.expression), entry.expression)
                    throws = throws || code.throws
                    if (code.numeric == "String?") {
                        out.append("\\(").append(code.text).append(" ?? \"null\")")
                    } else if (code.numeric?.endsWith("?") == true) {
                        // Kotlin writes `null` for a null value, and the value otherwise. An optional chain is one
                        // value: `(first?.name).map { … }`, not `map` of the name.
                        val base = if (code.precedence < Precedence.ATOM || code.text.contains("?.")) "(${code.text})" else code.text
                        out.append("\\(").append(base).append(".map { \"\\(\$0)\" } ?? \"null\")")
                    } else {
                        out.append("\\(").append(unwrapped(code.text)).append(")")
                    }
                }
                else -> throw NotPorted(entry, "this part of a string")
            }
        }
        return Code(out.append("\"").toString(), throws = throws, numeric = "String")
    }

    /**
     * A value as Kotlin writes it in text, where Swift would write it otherwise: an enum class constant is its Kotlin
     * name (`INFO`, Swift's `info`), a property the port declares on the enum.
     */
    private fun kotlinText(code: Code, at: KtExpression? = null): Code {
        val sealed = code.sealed
        if (sealed != null && at != null && (code.numeric == null || code.numeric == sealed.name)) {
            val base = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
            return Code("$base.${porter.kotlinText(sealed, at)}", throws = code.throws, numeric = "String")
        }
        if (sealed != null && at != null && code.numeric == "${sealed.name}?") {
            val base = if (code.precedence < Precedence.ATOM || code.text.contains("?.")) "(${code.text})" else code.text
            return Code("$base?.${porter.kotlinText(sealed, at)}", throws = code.throws, numeric = "String?")
        }
        val enum = code.auxiliary?.takeIf { code.numeric == it && types.enumConstants(it) != null } ?: return code
        porter.enumNames.add(enum)
        val base = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
        return Code("$base.name", throws = code.throws, numeric = "String")
    }

    private fun name(expression: KtNameReferenceExpression, expected: SealedType?): Code {
        val name = expression.getReferencedName()
        scope.lookup(name)?.let { return use(it) }
        if (name == "it") {
            val it = scope.it ?: throw NotPorted(expression, "it")
            return use(it)
        }
        // A payload-less case written without its sealed class (imported).
        for (type in types.all) {
            val case = porter.caseNamed(expression, name, type)
            if (case != null && case.fields.isEmpty()) return caseValue(type, case, expected)
        }
        val receiver = scope.receiver
        if (receiver != null && receiver.type != null && receiver.type.fieldType(name, receiver.case) != null) {
            return field(use(receiver), name, expression, expected)
        }
        // A property of the state's base class, read without `this.`.
        if (receiver?.type?.sharedProperty(name) != null) baseProperty(use(receiver), name)?.let { return it }
        // In a function of an enum class, one of its constants (`LOW -> MIDDLE`).
        val constants = receiver?.auxiliary?.let { types.enumConstants(it) }
        if (constants != null && name in constants) {
            return Code("${receiver.auxiliary}.${SealedTypes.enumCaseName(name)}", auxiliary = receiver.auxiliary)
        }
        // In a function of a data class or enum class, one of its properties.
        val auxiliary = receiver?.auxiliary
        if (auxiliary != null) types.propertyType(auxiliary, name)?.let { property ->
            receiver.used = true
            return Code(if (receiver.swift == "self") swiftIdentifier(name) else "${receiver.swift}.${swiftIdentifier(name)}",
                sealed = types.named(property.sealed), auxiliary = types.auxiliaryName(property), numeric = property.swift)
        }
        if (porter.isConstant(name)) return Code(name, numeric = porter.constantType(name))
        if (porter.collaborators.isProperty(name)) return collaboratorProperty(name)
        if (name == "javaClass" && receiver != null) return classOf(use(receiver), expression)
        importedConstant(name, expression)?.let { return it }
        // `Timber.d(…)`, `Log.w(TAG, …)`: an object of a library, whose calls the Swift owner supplies.
        val parent = expression.parent
        if (parent is KtDotQualifiedExpression && parent.receiverExpression == expression && parent.selectorExpression is KtCallExpression &&
            externalResult(parent) != null) {
            porter.collaborators.externalObject(name)?.let { member ->
                return Code("context.${swiftIdentifier(member.name)}", collaborator = member.type?.swift)
            }
        }
        throw NotPorted(expression, "the name")
    }

    /**
     * A call's [arguments] with the Kotlin defaults of the parameters it leaves out at the end ([defaults], null where a
     * parameter has none): a Swift protocol requirement has no default values. Unchanged for named arguments.
     */
    private fun withDefaults(call: KtCallExpression, arguments: List<Code>, defaults: List<KtExpression?>): List<Code> {
        val positional = call.valueArgumentList?.arguments.orEmpty().none { it.getArgumentName() != null }
        if (!positional || call.lambdaArguments.isNotEmpty() || arguments.size >= defaults.size) return arguments
        val missing = defaults.drop(arguments.size)
        if (missing.any { it == null }) return arguments
        return arguments + missing.map { expr(it) }
    }

    /**
     * A method call on a collaborator whose type the files do not declare: the same call in Swift, and a requirement of
     * the protocol the port declares for that type, its parameters typed from the arguments. Only where the call's
     * result type is clear: a statement (`Void`) or a condition (`Bool`); null elsewhere.
     */
    private fun externalCall(receiver: Code, protocol: String, call: KtCallExpression, whole: KtDotQualifiedExpression): Code? {
        val method = call.calleeExpression?.text ?: return null
        if (call.typeArguments.isNotEmpty() || call.lambdaArguments.size > 1) return null
        // A trailing lambda without parameters (`scope.launch { … }`) is a `() -> Void` closure; one that is a string
        // (`logger.debug { "from ${it.fromState}" }`, a message made only when it is logged) a `() -> String`, its `it`
        // the listener's; others are not told.
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression()
        val message = lambda?.bodyExpression?.statements?.singleOrNull() as? org.jetbrains.kotlin.psi.KtStringTemplateExpression
        if (lambda != null && message != null && lambda.valueParameters.isEmpty()) return messageCall(receiver, protocol, call, whole, message)
        if (lambda != null && (lambda.valueParameters.isNotEmpty() || Regex("\\bit\\b").containsMatchIn(lambda.text))) return null
        val returns = externalResult(whole) ?: return null
        val returnType = returns.takeIf { it != "Void" }
        val arguments = call.valueArgumentList?.arguments.orEmpty()
        if (arguments.any { it.getSpreadElement() != null }) return null
        val codes = arguments.map { expr(it.getArgumentExpression() ?: return null) }
        val labels = arguments.map { it.getArgumentName()?.asName?.asString() }
        val argumentTypes = codes.map { code -> code.numeric ?: code.sealed?.name ?: code.auxiliary ?: "Any" }
        val trailing = if (call.lambdaArguments.isEmpty()) "" else trailingClosure(call)
        val allLabels = labels + if (call.lambdaArguments.isEmpty()) emptyList() else listOf(null)
        val allTypes = argumentTypes + if (call.lambdaArguments.isEmpty()) emptyList() else listOf("() -> Void")
        porter.collaborators.externalMethod(protocol, method, allLabels, allTypes, returnType)
        if ("Any" in argumentTypes) {
            porter.keptCall(whole, "the call `${Porter.short(whole)}` is on a type the files do not declare: the port declares " +
                "its method in protocol $protocol, with a parameter typed Any where the argument's type is not known; give it its type")
        }
        val text = codes.zip(labels).joinToString(", ") { (code, label) -> if (label != null) "${swiftIdentifier(label)}: ${code.text}" else code.text }
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        return Code("$base.${swiftIdentifier(method)}($text)$trailing", throws = receiver.throws || codes.any { it.throws },
            numeric = returnType)
    }

    /** `logger.debug { "…" }` on an undeclared collaborator: the message as a closure, the method a requirement. */
    private fun messageCall(receiver: Code, protocol: String, call: KtCallExpression, whole: KtDotQualifiedExpression,
                            message: org.jetbrains.kotlin.psi.KtStringTemplateExpression): Code? {
        if (call.valueArguments.size != 1 || externalResult(whole) != "Void") return null
        val text = expr(message)
        porter.collaborators.externalMethod(protocol, call.calleeExpression?.text ?: return null, listOf(null), listOf("() -> String"), null)
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        return Code("$base.${swiftIdentifier(call.calleeExpression!!.text)} { ${text.text} }", throws = receiver.throws || text.throws)
    }

    /**
     * The result type a call on an undeclared collaborator has where it stands: `Void` as a statement, `Bool` as a
     * condition; null where the porter cannot tell it.
     */
    private fun externalResult(whole: KtExpression): String? {
        val parent = whole.parent
        return when {
            parent is KtBlockExpression || parent is org.jetbrains.kotlin.psi.KtContainerNodeForControlStructureBody ||
                parent is org.jetbrains.kotlin.psi.KtWhenEntry -> "Void"
            parent is org.jetbrains.kotlin.psi.KtContainerNode && parent.parent is KtIfExpression -> "Bool"
            parent is KtBinaryExpression && parent.operationReference.text in setOf("&&", "||") -> "Bool"
            parent is KtPrefixExpression && parent.operationReference.text == "!" -> "Bool"
            else -> null
        }
    }

    /**
     * The Kotlin standard library's members on a value whose Swift type is known (a field, a typed constant):
     * `text.length`, `text.uppercase()`, `name.startsWith(prefix)`, `list.size`, `count.coerceIn(0, 10)`, `n.toLong()`.
     */
    private fun standardLibrary(receiver: Code, selector: KtExpression?): Code? {
        val type = receiver.numeric ?: return null
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        // The value as an argument (`Int(a * b)`), without the parentheses Kotlin needed to call a member on it.
        val value = unwrapped(base)
        val isString = type == "String"
        val isNumber = type in setOf("Int", "Int64", "Double", "Float")
        val isCollection = type.startsWith("[") || type.startsWith("Set<")
        val isList = type.startsWith("[") && !type.contains(":")
        val element = if (isList) type.substring(1, type.length - 1) else null
        val tuple = tupleParts(type)
        dictionaryParts(type)?.let { (key, value) -> return mapMember(receiver, base, key, value, selector) }
        if (selector is KtNameReferenceExpression) {
            val name = selector.getReferencedName()
            val position = listOf("first", "second", "third").indexOf(name)
            if (tuple != null && position in tuple.indices) {
                return Code("$base.$position", throws = receiver.throws, sealed = types.named(tuple[position]), numeric = tuple[position])
            }
            return when (name) {
                "length" -> if (isString) Code("$base.count", throws = receiver.throws, numeric = "Int") else null
                "size" -> if (isCollection) Code("$base.count", throws = receiver.throws, numeric = "Int") else null
                else -> null
            }
        }
        val call = selector as? KtCallExpression ?: return null
        if (call.lambdaArguments.isNotEmpty()) {
            val elementType = element ?: type.takeIf { it.startsWith("Set<") }?.removePrefix("Set<")?.removeSuffix(">") ?: return null
            return collectionLambda(receiver, base, elementType, type, call)
        }
        val arguments = call.valueArgumentList?.arguments.orEmpty().map { expr(it.getArgumentExpression() ?: return null) }
        val throws = receiver.throws || arguments.any { it.throws }
        val first = arguments.getOrNull(0)?.text
        // A list's element of a port's enum or struct: its cases, fields and functions are known.
        fun code(text: String, numeric: String? = null) = Code(text, throws = throws, numeric = numeric, sealed = types.named(numeric),
            auxiliary = numeric?.let { types.auxiliaryName(SwiftType(it, null)) })
        return when (call.calleeExpression?.text to arguments.size) {
            "isEmpty" to 0 -> if (isString || isCollection) code("$base.isEmpty") else null
            "isNotEmpty" to 0 -> if (isString || isCollection) code("!$base.isEmpty") else null
            "isBlank" to 0 -> if (isString) code("$base.allSatisfy(\\.isWhitespace)") else null
            "isNotBlank" to 0 -> if (isString) code("!$base.allSatisfy(\\.isWhitespace)") else null
            "uppercase" to 0 -> if (isString) code("$base.uppercased()", "String") else null
            "lowercase" to 0 -> if (isString) code("$base.lowercased()", "String") else null
            // `text.padStart(2, '0')`: Swift has no padding of its own; the padding goes before (or after) the text.
            "padStart" to 2 -> if (isString) code("(String(repeating: ${arguments[1].text}, count: max(0, $first - $base.count)) + $value)", "String") else null
            "padEnd" to 2 -> if (isString) code("($value + String(repeating: ${arguments[1].text}, count: max(0, $first - $base.count)))", "String") else null
            "startsWith" to 1 -> if (isString) code("$base.hasPrefix($first)") else null
            "endsWith" to 1 -> if (isString) code("$base.hasSuffix($first)") else null
            "contains" to 1 -> if (isString || isCollection) code("$base.contains($first)") else null
            "coerceIn" to 2 -> if (isNumber) code("min(max($value, $first), ${arguments[1].text})", type) else null
            "coerceAtLeast" to 1 -> if (isNumber) code("max($value, $first)", type) else null
            "coerceAtMost" to 1 -> if (isNumber) code("min($value, $first)", type) else null
            "toLong" to 0 -> if (isNumber) code("Int64($value)", "Int64") else null
            "toInt" to 0 -> if (isNumber) code("Int($value)", "Int") else null
            "toDouble" to 0 -> if (isNumber) code("Double($value)", "Double") else null
            "toString" to 0 -> code("String(describing: $value)", "String")
            "firstOrNull" to 0 -> if (isList) code("$base.first", "$element?") else null
            "toIntOrNull" to 0 -> if (isString) code("Int($value)", "Int?") else null
            "toLongOrNull" to 0 -> if (isString) code("Int64($value)", "Int64?") else null
            "lastOrNull" to 0 -> if (isList) code("$base.last", "$element?") else null
            // Kotlin throws on an empty list where Swift stops at the index: neither returns.
            "first" to 0 -> if (isList) code("$base[0]", element) else null
            "last" to 0 -> if (isList) code("$base.last!", element) else null
            // A Kotlin list's (or string's) first or last n elements, or all but them: Swift's slices, made a value again.
            "take" to 1 -> if (isList || isString) code("${if (isString) "String" else "Array"}($base.prefix($first))", type) else null
            "takeLast" to 1 -> if (isList || isString) code("${if (isString) "String" else "Array"}($base.suffix($first))", type) else null
            "drop" to 1 -> if (isList || isString) code("${if (isString) "String" else "Array"}($base.dropFirst($first))", type) else null
            "dropLast" to 1 -> if (isList || isString) code("${if (isString) "String" else "Array"}($base.dropLast($first))", type) else null
            else -> null
        }
    }

    /**
     * A list's or set's function that takes a lambda of one expression (`all`, `any`, `none`, `count`, `filter`, `map`,
     * `sumOf`, `firstOrNull`, `associateWith`): the Swift collection function with a closure (an argument in parentheses,
     * which a condition of `if` takes without a warning), `it` being `$0`; null for
     * other functions, and for lambdas of several statements or that read a payload field by label.
     */
    private fun collectionLambda(receiver: Code, base: String, element: String, type: String, call: KtCallExpression): Code? {
        val name = call.calleeExpression?.text ?: return null
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
        if (call.valueArguments.size != 1 || lambda.valueParameters.size > 1) return null
        val body = lambda.bodyExpression?.statements?.singleOrNull() ?: return null
        val parameter = lambda.valueParameters.singleOrNull()?.name
        val inner = Scope(scope, scope.receiver, scope.it, scope.canThrow, scope.function)
        val swiftName = parameter?.let { swiftIdentifier(it) } ?: "$0"
        inner.names[parameter ?: "it"] = Binding(swiftName, types.named(element), null, numeric = element,
            auxiliary = types.auxiliaryName(SwiftType(element, null))).also { it.used = true }
        val value = Expressions(porter, inner).expr(body)
        if (value.throws) return null
        fun closure(text: String) = if (parameter != null) "{ $swiftName in $text }" else "{ $text }"
        val predicate = closure(value.text)
        val isSet = type.startsWith("Set<")
        return when (name) {
            "all" -> Code("$base.allSatisfy($predicate)", numeric = "Bool", throws = receiver.throws)
            "any" -> Code("$base.contains(where: $predicate)", numeric = "Bool", throws = receiver.throws)
            "none" -> Code("!$base.contains(where: $predicate)", Precedence.PREFIX, receiver.throws, numeric = "Bool")
            "count" -> Code("$base.filter($predicate).count", numeric = "Int", throws = receiver.throws)
            "filter" -> Code("$base.filter($predicate)", numeric = if (isSet) type else "[$element]", throws = receiver.throws)
            "filterNot" -> Code("$base.filter(${closure("!(${value.text})")})", numeric = if (isSet) type else "[$element]", throws = receiver.throws)
            "map" -> Code("$base.map($predicate)", numeric = value.numeric?.let { "[$it]" }, throws = receiver.throws)
            "sumOf" -> Code("$base.map($predicate).reduce(0, +)", numeric = value.numeric, throws = receiver.throws)
            "firstOrNull", "find" -> Code("$base.first(where: $predicate)", numeric = "$element?", throws = receiver.throws)
            "associateWith" -> Code("Dictionary(uniqueKeysWithValues: $base.map(${closure("($swiftName, ${value.text})")}))",
                numeric = value.numeric?.let { "[$element: $it]" }, throws = receiver.throws)
            else -> null
        }
    }

    /**
     * The type two values share, an empty `[]` or `[:]` taking the other's (`if (…) listOf(a) else emptyList()`), and
     * `nil` making it optional.
     */
    private fun commonType(a: Code, b: Code): String? = when {
        a.numeric == b.numeric -> a.numeric
        // `if (…) "up" else null`: an optional of the other's type.
        a.text == "nil" && b.numeric != null -> b.numeric.removeSuffix("?") + "?"
        b.text == "nil" && a.numeric != null -> a.numeric.removeSuffix("?") + "?"
        a.numeric == null && (a.text == "[]" || a.text == "[:]") -> b.numeric
        b.numeric == null && (b.text == "[]" || b.text == "[:]") -> a.numeric
        else -> null
    }

    /** [text] without the parentheses around all of it, if it has them: `(a + b)` is `a + b`, `(a) + (b)` stays. */
    private fun unwrapped(text: String): String {
        if (!text.startsWith("(") || !text.endsWith(")")) return text
        var depth = 0
        var quoted = false
        var escaped = false
        for ((index, char) in text.withIndex()) {
            when {
                escaped -> escaped = false
                char == '\\' -> escaped = true
                char == '"' -> quoted = !quoted
                quoted -> {}
                char == '(' -> depth++
                char == ')' -> depth--
            }
            if (depth == 0 && index < text.length - 1) return text
        }
        return text.substring(1, text.length - 1)
    }

    /**
     * The members of a Kotlin `Map` on a Swift dictionary: `keys`, `values`, `size`, `isEmpty()`, `isNotEmpty()`,
     * `contains(k)` / `containsKey(k)`, `containsValue(v)`, `get(k)` (nullable, as the subscript), `getValue(k)`
     * (Kotlin throws on a missing key where Swift stops: neither returns) and `getOrDefault(k, d)`.
     */
    private fun mapMember(receiver: Code, base: String, key: String, value: String, selector: KtExpression?): Code? {
        if (selector is KtNameReferenceExpression) {
            return when (selector.getReferencedName()) {
                "keys" -> Code("$base.keys", throws = receiver.throws, numeric = "Set<$key>")
                "values" -> Code("$base.values", throws = receiver.throws, numeric = "[$value]")
                "size" -> Code("$base.count", throws = receiver.throws, numeric = "Int")
                else -> null
            }
        }
        val call = selector as? KtCallExpression ?: return null
        if (call.lambdaArguments.isNotEmpty()) return null
        val arguments = call.valueArgumentList?.arguments.orEmpty().map { expr(it.getArgumentExpression() ?: return null) }
        val throws = receiver.throws || arguments.any { it.throws }
        val first = arguments.getOrNull(0)?.text
        fun code(text: String, numeric: String? = null) = Code(text, throws = throws, numeric = numeric)
        return when (call.calleeExpression?.text to arguments.size) {
            "isEmpty" to 0 -> code("$base.isEmpty", "Bool")
            "isNotEmpty" to 0 -> code("!$base.isEmpty", "Bool")
            "contains" to 1, "containsKey" to 1 -> code("$base.keys.contains($first)", "Bool")
            "containsValue" to 1 -> code("$base.values.contains($first)", "Bool")
            "get" to 1 -> code("$base[$first]", "$value?")
            "getValue" to 1 -> code("$base[$first]!", value)
            "getOrDefault" to 2 -> code("$base[$first, default: ${arguments[1].text}]", value)
            else -> null
        }
    }

    /**
     * `AddressType.ORIGIN` where the files do not declare AddressType (nor is it a name of the body or the class): a
     * constant of an enum the port declares from the constants the machine uses; null otherwise.
     */
    private fun undeclaredEnumConstant(typeName: String, constant: String, at: KtExpression): Code? {
        if (scope.lookup(typeName) != null || porter.collaborators.isProperty(typeName) || types.named(typeName) != null) return null
        if (types.enumConstants(typeName)?.contains(constant) == true && typeName !in types.inferredEnums) {
            return Code("$typeName.${SealedTypes.enumCaseName(constant)}", auxiliary = typeName, numeric = typeName)
        }
        if (!types.inferEnumConstant(typeName, constant)) return null
        porter.inferredEnum(typeName, at)
        return Code("$typeName.${SealedTypes.enumCaseName(constant)}", auxiliary = typeName, numeric = typeName)
    }

    /** A constant imported by name (`import ….AddressType.ORIGIN`): the constant of that enum; null otherwise. */
    private fun importedConstant(name: String, at: KtExpression): Code? {
        val import = at.containingKtFile.importDirectives.firstOrNull { it.aliasName == null && it.importedFqName?.shortName()?.asString() == name }
        val owner = import?.importedFqName?.parent()?.takeIf { !it.isRoot }?.shortName()?.asString() ?: return null
        return undeclaredEnumConstant(owner, name, at)
    }

    /**
     * `value?.property`, `value?.member()` on a value Swift knows to be optional: Swift's optional chaining, nil when the
     * value is; `value?.let { … }`: `value.map { … }` (`flatMap` when the lambda's value may itself be null).
     */
    private fun safeCall(expression: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): Code {
        simpleNameOfOptional(expression)?.let { return it }
        val receiver = expr(expression.receiverExpression)
        val optional = receiver.numeric
        if (optional == null || !optional.endsWith("?")) throw NotPorted(expression, "the safe call on a value not known to be nullable:")
        val type = optional.removeSuffix("?")
        val auxiliary = receiver.auxiliary ?: types.auxiliaryName(SwiftType(type, null))
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        val selector = expression.selectorExpression
        if (selector is KtCallExpression && selector.calleeExpression?.text == "let" && selector.valueArguments.size == 1) {
            val lambda = selector.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: throw NotPorted(expression, "the safe call")
            val parameter = lambda.valueParameters.singleOrNull()
            if (lambda.valueParameters.size > 1 || parameter?.destructuringDeclaration != null) throw NotPorted(expression, "the safe call")
            val inner = scope.child()
            inner.names[parameter?.name ?: "it"] = Binding("\$0", types.named(type), null, numeric = type, auxiliary = auxiliary)
            val statement = lambda.bodyExpression?.statements?.singleOrNull() ?: throw NotPorted(expression, "the safe call")
            val body = Expressions(porter, inner).expr(statement)
            val value = body.numeric ?: throw NotPorted(expression, "the safe call whose value's type is not known:")
            if (body.throws) throw NotPorted(expression, "the safe call that reads a field in its lambda:")
            val map = if (value.endsWith("?")) "flatMap" else "map"
            return Code("$base.$map { ${body.text} }", throws = receiver.throws, numeric = "${value.removeSuffix("?")}?")
        }
        val unwrapped = Code("$base?", throws = receiver.throws, sealed = types.named(type), numeric = type, auxiliary = auxiliary)
        val member = standardLibrary(unwrapped, selector) ?: (selector as? KtNameReferenceExpression)?.let { name ->
            if (auxiliary == null) return@let null
            val property = types.propertyType(auxiliary, name.getReferencedName()) ?: return@let null
            Code("$base?.${swiftIdentifier(name.getReferencedName())}", throws = receiver.throws, auxiliary = types.auxiliaryName(property),
                numeric = property.swift)
        } ?: throw NotPorted(expression, "the safe call")
        // Only a chain Swift reads as Kotlin does: a member of the unwrapped value (`name?.count`), not a conversion around it.
        if (!member.text.startsWith("$base?.")) throw NotPorted(expression, "the safe call")
        val numeric = member.numeric?.let { if (it.endsWith("?")) it else "$it?" }
        return Code(member.text, Precedence.ATOM, member.throws, numeric = numeric, auxiliary = member.auxiliary)
    }

    /** `sideEffect?.javaClass?.simpleName` (or `?.let { it::class.simpleName }`'s plainer form): the optional's class name. */
    private fun simpleNameOfOptional(expression: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): Code? {
        if ((expression.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() != "simpleName") return null
        val inner = expression.receiverExpression as? org.jetbrains.kotlin.psi.KtSafeQualifiedExpression ?: return null
        if ((inner.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() != "javaClass") return null
        val value = expr(inner.receiverExpression)
        val sealed = value.sealed ?: return null
        if (value.numeric?.endsWith("?") != true) return null
        val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
        return Code("$base?.${porter.simpleName(sealed)}", throws = value.throws, numeric = "String?")
    }

    /** `map[key]` (nullable, as Swift's dictionary subscript) and `list[index]`. */
    private fun indexed(expression: org.jetbrains.kotlin.psi.KtArrayAccessExpression): Code {
        val receiver = expr(expression.arrayExpression)
        val index = expression.indexExpressions.singleOrNull()?.let { expr(it) } ?: throw NotPorted(expression, "the expression")
        val type = receiver.numeric
        val numeric = dictionaryParts(type)?.let { "${it.second}?" } ?: elementType(type)?.takeIf { type!!.startsWith("[") }
            ?: throw NotPorted(expression, "the expression")
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        return Code("$base[${index.text}]", throws = receiver.throws || index.throws, sealed = types.named(numeric.removeSuffix("?")),
            numeric = numeric)
    }

    private fun collaboratorProperty(name: String): Code {
        val type = porter.collaborators.property(name)
        return Code(
            "context.${swiftIdentifier(name)}", sealed = types.named(type?.sealed), numeric = type?.swift,
            auxiliary = type?.let { types.auxiliaryName(it) }, collaborator = type?.swift
        )
    }

    /**
     * A trailing lambda given to a collaborator (`scheduler.schedule(delay) { … }`): a Swift trailing closure, which
     * cannot throw, as a listener's body; its parameters are named as in Kotlin, `it` included. Empty without one.
     */
    private fun trailingClosure(call: KtCallExpression): String {
        val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return ""
        val inner = Scope(scope, scope.receiver, scope.it, canThrow = false)
        val names = lambda.valueParameters.map { parameter ->
            val name = parameter.name
            if (name == null || parameter.destructuringDeclaration != null) throw NotPorted(parameter, "the lambda parameter")
            inner.names[name] = Binding(swiftIdentifier(name), null, null).also { it.used = true }
            swiftIdentifier(name)
        }.toMutableList()
        val readsIt = org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.collectElementsOfType(lambda, KtNameReferenceExpression::class.java)
            .any { it.getReferencedName() == "it" && org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.getParentOfType(it, org.jetbrains.kotlin.psi.KtLambdaExpression::class.java) == lambda }
        if (names.isEmpty() && readsIt) {
            inner.names["it"] = Binding("it", null, null).also { it.used = true }
            names.add("it")
        }
        val body = Body(porter, inner).statements(lambda.bodyExpression?.statements.orEmpty(), returns = false)
        val head = if (names.isEmpty()) " {" else " { ${names.joinToString(", ")} in"
        return head + body.joinToString("") { "\n" + (if (it.isEmpty()) "" else "    $it") } + "\n}"
    }

    /** Arguments in the order of the Kotlin declaration's [parameters] (named ones put in place), translated. */
    private fun orderedArguments(call: KtCallExpression, parameters: List<String>?, trailing: Boolean = false): List<Code> {
        if (call.lambdaArguments.isNotEmpty() && !trailing) throw NotPorted(call, "a call with a lambda")
        val arguments = call.valueArgumentList?.arguments.orEmpty()
        if (parameters == null || arguments.none { it.getArgumentName() != null }) {
            return arguments.map { expr(it.getArgumentExpression() ?: throw NotPorted(it, "the argument")) }
        }
        val named = arguments(call, parameters)
        return parameters.mapNotNull { named[it] }.map { expr(it) }
    }

    private fun caseValue(type: SealedType, case: Case, expected: SealedType?): Code {
        val prefix = if (expected == type) "." else "${type.name}."
        return Code(prefix + case.swiftName, sealed = type, sealedCase = case)
    }

    /**
     * `++count` or `count++` used as a value (`Failed(++count)`), on a local `var` or a property of the class: Swift has
     * no such operator, so `count += 1` goes before the statement, which reads `count` (after `++count`) or the value
     * kept before the increment (after `count++`). Only where Kotlin surely runs the increment before anything else of
     * the statement reads the variable: not under a condition (`if`, `when`, `&&`, `?:`, a safe call, a lambda), and
     * the variable read nowhere else in the statement.
     */
    private fun increment(expression: org.jetbrains.kotlin.psi.KtUnaryExpression, operator: String, prefix: Boolean): Code {
        val statement = scope.statement ?: throw NotPorted(expression, "the operator $operator used as a value")
        val target = expression.baseExpression as? KtNameReferenceExpression ?: throw NotPorted(expression, "the operator $operator")
        val name = target.getReferencedName()
        var element: org.jetbrains.kotlin.com.intellij.psi.PsiElement = expression
        while (element != statement) {
            val parent = element.parent ?: throw NotPorted(expression, "the operator $operator used as a value")
            val conditional = parent is org.jetbrains.kotlin.psi.KtContainerNodeForControlStructureBody ||
                parent is org.jetbrains.kotlin.psi.KtWhenEntry || parent is org.jetbrains.kotlin.psi.KtFunctionLiteral ||
                parent is KtBinaryExpression && parent.right == element && parent.operationReference.text in setOf("&&", "||", "?:") ||
                parent is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression && parent.selectorExpression == element
            if (conditional) throw NotPorted(expression, "the operator $operator under a condition, used as a value, in")
            element = parent
        }
        val reads = org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil.collectElementsOfType(statement, KtNameReferenceExpression::class.java)
            .count { it.getReferencedName() == name }
        if (reads > 1) throw NotPorted(expression, "the operator $operator on a variable the statement reads again, in")
        val binding = scope.lookup(name)
        val swift: String
        val numeric: String?
        when {
            binding != null -> {
                binding.used = true
                swift = binding.swift
                numeric = binding.numeric
            }
            porter.collaborators.isProperty(name) -> {
                numeric = porter.collaborators.mutableProperty(name)?.swift
                swift = "context.${swiftIdentifier(name)}"
            }
            else -> throw NotPorted(expression, "the operator $operator")
        }
        val change = "$swift ${if (operator == "++") "+=" else "-="} 1"
        if (prefix) {
            scope.hoisted.add(change)
            return Code(swift, numeric = numeric)
        }
        val kept = "previous" + name.replaceFirstChar { it.uppercase() }
        if (scope.lookup(kept) != null) throw NotPorted(expression, "the operator $operator")
        scope.hoisted.add("let $kept = $swift")
        scope.hoisted.add(change)
        return Code(kept, numeric = numeric)
    }

    /**
     * `this@Owner`, where Owner is the class (or the extension function) that builds the machine: the Swift `context`,
     * which the owner's Swift type conforms to `Collaborators`.
     */
    private fun owner(expression: KtThisExpression): Code {
        val label = expression.getLabelName()
        var element = expression.parent
        while (element != null) {
            val name = (element as? org.jetbrains.kotlin.psi.KtClassOrObject)?.name ?: (element as? org.jetbrains.kotlin.psi.KtNamedFunction)?.name
            if (name == label && porter.collaborators.enabled) return Code("context", numeric = "any Collaborators", collaborator = OWNER)
            element = element.parent
        }
        throw NotPorted(expression, "a labelled this")
    }

    /**
     * The Kotlin name of the class property holding an observable value that [expression] names (`_state`,
     * `this._state`, `this@Screen._state`); null when it names something else.
     */
    internal fun holderName(expression: KtExpression?): String? {
        val name = when (expression) {
            is KtNameReferenceExpression -> expression.getReferencedName().takeIf { scope.lookup(it) == null }
            is KtDotQualifiedExpression -> {
                // In a handler, a plain `this` is the state.
                val self = expression.receiverExpression as? KtThisExpression ?: return null
                if (self.getLabelName() == null && scope.receiver != null) return null
                (expression.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
            }
            else -> null
        } ?: return null
        return name.takeIf { porter.collaborators.holder(it) != null }
    }

    /** `State.Solid`, `Outer.State.Locked(3)`, `it.value`, `this.credit`, `transition.toState`. */
    private fun qualified(expression: KtDotQualifiedExpression, expected: SealedType?): Code {
        val selectorName = (expression.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
        if (selectorName == "value") holderName(expression.receiverExpression)?.let { name ->
            // `_state.value` of a MutableStateFlow or LiveData: the value the protocol has.
            val member = porter.collaborators.holder(name)!!
            val type = member.type
            return Code("context.${swiftIdentifier(member.name)}", sealed = types.named(type?.sealed), numeric = type?.swift,
                auxiliary = type?.let { types.auxiliaryName(it) })
        }
        val receiverText = expression.receiverExpression.text.replace(Regex("\\s"), "").substringAfterLast('.')
        val type = types.named(receiverText)
        val selector = expression.selectorExpression
        val enumClass = types.enumConstants(receiverText)
        if (enumClass != null && selector is KtNameReferenceExpression && scope.lookup(receiverText) == null) {
            val constant = selector.getReferencedName()
            if (constant in enumClass) {
                val swift = types.swiftTypeName(receiverText)
                return Code("$swift.${SealedTypes.enumCaseName(constant)}", auxiliary = swift, numeric = swift)
            }
        }
        // Java's `System.out.println(…)`: Swift's `print`.
        if (expression.receiverExpression.text == "System.out" && selector is KtCallExpression &&
            (selector.calleeExpression?.text == "println" || selector.calleeExpression?.text == "print") && selector.valueArguments.size <= 1) {
            val argument = selector.valueArguments.singleOrNull()?.getArgumentExpression()?.let { expr(it) }
            val terminator = if (selector.calleeExpression?.text == "print") "${if (argument != null) ", " else "\"\", "}terminator: \"\"" else ""
            return Code("print(${argument?.text ?: ""}$terminator)", throws = argument?.throws == true)
        }
        val receiverName = (expression.receiverExpression as? KtNameReferenceExpression)?.getReferencedName()
        if (receiverName != null && selector is KtNameReferenceExpression) {
            undeclaredEnumConstant(receiverName, selector.getReferencedName(), expression)?.let { return it }
        }
        if (type != null && expression.receiverExpression !is KtThisExpression && scope.lookup(receiverText) == null) {
            val group = type.groups[receiverText]
            when (selector) {
                is KtNameReferenceExpression -> {
                    val caseName = selector.getReferencedName()
                    val case = porter.caseNamed(selector, caseName, type, group) ?: throw NotPorted(expression, "the value")
                    if (case.fields.isNotEmpty()) throw NotPorted(expression, "a data class used without arguments")
                    return caseValue(type, case, expected)
                }
                is KtCallExpression -> return call(selector, type, expected)
                else -> throw NotPorted(expression, "the value")
            }
        }
        val receiver = expr(expression.receiverExpression)
        receiver.classOf?.let { value -> return classMember(value, selector, expression) }
        if (receiver.collaborator == OWNER) {
            // `this@Owner.property`, `counter.method()` with `val counter = this@Owner`: the owner's members, unqualified.
            when (selector) {
                is KtNameReferenceExpression -> if (porter.collaborators.isProperty(selector.getReferencedName())) {
                    return collaboratorProperty(selector.getReferencedName())
                }
                is KtCallExpression -> if (porter.collaborators.isFunction(selector.calleeExpression?.text ?: "")) {
                    return call(selector, null, expected)
                }
                else -> {}
            }
            throw NotPorted(expression, "a member of the class that is not one of its properties or functions:")
        }
        if (selector is KtNameReferenceExpression && selector.getReferencedName() == "javaClass" && receiver.sealed != null) {
            return classOf(receiver, expression)
        }
        val collaborator = receiver.collaborator
        if (selector is KtCallExpression && selector.calleeExpression?.text == "invoke" && collaborator?.contains("->") == true &&
            selector.lambdaArguments.isEmpty()) {
            // `listener.invoke(value)` of a function-typed property: Swift calls the function.
            val arguments = selector.valueArguments.map { expr(it.getArgumentExpression() ?: throw NotPorted(it, "the argument")) }
            val returns = collaborator.substringAfterLast("->").trim().takeIf { it != "Void" }
            return Code("${receiver.text}(${arguments.joinToString(", ") { it.text }})", throws = receiver.throws || arguments.any { it.throws },
                numeric = returns)
        }
        if (selector is KtCallExpression && collaborator != null && porter.collaborators.isExternal(collaborator.removePrefix("any "))) {
            externalCall(receiver, collaborator.removePrefix("any "), selector, expression)?.let { return it }
        }
        if (selector is KtNameReferenceExpression && collaborator != null && porter.collaborators.isExternal(collaborator.removePrefix("any "))) {
            // A property of a collaborator whose type the files do not declare (`agent.agentId`): a requirement of its
            // protocol, of the type the place expects (a state, an event), `Bool` in a condition, else `Any` (enough for a
            // string template) with a warning.
            val protocol = collaborator.removePrefix("any ")
            val name = selector.getReferencedName()
            val type = expected?.name ?: externalResult(expression)?.takeIf { it == "Bool" } ?: "Any"
            porter.collaborators.externalProperty(protocol, name, type)
            if (type == "Any") {
                porter.keptCall(expression, "the property `${Porter.short(expression)}` is of a type the files do not declare: the port " +
                    "declares it in protocol $protocol typed Any; give it its type")
            }
            val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
            return Code("$base.${swiftIdentifier(name)}", throws = receiver.throws, numeric = type.takeIf { it != "Any" }, sealed = expected)
        }
        if (selector is KtCallExpression && collaborator != null && collaborator.startsWith("any ")) {
            // A method of a collaborator typed with an interface of the files: the same call in Swift.
            val method = selector.calleeExpression?.text ?: throw NotPorted(expression, "a call on a value")
            val parameters = porter.collaborators.methodParameters(collaborator.removePrefix("any "), method)
                ?: throw NotPorted(expression, "a call on a value")
            val arguments = withDefaults(selector, orderedArguments(selector, parameters, trailing = true),
                porter.collaborators.methodDefaults(collaborator.removePrefix("any "), method).orEmpty())
            return Code(
                "${receiver.text}.${swiftIdentifier(method)}(${arguments.joinToString(", ") { it.text }})${trailingClosure(selector)}",
                throws = receiver.throws || arguments.any { it.throws }
            )
        }
        if (selector is KtCallExpression && selector.calleeExpression?.text == "copy" && receiver.sealedCase != null) {
            return copy(selector, expected, receiver)
        }
        if (selector is KtCallExpression && selector.calleeExpression?.text == "copy") structCopy(selector, receiver)?.let { return it }
        if (selector is KtCallExpression) typeFunctionCall(receiver, selector)?.let { return it }
        standardLibrary(receiver, selector)?.let { return it }
        if (selector is KtCallExpression && selector.calleeExpression?.text == "toString" && selector.valueArguments.isEmpty() &&
            selector.lambdaArguments.isEmpty() && receiver.sealed != null) {
            return kotlinText(receiver, expression)
        }
        if (selector is KtCallExpression && selector.calleeExpression?.text == "toString" && selector.valueArguments.isEmpty() &&
            selector.lambdaArguments.isEmpty()) {
            // Any value's text: Swift's description of it (a data class's reads `waitingForInput(data: …)`, not Kotlin's).
            return Code("String(describing: ${unwrapped(receiver.text)})", throws = receiver.throws, numeric = "String")
        }
        if (selector is KtCallExpression) return keptCall(selector, receiver, expression)
        val name = (selector as? KtNameReferenceExpression)?.getReferencedName()
            ?: throw NotPorted(expression, "a call on a value")
        val binding = receiver.binding
        if (binding != null && binding.kind == Kind.INVALID_TRANSITION) {
            return when (name) {
                "fromState" -> Code("${receiver.text}.$name", sealed = porter.state)
                "event" -> Code("${receiver.text}.$name", sealed = porter.event)
                else -> throw NotPorted(expression, "the property of an invalid transition")
            }
        }
        if (binding != null && binding.kind == Kind.RESULT && (name == "fromState" || name == "event")) {
            // Valid and invalid transitions both have them; the listener reads them once, into a constant.
            val outcome = binding.outcome ?: (if (binding.swift == "transition") "fromStateAndEvent" else "transition")
            binding.outcome = outcome
            binding.used = true
            return Code("$outcome.$name", sealed = if (name == "fromState") porter.state else porter.event)
        }
        if (binding != null && binding.kind == Kind.VALID_TRANSITION) {
            return when (name) {
                "fromState", "toState" -> Code("${receiver.text}.$name", sealed = porter.state)
                "event" -> Code("${receiver.text}.$name", sealed = porter.event)
                "sideEffect" -> Code("${receiver.text}.$name", sealed = porter.sideEffect, numeric = "${porter.sideEffect.name}?")
                else -> throw NotPorted(expression, "the transition property")
            }
        }
        if (receiver.sealed != null && receiver.sealed.fieldType(name, receiver.sealedCase) != null) {
            return field(receiver, name, expression, expected)
        }
        baseProperty(receiver, name)?.let { return it }
        val auxiliary = receiver.auxiliary
        if (auxiliary != null && name == "name" && types.enumConstants(auxiliary) != null) {
            // An enum constant's Kotlin name (`Gear.LOW.name` is "LOW"): a property the port declares on the enum.
            porter.enumNames.add(auxiliary)
            val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
            return Code("$base.name", throws = receiver.throws, numeric = "String")
        }
        if (auxiliary != null) {
            val property = types.propertyType(auxiliary, name) ?: throw NotPorted(expression, "the property")
            val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
            return Code("$base.${swiftIdentifier(name)}", throws = receiver.throws, auxiliary = types.auxiliaryName(property),
                numeric = property.swift, sealed = types.named(property.sealed))
        }
        throw NotPorted(expression, "the property")
    }

    /**
     * `value::class` or `value.javaClass` of a sealed value, kept for what is read from it: `simpleName`, `java`, or a
     * comparison with another class (`a::class != b::class`). Anything else has no Swift translation.
     */
    private fun classOf(value: Code, at: KtExpression): Code {
        val parent = at.parent
        val read = parent is KtDotQualifiedExpression && parent.receiverExpression == at ||
            parent is KtBinaryExpression && parent.operationReference.text in setOf("==", "!=")
        if (!read || value.sealed == null) throw NotPorted(at, "the expression")
        return Code("", classOf = value)
    }

    /** `::class.simpleName`, `::class.java.simpleName`, `javaClass.simpleName`: the name of the value's Kotlin class. */
    private fun classMember(value: Code, selector: KtExpression?, at: KtDotQualifiedExpression): Code {
        return when ((selector as? KtNameReferenceExpression)?.getReferencedName()) {
            "java" -> classOf(value, at)
            "simpleName" -> {
                val sealed = value.sealed ?: throw NotPorted(at, "the expression")
                val base = if (value.precedence < Precedence.ATOM) "(${value.text})" else value.text
                Code("$base.${porter.simpleName(sealed)}", throws = value.throws, numeric = "String")
            }
            else -> throw NotPorted(at, "the expression")
        }
    }

    /**
     * `a::class == b::class`: whether two values are of the same case. States and events compare the library's
     * `hashableIdentifier`; other values their Kotlin class names, when no two of their cases share one.
     */
    private fun sameClass(left: Code, right: Code, operator: String, at: KtBinaryExpression): Code {
        val leftValue = left.classOf ?: throw NotPorted(at, "the comparison of a class with a value in")
        val rightValue = right.classOf ?: throw NotPorted(at, "the comparison of a class with a value in")
        val sealed = leftValue.sealed
        if (sealed == null || sealed != rightValue.sealed) throw NotPorted(at, "the comparison of classes")
        fun atom(code: Code) = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
        val member = when {
            sealed == porter.state || sealed == porter.event -> "hashableIdentifier"
            sealed.cases.map { it.kotlinName }.distinct().size == sealed.cases.size -> porter.simpleName(sealed)
            else -> throw NotPorted(at, "the comparison of classes whose simple names are not unique")
        }
        return Code("${atom(leftValue)}.$member $operator ${atom(rightValue)}.$member", Precedence.COMPARISON,
            leftValue.throws || rightValue.throws, numeric = "Bool")
    }

    /** A property of the sealed base class (a constructor property, or one each case overrides), read on [receiver]. */
    private fun baseProperty(receiver: Code, name: String): Code? {
        val base = receiver.sealed?.sharedProperty(name) ?: return null
        val type = base.typeReference?.let { types.swiftType(it) }
        val text = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        return Code("$text.${swiftIdentifier(name)}", throws = receiver.throws, sealed = types.named(type?.sealed), numeric = type?.swift,
            auxiliary = type?.let { types.auxiliaryName(it) })
    }

    /** A payload field read through the library's dynamic member lookup: `(state.credit() as Int)`. */
    internal fun field(receiver: Code, name: String, at: KtExpression, expected: SealedType?): Code {
        val sealed = receiver.sealed ?: throw NotPorted(at, "the property")
        val type = sealed.fieldType(name, receiver.sealedCase) ?: throw NotPorted(at, "the property")
        val binding = receiver.binding
        if (binding?.bound?.contains(name) == true) {
            binding.boundRead.add(name)
            val fieldType = types.named(type.sealed)
            return Code(swiftIdentifier(name), sealed = fieldType, auxiliary = types.auxiliaryName(type), numeric = type.swift)
        }
        val local = binding?.pattern?.get(name)
        if (local != null && binding.bound == null && receiver.sealedCase == binding.case) {
            // Read from the constant the closure's `guard case let` binds: no lookup by label.
            binding.used = true
            binding.patternUsed.add(name)
            return Code(local, sealed = types.named(type.sealed), auxiliary = types.auxiliaryName(type), numeric = type.swift)
        }
        // A property the base class declares for all its cases (`abstract val document: Document`): the enum's own.
        if (sealed.sharedMembers.any { it.first.name == name }) baseProperty(receiver, name)?.let { return it }
        // Only the State and Event enums read a field by its label (the library's `StateMachineHashable`).
        if (sealed != porter.state && sealed != porter.event) throw NotPorted(at, "the property of a value whose case is not known:")
        val base = if (receiver.precedence < Precedence.ATOM) "(${receiver.text})" else receiver.text
        val fieldType = types.named(type.sealed)
        if (expected != null && fieldType == expected && !type.swift.endsWith("?")) {
            return Code("$base.$name()", throws = true, sealed = fieldType)
        }
        return Code("($base.$name() as ${type.swift})", throws = true, sealed = fieldType, auxiliary = types.auxiliaryName(type),
            numeric = type.swift)
    }

    private fun call(call: KtCallExpression, type: SealedType?, expected: SealedType?): Code {
        val name = call.calleeExpression?.text ?: throw NotPorted(call, "the call")
        if (call.lambdaArguments.isNotEmpty() && name != "require" && name != "check") throw NotPorted(call, "a call with a lambda")
        val callee = call.calleeExpression as? org.jetbrains.kotlin.psi.KtReferenceExpression
        if (type != null) {
            val case = callee?.let { porter.caseNamed(it, name, type) } ?: throw NotPorted(call, "the call")
            return construct(type, case, call, expected)
        }
        for (sealed in types.all) {
            val case = callee?.let { porter.caseNamed(it, name, sealed) }
            if (case != null && case.fields.isNotEmpty()) return construct(sealed, case, call, expected)
        }
        types.structs[types.swiftTypeName(name)]?.let { fields -> return constructStruct(types.swiftTypeName(name), fields, call) }
        val shadowed = (name == "max" || name == "min") && (porter.collaborators.isFunction(name) || scope.lookup(name) != null)
        when (if (shadowed) "" else name) {
            "transitionTo" -> {
                val arguments = arguments(call, listOf("state", "sideEffect"))
                val to = expr(arguments["state"] ?: throw NotPorted(call, "transitionTo without a state"), porter.state)
                val effect = arguments["sideEffect"]?.let { expr(it, porter.sideEffect) }
                val text = "transition(to: ${to.text}${if (effect != null) ", emit: ${effect.text}" else ""})"
                return Code(text, throws = to.throws || effect?.throws == true)
            }
            "dontTransition" -> {
                val arguments = arguments(call, listOf("sideEffect"))
                val effect = arguments["sideEffect"]?.let { expr(it, porter.sideEffect) }
                return Code("dontTransition(${if (effect != null) "emit: ${effect.text}" else ""})", throws = effect?.throws == true)
            }
            "copy" -> {
                val receiver = scope.receiver
                if (receiver != null && receiver.auxiliary != null) structCopy(call, use(receiver))?.let { return it }
                return copy(call, expected)
            }
            "emptyList", "emptySet", "mutableListOf", "listOf", "setOf", "mutableSetOf" -> {
                val items = call.valueArgumentList?.arguments.orEmpty().map { expr(it.getArgumentExpression()) }
                if (items.isEmpty() && name.startsWith("mutable").not() && name != "emptyList" && name != "emptySet" &&
                    name != "listOf" && name != "setOf") throw NotPorted(call, "the call")
                // The literal's type when its elements agree on one: `[FlowStep]`, `Set<FlowStep>`.
                val element = items.map { it.numeric }.distinct().singleOrNull()?.takeIf { !it.endsWith("?") }
                val type = element?.let { if (name.contains("Set") || name == "setOf") "Set<$it>" else "[$it]" }
                return Code(items.joinToString(", ", "[", "]") { it.text }, throws = items.any { it.throws }, numeric = type)
            }
            "emptyMap" -> return Code("[:]")
            "mapOf", "mutableMapOf", "hashMapOf", "linkedMapOf" -> {
                // `mapOf(key to value, …)`: a dictionary literal (a Kotlin map keeps its order, a Swift dictionary does not).
                val entries = call.valueArgumentList?.arguments.orEmpty().map { argument ->
                    val pair = argument.getArgumentExpression() as? KtBinaryExpression
                    if (pair == null || pair.operationReference.text != "to" || argument.getArgumentName() != null) {
                        throw NotPorted(argument, "a map entry that is not `key to value`:")
                    }
                    // A literal's type is its Kotlin type: `mapOf(0 to "empty")` is an `[Int: String]`.
                    val key = expr(pair.left)
                    val value = expr(pair.right)
                    Code(key.text, key.precedence, key.throws, numeric = key.numeric ?: literalType(pair.left!!.text)) to
                        Code(value.text, value.precedence, value.throws, numeric = value.numeric ?: literalType(pair.right!!.text))
                }
                if (entries.isEmpty()) return Code("[:]")
                val keys = entries.mapNotNull { it.first.numeric }.distinct()
                val values = entries.mapNotNull { it.second.numeric }.distinct()
                val type = if (keys.size == 1 && values.size == 1 && entries.all { it.first.numeric != null && it.second.numeric != null }) {
                    "[${keys[0]}: ${values[0]}]"
                } else {
                    null
                }
                return Code(entries.joinToString(", ", "[", "]") { "${it.first.text}: ${it.second.text}" },
                    throws = entries.any { it.first.throws || it.second.throws }, numeric = type)
            }
            "Pair", "Triple" -> {
                val items = orderedArguments(call, if (name == "Pair") listOf("first", "second") else listOf("first", "second", "third"))
                if (items.size != (if (name == "Pair") 2 else 3)) throw NotPorted(call, "the call")
                val type = if (items.all { it.numeric != null }) items.joinToString(", ", "(", ")") { it.numeric!! } else null
                return Code(items.joinToString(", ", "(", ")") { it.text }, throws = items.any { it.throws }, numeric = type)
            }
            // `kotlin.math.max(a, b)`: Swift's, unless the class that builds the machine has a function of that name.
            "maxOf", "minOf", "max", "min" -> {
                var items = call.valueArgumentList?.arguments.orEmpty().map { expr(it.getArgumentExpression()) }
                if (items.size < 2) throw NotPorted(call, "the call")
                // Kotlin widens an Int argument among Longs; Swift's min and max take one type.
                val wider = items.mapNotNull { it.numeric }.distinct().reduceOrNull { a, b -> widerNumber(a, b) ?: a }
                items = items.map { item ->
                    if (wider != null && item.numeric != null && widerNumber(item.numeric, wider) == wider) {
                        Code("$wider(${item.text})", throws = item.throws, numeric = wider)
                    } else {
                        item
                    }
                }
                return Code("${name.removeSuffix("Of")}(${items.joinToString(", ") { it.text }})", throws = items.any { it.throws }, numeric = wider)
            }
            // Kotlin's "cannot happen" and "not written yet" calls throw; the Swift port stops with the same message.
            "TODO", "error" -> {
                val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression()
                if (call.valueArgumentList?.arguments.orEmpty().size > 1) throw NotPorted(call, "the call")
                val message = argument?.let { expr(it) }
                val text = when {
                    name == "error" && message != null -> "preconditionFailure(${message.text})"
                    name == "TODO" && message != null && message.text.matches(Regex("\"([^\"\\\\]|\\\\.)*\"")) ->
                        "fatalError(\"An operation is not implemented: ${message.text.drop(1)})"
                    name == "TODO" && message != null -> "fatalError(\"An operation is not implemented: \\(${message.text})\")"
                    name == "TODO" -> "fatalError(\"An operation is not implemented.\")"
                    else -> throw NotPorted(call, "the call")
                }
                return Code(text, throws = message?.throws == true)
            }
            "require", "check" -> {
                val arguments = call.valueArgumentList?.arguments.orEmpty()
                val condition = arguments.singleOrNull()?.getArgumentExpression()?.let { expr(it) } ?: throw NotPorted(call, "the call")
                val lazyMessage = call.lambdaArguments.singleOrNull()?.getLambdaExpression()?.bodyExpression?.statements?.singleOrNull()
                val message = lazyMessage?.let { expr(it) }
                val text = "precondition(${condition.text}${if (message != null) ", ${message.text}" else ""})"
                return Code(text, throws = condition.throws || message?.throws == true)
            }
            "println" -> {
                val argument = call.valueArgumentList?.arguments.orEmpty().singleOrNull()?.getArgumentExpression()
                val code = argument?.let { expr(it) }
                return Code("print(${code?.text ?: ""})", throws = code?.throws == true)
            }
            else -> {
                // A function of the state (the handler's receiver) or, in a function of a type, of `self`.
                scope.receiver?.takeIf { porter.functions.function(it.type, it.auxiliary, name) != null }?.let { receiver ->
                    typeFunctionCall(use(receiver), call)?.let { return it }
                }
                val collaborators = porter.collaborators
                if (collaborators.isFunction(name) && scope.lookup(name) == null) {
                    val (parameters, returns) = collaborators.function(name)!!
                    val arguments = withDefaults(call, orderedArguments(call, parameters), collaborators.functionDefaults(name))
                    // A function of the class whose body ports is the port's, and takes the collaborators it reads.
                    val text = porter.classFunctionCall(name, arguments.map { it.text })
                        ?: "context.${swiftIdentifier(name)}(${arguments.joinToString(", ") { it.text }})".also { porter.requirementCalls.add(call) }
                    return Code(
                        text,
                        throws = arguments.any { it.throws }, sealed = types.named(returns?.sealed), numeric = returns?.swift,
                        auxiliary = returns?.let { types.auxiliaryName(it) }
                    )
                }
                inheritedCall(call, name)?.let { return it }
                if (collaborators.isProperty(name) && scope.lookup(name) == null) {
                    // A property of a function type: `onSideEffect(effect)`.
                    val property = collaboratorProperty(name)
                    val arguments = orderedArguments(call, null)
                    return Code("${property.text}(${arguments.joinToString(", ") { it.text }})", throws = arguments.any { it.throws })
                }
                return keptCall(call, null, call)
            }
        }
    }

    /**
     * `notify(from, to)` in a class whose supertype the files do not declare, where nothing else declares `notify`: the
     * inherited method, on the context (a requirement typed from the arguments, with a warning). Only where the
     * result's type is clear (a statement, a condition); null otherwise.
     */
    private fun inheritedCall(call: KtCallExpression, name: String): Code? {
        val collaborators = porter.collaborators
        if (collaborators.undeclaredSupertypes.isEmpty() || scope.lookup(name) != null || collaborators.isFunction(name) ||
            collaborators.isProperty(name) || call.lambdaArguments.isNotEmpty() || call.valueArguments.any { it.getArgumentName() != null }) return null
        val returns = externalResult(call) ?: return null
        val codes = call.valueArguments.map { expr(it.getArgumentExpression() ?: return null) }
        val types = codes.map { it.numeric ?: it.sealed?.name ?: it.auxiliary ?: "Any" }
        if (!collaborators.inheritedMethod(name, types, returns.takeIf { it != "Void" })) return null
        porter.keptCall(call, "the call `${Porter.short(call)}` is not declared in the files given: the port takes it for a method " +
            "the class inherits from ${collaborators.undeclaredSupertypes.joinToString(" or ")} and adds it to Collaborators" +
            if ("Any" in types) ", with a parameter typed Any where the argument's type is not known; give it its type" else "")
        return Code("context.${swiftIdentifier(name)}(${codes.joinToString(", ") { it.text }})", throws = codes.any { it.throws },
            numeric = returns.takeIf { it != "Void" })
    }

    /**
     * A call the porter has no translation for, in a handler or listener: the Swift calls a function (or, with a
     * [receiver], a method of the value) of the same name with the arguments translated, and the porter warns. The
     * user supplies it in Swift; until then the port does not compile, at this line, rather than failing at run time.
     */
    private fun keptCall(call: KtCallExpression, receiver: Code?, whole: KtExpression): Code {
        val what = if (receiver == null) "the call" else "a call on a value"
        val callee = call.calleeExpression as? KtNameReferenceExpression
        if (!porter.keepsUnknownCalls || callee == null || call.lambdaArguments.isNotEmpty() || call.typeArguments.isNotEmpty()) {
            throw NotPorted(whole, what)
        }
        val name = callee.getReferencedName()
        var throws = receiver?.throws == true
        val labels = mutableListOf<String>()
        val parts = call.valueArgumentList?.arguments.orEmpty().map { argument ->
            if (argument.getSpreadElement() != null) throw NotPorted(whole, what)
            val code = expr(argument.getArgumentExpression() ?: throw NotPorted(argument, "the argument"))
            throws = throws || code.throws
            val label = argument.getArgumentName()?.asName?.asString()
            labels.add(label ?: "_")
            if (label != null) "${swiftIdentifier(label)}: ${code.text}" else code.text
        }
        val selector = "$name(${labels.joinToString("") { "$it:" }})"
        val target = if (receiver == null) {
            "the Swift calls $selector by the same name; declare that function in Swift"
        } else {
            "the Swift calls $selector on the value by the same name; declare it in an extension of the value's Swift type"
        }
        porter.keptCall(whole, "the call `${Porter.short(whole)}` is not translated: $target, or the port does not compile at this line")
        val base = receiver?.let { if (it.precedence < Precedence.ATOM) "(${it.text})." else "${it.text}." } ?: ""
        // The Kotlin standard library's String functions that give a String: the value stays one.
        val numeric = if (receiver?.numeric == "String" && name in stringToString) "String" else null
        return Code("$base${swiftIdentifier(name)}(${parts.joinToString(", ")})", throws = throws, numeric = numeric)
    }

    private val stringToString = setOf(
        "trim", "trimStart", "trimEnd", "removePrefix", "removeSuffix", "removeSurrounding", "take", "takeLast", "drop",
        "dropLast", "padStart", "padEnd", "replace", "substring", "substringBefore", "substringAfter", "repeat", "reversed",
        "capitalize", "decapitalize", "replaceFirstChar",
    )

    private fun arguments(call: KtCallExpression, names: List<String>): Map<String, KtExpression> {
        val result = linkedMapOf<String, KtExpression>()
        call.valueArgumentList?.arguments.orEmpty().forEachIndexed { index, argument: KtValueArgument ->
            val name = argument.getArgumentName()?.asName?.asString() ?: names.getOrNull(index)
                ?: throw NotPorted(argument, "an extra argument")
            if (name !in names) throw NotPorted(argument, "the argument")
            result[name] = argument.getArgumentExpression() ?: throw NotPorted(argument, "the argument")
        }
        return result
    }

    /**
     * `copy(field = value)` on the state of a handler, or `value.copy(…)` on a value whose case is known ([of]): the same
     * case, the other fields read from the value.
     */
    private fun copy(call: KtCallExpression, expected: SealedType?, of: Code? = null): Code {
        val receiver = scope.receiver
        val source = of ?: receiver?.let { use(it) } ?: throw NotPorted(call, "the call")
        val type = source.sealed ?: throw NotPorted(call, "the call")
        val case = source.sealedCase ?: throw NotPorted(call, "a copy of a state whose case is not known")
        val values = arguments(call, case.fields.map { it.name })
        var throws = false
        val parts = case.fields.map { field ->
            val code = values[field.name]?.let { expr(it, types.named(field.type.sealed)) }
                ?: field(of ?: use(receiver!!), field.name, call, types.named(field.type.sealed))
            throws = throws || code.throws
            "${swiftLabel(field.name)}: ${code.text}"
        }
        val prefix = if (expected == type) "." else "${type.name}."
        val payload = if (parts.isEmpty()) "" else parts.joinToString(", ", "(", ")")
        return Code(prefix + case.swiftName + payload, throws = throws, sealed = type, sealedCase = case)
    }

    /**
     * `document.copy(text = …)` of a data class: the struct's memberwise initializer, the other fields read again from
     * [receiver]; null when it is not a struct read without side effects.
     */
    private fun structCopy(call: KtCallExpression, receiver: Code): Code? {
        val fields = receiver.auxiliary?.let { types.structs[it] } ?: return null
        if (receiver.precedence != Precedence.ATOM || receiver.text.contains('(')) return null
        val values = arguments(call, fields.map { it.name })
        val parts = fields.map { field ->
            values[field.name]?.let { expr(it, types.named(field.type.sealed)) }
                ?: Code("${receiver.text}.${swiftIdentifier(field.name)}", throws = receiver.throws)
        }
        val text = fields.zip(parts).joinToString(", ", "${receiver.auxiliary}(", ")") { (field, code) ->
            "${swiftIdentifier(field.name)}: ${code.text}"
        }
        return Code(text, throws = parts.any { it.throws }, auxiliary = receiver.auxiliary)
    }

    /**
     * A call of a function the value's type declares in the files (`edit.applyTo(text)`, `startElection()` on the
     * state), which the port declares on the Swift type; null when the type has no such function or it is not ported.
     */
    private fun typeFunctionCall(receiver: Code, call: KtCallExpression): Code? {
        val name = (call.calleeExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
        if (call.lambdaArguments.isNotEmpty() || call.typeArguments.isNotEmpty()) return null
        if (receiver.sealed == null && receiver.auxiliary == null) return null
        val function = porter.functions.function(receiver.sealed, receiver.auxiliary, name) ?: return null
        val given = call.valueArgumentList?.arguments.orEmpty()
        val named = if (given.any { it.getArgumentName() != null }) arguments(call, function.parameters) else null
        val arguments = function.parameters.mapIndexed { index, parameter ->
            val argument = if (named != null) named[parameter] else given.getOrNull(index)?.getArgumentExpression()
            // A parameter left out takes its Kotlin default, written out: Swift's could not read the value's properties.
            expr(argument ?: function.defaults[index] ?: throw NotPorted(call, "a call without the argument $parameter:"))
        }
        if (named == null && given.size > function.parameters.size) throw NotPorted(call, "a call with extra arguments:")
        val base = when {
            receiver.text == "self" -> ""
            receiver.precedence < Precedence.ATOM -> "(${receiver.text})."
            else -> "${receiver.text}."
        }
        val returns = function.returns.takeIf { it != TypeFunctions.VOID && it != TypeFunctions.UNKNOWN }
        return Code("$base${swiftIdentifier(name)}(${arguments.joinToString(", ") { it.text }})",
            throws = receiver.throws || arguments.any { it.throws }, sealed = types.named(returns?.sealed),
            numeric = returns?.swift, auxiliary = returns?.let { types.auxiliaryName(it) })
    }

    /** A data or value class that is not a case: a Swift struct with a memberwise initializer. */
    private fun constructStruct(name: String, fields: List<Field>, call: KtCallExpression): Code {
        val values = arguments(call, fields.map { it.name })
        var throws = false
        val parts = fields.map { field ->
            val argument = values[field.name] ?: field.default ?: throw NotPorted(call, "a constructor call without ${field.name}")
            val code = expr(argument, types.named(field.type.sealed))
            throws = throws || code.throws
            "${swiftIdentifier(field.name)}: ${code.text}"
        }
        return Code("$name(${parts.joinToString(", ")})", throws = throws, auxiliary = name)
    }

    private fun construct(type: SealedType, case: Case, call: KtCallExpression, expected: SealedType?): Code {
        val values = arguments(call, case.fields.map { it.name })
        var throws = false
        val parts = case.fields.map { field ->
            // A parameter left out takes its Kotlin default value, written out in Swift.
            val argument = values[field.name] ?: field.default ?: throw NotPorted(call, "a constructor call without ${field.name}")
            val code = expr(argument, types.named(field.type.sealed))
            throws = throws || code.throws
            "${swiftLabel(field.name)}: ${code.text}"
        }
        val prefix = if (expected == type) "." else "${type.name}."
        val payload = if (parts.isEmpty()) "" else parts.joinToString(", ", "(", ")")
        return Code(prefix + case.swiftName + payload, throws = throws, sealed = type, sealedCase = case)
    }

    private fun binary(expression: KtBinaryExpression): Code {
        val operator = expression.operationReference.text
        val precedence = when (operator) {
            "*", "/", "%" -> Precedence.MULTIPLICATION
            "+", "-" -> Precedence.ADDITION
            "==", "!=", "<", ">", "<=", ">=" -> Precedence.COMPARISON
            "&&" -> Precedence.AND
            "||" -> Precedence.OR
            "shl", "shr", "and", "or", "xor" -> return bitwise(expression, operator)
            "to" -> return pair(expression)
            "?:" -> return elvis(expression)
            "in", "!in" -> return membership(expression, operator == "!in")
            else -> throw NotPorted(expression, "the operator $operator in")
        }
        var left = expr(expression.left)
        var right = expr(expression.right, left.sealed)
        if (left.classOf != null || right.classOf != null) return sameClass(left, right, operator, expression)
        // Values of a type the files do not declare (a protocol the port makes from their uses) have no operators.
        if ((left.numeric ?: left.collaborator)?.startsWith("any ") == true || (right.numeric ?: right.collaborator)?.startsWith("any ") == true) {
            throw NotPorted(expression, "the operator $operator on a value of a type the files do not declare in")
        }
        // Kotlin widens Int to Long (and both to Double) in arithmetic and comparisons; Swift converts explicitly.
        val wider = widerNumber(left.numeric, right.numeric)
        if (wider != null && precedence >= Precedence.COMPARISON) {
            if (left.numeric != wider) left = Code("$wider(${left.text})", Precedence.ATOM, left.throws, numeric = wider)
            if (right.numeric != wider) right = Code("$wider(${right.text})", Precedence.ATOM, right.throws, numeric = wider)
        }
        // `map + (key to value)` and `map + other` give a new map whose right side wins: Swift's `merging`.
        if (operator == "+" && dictionaryParts(left.numeric) != null) {
            val pair = (deparenthesized(expression.right) as? KtBinaryExpression)?.takeIf { it.operationReference.text == "to" }
            val other = if (pair != null) {
                val key = expr(pair.left)
                val value = expr(pair.right)
                Code("[${key.text}: ${value.text}]", Precedence.ATOM, key.throws || value.throws)
            } else if (dictionaryParts(right.numeric) != null) right else null
            if (other != null) {
                val base = if (left.precedence < Precedence.ATOM) "(${left.text})" else left.text
                return Code("$base.merging(${other.text}) { _, new in new }", Precedence.ATOM, left.throws || other.throws,
                    numeric = left.numeric)
            }
        }
        // `set + element`, `set + other` (a set or a list): Swift's `union`; `-`: `subtracting`.
        val leftSet = left.numeric?.takeIf { it.startsWith("Set<") }
        if (leftSet != null && (operator == "+" || operator == "-") && right.numeric != null) {
            val other = if (right.numeric!!.startsWith("Set<") || right.numeric!!.startsWith("[") && !right.numeric!!.contains(":")) right.text else "[${right.text}]"
            // A map's keys are a Swift collection, not a set: `Set(stock.keys)` has the set's functions.
            val base = if (left.text.endsWith(".keys")) "Set(${left.text})" else if (left.precedence < Precedence.ATOM) "(${left.text})" else left.text
            return Code("$base.${if (operator == "+") "union" else "subtracting"}($other)", Precedence.ATOM, left.throws || right.throws,
                numeric = leftSet)
        }
        // `"text " + value` makes the value text in Kotlin; Swift adds strings only.
        if (operator == "+" && left.numeric == "String" && right.numeric != "String") {
            right = kotlinText(right)
        }
        if (operator == "+" && left.numeric == "String" && right.numeric != "String") {
            right = if (right.numeric == "String?") {
                Code("(${right.text} ?? \"null\")", Precedence.ATOM, right.throws, numeric = "String")
            } else if (right.numeric?.endsWith("?") == true) {
                // Kotlin writes `null` for a null value.
                Code("(${right.text}).map { \"\\(\$0)\" } ?? \"null\"", Precedence.NIL_COALESCING, right.throws, numeric = "String")
            } else {
                Code("String(describing: ${unwrapped(right.text)})", Precedence.ATOM, right.throws, numeric = "String")
            }
        }
        // `list + element` appends in Kotlin; Swift appends an array.
        val leftType = left.numeric
        if (operator == "+" && leftType != null && leftType.startsWith("[") && !leftType.contains(":") &&
            right.numeric?.startsWith("[") != true && right.numeric != null) {
            right = Code("[${right.text}]", Precedence.ATOM, right.throws, numeric = leftType)
        }
        val leftFinal = left
        val nonAssociative = precedence == Precedence.COMPARISON
        val leftText = if (leftFinal.precedence < precedence || nonAssociative && leftFinal.precedence == precedence) "(${leftFinal.text})" else leftFinal.text
        val rightText = if (right.precedence <= precedence) "(${right.text})" else right.text
        val numeric = if (precedence > Precedence.COMPARISON) wider ?: left.numeric ?: right.numeric else if (precedence == Precedence.COMPARISON || precedence <= Precedence.AND) "Bool" else null
        return Code("$leftText $operator $rightText", precedence, leftFinal.throws || right.throws, numeric = numeric)
    }

    /**
     * `x in c`, `x !in c`: `c.contains(x)`; over a map its keys (`m.keys.contains(k)`), over a range `(a...b).contains(x)`
     * (`until` and `..<` are half-open).
     */
    private fun membership(expression: KtBinaryExpression, negated: Boolean): Code {
        val element = expr(expression.left)
        val right = expression.right ?: throw NotPorted(expression, "the operator in")
        val rangeOperator = (right as? KtBinaryExpression)?.operationReference?.text
        val collection = if (rangeOperator in setOf("..", "..<", "until")) {
            right as KtBinaryExpression
            val low = expr(right.left)
            val high = expr(right.right)
            fun operand(code: Code) = if (code.precedence < Precedence.PREFIX) "(${code.text})" else code.text
            val operator = if (rangeOperator == "..") "..." else "..<"
            Code("(${operand(low)}$operator${operand(high)})", Precedence.ATOM, low.throws || high.throws)
        } else {
            val code = expr(right)
            val base = if (code.precedence < Precedence.ATOM) "(${code.text})" else code.text
            val keys = if (dictionaryParts(code.numeric) != null) ".keys" else ""
            Code("$base$keys", Precedence.ATOM, code.throws)
        }
        val text = "${collection.text}.contains(${element.text})"
        return Code(if (negated) "!$text" else text, if (negated) Precedence.PREFIX else Precedence.ATOM,
            element.throws || collection.throws, numeric = "Bool")
    }

    /** `a to b`: a Swift tuple `(a, b)`; in `mapOf(…)`, a key and its value. */
    private fun pair(expression: KtBinaryExpression): Code {
        val left = expr(expression.left)
        val right = expr(expression.right)
        val type = if (left.numeric != null && right.numeric != null) "(${left.numeric}, ${right.numeric})" else null
        return Code("(${left.text}, ${right.text})", Precedence.ATOM, left.throws || right.throws, numeric = type)
    }

    /**
     * `value ?: other`: Swift's `value ?? other`. Kotlin's `?:` binds more than comparisons and less than arithmetic,
     * as Swift's `??` does. A `return` or `throw` on the right is a guard, ported where it is a statement.
     */
    private fun elvis(expression: KtBinaryExpression): Code {
        val right = expression.right
        if (right is KtReturnExpression || right is org.jetbrains.kotlin.psi.KtThrowExpression) {
            throw NotPorted(expression, "the operator ?: in")
        }
        val left = expr(expression.left)
        val callee = (right as? KtCallExpression)?.calleeExpression?.text
        if (callee == "error" || callee == "TODO") {
            // `value ?: error("…")`: Swift's `??` takes a value of the type, which a closure that stops gives.
            val type = left.numeric?.removeSuffix("?") ?: left.sealed?.name ?: throw NotPorted(expression, "the operator ?: in")
            val stop = expr(right)
            val leftText = if (left.precedence <= Precedence.NIL_COALESCING) "(${left.text})" else left.text
            return Code("$leftText ?? { () -> $type in ${stop.text} }()", Precedence.NIL_COALESCING, left.throws || stop.throws,
                left.sealed, numeric = type, auxiliary = left.auxiliary)
        }
        val other = expr(right, left.sealed)
        val precedence = Precedence.NIL_COALESCING
        val leftText = if (left.precedence <= precedence) "(${left.text})" else left.text
        val rightText = if (other.precedence < precedence) "(${other.text})" else other.text
        val numeric = other.numeric ?: left.numeric?.removeSuffix("?")
        return Code("$leftText ?? $rightText", precedence, left.throws || other.throws, left.sealed ?: other.sealed, numeric = numeric,
            auxiliary = other.auxiliary)
    }

    /**
     * Kotlin's infix `shl`, `shr`, `and`, `or`, `xor` on integers: Swift's operators. Kotlin's infix calls bind less
     * than `+` and more than comparisons, Swift's `<<` and `&` more than `*`: operands are parenthesized unless atoms,
     * and the result is parenthesized inside arithmetic.
     */
    private fun bitwise(expression: KtBinaryExpression, operator: String): Code {
        val left = expr(expression.left)
        val right = expr(expression.right)
        fun atom(code: Code) = if (code.precedence < Precedence.PREFIX) "(${code.text})" else code.text
        val swift = mapOf("shl" to "<<", "shr" to ">>", "and" to "&", "or" to "|", "xor" to "^").getValue(operator)
        return Code("${atom(left)} $swift ${atom(right)}", Precedence.INFIX, left.throws || right.throws, numeric = left.numeric)
    }

    private fun widerNumber(a: String?, b: String?): String? {
        if (a == null || b == null || a == b) return null
        val order = listOf("Int", "Int64", "Float", "Double")
        if (a !in order || b !in order) return null
        return if (order.indexOf(a) > order.indexOf(b)) a else b
    }

    private fun kindOf(expression: KtExpression): String = when (expression) {
        is KtBinaryExpressionWithTypeRHS -> "the cast"
        is KtReturnExpression -> "the return"
        is org.jetbrains.kotlin.psi.KtLambdaExpression -> "the lambda"
        is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression -> "the safe call"
        is org.jetbrains.kotlin.psi.KtIsExpression -> "the type check"
        is org.jetbrains.kotlin.psi.KtPostfixExpression -> "the postfix operator in"
        else -> "the expression"
    }
}

/** The pattern of an onTransition listener's result that matches an invalid transition and binds it to `invalid`. */

/** Statements of a handler or listener body. */
class Body(private val porter: Porter, internal val scope: Scope) {

    private val types get() = porter.sealedTypes

    private fun expressions(scope: Scope = this.scope) = Expressions(porter, scope)

    /** Translates [statements]; with [returns], the last one is the closure's result. */
    fun statements(statements: List<KtExpression>, returns: Boolean): List<String> {
        val lines = mutableListOf<String>()
        // Locals of a known case whose fields are read: a `guard case let` after the declaration binds them.
        val cased = mutableListOf<Pair<Int, Binding>>()
        var skip = false
        statements.forEachIndexed { index, statement ->
            if (skip) {
                skip = false
                return@forEachIndexed
            }
            scope.statement = statement
            val guard = if (returns && index >= statements.size - 2) null else validNullCheck(statement, statements.getOrNull(index + 1))
            skip = guard != null
            val translated = guard ?: if (returns && index == statements.size - 1) tail(statement) else statement(statement)
            scope.statement = null
            lines.addAll(scope.hoisted)
            scope.hoisted.clear()
            if (translated.isNotEmpty()) {
                lines.add(translated[0] + porter.mark(statement))
                lines.addAll(translated.drop(1))
            }
            if (statement is KtProperty) scope.names[statement.name]?.takeIf { it.pattern != null }?.let { cased.add(lines.size to it) }
        }
        if (returns && statements.isEmpty()) throw IllegalStateException("empty handler")
        for ((at, local) in cased.reversed()) {
            val case = local.case ?: continue
            if (local.patternUsed.isEmpty()) continue
            val names = case.fields.map { field -> if (field.name in local.patternUsed) local.pattern!!.getValue(field.name) else "_" }
            lines.add(at, "guard case let .${case.swiftName}(${names.joinToString(", ")}) = ${local.swift} else { preconditionFailure() }")
        }
        // Code over several lines (a trailing closure) is indented with the statement it is in.
        return lines.flatMap { it.split('\n') }
    }

    private fun nested(expression: KtExpression?, returns: Boolean): List<String> {
        val inner = Body(porter, scope.child())
        val statements = if (expression is KtBlockExpression) expression.statements else listOfNotNull(expression)
        if (statements.isEmpty()) return if (returns) throw NotPorted(expression ?: throw IllegalStateException(), "an empty branch") else emptyList()
        return inner.statements(statements, returns).map { if (it.length == 0) "" else "    $it" }
    }

    private fun tail(statement: KtExpression): List<String> = when {
        handlerReturn(statement) != null -> tail(handlerReturn(statement)!!)
        statement is KtBinaryExpression && statement.operationReference.text == "?:" -> letOrElse(statement)
            ?: listOf("return " + expressions().expr(statement).tried(scope))
        else -> tailOf(statement)
    }

    /**
     * `value?.let { name -> … } ?: other` as a handler's result: `if let name = value { … } else { … }`. A handler's
     * result is never null, so Kotlin runs `other` exactly when the value is null.
     */
    private fun letOrElse(elvis: KtBinaryExpression): List<String>? {
        val safe = elvis.left as? org.jetbrains.kotlin.psi.KtSafeQualifiedExpression ?: return null
        val let = safe.selectorExpression as? KtCallExpression ?: return null
        if (let.calleeExpression?.text != "let" || let.valueArguments.size != 1) return null
        val lambda = let.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
        if (validLetOrElseSubject(safe) != null) return null
        val value = expressions().expr(safe.receiverExpression)
        val parameter = lambda.valueParameters.singleOrNull()?.name
        val bound = parameter ?: (safe.receiverExpression as? KtDotQualifiedExpression)?.selectorExpression?.text
            ?.takeIf { it.matches(Regex("[a-z][A-Za-z0-9]*")) && scope.lookup(it) == null } ?: "value"
        val inner = Body(porter, scope.child())
        inner.scope.names[parameter ?: "it"] = Binding(swiftIdentifier(bound), value.sealed, value.sealedCase,
            numeric = value.numeric?.removeSuffix("?"), auxiliary = value.auxiliary).also { it.used = true }
        val then = inner.statements(lambda.bodyExpression?.statements.orEmpty(), returns = true)
        val otherwise = nested(elvis.right, returns = true)
        return listOf("if let ${swiftIdentifier(bound)} = ${value.tried(scope)} {") + then.map { if (it.isEmpty()) "" else "    $it" } +
            listOf("} else {") + otherwise + listOf("}")
    }

    /** The value of `return@on value` in a handler or predicate (whose Swift closure returns it too); null otherwise. */
    private fun handlerReturn(statement: KtExpression): KtExpression? {
        val returned = statement as? KtReturnExpression ?: return null
        if (returned.getLabelName() == null || !scope.canThrow) return null
        return returned.returnedExpression
    }

    /**
     * `throw InvalidStateException("…")`: the Swift port stops with the exception's message, as for Kotlin's `error(…)`;
     * a warning says so, since Kotlin's caller could catch the exception.
     */
    private fun throwLines(statement: org.jetbrains.kotlin.psi.KtThrowExpression): List<String> {
        val thrown = statement.thrownExpression as? KtCallExpression ?: throw NotPorted(statement, "the throw of a value")
        val name = thrown.calleeExpression?.text ?: throw NotPorted(statement, "the throw")
        val message = thrown.valueArguments.firstOrNull()?.getArgumentExpression()?.let { expressions().expr(it) }
        val text = if (message != null && message.numeric == "String") message.text else if (message == null) "\"$name\"" else
            throw NotPorted(statement, "the throw of an exception without a message")
        porter.keptCall(statement, "`${Porter.short(statement)}` stops the Swift port with the exception's message " +
            "(preconditionFailure), where Kotlin throws an exception the code that sent the event could catch")
        return listOf("preconditionFailure(${text})")
    }

    /** `return value` in a function of a ported type: the same in Swift; null elsewhere. */
    private fun functionReturn(statement: KtExpression): List<String>? {
        val returned = statement as? KtReturnExpression ?: return null
        val function = scope.function ?: return null
        if (returned.getLabelName() != null) throw NotPorted(statement, "a labelled return")
        val value = returned.returnedExpression ?: return listOf("return")
        if (value is KtIfExpression || value is KtWhenExpression) return tailOf(value)
        return listOf("return " + expressions().expr(value, porter.sealedTypes.named(function.sealed)).tried(scope))
    }

    /** `(it as? Valid)?.…`: the transition cast, handled by the listener idioms. */
    private fun validLetOrElseSubject(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): KtExpression? {
        var receiver = safe.receiverExpression
        while (receiver is KtParenthesizedExpression) receiver = receiver.expression ?: return null
        return (receiver as? KtBinaryExpressionWithTypeRHS)?.takeIf { it.operationReference.text == "as?" }
    }

    private fun tailOf(statement: KtExpression): List<String> = when {
        statement is KtIfExpression -> ifLines(statement, returns = true)
        statement is KtWhenExpression -> whenLines(statement, returns = true)
        statement is KtProperty -> throw NotPorted(statement, "a declaration as the result")
        // `else -> error("…")` as a result: the call that stops is the statement; Swift returns nothing after it.
        statement is KtCallExpression && statement.calleeExpression?.text in setOf("error", "TODO") ->
            listOf(expressions().expr(statement).tried(scope))
        else -> listOf("return " + expressions().expr(statement, types.named(scope.function?.sealed)).tried(scope))
    }

    internal fun statement(statement: KtExpression): List<String> {
        // `null -> Unit` and `else -> {}`: a branch that does nothing.
        if (statement is KtNameReferenceExpression && statement.getReferencedName() == "Unit") return emptyList()
        functionReturn(statement)?.let { return it }
        // `return@onTransition` in a listener: the Swift closure returns.
        if (statement is KtReturnExpression && statement.getLabelName() != null && statement.returnedExpression == null && !scope.canThrow) {
            return listOf("return")
        }
        handlerReturn(statement)?.let { return tail(it) }
        if (statement is KtBinaryExpression && statement.operationReference.text == "?:") validLetOrElse(statement)?.let { return it }
        if (statement is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression) safeLet(statement)?.let { return it }
        holderCall(statement)?.let { return it }
        when (statement) {
            is org.jetbrains.kotlin.psi.KtThrowExpression -> return throwLines(statement)
            is KtProperty -> return property(statement)
            is org.jetbrains.kotlin.psi.KtDestructuringDeclaration -> return destructuring(statement)
            is KtIfExpression -> return ifLines(statement, returns = false)
            is KtWhenExpression -> return whenLines(statement, returns = false)
            // `count++` / `--count` as a statement: Swift's `+= 1`, on a local or on a property of the class.
            is org.jetbrains.kotlin.psi.KtUnaryExpression -> {
                val operator = statement.operationReference.text
                if (operator == "++" || operator == "--") {
                    val target = statement.baseExpression
                    val one = org.jetbrains.kotlin.psi.KtPsiFactory(statement.project).createExpression("1")
                    classPropertyAssignment(target, if (operator == "++") "+=" else "-=", one)?.let { return it }
                    val binding = (target as? KtNameReferenceExpression)?.let { scope.lookup(it.getReferencedName()) }
                        ?: throw NotPorted(statement, "the operator $operator")
                    binding.used = true
                    return listOf("${binding.swift} ${if (operator == "++") "+=" else "-="} 1")
                }
            }
            is KtBinaryExpression -> {
                val operator = statement.operationReference.text
                if (operator in setOf("=", "+=", "-=", "*=", "/=", "%=")) {
                    classPropertyAssignment(statement.left, operator, statement.right)?.let { return it }
                    val target = statement.left as? KtNameReferenceExpression ?: throw NotPorted(statement, "the assignment")
                    val binding = scope.lookup(target.getReferencedName()) ?: throw NotPorted(statement, "the assignment")
                    binding.used = true
                    val right = statement.right
                    if (right is KtWhenExpression && operator == "=") return whenValue(right, binding.swift, typed = false).first
                    val value = expressions().expr(statement.right, binding.type)
                    return listOf("${binding.swift} $operator ${value.tried(scope)}")
                }
            }
        }
        return listOf(expressions().expr(statement).tried(scope))
    }

    /**
     * An assignment to a property of the class that builds the machine (`attempts += 1`, `this@Game.highScore = …`), as
     * Kotlin handlers make: the same assignment on `context`, whose protocol declares the property settable. Null
     * when [target] is not such a property.
     */
    private fun classPropertyAssignment(target: KtExpression?, operator: String, value: KtExpression?): List<String>? {
        if (target is KtDotQualifiedExpression && target.selectorExpression?.text == "value" && operator == "=") {
            expressions().holderName(target.receiverExpression)?.let { return holderAssignment(it, value) }
        }
        val name = when {
            target is KtNameReferenceExpression && scope.lookup(target.getReferencedName()) == null -> target.getReferencedName()
            target is org.jetbrains.kotlin.psi.KtDotQualifiedExpression && target.receiverExpression is KtThisExpression &&
                (target.receiverExpression as KtThisExpression).getLabelName() != null ->
                (target.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
            // `counter.targetDose = …` where `val counter = this@Owner`.
            target is org.jetbrains.kotlin.psi.KtDotQualifiedExpression && target.receiverExpression is KtNameReferenceExpression &&
                scope.lookup(target.receiverExpression.text)?.collaborator == OWNER ->
                (target.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
            else -> null
        } ?: return null
        if (!porter.collaborators.isProperty(name)) return null
        val type = porter.collaborators.mutableProperty(name)
        val code = expressions().expr(value, porter.sealedTypes.named(type?.sealed))
        return listOf("context.${swiftIdentifier(name)} $operator ${code.tried(scope)}")
    }

    /** `_state.value = x`, `_state.postValue(x)`: the protocol's value of the holder, settable, set. */
    private fun holderAssignment(name: String, value: KtExpression?): List<String> {
        val type = porter.collaborators.mutableProperty(name)
        val member = porter.collaborators.holder(name)!!
        val code = expressions().expr(value, porter.sealedTypes.named(type?.sealed))
        return listOf("context.${swiftIdentifier(member.name)} = ${code.tried(scope)}")
    }

    /**
     * `_state.postValue(x)`, `_state.setValue(x)` (LiveData) or `_state.tryEmit(x)` (StateFlow, which always takes the
     * value) as a statement: the assignment of the value. Null for any other statement.
     */
    private fun holderCall(statement: KtExpression): List<String>? {
        val qualified = statement as? KtDotQualifiedExpression ?: return null
        val call = qualified.selectorExpression as? KtCallExpression ?: return null
        if (call.calleeExpression?.text !in setOf("postValue", "setValue", "tryEmit") || call.lambdaArguments.isNotEmpty()) return null
        val argument = call.valueArguments.singleOrNull()?.getArgumentExpression() ?: return null
        val name = expressions().holderName(qualified.receiverExpression) ?: return null
        return holderAssignment(name, argument)
    }

    private fun property(property: KtProperty): List<String> {
        val name = property.name ?: throw NotPorted(property, "the declaration")
        val initializer = property.initializer ?: throw NotPorted(property, "a declaration without a value")
        validTransitionGuard(name, initializer)?.let { return it }
        valueOrReturn(name, initializer, property.isVar)?.let { return it }
        if (property.typeReference != null) throw NotPorted(property, "a declaration with a type")
        val keyword = if (property.isVar) "var" else "let"
        if (initializer is KtWhenExpression) {
            val (lines, value) = whenValue(initializer, "$keyword $name", typed = true)
            declare(name, value, property.isVar)
            return lines
        }
        val value = expressions().expr(initializer)
        val transition = value.binding?.takeIf { it.kind != Kind.VALUE }
        if (transition != null && !property.isVar) {
            // `val invalid = it as StateMachine.Transition.Invalid`: another name for the transition.
            scope.names[name] = transition
            return emptyList()
        }
        if (value.collaborator == OWNER && !property.isVar) {
            // `val counter = this@Owner`: another name for `context`, whose members are read through it.
            scope.names[name] = Binding("context", null, null, numeric = value.numeric, collaborator = OWNER).also { it.used = true }
            return emptyList()
        }
        declare(name, value, property.isVar)
        // Swift would take a literal for an Int or a Double: `val discount = if (…) 2L else 1L` is an Int64.
        val literal = value.text.matches(Regex("(?:.* \\? )?-?[0-9][0-9_.]*(?: : -?[0-9][0-9_.]*)?"))
        val type = value.numeric?.takeIf { literal && (it == "Int64" || it == "Float") }?.let { ": $it" } ?: ""
        return listOf("$keyword $name$type = ${value.tried(scope)}")
    }

    /**
     * `val inverse = undoStack.lastOrNull() ?: return@on dontTransition()` (a handler's result, a listener's `return`, a
     * function's `return value`): Swift's `guard let`, whose else branch returns the same. Null for other declarations.
     */
    private fun valueOrReturn(name: String, initializer: KtExpression, isVar: Boolean): List<String>? {
        val elvis = deparenthesized(initializer) as? KtBinaryExpression ?: return null
        if (elvis.operationReference.text != "?:") return null
        val returned = deparenthesized(elvis.right) as? KtReturnExpression ?: return null
        val value = expressions().expr(elvis.left)
        val optional = value.numeric?.takeIf { it.endsWith("?") }
            ?: throw NotPorted(elvis, "the operator ?: on a value not known to be nullable in")
        val otherwise = statement(returned)
        val type = optional.dropLast(1)
        declare(name, Code(name, sealed = value.sealed ?: types.named(type), numeric = type,
            auxiliary = value.auxiliary ?: types.auxiliaryName(SwiftType(type, null)), collaborator = value.collaborator), isVar)
        return listOf("guard ${if (isVar) "var" else "let"} $name = ${value.tried(scope)} else {") + otherwise.map { "    $it" } + listOf("}")
    }

    /** A local: its type and, for a `let` of a known case with fields, the constants its fields are bound to when read. */
    private fun declare(name: String, value: Code, isVar: Boolean) {
        val binding = Binding(name, value.sealed, value.sealedCase, numeric = value.numeric, auxiliary = value.auxiliary,
            collaborator = value.collaborator)
        binding.used = true
        val case = value.sealedCase
        if (!isVar && case != null && case.fields.isNotEmpty()) {
            binding.pattern = case.fields.associate { it.name to name + it.name.replaceFirstChar { c -> c.uppercase() } }
        }
        scope.names[name] = binding
    }

    /** `val (a, b) = pair`: `let (a, b) = pair`, each name typed by the tuple's parts when they are known. */
    private fun destructuring(declaration: org.jetbrains.kotlin.psi.KtDestructuringDeclaration): List<String> {
        val initializer = declaration.initializer ?: throw NotPorted(declaration, "the expression")
        val value = expressions().expr(initializer)
        val entries = declaration.entries
        val parts = tupleParts(value.numeric)
        val case = value.sealedCase
        if ((parts == null || parts.size != entries.size) && value.sealed != null && case != null && entries.size <= case.fields.size) {
            // `val (speed, label) = this` of a case whose fields are known: its fields in the order its constructor
            // declares them (Kotlin's componentN), each name another name for the field's value.
            entries.forEachIndexed { index, entry ->
                val name = entry.name?.takeIf { it != "_" } ?: return@forEachIndexed
                val code = expressions().field(value, case.fields[index].name, declaration, null)
                scope.names[name] = Binding(code.text, code.sealed, code.sealedCase, numeric = code.numeric, auxiliary = code.auxiliary)
                    .also { it.used = true }
            }
            return emptyList()
        }
        if (parts == null || parts.size != entries.size) throw NotPorted(declaration, "the destructuring of a value that is not a Pair or Triple in")
        val names = entries.mapIndexed { index, entry ->
            val name = entry.name ?: "_"
            if (name == "_") return@mapIndexed "_"
            val type = porter.sealedTypes.named(parts[index])
            scope.names[name] = Binding(name, type, null, numeric = parts[index]).also { it.used = true }
            name
        }
        return listOf("${if (declaration.isVar) "var" else "let"} (${names.joinToString(", ")}) = ${value.tried(scope)}")
    }

    /**
     * `when` used as a value: `val x = when (…) { … }` is a Swift `switch` expression, a `when` without subject an `if`
     * expression. [head] comes before it (`let x`, `x =`); with [typed], the type the branches agree on is written after
     * it, and their cases are written `.case`. Returns the lines and what is known of the value.
     */
    private fun whenValue(expression: KtWhenExpression, head: String, typed: Boolean): Pair<List<String>, Code> {
        val values = mutableListOf<Code>()
        val valueLines = mutableListOf<Int>()
        val lines = if (expression.subjectExpression == null && expression.subjectVariable == null) {
            whenWithoutSubject(expression, returns = false, values = values, valueLines = valueLines)
        } else {
            whenLines(expression, returns = false, values = values, valueLines = valueLines)
        }.toMutableList()
        val sealed = values.map { it.sealed }.distinct().singleOrNull()
        val numerics = values.mapNotNull { it.numeric }.distinct()
        val numeric = numerics.singleOrNull()?.takeIf { sealed == null }
        val type = when {
            !typed -> null
            sealed != null -> sealed.name
            else -> numeric
        }
        if (sealed != null && typed) {
            // The type is written once, in the declaration: each branch names its case as `.case`.
            for (index in valueLines) {
                lines[index] = lines[index].replaceFirst(Regex("^(\\s*(try!? )?)${Regex.escape(sealed.name)}\\."), "$1.")
            }
        }
        val first = lines.indexOfFirst { it.startsWith("switch ") || it.startsWith("if ") }
        lines[first] = "$head${if (type != null) ": $type" else ""} = ${lines[first]}"
        val case = values.map { it.sealedCase }.distinct().singleOrNull()
        val auxiliary = values.map { it.auxiliary }.distinct().singleOrNull()
        return lines to Code("", sealed = sealed, sealedCase = case, numeric = numeric, auxiliary = auxiliary)
    }

    /** One branch of a `when` used as a value: its one expression. */
    private fun branchValue(expression: KtExpression?, values: MutableList<Code>, valueLines: MutableList<Int>, lines: List<String>): List<String> {
        val single = if (expression is KtBlockExpression) {
            expression.statements.singleOrNull() ?: throw NotPorted(expression, "a when branch with several statements used as a value:")
        } else {
            expression ?: throw IllegalStateException("a when branch without a value")
        }
        if (single is KtWhenExpression || single is KtIfExpression && single.`else` != null && single.then is KtBlockExpression) {
            throw NotPorted(single, "a when or if nested in a when used as a value:")
        }
        val code = Expressions(porter, scope.child()).expr(single)
        values.add(code)
        valueLines.add(lines.size)
        return listOf("    ${code.tried(scope)}")
    }

    /**
     * The idioms of onTransition listeners that keep valid transitions only:
     * `val valid = it as? StateMachine.Transition.Valid ?: return@onTransition`,
     * `val effect = (it as? Valid)?.sideEffect ?: return`, and either with `?: run { …; return@onTransition }`.
     */
    private fun validTransitionGuard(name: String, initializer: KtExpression): List<String>? {
        hardCast(name, initializer)?.let { return it }
        val elvis = initializer as? KtBinaryExpression ?: return null
        if (elvis.operationReference.text != "?:") return null
        val otherwise = elseOfGuard(elvis.right) ?: return null
        var left = elvis.left
        var property: String? = null
        if (left is org.jetbrains.kotlin.psi.KtSafeQualifiedExpression) {
            property = (left.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
            left = left.receiverExpression
        }
        while (left is KtParenthesizedExpression) left = left.expression
        val cast = left as? KtBinaryExpressionWithTypeRHS ?: return null
        if (cast.operationReference.text != "as?" || SealedTypes.lastSegment(cast.right) != "Valid") return null
        val subject = expressions().expr(cast.left)
        val binding = subject.binding
        if (binding == null || binding.kind != Kind.RESULT) throw NotPorted(cast, "the cast")
        if (property == null) {
            scope.names[name] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
            val lines = guardLines("guard case .success(let $name) = ${binding.swift} else", otherwise, cast.left, binding)
            // Past the guard Kotlin smart-casts the listener's result to the valid transition (`it.toState`).
            narrowToValid(scope, cast.left, name)
            return lines
        }
        val type = when (property) {
            "fromState", "toState" -> porter.state
            "event" -> porter.event
            "sideEffect" -> porter.sideEffect
            else -> throw NotPorted(elvis, "the transition property")
        }
        scope.names[name] = Binding(name, type, null).also { it.used = true }
        val optional = if (property == "sideEffect") ", let $name = valid.sideEffect" else ", case let $name = valid.$property"
        val lines = guardLines("guard case .success(let valid) = ${binding.swift}$optional else", otherwise, cast.left, binding)
        narrowToValid(scope, cast.left)
        return lines
    }

    /**
     * `val valid = it as StateMachine.Transition.Valid`: Kotlin's cast throws for an invalid transition; the Swift stops
     * there with a message, and `valid` is the valid transition. Null for other declarations.
     */
    private fun hardCast(name: String, initializer: KtExpression): List<String>? {
        val cast = deparenthesized(initializer) as? KtBinaryExpressionWithTypeRHS ?: return null
        if (cast.operationReference.text != "as" || SealedTypes.lastSegment(cast.right) != "Valid") return null
        val binding = expressions().expr(cast.left).binding
        if (binding == null || binding.kind != Kind.RESULT) return null
        binding.used = true
        scope.names[name] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
        narrowToValid(scope, cast.left, name)
        porter.keptCall(cast, "`${Porter.short(cast)}` stops the Swift port for an invalid transition (preconditionFailure), " +
            "where Kotlin's cast throws a ClassCastException")
        return listOf(
            "guard case .success(let $name) = ${binding.swift} else {",
            "    if case ${porter.invalidPattern} = ${binding.swift} {",
            "        preconditionFailure(\"the invalid transition \\(invalid) is not a Valid one (Kotlin's cast throws)\")",
            "    }",
            "    return",
            "}",
        )
    }

    /**
     * `val valid = it as? StateMachine.Transition.Valid` followed by `if (valid == null) { …; return@onTransition }`: the
     * same guard as `?: run { …; return@onTransition }`. Null for other statements.
     */
    private fun validNullCheck(statement: KtExpression, next: KtExpression?): List<String>? {
        val property = statement as? KtProperty ?: return null
        val name = property.name ?: return null
        val cast = deparenthesized(property.initializer) as? KtBinaryExpressionWithTypeRHS ?: return null
        if (cast.operationReference.text != "as?" || SealedTypes.lastSegment(cast.right) != "Valid" || property.typeReference != null) return null
        val check = next as? KtIfExpression ?: return null
        if (check.`else` != null) return null
        val condition = check.condition as? KtBinaryExpression ?: return null
        if (condition.operationReference.text != "==" || setOf(condition.left?.text, condition.right?.text) != setOf(name, "null")) return null
        val then = check.then
        val body = if (then is KtBlockExpression) then.statements else listOfNotNull(then)
        val last = body.lastOrNull() as? KtReturnExpression ?: return null
        if (last.returnedExpression != null) return null
        val result = expressions().expr(cast.left).binding ?: return null
        if (result.kind != Kind.RESULT) return null
        scope.names[name] = Binding(name, null, null, Kind.VALID_TRANSITION).also { it.used = true }
        val lines = guardLines("guard case .success(let $name) = ${result.swift} else", body.dropLast(1), cast.left, result)
        narrowToValid(scope, cast.left, name)
        return lines
    }

    /**
     * `(transition as? StateMachine.Transition.Valid)?.let { valid -> … } ?: run { … }` (or `?: expression`) as a
     * statement of an onTransition listener: the `let` body for a valid transition, the other side for an invalid one,
     * where the transition's `event` and `fromState` are the invalid transition's. Kotlin would also run the other side
     * when the `let` body's value is null, so its last statement must be a call of a function declared to return Unit.
     */
    private fun validLetOrElse(elvis: KtBinaryExpression): List<String>? {
        val safe = elvis.left as? org.jetbrains.kotlin.psi.KtSafeQualifiedExpression ?: return null
        val let = safe.selectorExpression as? KtCallExpression ?: return null
        if (let.calleeExpression?.text != "let") return null
        val lambda = let.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
        var receiver = safe.receiverExpression
        while (receiver is KtParenthesizedExpression) receiver = receiver.expression ?: return null
        val cast = receiver as? KtBinaryExpressionWithTypeRHS ?: return null
        if (cast.operationReference.text != "as?" || SealedTypes.lastSegment(cast.right) != "Valid") return null
        val result = expressions().expr(cast.left).binding ?: return null
        if (result.kind != Kind.RESULT) return null
        val statements = lambda.bodyExpression?.statements.orEmpty()
        if (!porter.returnsUnit(statements.lastOrNull())) {
            throw NotPorted(elvis, "the ?: after a ?.let whose value may be null (not a call of a Unit function) in")
        }
        result.used = true
        val valid = Body(porter, scope.child())
        valid.scope.names[lambda.valueParameters.singleOrNull()?.name ?: "it"] = Binding("valid", null, null, Kind.VALID_TRANSITION)
        val validLines = valid.statements(statements, returns = false)
        val right = elvis.right
        val runLambda = (right as? KtCallExpression)?.takeIf { it.calleeExpression?.text == "run" }
            ?.lambdaArguments?.singleOrNull()?.getLambdaExpression()
        val otherStatements = if (runLambda != null) runLambda.bodyExpression?.statements.orEmpty() else listOfNotNull(right)
        val invalid = Body(porter, scope.child())
        val invalidBinding = Binding("invalid", null, null, Kind.INVALID_TRANSITION)
        (cast.left as? KtNameReferenceExpression)?.getReferencedName()?.let { invalid.scope.names[it] = invalidBinding }
        val invalidLines = invalid.statements(otherStatements, returns = false)
        val head = if (invalidBinding.used) {
            "} else if case ${porter.invalidPattern} = ${result.swift} {"
        } else {
            "} else {"
        }
        return listOf("if case .success(let valid) = ${result.swift} {") + validLines.map { if (it.isEmpty()) "" else "    $it" } +
            listOf(head) + invalidLines.map { if (it.isEmpty()) "" else "    $it" } + listOf("}")
    }

    /**
     * `value?.let(function)` or `value?.let { name -> … }` as a statement: `if let name = value { … }` (the value of
     * `let` is not used, so this is the whole of its meaning).
     */
    private fun safeLet(safe: org.jetbrains.kotlin.psi.KtSafeQualifiedExpression): List<String>? {
        val let = safe.selectorExpression as? KtCallExpression ?: return null
        if (let.calleeExpression?.text != "let") return null
        val value = expressions().expr(safe.receiverExpression)
        val name = (safe.receiverExpression as? KtDotQualifiedExpression)?.selectorExpression?.text
            ?.takeIf { it.matches(Regex("[a-z][A-Za-z0-9]*")) && scope.lookup(it) == null } ?: "value"
        val lambda = let.lambdaArguments.singleOrNull()?.getLambdaExpression()
        val function = let.valueArguments.singleOrNull()?.getArgumentExpression()
        val inner = Body(porter, scope.child())
        val body: List<String>
        val bound: String
        when {
            lambda != null && let.valueArguments.size == 1 -> {
                bound = lambda.valueParameters.singleOrNull()?.name ?: name
                inner.scope.names[lambda.valueParameters.singleOrNull()?.name ?: "it"] =
                    Binding(bound, value.sealed, value.sealedCase).also { it.used = true }
                body = inner.statements(lambda.bodyExpression?.statements.orEmpty(), returns = false)
            }
            function is KtNameReferenceExpression && lambda == null -> {
                bound = name
                val callee = expressions().expr(function)
                if (callee.collaborator?.contains("->") != true) throw NotPorted(safe, "the safe call")
                body = listOf("${callee.text}($bound)")
            }
            function is org.jetbrains.kotlin.psi.KtCallableReferenceExpression && lambda == null -> {
                bound = name
                body = listOf(reference(function, bound, value.numeric?.removeSuffix("?") ?: value.sealed?.name ?: "Any"))
            }
            else -> return null
        }
        return listOf("if let $bound = ${value.tried(scope)} {") + body.map { if (it.isEmpty()) "" else "    $it" } + "}"
    }

    /**
     * A function reference called with [argument] (of Swift type [type]): `::record` a function of the class or the
     * file, `sink::onNext` a method of a collaborator (a requirement of its protocol when the files do not declare its
     * type).
     */
    private fun reference(function: org.jetbrains.kotlin.psi.KtCallableReferenceExpression, argument: String, type: String): String {
        val method = function.callableReference.getReferencedName()
        val receiver = function.receiverExpression
        val collaborators = porter.collaborators
        if (receiver == null) {
            if (!collaborators.isFunction(method) || scope.lookup(method) != null) throw NotPorted(function, "the function reference")
            collaborators.function(method)
            return porter.classFunctionCall(method, listOf(argument)) ?: "context.${swiftIdentifier(method)}($argument)"
        }
        val owner = expressions().expr(receiver)
        val protocol = owner.collaborator?.takeIf { it.startsWith("any ") }?.removePrefix("any ")
            ?: throw NotPorted(function, "the function reference")
        when {
            collaborators.isExternal(protocol) -> collaborators.externalMethod(protocol, method, listOf(null), listOf(type), null)
            collaborators.methodParameters(protocol, method)?.size != 1 -> throw NotPorted(function, "the function reference")
        }
        val base = if (owner.precedence < Precedence.ATOM) "(${owner.text})" else owner.text
        return "$base.${swiftIdentifier(method)}($argument)"
    }

    /** `return@onTransition` or `run { …; return@onTransition }`: the statements of a guard's else. */
    private fun elseOfGuard(expression: KtExpression?): List<KtExpression>? {
        if (expression is KtReturnExpression && expression.returnedExpression == null) return emptyList()
        // `?: throw …`, `?: run { …; throw … }`: the throw stops the port (`preconditionFailure`), so no return follows.
        if (expression is org.jetbrains.kotlin.psi.KtThrowExpression) return listOf(expression)
        val call = expression as? KtCallExpression ?: return null
        if (call.calleeExpression?.text != "run") return null
        val statements = call.lambdaArguments.singleOrNull()?.getLambdaExpression()?.bodyExpression?.statements ?: return null
        if (statements.lastOrNull() is org.jetbrains.kotlin.psi.KtThrowExpression) return statements
        val last = statements.lastOrNull() as? KtReturnExpression ?: return null
        if (last.returnedExpression != null) return null
        return statements.dropLast(1)
    }

    private fun guardLines(head: String, otherwise: List<KtExpression>, subject: KtExpression?, result: Binding): List<String> {
        if (otherwise.isEmpty()) return listOf("$head { return }")
        val inner = Body(porter, scope.child())
        // Where the transition is not valid, Kotlin reads it as the invalid one (`it.event`, `it.fromState`).
        val invalid = Binding("invalid", null, null, Kind.INVALID_TRANSITION)
        inner.scope.names[(subject as? KtNameReferenceExpression)?.getReferencedName() ?: "it"] = invalid
        val body = otherwise.flatMap { inner.statement(it) }
        if (invalid.used) {
            return listOf("$head {", "    if case ${porter.invalidPattern} = ${result.swift} {") + body.map { if (it.isEmpty()) "" else "        $it" } +
                listOf("    }", "    return", "}")
        }
        val stops = otherwise.lastOrNull() is org.jetbrains.kotlin.psi.KtThrowExpression
        return listOf("$head {") + body.map { "    $it" } + (if (stops) emptyList() else listOf("    return")) + listOf("}")
    }

    /**
     * The statements of a branch that runs when the transition is not valid, where the result's Kotlin name ([name])
     * is the invalid transition; and whether they read it.
     */
    private fun invalidBranch(expression: KtExpression?, name: String, returns: Boolean): Pair<List<String>, Boolean> {
        val inner = Body(porter, scope.child())
        val invalid = Binding("invalid", null, null, Kind.INVALID_TRANSITION)
        inner.scope.names[name] = invalid
        val statements = if (expression is KtBlockExpression) expression.statements else listOfNotNull(expression)
        return inner.statements(statements, returns).map { if (it.isEmpty()) "" else "    $it" } to invalid.used
    }

    /** `it is StateMachine.Transition.Valid` (or `!is`, or `is Invalid`) on an onTransition listener's result. */
    private fun resultCheck(condition: KtExpression?): Triple<Binding, Boolean, Boolean>? {
        val check = condition as? org.jetbrains.kotlin.psi.KtIsExpression ?: return null
        val segment = SealedTypes.lastSegment(check.typeReference)
        if (segment != "Valid" && segment != "Invalid") return null
        // `it as? Valid !is Valid` is `it !is Valid`.
        val left = deparenthesized(check.leftHandSide)
        val subject = (left as? KtBinaryExpressionWithTypeRHS)?.takeIf { it.operationReference.text == "as?" && SealedTypes.lastSegment(it.right) == segment }?.left
            ?: check.leftHandSide
        val binding = expressions().expr(subject).binding ?: return null
        if (binding.kind != Kind.RESULT) return null
        return Triple(binding, segment == "Valid", check.isNegated)
    }

    /**
     * Rebinds the result's Kotlin name in [subject] (`it`, or the `it` of `it is Valid`) to the valid transition,
     * Swift's [swift], in [target]: Kotlin's smart cast.
     */
    private fun narrowToValid(target: Scope, subject: KtExpression?, swift: String = "valid") {
        val left = (subject as? org.jetbrains.kotlin.psi.KtIsExpression)?.leftHandSide ?: subject
        val name = (left as? KtNameReferenceExpression)?.getReferencedName() ?: return
        target.names[name] = Binding(swift, null, null, Kind.VALID_TRANSITION)
    }

    /** The terms of a condition joined by `&&`, in order. */
    private fun conjunction(condition: KtExpression?): List<KtExpression> {
        val inner = deparenthesized(condition) ?: return emptyList()
        if (inner is KtBinaryExpression && inner.operationReference.text == "&&") return conjunction(inner.left) + conjunction(inner.right)
        return listOf(inner)
    }

    /**
     * `if (it is Valid && it.sideEffect is Display && …) { … (it.sideEffect as Display).text … }`: Swift's
     * `if case .success(let valid) = result, case let .display(text)? = valid.sideEffect, … {`, the body reading the
     * fields the patterns bind. Null for a condition without such a check among several terms.
     */
    private fun ifCaseLines(expression: KtIfExpression, returns: Boolean): List<String>? {
        val terms = conjunction(expression.condition)
        if (terms.size < 2) return null
        val inner = Body(porter, scope.child())
        val clauses = mutableListOf<String>()
        val patterns = mutableListOf<Triple<Int, Binding, Boolean>>()
        for (term in terms) {
            val check = if (clauses.isEmpty()) resultCheck(term) else null
            if (check != null && !check.third) {
                check.first.used = true
                clauses.add("case ${if (check.second) ".success(let valid)" else ".failure"} = ${check.first.swift}")
                if (check.second) narrowToValid(inner.scope, term)
                continue
            }
            val test = term as? org.jetbrains.kotlin.psi.KtIsExpression
            if (test != null && !test.isNegated) {
                val subject = Expressions(porter, inner.scope).expr(test.leftHandSide)
                val case = subject.sealed?.let { porter.casesOf(test.typeReference, it) }?.singleOrNull()
                if (case != null && case.fields.isNotEmpty() && !subject.throws) {
                    val binding = Binding(subject.text, subject.sealed, case)
                    binding.bound = case.fields.map { it.name }.toSet()
                    inner.scope.smartCasts[smartCastKey(test.leftHandSide)] = binding
                    patterns.add(Triple(clauses.size, binding, subject.numeric?.endsWith("?") == true || subject.text.endsWith(".sideEffect")))
                    clauses.add("")
                    continue
                }
            }
            clauses.add(Expressions(porter, inner.scope).expr(term).tried(inner.scope))
        }
        if (patterns.isEmpty() && clauses.none { it.startsWith("case ") }) return null
        val then = expression.then
        val body = inner.statements(if (then is KtBlockExpression) then.statements else listOfNotNull(then), returns)
        for ((index, binding, optional) in patterns) {
            val case = binding.case!!
            val names = case.fields.map { if (it.name in binding.boundRead) swiftIdentifier(it.name) else "_" }
            val pattern = if (names.all { it == "_" }) ".${case.swiftName}" else "let .${case.swiftName}(${names.joinToString(", ")})"
            clauses[index] = "case $pattern${if (optional) "?" else ""} = ${binding.swift}"
        }
        val lines = mutableListOf("if ${clauses.joinToString(", ")} {")
        lines.addAll(body.map { if (it.isEmpty()) "" else "    $it" })
        return lines + elseLines(expression, expression.`else`, returns)
    }

    /** The end of an `if`: `} else { … }` for [otherwise], then `}`; an `if` without else cannot be a result. */
    private fun elseLines(expression: KtIfExpression, otherwise: KtExpression?, returns: Boolean): List<String> {
        if (otherwise == null && returns) throw NotPorted(expression, "an if without else as the result")
        val lines = if (otherwise == null) mutableListOf() else mutableListOf("} else {") + nested(otherwise, returns)
        return lines + "}"
    }

    /**
     * `if (next != null) transitionTo(next) else …` on a local Swift knows to be optional: `if let next {`, where the
     * local is the value, as Kotlin smart-casts it. Null for other conditions.
     */
    private fun ifLetLines(expression: KtIfExpression, returns: Boolean): List<String>? {
        val condition = deparenthesized(expression.condition) as? KtBinaryExpression ?: return null
        if (condition.operationReference.text != "!=" || condition.right?.text != "null") return null
        val name = (condition.left as? KtNameReferenceExpression)?.getReferencedName() ?: return null
        val local = scope.lookup(name) ?: return null
        val optional = local.numeric?.takeIf { it.endsWith("?") } ?: return null
        if (local.kind != Kind.VALUE || local.collaborator != null) return null
        local.used = true
        val inner = Body(porter, scope.child())
        val type = optional.removeSuffix("?")
        inner.scope.names[name] = Binding(local.swift, local.type ?: types.named(type), local.case, numeric = type,
            auxiliary = local.auxiliary ?: types.auxiliaryName(SwiftType(type, null))).also { it.used = true }
        val then = expression.then
        val lines = mutableListOf("if let ${local.swift} {")
        lines.addAll(inner.statements(if (then is KtBlockExpression) then.statements else listOfNotNull(then), returns).map { if (it.isEmpty()) "" else "    $it" })
        return lines + elseLines(expression, expression.`else`, returns)
    }

    private fun ifLines(expression: KtIfExpression, returns: Boolean): List<String> {
        ifCaseLines(expression, returns)?.let { return it }
        ifLetLines(expression, returns)?.let { return it }
        resultCheck(expression.condition)?.let { (binding, valid, negated) ->
            binding.used = true
            val pattern = if (valid) ".success(let valid)" else ".failure"
            val then = expression.then
            val isReturn = then is KtReturnExpression || (then is KtBlockExpression && then.statements.singleOrNull() is KtReturnExpression)
            if (negated && expression.`else` == null && isReturn && !returns) {
                // `if (it !is Valid) return@onTransition`: a guard, and `it` is the valid transition afterwards.
                if (valid) narrowToValid(scope, expression.condition)
                return listOf("guard case $pattern = ${binding.swift} else { return }")
            }
            val subjectName = Regex("^[A-Za-z_][A-Za-z0-9_]*").find(
                ((expression.condition as org.jetbrains.kotlin.psi.KtIsExpression).leftHandSide.text).trim().removePrefix("("))?.value
            if (negated && valid && expression.`else` == null && !returns && subjectName != null) {
                // `if (it !is Valid) { … }` (or `it as? Valid !is Valid`): the body runs for an invalid transition, read as one.
                val (body, _) = invalidBranch(expression.then, subjectName, returns = false)
                return listOf("if case ${porter.invalidPattern} = ${binding.swift} {") + body + listOf("}")
            }
            if (!negated) {
                val inner = Body(porter, scope.child())
                if (valid) narrowToValid(inner.scope, expression.condition)
                val lines = mutableListOf("if case $pattern = ${binding.swift} {")
                val statements = if (then is KtBlockExpression) then.statements else listOfNotNull(then)
                lines.addAll(inner.statements(statements, returns).map { if (it.isEmpty()) "" else "    $it" })
                val otherwise = expression.`else`
                val name = ((expression.condition as org.jetbrains.kotlin.psi.KtIsExpression).leftHandSide as? KtNameReferenceExpression)?.getReferencedName()
                if (otherwise != null && valid && name != null) {
                    val (body, readsInvalid) = invalidBranch(otherwise, name, returns)
                    lines.add(if (readsInvalid) "} else if case ${porter.invalidPattern} = ${binding.swift} {" else "} else {")
                    lines.addAll(body)
                } else if (otherwise != null) {
                    lines.add("} else {")
                    lines.addAll(nested(otherwise, returns))
                }
                lines.add("}")
                return lines
            }
        }
        val lines = mutableListOf<String>()
        var current: KtIfExpression? = expression
        var keyword = "if"
        while (current != null) {
            val condition = expressions().expr(current.condition)
            lines.add("$keyword ${condition.tried(scope)} {")
            lines.addAll(nested(current.then, returns))
            val otherwise = current.`else`
            if (otherwise is KtIfExpression) {
                keyword = "} else if"
                current = otherwise
                continue
            }
            lines.addAll(elseLines(expression, otherwise, returns))
            current = null
        }
        return lines
    }

    /**
     * A `when` as a statement, as the result ([returns]), or as a value: with [values], each branch is one expression,
     * added to [values], its line's index to [valueLines].
     */
    private fun whenLines(
        expression: KtWhenExpression,
        returns: Boolean,
        values: MutableList<Code>? = null,
        valueLines: MutableList<Int> = mutableListOf()
    ): List<String> {
        val subjectExpression = expression.subjectExpression
        val lines = mutableListOf<String>()
        val subjectVariable = expression.subjectVariable
        val subject: Code
        if (subjectVariable != null) {
            // `when (val effect = valid.sideEffect)`: the value in a constant, then the switch over it.
            val name = subjectVariable.name ?: throw NotPorted(expression, "a when with a val subject")
            val value = expressions().expr(subjectVariable.initializer ?: throw NotPorted(expression, "a when with a val subject"))
            lines.add("let $name = ${value.tried(scope)}")
            val binding = Binding(name, value.sealed, value.sealedCase, numeric = value.numeric).also { it.used = true }
            scope.names[name] = binding
            subject = Code(name, sealed = value.sealed, sealedCase = value.sealedCase, binding = binding)
        } else {
            if (subjectExpression == null) return whenWithoutSubject(expression, returns)
            subject = expressions().expr(subjectExpression)
        }
        if (subject.binding?.kind == Kind.RESULT) {
            if (values != null) throw NotPorted(expression, "a when over a transition used as a value:")
            return resultWhen(expression, subject.binding, returns)
        }
        lines.add("switch ${subject.tried(scope)} {")
        var hasElse = false
        // The cases the branches name (`is X`, or `X` as a value), for a switch that needs no `default`.
        val named = mutableSetOf<Case>()
        // An optional subject (`valid.sideEffect`) is covered only with a `null` branch as well.
        var namesNil = subject.numeric?.endsWith("?") != true
        for (entry in expression.entries) {
            val narrowed = mutableListOf<Case>()
            var header = -1
            if (entry.isElse) {
                hasElse = true
                lines.add("default:")
            } else {
                val patterns = entry.conditions.map { condition ->
                    when (condition) {
                        is KtWhenConditionWithExpression -> {
                            val code = expressions().expr(condition.expression, subject.sealed)
                            if (code.throws) throw NotPorted(condition, "a when branch that reads a field")
                            if (code.sealed == subject.sealed) code.sealedCase?.takeIf { it.fields.isEmpty() }?.let { named.add(it) }
                            if (code.text == "nil") namesNil = true
                            code.text
                        }
                        is KtWhenConditionIsPattern -> {
                            val type = subject.sealed
                            val cases = type?.let { porter.casesOf(condition.typeReference, it) }
                            if (condition.isNegated || cases == null) throw NotPorted(condition, "the type check")
                            narrowed.addAll(cases)
                            named.addAll(cases)
                            cases.joinToString(", ") { ".${it.swiftName}" }
                        }
                        is org.jetbrains.kotlin.psi.KtWhenConditionInRange -> {
                            if (condition.isNegated) throw NotPorted(condition, "the when condition")
                            range(condition.rangeExpression ?: throw NotPorted(condition, "the when condition"))
                        }
                        else -> throw NotPorted(condition, "the when condition")
                    }
                }
                val single = narrowed.singleOrNull()
                if (single != null && single.fields.isNotEmpty() && patterns.size == 1 && subject.binding != null) {
                    // One case with fields: bind them in the pattern, so the branch reads them without a lookup; the
                    // pattern is written once the branch is, with `_` for the fields it does not read.
                    header = lines.size
                    lines.add("")
                } else {
                    lines.add("case ${patterns.joinToString(", ")}:")
                }
            }
            // Kotlin smart-casts the subject inside an `is` branch: its fields become readable.
            val binding = subject.binding
            val previous = binding?.case
            val previousBound = binding?.bound
            if (binding != null && narrowed.size == 1) {
                binding.case = narrowed[0]
                if (narrowed[0].fields.isNotEmpty() && entry.conditions.size == 1) binding.bound = narrowed[0].fields.map { it.name }.toSet()
            }
            val previousRead = binding?.boundRead?.toSet()
            binding?.boundRead?.clear()
            val body = if (values != null) branchValue(entry.expression, values, valueLines, lines) else nested(entry.expression, returns)
            if (header >= 0 && binding != null) {
                val single = narrowed[0]
                val read = single.fields.map { if (it.name in binding.boundRead) swiftIdentifier(it.name) else "_" }
                lines[header] = if (read.all { it == "_" }) "case .${single.swiftName}:" else "case let .${single.swiftName}(${read.joinToString(", ")}):"
            }
            if (binding != null) {
                binding.case = previous
                binding.bound = previousBound
                binding.boundRead.clear()
                previousRead?.let { binding.boundRead.addAll(it) }
            }
            lines.addAll(if (body.isEmpty()) listOf("    break") else body)
        }
        // A Kotlin `when` statement over a sealed subject is exhaustive when it names every case (Kotlin 1.7 and later
        // require it, `null` included); Swift warns about a `default` that can never run.
        val exhaustive = subject.sealed != null && named.containsAll(subject.sealed.cases) && namesNil
        if (!hasElse && !returns && values == null && !exhaustive) {
            lines.add("default:")
            lines.add("    break")
        }
        // A Kotlin `when` that returns is exhaustive over what the subject can be (a case, a nested sealed class);
        // the Swift switch is over the whole enum.
        val sealed = subject.sealed
        val covered = expression.entries.flatMap { entry ->
            entry.conditions.mapNotNull { (it as? KtWhenConditionIsPattern)?.let { c -> sealed?.let { porter.casesOf(c.typeReference, it) } } }.flatten()
        }.toSet() + named
        if (!hasElse && (returns || values != null) && sealed != null && !(covered.containsAll(sealed.cases) && namesNil)) {
            lines.add("default:")
            lines.add("    preconditionFailure(\"the Kotlin when covers every value the subject can have here\")")
        }
        lines.add("}")
        return lines
    }

    /** `a..b`, `a..<b`, `a until b` in a `when` branch: Swift's closed and half-open ranges as patterns. */
    private fun range(expression: KtExpression): String {
        val binary = expression as? KtBinaryExpression ?: throw NotPorted(expression, "the range")
        val operator = when (binary.operationReference.text) {
            ".." -> "..."
            "..<", "until" -> "..<"
            else -> throw NotPorted(expression, "the range")
        }
        val left = expressions().expr(binary.left)
        val right = expressions().expr(binary.right)
        if (left.throws || right.throws) throw NotPorted(expression, "a when branch that reads a field")
        fun atom(code: Code) = if (code.precedence < Precedence.PREFIX) "(${code.text})" else code.text
        return "${atom(left)}$operator${atom(right)}"
    }

    /** `when (it) { is Valid -> …; is Invalid -> … }` in an onTransition listener. */
    private fun resultWhen(expression: KtWhenExpression, result: Binding, returns: Boolean): List<String> {
        val lines = mutableListOf("switch ${result.swift} {")
        val name = (expression.subjectExpression as? KtNameReferenceExpression)?.getReferencedName() ?: "it"
        var readsInvalid = false
        var hasDefault = false
        for (entry in expression.entries) {
            val inner = Body(porter, scope.child())
            val segment = (entry.conditions.singleOrNull() as? KtWhenConditionIsPattern)?.let { SealedTypes.lastSegment(it.typeReference) }
            if (segment == "Invalid" && !(entry.conditions.single() as KtWhenConditionIsPattern).isNegated) {
                // The invalid transition, matched by its type: a handler's error is not one (Kotlin's listeners never see it).
                val (body, reads) = invalidBranch(entry.expression, name, returns)
                lines.add(if (reads) "case ${porter.invalidPattern}:" else "case .failure:")
                lines.addAll(if (body.isEmpty()) listOf("    break") else body)
                readsInvalid = readsInvalid || reads
                continue
            }
            if (entry.isElse) {
                hasDefault = true
                lines.add("default:")
            } else {
                val condition = entry.conditions.singleOrNull() as? KtWhenConditionIsPattern ?: throw NotPorted(entry, "the when branch")
                if (condition.isNegated || segment != "Valid") throw NotPorted(condition, "the when condition")
                lines.add("case .success(let valid):")
                inner.scope.names[name] = Binding("valid", null, null, Kind.VALID_TRANSITION)
            }
            val statements = entry.expression.let { if (it is KtBlockExpression) it.statements else listOfNotNull(it) }
            val body = inner.statements(statements, returns).map { if (it.isEmpty()) "" else "    $it" }
            lines.addAll(if (body.isEmpty()) listOf("    break") else body)
        }
        if (readsInvalid && !hasDefault) lines.addAll(listOf("case .failure:", "    break"))
        lines.add("}")
        return lines
    }

    private fun whenWithoutSubject(
        expression: KtWhenExpression,
        returns: Boolean,
        values: MutableList<Code>? = null,
        valueLines: MutableList<Int> = mutableListOf()
    ): List<String> {
        val lines = mutableListOf<String>()
        var hasElse = false
        expression.entries.forEachIndexed { index, entry ->
            if (entry.isElse) {
                hasElse = true
                if (index == 0 && values != null) throw NotPorted(expression, "a when with only else used as a value:")
                lines.add(if (index == 0) "do {" else "} else {")
            } else {
                val condition = entry.conditions.singleOrNull() as? KtWhenConditionWithExpression
                    ?: throw NotPorted(entry, "the when branch")
                val code = expressions().expr(condition.expression)
                lines.add("${if (index == 0) "if" else "} else if"} ${code.tried(scope)} {")
            }
            lines.addAll(if (values != null) branchValue(entry.expression, values, valueLines, lines) else nested(entry.expression, returns))
        }
        if (returns && !hasElse) throw NotPorted(expression, "a when without else as the result")
        if (values != null && !hasElse) throw NotPorted(expression, "a when without else used as a value:")
        lines.add("}")
        return lines
    }
}
