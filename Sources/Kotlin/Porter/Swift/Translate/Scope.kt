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
     * In a `when` branch that has narrowed an optional value to one case (`is PrintReceipt ->` over `valid.sideEffect`),
     * Kotlin's smart cast: the value read whole is `value!`, which the branch's pattern has already checked.
     */
    var unwrapped = false

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

    /**
     * A local of a Kotlin cast to one case (`val a = s as QuizState.Asking`), the type as Kotlin writes it: its `guard
     * case` is written even if no field is read, and stops the port where Kotlin's cast throws.
     */
    var castTo: String? = null

    /**
     * A handler's event of a group with an enum of its own ([type]) that Swift passes as the root's ([narrowedFrom]):
     * the closure reads it as the group's with `guard let`.
     */
    var narrowedFrom: SealedType? = null

    /** The fields read through [pattern], which the closure's `guard case let` binds. */
    val patternUsed = linkedSetOf<String>()
}

/**
 * The names of a body; [canThrow] is true in handlers and predicates, whose Swift closures return a value and may throw,
 * false in listeners. In an onTransition listener [listenerThrows] is true: its Swift closure returns nothing but may
 * throw (Spec/SPEC.md R39). In the body of a function of a ported type, [function] is what it returns
 * (`Void` for none), and `return` leaves the function.
 */
class Scope(
    val parent: Scope?,
    val receiver: Binding?,
    val it: Binding?,
    val canThrow: Boolean = true,
    val function: SwiftType? = null,
    val listenerThrows: Boolean = false,
) {
    /** Whether the Swift closure may throw: a handler's, a predicate's or an onTransition listener's. */
    val throwing: Boolean get() = canThrow || listenerThrows

    val names = mutableMapOf<String, Binding>()

    /** The statement of a body being translated, while it is: where an increment used as a value is hoisted to. */
    var statement: KtExpression? = null

    /** Lines that go before [statement]'s: `count += 1` for `Failed(++count)`. */
    val hoisted = mutableListOf<String>()

    fun lookup(name: String): Binding? = names[name] ?: parent?.lookup(name)
    fun child() = Scope(this, receiver, it, canThrow, function, listenerThrows)

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
    fun tried(scope: Scope): String = if (!throws) text else if (scope.throwing) "try $text" else "try! $text"
}

/** [expression] without the parentheses around it. */
fun deparenthesized(expression: KtExpression?): KtExpression? =
    if (expression is KtParenthesizedExpression) deparenthesized(expression.expression) else expression

/** The key of a smart cast: the checked value's Kotlin text without spaces or parentheses around it. */
fun smartCastKey(expression: KtExpression?): String = deparenthesized(expression)?.text?.replace(Regex("\\s"), "") ?: ""
