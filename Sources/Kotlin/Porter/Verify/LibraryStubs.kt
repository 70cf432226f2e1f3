package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.name.FqName
import org.jetbrains.kotlin.psi.KtAnnotationEntry
import org.jetbrains.kotlin.psi.KtDeclaration
import org.jetbrains.kotlin.psi.KtImportDirective
import org.jetbrains.kotlin.psi.KtPackageDirective
import org.jetbrains.kotlin.psi.KtSimpleNameExpression
import org.jetbrains.kotlin.psi.KtSuperTypeCallEntry
import org.jetbrains.kotlin.psi.KtSuperTypeEntry
import org.jetbrains.kotlin.psi.KtSuperTypeListEntry
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.psi.KtUserType
import org.jetbrains.kotlin.psi.KtValueArgument
import org.jetbrains.kotlin.lexer.KtTokens

/**
 * Stand-ins for what the files import from libraries the verification does not have (`android.os.Parcelable`,
 * `kotlinx.parcelize.Parcelize`, `javax.inject.Inject`), so that `--verify` can compile the original Kotlin.
 *
 * A name gets a stub only when every use of it is one that a declaration without members satisfies without changing
 * what the machine does:
 * - only annotations (`@Parcelize`, `@Inject constructor`, `@Named("x")`): an annotation class, with a parameter (and
 *   a default) for each argument the uses give;
 * - only supertypes without a constructor call (`: Parcelable`): an empty interface;
 * - only supertypes with an empty constructor call (`: ViewModel()`): an empty abstract class;
 * - only calls of its functions as statements (`Log.d(TAG, "…")`, `Timber.w(…)`) on an object the port makes a
 *   collaborator (`context.log`): an object whose functions take any arguments and write the call to the trace, as
 *   the Swift port's stub of that collaborator does, so that the logging is compared too;
 * - only calls of it as statements (`sLog("…")`), a function of a file or library not given that the port makes a
 *   requirement of `Collaborators`: a function that takes any arguments and does nothing, each call of it in the
 *   machine recorded (`Calls.record`) as the Swift owner's requirement records it;
 * and no supertype is stubbed when a declaration of the files overrides a member the compiler does not know.
 *
 * Any other use (a call whose result is used, a value of the type, `is Parcelable`, a type argument) leaves the name without a stub, and
 * the Kotlin does not compile, naming it: the verification never runs against a stand-in that could change what the
 * machine does. Only imported names are stubbed (a name written in full at its use is not).
 */
class LibraryStubs(
    private val sources: List<KotlinSource>,
    private val resolution: Resolution,
    /**
     * The objects the port makes collaborators of (`Log` → `context.log`), by Kotlin name: the Swift name its stub
     * writes calls under.
     */
    private val collaboratorObjects: Map<String, String> = emptyMap(),
    /**
     * The imported functions the port makes requirements of `Collaborators` (`sLog` → `com.example.util.sLog`), by
     * Kotlin name.
     */
    private val collaboratorFunctions: Map<String, String> = emptyMap(),
) {

    /** One stub: the declaration it stands in for and its Kotlin file. */
    class Stub(val name: FqName, val text: String)

    private enum class Use { ANNOTATION, INTERFACE, CLASS, CALL, FUNCTION, OTHER }

    /** An annotation's arguments at one use: the positional ones' types, and the named ones' names and types. */
    private class Arguments(val positional: List<String?>, val named: List<Pair<String, String?>>)

    private class Found(val name: FqName) {
        val uses = mutableListOf<Use>()
        val arguments = mutableListOf<Arguments>()
        /** The functions called on it as statements (`Log.d(…)`), for [Use.CALL]. */
        val functions = linkedSetOf<String>()
        val elements = mutableListOf<PsiElement>()
    }

    private val found: Map<FqName, Found> by lazy { collect() }

    /** Whether a declaration of the files overrides what the compiler does not know (a member of a supertype it lacks). */
    private val overridesUnknown: Boolean by lazy {
        sources.any { source ->
            PsiTreeUtil.collectElementsOfType(source.file, KtDeclaration::class.java)
                .any { it.hasModifier(KtTokens.OVERRIDE_KEYWORD) && resolution.overridesUnknown(it) }
        }
    }

    /** The stubs, by qualified name. */
    val stubs: List<Stub> by lazy {
        val (library, other) = found.values.sortedBy { it.name.asString() }.partition { standIn(it.name) != null }
        other.mapNotNull { stub(it) } + library.mapNotNull { standIn(it.name) }.distinct()
    }

    /**
     * The names the compiler could not resolve that no stub stands in for, each at its location (`Login.kt:12:5: Log`):
     * the other imports it could not resolve, and the first names of types and qualified expressions written in full.
     * scripts/port-verify compiles a job that has any apart from the others, whose stubs must not stand in for them.
     */
    val unresolved: List<String> by lazy {
        val stubbed = stubs.map { it.name }.toSet()
        val covered = found.values.filter { it.name in stubbed || standIn(it.name) != null }.flatMap { it.elements }
        sources.flatMap { source ->
            PsiTreeUtil.collectElementsOfType(source.file, KtSimpleNameExpression::class.java).filter { reference ->
                val parent = reference.parent
                val head = when {
                    parent is KtImportDirective -> true
                    parent is org.jetbrains.kotlin.psi.KtQualifiedExpression && PsiTreeUtil.getParentOfType(reference, KtImportDirective::class.java) != null ->
                        parent.selectorExpression == reference && parent.parent is KtImportDirective
                    PsiTreeUtil.getParentOfType(reference, KtImportDirective::class.java, KtPackageDirective::class.java) != null -> false
                    parent is KtUserType -> parent.qualifier == null
                    parent is org.jetbrains.kotlin.psi.KtDotQualifiedExpression -> parent.receiverExpression == reference
                    else -> false
                }
                head && resolution.target(reference) == null && covered.none { PsiTreeUtil.isAncestor(it, reference, false) }
            }.map { "${source.location(it)}: ${it.getReferencedName()}" }
        }
    }

    private fun collect(): Map<FqName, Found> {
        val found = linkedMapOf<FqName, Found>()
        for (source in sources) {
            // The imports the compiler could not resolve, by the name the file uses.
            val imports = mutableMapOf<String, Found>()
            for (directive in source.file.importDirectives) {
                val name = directive.importedFqName ?: continue
                if (directive.isAllUnder) continue
                // The compiler binds an import's last name to what it imports, unless it could not resolve it.
                val last = (directive.importedReference as? org.jetbrains.kotlin.psi.KtQualifiedExpression)?.selectorExpression
                    ?: directive.importedReference
                if (last !is KtSimpleNameExpression || resolution.target(last) != null) continue
                val local = directive.aliasName ?: name.shortName().asString()
                imports[local] = found.getOrPut(name) { Found(name) }.also { it.elements.add(directive) }
            }
            if (imports.isEmpty()) continue
            PsiTreeUtil.collectElementsOfType(source.file, KtSimpleNameExpression::class.java).forEach { reference ->
                val entry = imports[reference.getReferencedName()] ?: return@forEach
                if (PsiTreeUtil.getParentOfType(reference, KtImportDirective::class.java, KtPackageDirective::class.java) != null) return@forEach
                if (resolution.target(reference) != null) return@forEach   // a declaration of the files with that name
                entry.elements.add(reference)
                entry.uses.add(use(reference, entry))
            }
        }
        return found
    }

    /** How [reference] uses its name; the arguments of an annotation go into [entry]. */
    private fun use(reference: KtSimpleNameExpression, entry: Found): Use {
        // `Log.d(TAG, "text")` as a statement, on an object the port makes a collaborator: its calls are traced.
        val qualified = reference.parent as? org.jetbrains.kotlin.psi.KtDotQualifiedExpression
        if (qualified != null && qualified.receiverExpression == reference) {
            val call = qualified.selectorExpression as? org.jetbrains.kotlin.psi.KtCallExpression ?: return Use.OTHER
            val function = call.calleeExpression?.text ?: return Use.OTHER
            if (!isStatement(qualified) || call.typeArgumentList != null) return Use.OTHER
            if (reference.getReferencedName() !in collaboratorObjects) return Use.OTHER
            entry.functions.add(function)
            return Use.CALL
        }
        // `sLog("…")`: the callee of a call, of a function the port takes from its owner.
        val call = reference.parent as? org.jetbrains.kotlin.psi.KtCallExpression
        if (call != null && call.calleeExpression == reference) {
            return if (collaboratorFunctions[reference.getReferencedName()] == entry.name.asString() && isStatement(call)) Use.FUNCTION else Use.OTHER
        }
        // The name alone, as a whole type (`Parcelable`, not `Parcelable.Creator` nor `Foo<Parcelable>`'s argument).
        val userType = reference.parent as? KtUserType ?: return Use.OTHER
        if (userType.qualifier != null || userType.typeArgumentList != null) return Use.OTHER
        val typeReference = userType.parent as? KtTypeReference ?: return Use.OTHER
        val annotation = PsiTreeUtil.getParentOfType(typeReference, KtAnnotationEntry::class.java)
        if (annotation != null && annotation.typeReference == typeReference) {
            if (annotation.typeArgumentList != null) return Use.OTHER
            val positional = mutableListOf<String?>()
            val named = mutableListOf<Pair<String, String?>>()
            for (argument in annotation.valueArguments) {
                val type = argumentType(argument as? KtValueArgument ?: return Use.OTHER)
                val name = argument.getArgumentName()?.asName?.asString()
                if (name != null) named.add(name to type) else positional.add(type)
            }
            entry.arguments.add(Arguments(positional, named))
            return Use.ANNOTATION
        }
        val superType = PsiTreeUtil.getParentOfType(typeReference, KtSuperTypeListEntry::class.java) ?: return Use.OTHER
        if (superType.typeReference != typeReference) return Use.OTHER
        // A member of a stand-in overridden, by the class or a subclass: the stand-in has none, so it could not stand in.
        if (overridesUnknown) return Use.OTHER
        return when (superType) {
            is KtSuperTypeCallEntry -> if (superType.valueArguments.isEmpty() && superType.lambdaArguments.isEmpty()) Use.CLASS else Use.OTHER
            is KtSuperTypeEntry -> Use.INTERFACE
            else -> Use.OTHER   // `: Foo by foo`
        }
    }

    /**
     * Whether [expression]'s value is not used: a statement of a block, or a branch of a `when` or an `if` that is one
     * (`ParcelLockerEffect.Unlock -> Log.d("locker", "unlock")` in a listener's `when`).
     */
    private fun isStatement(expression: org.jetbrains.kotlin.psi.KtExpression): Boolean = when (val parent = expression.parent) {
        is org.jetbrains.kotlin.psi.KtBlockExpression -> true
        is org.jetbrains.kotlin.psi.KtWhenEntry -> (parent.parent as? org.jetbrains.kotlin.psi.KtWhenExpression)?.let(::isStatement) == true
        is org.jetbrains.kotlin.psi.KtContainerNodeForControlStructureBody ->
            (parent.parent as? org.jetbrains.kotlin.psi.KtIfExpression)?.let(::isStatement) == true
        else -> false
    }

    /** The Kotlin type of an annotation's argument, when it is a constant of a type an annotation parameter may have. */
    private fun argumentType(argument: KtValueArgument): String? {
        if (argument.getSpreadElement() != null) return null
        val expression = argument.getArgumentExpression() ?: return null
        val type = resolution.type(expression) ?: return null
        val name = Resolution.classOf(type)?.asString() ?: return null
        return when (name) {
            "kotlin.String", "kotlin.Int", "kotlin.Long", "kotlin.Boolean", "kotlin.Double", "kotlin.Float", "kotlin.Char",
            "kotlin.Short", "kotlin.Byte" -> name
            "kotlin.reflect.KClass" -> "kotlin.reflect.KClass<*>"
            else -> null
        }
    }

    private fun stub(found: Found): Stub? {
        val name = found.name
        val segments = name.pathSegments().map { it.asString() }
        // A package we can tell (no segment but the last capitalized: `Outer.Inner` may be a nested class), and not
        // one of the JDK's, which the JVM keeps to itself.
        if (segments.size < 2 || segments.dropLast(1).any { it.first().isUpperCase() }) return null
        if (segments.first() == "java") return null
        if (found.uses.isEmpty() || found.uses.distinct().size != 1) return null
        val simple = segments.last()
        val declaration = when (found.uses.first()) {
            Use.ANNOTATION -> annotation(simple, found.arguments) ?: return null
            Use.INTERFACE -> "interface $simple"
            Use.CLASS -> "abstract class $simple"
            Use.CALL -> {
                // The trace name is the Swift collaborator's, whose stub writes the same calls (`call log.d(…)`).
                val property = collaboratorObjects[simple] ?: return null
                "object $simple {\n" + found.functions.joinToString("") { function ->
                    "    fun $function(vararg arguments: Any?) {\n" +
                        "        com.statemachine.verify.Calls.trace?.call(\"$property.$function\", arguments.toList())\n    }\n"
                } + "}"
            }
            Use.FUNCTION -> "fun $simple(@Suppress(\"UNUSED_PARAMETER\") vararg arguments: Any?) {}"
            Use.OTHER -> return null
        }
        val what = when (found.uses.first()) {
            Use.ANNOTATION -> "only as an annotation"
            Use.CALL -> "only to call its functions as statements, which the trace records as the Swift port's stub does"
            Use.FUNCTION -> "only in calls as statements, which the machine's copy records as the Swift port's owner does"
            else -> "only as a supertype whose members they neither call nor override"
        }
        val text = "// A stand-in for --verify: the files use ${name.asString()} $what.\n" +
            "package ${name.parent().asString()}\n\n$declaration\n"
        return Stub(name, text)
    }

    /** An annotation class whose parameters take every use's arguments, or null when no one class could. */
    private fun annotation(simple: String, uses: List<Arguments>): String? {
        val header = "@Target(\n${ANNOTATION_TARGETS.joinToString("") { "    AnnotationTarget.$it,\n" }})\n" +
            "@Retention(AnnotationRetention.SOURCE)\n"
        if (uses.all { it.positional.isEmpty() && it.named.isEmpty() }) return "${header}annotation class $simple"
        // Several positional arguments at a use (`@Names("a", "b")`): one vararg parameter of their one type.
        if (uses.any { it.positional.size > 1 }) {
            if (uses.any { it.named.isNotEmpty() }) return null
            val types = uses.flatMap { it.positional }.distinct()
            val type = types.singleOrNull() ?: return null
            if (type.startsWith("kotlin.reflect.KClass")) return null
            return "${header}annotation class $simple(vararg val value: $type)"
        }
        val parameters = linkedMapOf<String, String>()
        for (use in uses) {
            val given = use.positional.map { "value" to it } + use.named
            for ((parameter, type) in given) {
                type ?: return null
                if (parameters.getOrPut(parameter) { type } != type) return null
            }
        }
        return "${header}annotation class $simple(" +
            parameters.entries.joinToString(", ") { (parameter, type) -> "val $parameter: $type = ${DEFAULTS.getValue(type)}" } + ")"
    }

    /** The stand-in of a library that declares [name], when there is one ([STAND_INS]). */
    private fun standIn(name: FqName): Stub? = STAND_INS.firstOrNull { name.parent() == it.name.parent() && name.shortName().asString() in it.names }?.stub

    /** A part of a library written anew for the verification, with the names it declares. */
    private class StandIn(val name: FqName, val names: Set<String>, text: String) {
        val stub = Stub(name, text.trimIndent() + "\n")
    }

    companion object {
        /**
         * Parts of libraries that machines use and a few lines keep as the library behaves, for the synchronous use a
         * machine makes of them: the value of a `StateFlow` (`_state.value = valid.toState`) or of a `LiveData`, which
         * view models publish their state through. What else the files use of such a library (`collect`, `emit`, a scope) is not
         * here: the Kotlin does not compile, naming it.
         */
        private val STAND_INS = listOf(
            StandIn(
                FqName("kotlinx.coroutines.flow.StateFlow"),
                setOf("StateFlow", "MutableStateFlow", "asStateFlow", "update", "getAndUpdate", "updateAndGet"),
                """
                // A stand-in for --verify: the value of kotlinx.coroutines' StateFlow, which the files use and the
                // verification's libraries lack. Reading, setting and updating the value behave as the library's do.
                package kotlinx.coroutines.flow

                interface StateFlow<out T> {
                    val value: T
                }

                interface MutableStateFlow<T> : StateFlow<T> {
                    override var value: T
                    fun compareAndSet(expect: T, update: T): Boolean
                }

                @Suppress("FunctionName")
                fun <T> MutableStateFlow(value: T): MutableStateFlow<T> = object : MutableStateFlow<T> {
                    override var value: T = value

                    override fun compareAndSet(expect: T, update: T): Boolean {
                        if (this.value != expect) return false
                        this.value = update
                        return true
                    }
                }

                fun <T> MutableStateFlow<T>.asStateFlow(): StateFlow<T> = object : StateFlow<T> {
                    override val value: T get() = this@asStateFlow.value
                }

                inline fun <T> MutableStateFlow<T>.update(function: (T) -> T) {
                    value = function(value)
                }

                inline fun <T> MutableStateFlow<T>.getAndUpdate(function: (T) -> T): T {
                    val previous = value
                    value = function(previous)
                    return previous
                }

                inline fun <T> MutableStateFlow<T>.updateAndGet(function: (T) -> T): T {
                    value = function(value)
                    return value
                }
                """,
            ),
            StandIn(
                FqName("androidx.lifecycle.LiveData"),
                setOf("LiveData", "MutableLiveData"),
                """
                // A stand-in for --verify: the value of androidx's LiveData, which the files use and the verification's
                // libraries lack. Reading and setting the value behave as the library's do on the main thread (its
                // `postValue`, which hands the value to the main thread later, is not here).
                package androidx.lifecycle

                open class LiveData<T>(value: T? = null) {
                    open var value: T? = value
                        protected set
                }

                open class MutableLiveData<T>(value: T? = null) : LiveData<T>(value) {
                    public override var value: T?
                        get() = super.value
                        public set(value) { super.value = value }
                }
                """,
            ),
        )

        private val ANNOTATION_TARGETS = listOf(
            "CLASS", "ANNOTATION_CLASS", "PROPERTY", "FIELD", "LOCAL_VARIABLE", "VALUE_PARAMETER", "CONSTRUCTOR", "FUNCTION",
            "PROPERTY_GETTER", "PROPERTY_SETTER", "TYPE", "EXPRESSION", "FILE", "TYPEALIAS", "TYPE_PARAMETER",
        )
        private val DEFAULTS = mapOf(
            "kotlin.String" to "\"\"", "kotlin.Int" to "0", "kotlin.Long" to "0L", "kotlin.Boolean" to "false",
            "kotlin.Double" to "0.0", "kotlin.Float" to "0f", "kotlin.Char" to "' '", "kotlin.Short" to "0",
            "kotlin.Byte" to "0", "kotlin.reflect.KClass<*>" to "Any::class",
        )

        /**
         * Writes [stubs] into [plan]`/stubs`, each as `<qualified name>.kt`, and the names
         * no stub stands in for into [plan]`/unresolved.txt`.
         */
        fun write(stubs: LibraryStubs, plan: java.io.File) {
            val folder = java.io.File(plan, "stubs").also { it.deleteRecursively(); it.mkdirs() }
            for (stub in stubs.stubs) java.io.File(folder, "${stub.name.asString()}.kt").writeText(stub.text)
            java.io.File(plan, "unresolved.txt").writeText(stubs.unresolved.joinToString("") { "$it\n" })
        }
    }
}
