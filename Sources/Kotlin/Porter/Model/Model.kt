package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.lexer.KtTokens
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtNullableType
import org.jetbrains.kotlin.psi.KtObjectDeclaration
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.psi.KtUserType
import org.jetbrains.kotlin.psi.psiUtil.containingClassOrObject

/** A Kotlin sealed class or sealed interface, ported to a Swift enum of the same name. */
class SealedType(val name: String, val declaration: PsiElement) {
    val cases = mutableListOf<Case>()

    /** For a group of cases with a Swift enum of its own (`EditorEvent.TextEdit`): the enum it is nested in. */
    var parent: SealedType? = null

    /** The groups of this type that the files use as a type, by Kotlin name: each an enum of its own, nested in this one. */
    val groupTypes = linkedMapOf<String, SealedType>()

    /** The name of its Swift declaration: a nested group's without the enum it is in. */
    val declaredName: String get() = name.substringAfterLast('.')

    /** Properties of the sealed base class's constructor (`sealed class TripState(val title: String)`). */
    val baseProperties: List<org.jetbrains.kotlin.psi.KtParameter>
        get() = (declaration as? KtClass)?.primaryConstructorParameters.orEmpty().filter { it.hasValOrVar() }

    /**
     * Properties the base class declares in its body and its cases give values of their own (`abstract val title:
     * String`, `open val terminal: Boolean = false`), each case's value from its override, its constructor field of
     * that name, or the base's default: read on a value whose case is not known (`state.document` in a listener).
     */
    val memberProperties: List<org.jetbrains.kotlin.psi.KtProperty>
        get() = (declaration as? KtClassOrObject)?.declarations.orEmpty().filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>()
            .filter { property -> property.typeReference != null }

    /**
     * [memberProperties] with all the cases, then the properties groups declare (`abstract val force: Int` of
     * `abstract class Press : Pedal()`) with the cases under them; one per name.
     */
    val sharedMembers: List<Pair<org.jetbrains.kotlin.psi.KtProperty, List<Case>>>
        get() {
            val names = memberProperties.map { it.name }.toMutableSet()
            // A group with an enum of its own declares its properties there.
            val grouped = groupDeclarations.filterKeys { it !in groupTypes }.flatMap { (group, declaration) ->
                declaration.declarations.filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>().filter { it.typeReference != null }
                    .map { it to groups[group].orEmpty().toList() }
            }.filter { names.add(it.first.name) }
            return memberProperties.map { it to cases.toList() } + grouped
        }

    /**
     * The constructor properties of the groups (`sealed class Timeout(val sideEffect: SideEffect) : Event()`, whose
     * cases pass their values: `object Attack : Timeout(SideEffect.Attack)`), each with its group's name and the cases
     * under it; none of a group with an enum of its own or of a name the base class has. Two groups may each declare
     * one of the same name (`Timeout(val sideEffect: …)`, `Completed(val sideEffect: …)`): see [groupProperty].
     */
    val groupConstructorProperties: List<Triple<org.jetbrains.kotlin.psi.KtParameter, String, List<Case>>>
        get() {
            val names = (baseProperties.mapNotNull { it.name } + sharedMembers.mapNotNull { it.first.name }).toSet()
            return groupDeclarations.filterKeys { it !in groupTypes }.flatMap { (group, declaration) ->
                (declaration as? KtClass)?.primaryConstructorParameters.orEmpty().filter { it.hasValOrVar() && it.typeReference != null }
                    .map { Triple(it, group, groups[group].orEmpty().toList()) }
            }.filter { it.first.name !in names }
        }

    /**
     * The groups' constructor property named [name], one property of the enum for the cases of every group that
     * declares it; null when none does, or when two declare it with different types (the port has no one type for it).
     */
    fun groupProperty(name: String): org.jetbrains.kotlin.psi.KtParameter? {
        val declared = groupConstructorProperties.filter { it.first.name == name }.map { it.first }
        return declared.firstOrNull()?.takeIf { first -> declared.all { it.typeReference?.text == first.typeReference?.text } }
    }

    /** The base class's property named [name]: a constructor property, one of [sharedMembers] or of [groupConstructorProperties]. */
    fun sharedProperty(name: String): org.jetbrains.kotlin.psi.KtCallableDeclaration? =
        baseProperties.firstOrNull { it.name == name } ?: sharedMembers.firstOrNull { it.first.name == name }?.first
            ?: groupProperty(name)

    /** Nested sealed classes (`sealed class Timeout : Event()`): their name and every case under them. */
    val groups = linkedMapOf<String, MutableList<Case>>()

    /** The Kotlin declarations of [groups], where the functions they declare for their cases are. */
    val groupDeclarations = linkedMapOf<String, KtClassOrObject>()

    /** The groups [case] is under, the innermost first. */
    fun groupsOf(case: Case): List<String> = groups.filterValues { case in it }.entries.sortedBy { it.value.size }.map { it.key }

    fun case(kotlinName: String): Case? = cases.firstOrNull { it.kotlinName == kotlinName }

    /**
     * The cases the class [fqName] stands for, as the compiler resolved a name to it: the type itself (every case),
     * one case, or a nested sealed class (its cases); null when it is none of them.
     */
    fun casesDeclaredAs(fqName: org.jetbrains.kotlin.name.FqName): List<Case>? {
        if ((declaration as? KtClassOrObject)?.fqName == fqName) return cases.toList()
        cases.firstOrNull { it.declaration?.fqName == fqName }?.let { return listOf(it) }
        val group = groupDeclarations.entries.firstOrNull { it.value.fqName == fqName } ?: return null
        return groups[group.key]?.toList()
    }

    /** The name of the nested sealed class [fqName], when it is one of this type's groups. */
    fun groupDeclaredAs(fqName: org.jetbrains.kotlin.name.FqName): String? =
        groupDeclarations.entries.firstOrNull { it.value.fqName == fqName }?.key

    /** The cases a type name stands for: one case, or every case of a nested sealed class. */
    fun casesNamed(kotlinName: String): List<Case>? = case(kotlinName)?.let { listOf(it) } ?: groups[kotlinName]

    val hasPayloads: Boolean get() = cases.any { it.fields.isNotEmpty() }

    /** Whether this is an `enum class` the machine takes as its State, Event or SideEffect type: its cases are constants. */
    val isEnumClass: Boolean get() = (declaration as? KtClass)?.isEnum() == true


    /** The type of a field named [field], when the cases that have it agree (or the one [case] has). */
    fun fieldType(field: String, case: Case?): SwiftType? {
        case?.fields?.firstOrNull { it.name == field }?.let { return it.type }
        if (case != null) return null
        val types = cases.flatMap { it.fields }.filter { it.name == field }.map { it.type.swift }.distinct()
        return if (types.size == 1) cases.flatMap { it.fields }.first { it.name == field }.type else null
    }
}

/** One subclass: `object Solid : State()` or `data class Locked(val credit: Int) : State()`. */
class Case(val kotlinName: String, val fields: List<Field>, swiftBase: String = kotlinName) {
    /** The Kotlin subclass, where its overrides are. */
    var declaration: KtClassOrObject? = null

    /**
     * The arguments the subclass gives its sealed base class's constructor: `TripState("On your way")`; null when the
     * porter cannot tell them (a group between them passes on its own constructor's parameters).
     */
    var superArguments: List<KtExpression?>? = emptyList()

    /** The spec's naming rule: the Kotlin class name with its first letter lower-cased. */
    val swiftName: String = swiftIdentifier(swiftBase.substring(0, 1).lowercase() + swiftBase.substring(1))
}

/** The element types of a Swift tuple type, `(A, B)` → [A, B]; null for any other type. */
fun tupleParts(swift: String?): List<String>? {
    if (swift == null || !swift.startsWith("(") || !swift.endsWith(")")) return null
    val parts = mutableListOf<String>()
    var depth = 0
    var start = 1
    for (index in 1 until swift.length - 1) {
        when (swift[index]) {
            '(', '[', '<' -> depth++
            ')', ']', '>' -> depth--
            ',' -> if (depth == 0) {
                parts.add(swift.substring(start, index).trim())
                start = index + 1
            }
        }
    }
    parts.add(swift.substring(start, swift.length - 1).trim())
    return parts.takeIf { it.size >= 2 && it.none(String::isEmpty) }
}

class Field(val name: String, val type: SwiftType, val default: KtExpression? = null)

/**
 * A Swift type written for a Kotlin field type; [sealed] names the sealed type it refers to. [kotlinTime]: the Swift
 * `Duration`s in it are `kotlin.time.Duration`s, which Kotlin writes as text otherwise than `java.time.Duration`s.
 */
class SwiftType(val swift: String, val sealed: String?, val codable: Boolean = true, val kotlinTime: Boolean = false) {
    fun refersTo(typeName: String) = sealed == typeName
}

/**
 * A type a payload uses besides the sealed hierarchies: an `enum class` (a Swift enum), a `data class` or a
 * `value class` (a Swift struct), or a type the porter does not know (an empty struct for the user to fill in).
 */
class AuxiliaryType(
    val name: String,
    val inferred: Boolean = false,
    /** A type of a library or a file not given that the owner supplies: an associated type of `Collaborators` ([OpaqueType]). */
    val opaque: OpaqueType? = null,
    private val declaration: () -> List<String>,
) {
    constructor(name: String, lines: List<String>) : this(name, false, null, { lines })

    /**
     * Its Swift declaration, written when the port is: a struct's conformances depend on every type of the port
     * (`Codable` when all it holds is; `Hashable` when it is a set element or a map key).
     */
    val lines: List<String> get() = declaration()
}

private val swiftKeywords = setOf(
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "protocol", "public", "static", "struct", "subscript",
    "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
    "rethrows", "super", "self", "Self", "throw", "throws", "true", "try"
)

val swiftKeywordNames: Set<String> get() = swiftKeywords

/**
 * [name] as a Swift identifier: a keyword in backticks (`` `default` ``); a Kotlin name Swift cannot spell (a backticked
 * `` `reset all` ``) in camel case (`resetAll`), the same at every use.
 */
fun swiftIdentifier(name: String): String {
    if (name in swiftKeywords) return "`$name`"
    if (name.isEmpty() || isSwiftIdentifier(name)) return name
    val words = name.split(Regex("[^\\p{L}\\p{N}_]+")).filter { it.isNotEmpty() }
    val camel = words.mapIndexed { index, word -> if (index == 0) word else word.replaceFirstChar { it.uppercase() } }.joinToString("")
    return when {
        camel.isEmpty() -> "_"
        camel[0].isDigit() -> "_$camel"
        else -> swiftIdentifier(camel)
    }
}

/** [name] as an argument label of a Swift call or a case's payload: only `inout`, `var` and `let` need backticks there. */
fun swiftLabel(name: String): String = if (name == "inout" || name == "var" || name == "let") "`$name`" else swiftIdentifier(name).removeSurrounding("`")

private fun isSwiftIdentifier(name: String): Boolean =
    (name[0].isLetter() || name[0] == '_') && name.all { it.isLetterOrDigit() || it == '_' }

/** The sealed hierarchies of the files, with their subclasses wherever they are declared, and the payload types. */
class SealedTypes(
    private val source: SourceSet,
    /** The machine's State, Event and SideEffect type names: roots even when they are not sealed. */
    private val roles: Set<String> = emptySet(),
    private val warn: (PsiElement, String) -> Unit,
    /** The fully qualified name of the class a type reference names, from the Kotlin compiler's analysis when it ran. */
    private val classOf: (KtTypeReference) -> String? = { null },
    /** Says what the port made of something that needs nothing done by hand (a type the owner supplies). */
    private val note: (PsiElement, String) -> Unit = warn,
) {

    val all = mutableListOf<SealedType>()

    /**
     * Types the files do not declare whose constants the machine uses (`AddressType.ORIGIN`, an imported `ORIGIN`):
     * the port declares each as an enum of those constants, in the order the machine first uses them.
     */
    val inferredEnums = linkedMapOf<String, LinkedHashSet<String>>()

    /** Payload types other than sealed ones, in the order they are first used. */
    val auxiliary = linkedMapOf<String, AuxiliaryType>()

    /** Whether the porter has a Swift type for the Kotlin type [name] (a built-in, or a type of the files). */
    fun isKnownTypeName(name: String): Boolean = name in inferredEnums || name in BUILT_IN_TYPES || name in LIST_TYPES || name in SET_TYPES ||
        name in PLATFORM_NAMES || name in THROWABLES ||
        name in MAP_TYPES || name in sealedNames || name in caseRoots || declarationNamed(name) != null

    /** Declared types that are set elements or map keys: their Swift declarations conform to `Hashable`. */
    val hashableNames = mutableSetOf<String>()

    private val classes: List<KtClassOrObject> = source.sources.flatMap { file ->
        PsiTreeUtil.collectElementsOfType(file.file, KtClassOrObject::class.java).sortedBy { it.textRange.startOffset }
    }
    private val sealedNames: Set<String>
    /** Enum classes with properties (`enum class Colour(val durationMillis: Long)`), for the porter to declare. */
    val enumProperties = linkedMapOf<String, Triple<KtClass, List<org.jetbrains.kotlin.psi.KtEnumEntry>, List<org.jetbrains.kotlin.psi.KtParameter>>>()
    /** Data and value classes ported as structs, with their fields. */
    val structs = linkedMapOf<String, List<Field>>()
    /** Helper classes ported as Swift classes, with their properties and methods. */
    val helpers = HelperClasses(this)
    private val owners = mutableMapOf<String, SealedType>()

    /** The classes that are cases of a hierarchy (`TimeoutEvent : Event()`), with the enum that holds them. */
    private val caseRoots = mutableMapOf<String, SealedType>()

    init {
        val sealedDeclarations = hierarchyDeclarations()
        val parentOf = sealedDeclarations.associateWith { declaration ->
            declaration.superTypeListEntries.mapNotNull { lastSegment(it.typeReference) }
                .firstOrNull { name -> sealedDeclarations.any { it.name == name } }
        }
        // A sealed class whose supertype is another sealed class is a group of cases of the outermost one.
        val roots = sealedDeclarations.filter { parentOf[it] == null }.map { SealedType(it.name ?: "", it) }
        sealedNames = sealedDeclarations.mapNotNull { it.name }.toSet() + roleEnumDeclarations().mapNotNull { it.name }
        fun rootOf(name: String, depth: Int = 0): SealedType? {
            roots.firstOrNull { it.name == name }?.let { return it }
            if (depth > 20) return null
            val declaration = sealedDeclarations.firstOrNull { it.name == name } ?: return null
            return rootOf(parentOf[declaration] ?: return null, depth + 1)
        }
        sealedDeclarations.forEach { declaration ->
            val root = rootOf(declaration.name ?: "") ?: return@forEach
            owners[declaration.name ?: ""] = root
            if (root.declaration != declaration) root.groupDeclarations[declaration.name ?: ""] = declaration
        }
        val pending = mutableListOf<Triple<SealedType, KtClassOrObject, List<String>>>()
        for (declaration in classes) {
            if (declaration in sealedDeclarations) continue
            for (entry in declaration.superTypeListEntries) {
                val parent = lastSegment(entry.typeReference) ?: continue
                val root = rootOf(parent) ?: continue
                // An object expression (`object : Menu("EXIT") { … }`) is no case: the machine cannot name it. One of
                // a class of the hierarchy, as the compiler resolves it, gets a warning; one of another class of the
                // same name (an imported `Menu`) is none of the port's.
                if (declaration is org.jetbrains.kotlin.psi.KtObjectDeclaration && declaration.isObjectLiteral()) {
                    val extended = sealedDeclarations.firstOrNull { it.name == parent }?.fqName?.asString()
                    val named = entry.typeReference?.let(classOf)
                    if (named != null && named == extended) {
                        warn(declaration, "an object expression extending $parent is not a case of the port: the machine " +
                            "cannot name it; declare it as an object of ${root.name}")
                    }
                    break
                }
                val groups = mutableListOf<String>()
                var current: String? = parent
                var guard = 0
                while (current != null && current != root.name && guard++ < 20) {
                    groups.add(current)
                    current = sealedDeclarations.firstOrNull { it.name == current }?.let { parentOf[it] }
                }
                pending.add(Triple(root, declaration, groups))
                declaration.name?.let { caseRoots.putIfAbsent(it, root) }
                break
            }
        }
        for ((root, declaration, groups) in pending) {
            val name = declaration.name ?: throw source.error(declaration, "a subclass without a name")
            val clash = pending.count { it.first == root && it.second.name == name } > 1
            val case = caseOf(declaration, if (clash && groups.isNotEmpty()) groups.first() + name else name)
            case.declaration = declaration
            // The arguments the root's constructor gets: from the case, or from the outermost group between them
            // (`sealed class Failed(val count: Int) : SideEffect()`), whose own constructor's are not the root's.
            val caller = if (groups.isEmpty()) declaration else sealedDeclarations.firstOrNull { it.name == groups.last() }
            val call = caller?.superTypeListEntries?.filterIsInstance<org.jetbrains.kotlin.psi.KtSuperTypeCallEntry>()
                ?.firstOrNull { lastSegment(it.typeReference) == root.name }
            val arguments = call?.valueArguments?.map { it.getArgumentExpression() }.orEmpty()
            // A group's arguments may read the group's constructor parameters, which differ per case: not known.
            case.superArguments = if (groups.isEmpty() || arguments.isEmpty()) arguments else null
            root.cases.add(case)
            groups.forEach { group -> root.groups.getOrPut(group) { mutableListOf() }.add(case) }
        }
        all.addAll(roleEnums())
        for (root in roots) {
            val names = root.cases.groupBy { it.swiftName }.filterValues { it.size > 1 }.keys
            if (names.isNotEmpty()) {
                throw source.error(root.declaration, "${root.name} has two cases named ${names.first()}; rename one of them")
            }
        }
        all.addAll(roots)
        for ((root, group) in groupsUsedAsTypes(source, roots)) groupType(root, group)
    }

    /**
     * The `enum class`es the machine names as its State, Event or SideEffect type (`StateMachine.create<OrderStatus,
     * OrderEvent, OrderAction>`, matched with `state(OrderStatus.NEW)` and `on(OrderEvent.PAY)`).
     */
    private fun roleEnumDeclarations(): List<KtClass> =
        classes.filterIsInstance<KtClass>().filter { it.isEnum() && it.name in roles && it !is org.jetbrains.kotlin.psi.KtEnumEntry }

    /**
     * [roleEnumDeclarations] as enums like the sealed ones: each constant a case without fields, named as fixtures name
     * an enum constant (`CAPTURE_PAYMENT` → `capturePayment`); the constructor's properties (`enum class
     * OrderAction(val queue: String)`) are the enum's, as a sealed base class's are, each constant with its arguments.
     */
    private fun roleEnums(): List<SealedType> = roleEnumDeclarations().map { declaration ->
        val type = SealedType(declaration.name ?: "", declaration)
        for (entry in declaration.declarations.filterIsInstance<org.jetbrains.kotlin.psi.KtEnumEntry>()) {
            val name = entry.name ?: continue
            val case = Case(name, emptyList(), enumCaseName(name))
            case.declaration = entry
            case.superArguments = entry.initializerList?.initializers
                ?.filterIsInstance<org.jetbrains.kotlin.psi.KtSuperTypeCallEntry>()?.firstOrNull()
                ?.valueArguments?.map { it.getArgumentExpression() }.orEmpty()
            type.cases.add(case)
        }
        type
    }

    /**
     * The classes ported as enums or as groups of cases: sealed classes and interfaces; an abstract class or interface
     * the machine names as its State, Event or SideEffect type (`abstract class AssessmentState`), with a note, since
     * the port takes its subclasses in the files as all of them; and an abstract class or interface that extends one
     * of those and has subclasses of its own in the files (`abstract class TextEdit : EditorEvent()`), a group of cases
     * like a nested sealed class.
     */
    private fun hierarchyDeclarations(): List<KtClassOrObject> {
        fun isSealed(declaration: KtClassOrObject) = declaration is KtClass && declaration.hasModifier(KtTokens.SEALED_KEYWORD)
        fun isAbstract(declaration: KtClassOrObject) = declaration is KtClass && !declaration.isEnum() && !isSealed(declaration) &&
            !declaration.hasModifier(KtTokens.FUN_KEYWORD) &&
            (declaration.isInterface() || declaration.hasModifier(KtTokens.ABSTRACT_KEYWORD))
        fun supertypes(declaration: KtClassOrObject) = declaration.superTypeListEntries.mapNotNull { lastSegment(it.typeReference) }
        val extended = classes.flatMap { supertypes(it) }.toSet()
        val chosen = classes.filter { isSealed(it) }.toMutableList()
        val roots = classes.filter { isAbstract(it) && it.name in roles && it.name in extended && chosen.none { c -> c.name == it.name } }
        for (root in roots) {
            val subclasses = classes.count { root.name in supertypes(it) }
            note(root.nameIdentifier ?: root, "${root.name} is not sealed: the port takes the $subclasses ${if (subclasses == 1) "class" else "classes"} " +
                "of these files that extend it as all of its cases; make it sealed, or port every file that extends it")
        }
        chosen.addAll(roots)
        // A plain class as a type of the machine that nothing extends and the files never make (`class SideEffect`,
        // where no handler emits one): a type without values, as a sealed class without subclasses is.
        val plain = classes.filter { declaration ->
            declaration is KtClass && declaration.name in roles && !isSealed(declaration) && !isAbstract(declaration) &&
                !declaration.isEnum() && !declaration.isInterface() && declaration.name !in extended &&
                chosen.none { it.name == declaration.name } && classes.count { it.name == declaration.name } == 1 &&
                source.sources.none { file ->
                    PsiTreeUtil.collectElementsOfType(file.file, org.jetbrains.kotlin.psi.KtCallExpression::class.java).any { it.calleeExpression?.text == declaration.name }
                }
        }
        for (declaration in plain) {
            warn(declaration.nameIdentifier ?: declaration, "${declaration.name} is a class, not a sealed class, and the files never " +
                "make one: the port's ${declaration.name} has no values, as the Kotlin machine never has one")
        }
        chosen.addAll(plain)
        // Abstract classes and interfaces under the chosen ones, with subclasses of their own: groups of cases. The
        // functions one declares and its subclasses implement are functions of the enum, each case with its own body.
        var added = true
        while (added) {
            added = false
            for (declaration in classes) {
                if (declaration in chosen || !isAbstract(declaration) || declaration.name !in extended) continue
                if (supertypes(declaration).any { name -> chosen.any { it.name == name } }) {
                    chosen.add(declaration)
                    added = true
                }
            }
        }
        return chosen.sortedBy { classes.indexOf(it) }
    }

    fun named(name: String?): SealedType? = all.firstOrNull { it.name == name } ?: all.firstNotNullOfOrNull { root ->
        root.groupTypes.values.firstOrNull { it.name == name }
    } ?: owners[name]

    /**
     * The extension functions of the files named [name] whose receiver is one of [receivers], not nullable:
     * `fun AssessmentStatus.toState(…)`, at the top level or in an object.
     */
    fun extensionFunctions(name: String, receivers: Set<String>): List<org.jetbrains.kotlin.psi.KtNamedFunction> =
        source.sources.flatMap { PsiTreeUtil.collectElementsOfType(it.file, org.jetbrains.kotlin.psi.KtNamedFunction::class.java) }
            .filter { function ->
                val receiver = function.receiverTypeReference
                function.name == name && receiver != null && receiver.typeElement !is KtNullableType && lastSegment(receiver) in receivers
            }

    /** A non-sealed class of the files named [name] in Kotlin or, for one the port renames, in Swift. */
    fun declarationNamed(name: String): KtClassOrObject? {
        val kotlinName = if (name.startsWith("Kotlin") && name.removePrefix("Kotlin") in BUILDER_NAMES) name.removePrefix("Kotlin") else name
        return classes.firstOrNull { it.name == kotlinName && it.name !in sealedNames }
    }

    /**
     * The Swift name of a data class or enum class of the files: its Kotlin name, unless that is a name the machine's
     * Swift type gives its own types (`data class State` of a Raft node is `KotlinState`).
     */
    fun swiftTypeName(kotlinName: String): String = if (kotlinName in BUILDER_NAMES) "Kotlin$kotlinName" else kotlinName

    private fun caseOf(declaration: KtClassOrObject, swiftName: String): Case {
        val name = declaration.name ?: throw source.error(declaration, "a subclass without a name")
        if (declaration is KtObjectDeclaration) return Case(name, emptyList(), swiftName)
        val klass = declaration as KtClass
        if (klass.hasModifier(KtTokens.ABSTRACT_KEYWORD) || klass.hasModifier(KtTokens.OPEN_KEYWORD) || klass.isInterface()) {
            val why = when {
                classes.none { other -> other.superTypeListEntries.any { lastSegment(it.typeReference) == name } } ->
                    "none of these files extends it"
                else -> "it is open: a value can be of $name itself or of a subclass"
            }
            throw source.error(declaration, "$name is an abstract, open or interface subclass of a sealed type that the porter " +
                "cannot take as a group of cases ($why); make $name sealed")
        }
        return Case(name, fields(klass), swiftName)
    }

    /**
     * A class's constructor parameters, each a field of its case or struct. A parameter without `val`
     * (`class RopeFailed(count: Int) : Failed(count)`) is one too: the value cannot be made without it.
     */
    private fun fields(klass: KtClass): List<Field> = klass.primaryConstructorParameters.map { parameter ->
        val typeReference = parameter.typeReference
            ?: throw source.error(parameter, "constructor parameter ${parameter.name} has no type")
        Field(parameter.name ?: "_", swiftType(typeReference), parameter.defaultValue)
    }

    /** The Swift type for a Kotlin field type; never fails: an unknown type is declared for the user to fill in. */
    fun swiftType(reference: KtTypeReference): SwiftType {
        val element = reference.typeElement
        val nullable = element is KtNullableType
        val inner = if (element is KtNullableType) element.innerType else element
        val base = typeOf(inner as? KtUserType, reference, inner?.text ?: reference.text)
        return if (nullable) SwiftType(base.swift + "?", base.sealed, base.codable, base.kotlinTime) else base
    }

    private fun argument(user: KtUserType, index: Int, at: KtTypeReference): SwiftType {
        val reference = user.typeArguments.getOrNull(index)?.typeReference ?: return unknown("Any", at)
        return swiftType(reference)
    }

    /**
     * The Swift type of [user], a type written [text] without its `?` (`CompletableDeferred<Result>` of
     * `CompletableDeferred<Result>?`): a nullable use and a plain one of a type the port does not know are one type.
     */
    private fun typeOf(user: KtUserType?, at: KtTypeReference, text: String): SwiftType {
        val name = user?.referencedName ?: return unknown(text, at)
        val arguments = user.typeArguments.size
        // `StateMachine.Transition.Valid<State, Event, SideEffect>` (a side effect's `execute(transition)`): the library's.
        if (name == "Valid" && user.qualifier?.referencedName == "Transition" && user.qualifier?.qualifier?.referencedName == "StateMachine") {
            return SwiftType(VALID_TRANSITION, null, codable = false)
        }
        return when {
            arguments == 0 && (name == "Int" || name == "Short" || name == "Byte") -> SwiftType("Int", null)
            arguments == 0 && name == "Long" -> SwiftType("Int64", null)
            arguments == 0 && name == "Boolean" -> SwiftType("Bool", null)
            arguments == 0 && name == "String" -> SwiftType("String", null)
            arguments == 0 && name == "Double" -> SwiftType("Double", null)
            arguments == 0 && name == "Float" -> SwiftType("Float", null)
            arguments == 0 && name == "Char" -> SwiftType("Character", null) // coded as a one-character string (CharacterCoding)
            arguments == 1 && name in LIST_TYPES ->
                argument(user, 0, at).let { SwiftType("[${it.swift}]", null, it.codable, it.kotlinTime) }
            arguments == 1 && name in SET_TYPES ->
                argument(user, 0, at).let { hashable(it); SwiftType("Set<${it.swift}>", null, it.codable, it.kotlinTime) }
            arguments == 2 && name in MAP_TYPES -> {
                val key = argument(user, 0, at).also { hashable(it) }
                val value = argument(user, 1, at)
                SwiftType("[${key.swift}: ${value.swift}]", null, key.codable && value.codable, key.kotlinTime || value.kotlinTime)
            }
            // `Pair<A, B>` and `Triple<A, B, C>` (`a to b`, destructured with `val (a, b) = …`): Swift tuples.
            arguments == 2 && name == "Pair" || arguments == 3 && name == "Triple" -> {
                val parts = (0 until arguments).map { argument(user, it, at) }
                SwiftType(parts.joinToString(", ", "(", ")") { it.swift }, null, codable = false)
            }
            arguments == 0 && (name in sealedNames || name in caseRoots) && namesOtherClass(user, at, name) -> otherClass(name, at)
            arguments == 0 && name in sealedNames -> {
                val root = named(name)!!
                // A group of cases used as a type has an enum of its own (GroupTypes.kt).
                val type = if (root.name == name) root else groupType(root, name)
                SwiftType(type.name, type.name)
            }
            arguments == 0 && name in caseRoots -> {
                // `RaftSideEffect.Response`: the case of the type the name is qualified with, when two have one of that name.
                val root = user.qualifier?.referencedName?.let { named(it) } ?: caseRoots.getValue(name)
                note(at, "$name is a case of ${root.name}; the field is typed ${root.name}")
                SwiftType(root.name, root.name)
            }
            arguments == 0 && declarationNamed(name) == null && name == "Duration" ->
                SwiftType("Duration", null, kotlinTime = isKotlinDuration(at))
            arguments == 0 && declarationNamed(name) == null && platformType(name) != null -> platformType(name)!!
            arguments == 0 -> declared(name, at)
            else -> unknown(text, at)
        }
    }

    /** Whether the port uses Foundation's types (`Date`, `UUID`): it imports Foundation. */
    var usesFoundation = false

    /**
     * The Swift counterpart of a Kotlin or Java platform type, when [name] is one and the files do not declare it:
     * `Instant` is Foundation's `Date`, `UUID` Foundation's, `Duration` Swift's; a `Throwable` (`Exception`,
     * `IOException`, …) is the port's [THROWABLE], which keeps its class name and message and, as in Kotlin, is equal only
     * to itself.
     */
    fun platformType(name: String): SwiftType? = when (name) {
        "Instant" -> { usesFoundation = true; SwiftType("Date", null) }
        "UUID" -> { usesFoundation = true; SwiftType("UUID", null) }
        "Duration" -> SwiftType("Duration", null)
        in THROWABLES -> { throwable(); SwiftType(THROWABLE, null) }
        else -> null
    }

    /**
     * Whether the `Duration` of [reference] is `kotlin.time.Duration`, as the Kotlin compiler resolves it; without its
     * analysis, as the name is written or imported (`java.time.Duration` otherwise).
     */
    fun isKotlinDuration(reference: KtTypeReference): Boolean {
        classOf(reference)?.let { return it == "kotlin.time.Duration" }
        if (reference.text.removeSuffix("?").trim() == "kotlin.time.Duration") return true
        val imports = (reference.containingFile as? org.jetbrains.kotlin.psi.KtFile)?.importDirectives.orEmpty()
        return imports.any { it.importPath?.pathStr == "kotlin.time.Duration" }
    }

    /** Declares the port's [THROWABLE] class. */
    fun throwable() {
        if (THROWABLE in auxiliary) return
        throwableCodingKey()
        auxiliary[THROWABLE] = AuxiliaryType(THROWABLE, listOf(
            "/// A Kotlin `Throwable` a value carries (`IOException(\"disk full\")`): its class name and message. Kotlin",
            "/// compares throwables by identity, and so does this: two are equal only when they are the same one. It is",
            "/// written as a fixture writes a throwable, `{\"iOException\": {\"message\": \"disk full\"}}`.",
            "final class $THROWABLE: Error, Hashable, Codable, CustomStringConvertible, @unchecked Sendable {",
            "    let type: String",
            "    let message: String?",
            "",
            "    init(_ type: String, _ message: String? = nil) {",
            "        self.type = type",
            "        self.message = message",
            "    }",
            "",
            "    static func == (lhs: $THROWABLE, rhs: $THROWABLE) -> Bool { lhs === rhs }",
            "    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }",
            "",
            "    /// Kotlin's `toString()`: the class's qualified name, then the message.",
            "    var description: String { message.map { \"\\(qualifiedType): \\($0)\" } ?? qualifiedType }",
            "",
            "    private var qualifiedType: String { Self.packages[type].map { \"\\($0).\\(type)\" } ?? type }",
            "",
            "    private static let packages = [",
        ) + THROWABLE_PACKAGES.entries.chunked(3).map { row ->
            "        " + row.joinToString(" ") { (name, pack) -> "\"$name\": \"$pack\"," }
        } + listOf(
            "    ]",
            "",
            "    func encode(to encoder: any Encoder) throws {",
            "        var container = encoder.container(keyedBy: $THROWABLE_KEY.self)",
            "        var fields = container.nestedContainer(keyedBy: $THROWABLE_KEY.self, forKey: $THROWABLE_KEY(type.prefix(1).lowercased() + type.dropFirst()))",
            "        try fields.encode(message, forKey: $THROWABLE_KEY(\"message\"))",
            "    }",
            "",
            "    init(from decoder: any Decoder) throws {",
            "        let container = try decoder.container(keyedBy: $THROWABLE_KEY.self)",
            "        guard container.allKeys.count == 1, let name = container.allKeys.first else {",
            "            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: \"a throwable is {\\\"class\\\": {\\\"message\\\": …}}\"))",
            "        }",
            "        type = name.stringValue.prefix(1).uppercased() + name.stringValue.dropFirst()",
            "        message = try container.nestedContainer(keyedBy: $THROWABLE_KEY.self, forKey: name).decodeIfPresent(String.self, forKey: $THROWABLE_KEY(\"message\"))",
            "    }",
            "}",
        ))
    }

    /**
     * Declares the port's [EXCEPTION], the Swift error of a Kotlin exception a handler throws whose class the files do
     * not declare (`throw IllegalStateException("too hot")`).
     */
    fun thrownException() {
        if (EXCEPTION in auxiliary) return
        auxiliary[EXCEPTION] = AuxiliaryType(EXCEPTION, listOf(
            "/// A Kotlin exception a handler throws (`throw IllegalStateException(\"too hot\")`, `error(\"too hot\")`): its",
            "/// class name and message. It is the error `transition` throws, as Kotlin's throws the exception.",
            "struct $EXCEPTION: Error, CustomStringConvertible {",
            "    let type: String",
            "    let message: String?",
            "",
            "    init(_ type: String, _ message: String? = nil) {",
            "        self.type = type",
            "        self.message = message",
            "    }",
            "",
            "    /// The class's name, then the message, as Kotlin's `toString()` writes them.",
            "    var description: String { message.map { \"\\(type): \\($0)\" } ?? type }",
            "}",
        ))
    }

    /** Declares the coding key of a throwable's fixture form, shared by [THROWABLE] and the files' throwable enums. */
    fun throwableCodingKey() {
        if (THROWABLE_KEY in auxiliary) return
        auxiliary[THROWABLE_KEY] = AuxiliaryType(THROWABLE_KEY, listOf(
            "/// A key of a throwable as a fixture writes it: its class name, then `message`.",
            "struct $THROWABLE_KEY: CodingKey {",
            "    let stringValue: String",
            "    var intValue: Int? { nil }",
            "",
            "    init(_ stringValue: String) { self.stringValue = stringValue }",
            "    init(stringValue: String) { self.stringValue = stringValue }",
            "    init?(intValue: Int) { nil }",
            "}",
        ))
    }

    private fun hashable(type: SwiftType) {
        hashableNames.add(type.swift.removeSuffix("?"))
    }

    /** Declares the Swift enum [name] of the `enum class` [declaration]. */
    private fun declareEnum(name: String, declaration: KtClass) {
        val constants = declaration.declarations.filterIsInstance<org.jetbrains.kotlin.psi.KtEnumEntry>()
        // No raw values: Codable writes a constant as a value without fields (`{"redAmber": {}}`), as fixtures do.
        val lines = mutableListOf("enum $name: Codable, Hashable, CaseIterable {")
        lines.add("    case " + constants.joinToString(", ") { enumCaseName(it.name ?: "_") })
        lines.add("}")
        auxiliary[name] = AuxiliaryType(name, lines)
        val properties = declaration.primaryConstructorParameters.filter { it.hasValOrVar() }
        if (properties.isNotEmpty()) {
            enumProperties[name] = Triple(declaration, constants, properties)
        }
    }

    private fun declared(kotlinName: String, at: KtTypeReference): SwiftType {
        val name = swiftTypeName(kotlinName)
        auxiliary[name]?.let { return SwiftType(name, null) }
        val declaration = declarationNamed(kotlinName) as? KtClass ?: return unknown(kotlinName, at)
        if (name != kotlinName) {
            warn(declaration.nameIdentifier ?: declaration, "$kotlinName is $name in Swift: the port's $kotlinName is the machine's " +
                "${kotlinName.replaceFirstChar { it.lowercase() }} type")
        }
        if (declaration.isEnum()) {
            declareEnum(name, declaration)
            return SwiftType(name, null)
        }
        if (declaration.isData() || declaration.hasModifier(KtTokens.VALUE_KEYWORD) || declaration.hasModifier(KtTokens.INLINE_KEYWORD)) {
            auxiliary[name] = AuxiliaryType(name, emptyList()) // reserved first: a field may refer to the type itself
            val fields = fields(declaration)
            val isValueClass = declaration.hasModifier(KtTokens.VALUE_KEYWORD) || declaration.hasModifier(KtTokens.INLINE_KEYWORD)
            auxiliary[name] = AuxiliaryType(name) { structLines(name, fields, isValueClass) }
            structs[name] = fields
            return SwiftType(name, null, fields.all { it.type.codable })
        }
        if (HelperClasses.isHelper(declaration)) {
            // The porter writes its lines (Porter+Classes.kt): its methods are translated as the machine's are.
            helpers.declared[name] = declaration
            auxiliary[name] = AuxiliaryType(name, emptyList())
            return SwiftType(name, null, codable = false)
        }
        return unknown(name, at)
    }

    private fun structLines(name: String, fields: List<Field>, isValueClass: Boolean): List<String> {
        val codable = structIsCodable(name)
        val lines = mutableListOf("struct $name: ${if (codable) "Codable, " else ""}${if (name in hashableNames) "Hashable" else "Equatable"} {")
        fields.forEach { lines.add("    var ${swiftIdentifier(it.name)}: ${it.type.swift}") }
        val characterLines = if (codable) CharacterCoding.structLines(name, fields, isValueClass) else emptyList()
        lines.addAll(characterLines)
        val wrapped = fields.singleOrNull()
        if (codable && wrapped != null && isValueClass && characterLines.isEmpty()) {
            // A value class is the value it wraps, in Kotlin's JVM representation and in fixtures.
            val field = swiftIdentifier(wrapped.name)
            lines.add("")
            lines.add("    init(${swiftLabel(wrapped.name)}: ${wrapped.type.swift}) { self.$field = ${swiftIdentifier(wrapped.name)} }")
            lines.add("    init(from decoder: any Decoder) throws { $field = try decoder.singleValueContainer().decode(${wrapped.type.swift}.self) }")
            lines.add("    func encode(to encoder: any Encoder) throws {")
            lines.add("        var container = encoder.singleValueContainer()")
            lines.add("        try container.encode($field)")
            lines.add("    }")
        }
        lines.add("}")
        return lines
    }


    /**
     * Whether a value of [type] holds a value of the enum [enumName] inline, directly or through the fields of
     * declared structs (`RaftEvent.response(Response)` where `struct Response { var event: RaftEvent }`): the enum is
     * then `indirect`, or Swift cannot lay it out.
     */
    fun holds(type: SwiftType, enumName: String, seen: MutableSet<String> = mutableSetOf()): Boolean {
        if (type.sealed == enumName) return true
        val name = type.swift.removeSuffix("?")
        val fields = structs[name] ?: return false
        if (!seen.add(name)) return false
        return fields.any { holds(it.type, enumName, seen) }
    }

    /**
     * Whether Swift can synthesize `Codable` for the enum [type]: every field's type is codable, and so is every
     * enum or struct of the port a field's type names (`[EditorEvent]`, `Document?`).
     */
    fun isCodable(type: SealedType, seen: MutableSet<String> = mutableSetOf()): Boolean {
        if (!seen.add(type.name)) return true
        return type.cases.all { case -> case.fields.all { typeIsCodable(it.type, seen) } }
    }

    /** Whether a struct of the port can be `Codable` (see [isCodable]). */
    fun structIsCodable(name: String, seen: MutableSet<String> = mutableSetOf()): Boolean {
        if (!seen.add(name)) return true
        return structs[name].orEmpty().all { typeIsCodable(it.type, seen) }
    }

    private fun typeIsCodable(type: SwiftType, seen: MutableSet<String>): Boolean {
        if (!type.codable) return false
        val names = Regex("[A-Za-z_][A-Za-z0-9_]*").findAll(type.swift).map { it.value }
        return names.all { name ->
            val sealed = all.firstOrNull { it.name == name }
            when {
                sealed != null -> isCodable(sealed, seen)
                name in structs -> structIsCodable(name, seen)
                else -> true
            }
        }
    }

    /** The constants of an enum class the payloads use, by the enum's name. */
    fun enumConstants(name: String): List<String>? {
        inferredEnums[name]?.let { return it.toList() }
        val declaration = declarationNamed(name) as? KtClass ?: return null
        if (!declaration.isEnum()) return null
        // An enum class of the files that only the handlers name (`Sound.DING` passed to a collaborator): declared now.
        if (name !in auxiliary && swiftTypeName(name) !in auxiliary && name !in sealedNames) declareEnum(swiftTypeName(name), declaration)
        return declaration.declarations.filterIsInstance<org.jetbrains.kotlin.psi.KtEnumEntry>().mapNotNull { it.name }
    }

    /** The type of a property of a declared enum class or struct. */
    fun propertyType(typeName: String, property: String): SwiftType? {
        if (typeName in helpers) return helpers.propertyType(typeName, property)
        structs[typeName]?.firstOrNull { it.name == property }?.let { return it.type }
        val parameter = enumProperties[typeName]?.third?.firstOrNull { it.name == property } ?: return null
        return parameter.typeReference?.let { swiftType(it) }
    }

    /**
     * Records [constant] of [typeName] as a constant of an enum the files do not declare, and declares that enum; false
     * when [typeName] is declared in the files, is one of Kotlin's or Java's own types, or is not a Swift type name.
     */
    fun inferEnumConstant(typeName: String, constant: String): Boolean {
        if (typeName in sealedNames || typeName in caseRoots || declarationNamed(typeName) != null || typeName in NOT_ENUMS) return false
        if (!typeName.matches(Regex("[A-Z][A-Za-z0-9]*")) || typeName in swiftKeywordNames || !constant.matches(CONSTANT_NAME)) return false
        val placeholder = auxiliary[typeName]
        if (placeholder != null && typeName !in inferredEnums && (typeName in structs || typeName in enumProperties)) return false
        inferredEnums.getOrPut(typeName) { linkedSetOf() }.add(constant)
        if (typeName !in auxiliary || placeholder?.inferred != true) {
            auxiliary[typeName] = AuxiliaryType(typeName, inferred = true) {
                listOf(
                    "/// port: $typeName is not declared in the files given; these are the constants the machine uses.",
                    "enum $typeName: Codable, Hashable {",
                    "    case " + inferredEnums.getValue(typeName).joinToString(", ") { enumCaseName(it) },
                    "}",
                )
            }
        }
        return true
    }

    /** The declared enum class or struct a Swift type names, or the owner's type it is ([opaqueTypes]), if any. */
    fun auxiliaryName(type: SwiftType): String? = type.swift.takeIf {
        it in structs || it in helpers || it in enumProperties || enumConstants(it) != null || auxiliary[it]?.opaque != null
    }

    /** The types the owner supplies, associated types of `Collaborators`, in the order first used. */
    val opaqueTypes: List<OpaqueType> get() = auxiliary.values.mapNotNull { it.opaque }

    /**
     * A type the files given do not declare, named plainly (`LocalDateTime`, `Disposable`, `JibriError`): the machine
     * only carries its values and calls on them, so the owner supplies it, an associated type of `Collaborators`.
     * Null for a type with type arguments, a type parameter, `Any` or a name Swift reserves.
     */
    private fun opaque(text: String, at: KtTypeReference): SwiftType? {
        if (!text.matches(Regex("[A-Z][A-Za-z0-9_]*")) || text in OpaqueType.NOT_OPAQUE || text in swiftKeywordNames) return null
        if (OpaqueType.isTypeParameter(text, at)) return null
        if (auxiliary[text]?.opaque == null) {
            if (text in auxiliary) return null
            note(at, OpaqueType.warning(text))
            auxiliary[text] = AuxiliaryType(text, opaque = OpaqueType(text, at)) { emptyList() }
        }
        return SwiftType(text, null)
    }


    /**
     * Whether [user], whose simple name [name] is a class of a hierarchy (the group `State.Menu`, a case), names another
     * class: one the compiler resolves to another class; unresolved, one written with its package
     * (`frontdisplay.Menu`, which a member of `State.Menu` writes so, `Menu` being the group there), or a name the file
     * imports (`import ….frontdisplay.Menu`) used outside the class that declares the group, where Kotlin's lexical
     * scope has no nested `Menu` to prefer over the import.
     */
    private fun namesOtherClass(user: KtUserType, at: KtTypeReference, name: String): Boolean {
        val nested = classes.filter { it.name == name && it.containingClassOrObject != null }
        if (nested.isEmpty()) return false
        val qualifiedNames = nested.mapNotNull { it.fqName?.asString() }.toSet()
        // An error type (a class of a file not given) is resolved to none: its name is read as written.
        classOf(at)?.takeIf { it.none { c -> c == '<' || c == ' ' } }?.let { return it !in qualifiedNames }
        val qualifier = user.qualifier
        if (qualifier != null) {
            var first: KtUserType = qualifier
            while (true) first = first.qualifier ?: break
            val written = user.text.substringBefore('<').replace(Regex("\\s"), "")
            return first.referencedName?.firstOrNull()?.isLowerCase() == true && written !in qualifiedNames
        }
        val file = at.containingKtFile
        val imported = file.importDirectives.any { directive ->
            directive.aliasName == null && directive.importedFqName?.shortName()?.asString() == name &&
                directive.importedFqName?.asString() !in qualifiedNames
        }
        return imported && nested.none { declaration ->
            val container = declaration.containingClassOrObject
            container != null && PsiTreeUtil.isAncestor(container, at, false)
        }
    }

    /**
     * The other class of [namesOtherClass], `Kotlin<Name>` in Swift: under its own name the hierarchy's nested enum or
     * case would hide it in the port's `State`. A placeholder struct, with a warning, for the user to fill in.
     */
    private fun otherClass(name: String, at: KtTypeReference): SwiftType {
        val swift = "Kotlin$name"
        if (swift !in auxiliary) {
            warn(at, "$name here is not the class of the same name in ${named(name)?.name ?: caseRoots[name]?.name}: the port " +
                "declares it as $swift, an empty struct to fill in")
            auxiliary[swift] = AuxiliaryType(swift, listOf(
                "/// port: ${at.text.removeSuffix("?")} is not ported; give it the fields the machine needs.",
                "struct $swift: Codable, Hashable {}",
            ))
        }
        return SwiftType(swift, null)
    }

    private fun unknown(text: String, at: KtTypeReference): SwiftType {
        opaque(text, at)?.let { return it }
        var name = text.replace(Regex("[^A-Za-z0-9_]"), "_").ifEmpty { "Unknown" }
        // Names Swift reserves (`Any`, `Type`, keywords) or has for its own types get a prefix.
        if (name in setOf("Any", "AnyObject", "Type", "Protocol", "Self", "Error", "Never", "Void") || name in swiftKeywordNames) {
            name = "Kotlin$name"
        }
        if (name !in auxiliary) {
            warn(at, "the payload type $text is not ported; the Swift file declares an empty struct $name to fill in")
            auxiliary[name] = AuxiliaryType(name, listOf(
                "/// port: $text is not ported; give it the fields the machine needs.",
                "struct $name: Codable, Hashable {}",
            ))
        }
        return SwiftType(name, null)
    }

    companion object {
        /** Kotlin's, Java's and Guava's list, set and map types: Swift arrays, sets and dictionaries. */
        val LIST_TYPES = setOf("List", "MutableList", "Collection", "MutableCollection", "Iterable", "ArrayList", "LinkedList",
            "ImmutableList", "PersistentList", "Sequence", "Array")
        val SET_TYPES = setOf("Set", "MutableSet", "HashSet", "LinkedHashSet", "TreeSet", "SortedSet", "ImmutableSet", "PersistentSet")
        /** The Swift type of Kotlin's `StateMachine.Transition.Valid<S, E, F>` in a port (whose enum names its types so). */
        const val VALID_TRANSITION = "StateMachine<State, Event, SideEffect>.Transition.Valid"

        val BUILT_IN_TYPES = setOf("Int", "Short", "Byte", "Long", "Boolean", "String", "Double", "Float", "Char", "Unit",
            "Any", "Nothing", "Pair", "Triple", "Void")

        /** Kotlin's and Java's throwables, each the port's [THROWABLE] when the files do not declare it. */
        val THROWABLES: Set<String> get() = THROWABLE_PACKAGES.keys

        /** The package of each of [THROWABLES], for Kotlin's text of one (`java.io.IOException: disk full`). */
        val THROWABLE_PACKAGES = linkedMapOf(
            "Throwable" to "java.lang", "Exception" to "java.lang", "Error" to "java.lang", "RuntimeException" to "java.lang",
            "IOException" to "java.io", "IllegalStateException" to "java.lang", "IllegalArgumentException" to "java.lang",
            "UnsupportedOperationException" to "java.lang", "TimeoutException" to "java.util.concurrent",
            "CancellationException" to "java.util.concurrent", "SocketTimeoutException" to "java.net",
            "UnknownHostException" to "java.net", "FileNotFoundException" to "java.io", "NoSuchElementException" to "java.util",
        )

        /** The platform types of [platformType] besides the throwables. */
        val PLATFORM_NAMES = setOf("Instant", "UUID", "Duration")

        /** The Swift class the port declares for a Kotlin throwable. */
        const val THROWABLE = "KotlinThrowable"
        const val THROWABLE_KEY = "ThrowableCodingKey"
        /** The Swift error the port declares for a Kotlin exception a handler throws. */
        const val EXCEPTION = "KotlinException"
        /** Kotlin's and Java's own types, whose upper-case members (`Int.MAX_VALUE`) are not constants of an enum. */
        val NOT_ENUMS = setOf("Int", "Long", "Short", "Byte", "Double", "Float", "Char", "Boolean", "String", "Integer",
            "Character", "Math", "System", "Thread", "Runtime", "Locale", "Charsets", "StandardCharsets", "Duration", "Instant",
            "Color", "Build", "View", "Gravity", "KeyEvent", "MotionEvent", "Context", "Intent", "Manifest", "R")

        /** The names the port's machine type declares: its types' aliases and the protocol of its collaborators. */
        val BUILDER_NAMES = setOf("State", "Event", "SideEffect", "Collaborators")

        /** An enum constant as Kotlin and Java name them: `ORIGIN`, `NOT_STARTED`. */
        val CONSTANT_NAME = Regex("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*")

        val MAP_TYPES = setOf("Map", "MutableMap", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "ImmutableMap", "PersistentMap")

        fun lastSegment(reference: KtTypeReference?): String? {
            val element = reference?.typeElement as? KtUserType ?: return null
            return element.referencedName
        }

        /** `RED_AMBER` → `redAmber`, `Green` → `green`. */
        fun enumCaseName(name: String): String {
            val parts = name.split('_').filter { it.isNotEmpty() }
            if (parts.isEmpty()) return "_"
            val upper = name.none { it.isLowerCase() }
            val words = if (upper) parts.map { it.lowercase() } else parts
            val joined = words.first().replaceFirstChar { it.lowercase() } +
                words.drop(1).joinToString("") { it.replaceFirstChar { c -> c.uppercase() } }
            return swiftIdentifier(joined)
        }
    }
}
