package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClass
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtFile
import org.jetbrains.kotlin.psi.KtFunctionType
import org.jetbrains.kotlin.psi.KtNamedFunction
import org.jetbrains.kotlin.psi.KtParameter
import org.jetbrains.kotlin.psi.KtProperty
import org.jetbrains.kotlin.psi.KtTypeReference
import org.jetbrains.kotlin.psi.KtUserType

/**
 * What the handlers of a machine built inside a class (or a factory function) use besides the machine's types: the
 * class's constructor parameters, properties and member functions, the function's parameters, the top-level functions
 * of the files. The Swift port takes them as a `Collaborators` protocol that `definition(_:)` receives; interfaces of
 * the files that they are typed with become Swift protocols.
 */
class Collaborators(
    private val files: List<KotlinSource>,
    private val types: SealedTypes,
    create: KtCallExpression,
    private val resolution: Resolution? = null,
) {

    class Member(
        val name: String,
        val declaration: String,
        val type: SwiftType?,
        val doc: String? = null,
        /** A property holding an observable value, of which the protocol has the value ([holder]). */
        val holder: Boolean = false,
    )

    private val properties = linkedMapOf<String, Pair<KtTypeReference?, PsiElement>>()
    private val functions = linkedMapOf<String, KtNamedFunction>()

    /**
     * In a generic base class of the files (`StatefulDevice<State>`), its type parameters' arguments in the class that
     * builds the machine (`StatefulDevice<ThermostatState>`): the types of its inherited members.
     */
    private val typeArguments = mutableListOf<Pair<KtClassOrObject, Map<String, KtTypeReference>>>()

    /** The members the handlers used, in the order first used, as Swift protocol requirements. */
    val used = linkedMapOf<String, Member>()

    /** Interfaces of the files ported as Swift protocols, by name. */
    val protocols = linkedMapOf<String, List<String>>()

    /**
     * Types of collaborators that the files do not declare (a library's `Logger`, an interface in a file not given, a
     * property without a type): Swift protocols made of the methods the handlers call on them, by name.
     */
    val external = linkedMapOf<String, LinkedHashMap<String, String>>()

    /** Objects the handlers call that are not in the files (`Timber.d(…)`, `Log.w(TAG, …)`), by their Kotlin name. */
    private val externalObjects = linkedMapOf<String, String>()

    /** [externalObjects]: the Swift collaborator property of each, by the object's Kotlin name (`Log` → `log`). */
    val externalObjectProperties: Map<String, String> get() = externalObjects

    /**
     * Top-level functions the handlers call as statements that the files import from a file or library not given
     * (`sLog(…)` of `import com.example.util.sLog`): the qualified name each is imported as, by its name.
     */
    private val externalFunctionNames = linkedMapOf<String, String>()

    /** [externalFunctionNames]: the imported functions that are requirements of `Collaborators`. */
    val externalFunctions: Map<String, String> get() = externalFunctionNames

    /** False while the constants are collected: a constant never reads a collaborator. */
    var enabled = false

    /**
     * The member and top-level functions the handlers call whose bodies the port translates: their Swift declarations
     * (static functions of the machine's enum that take the collaborators), by name; null for one being translated.
     */
    val portedFunctions = linkedMapOf<String, PortedFunction?>()

    /** A function of the class that the port declares: its Swift lines; whether it takes the collaborators. */
    class PortedFunction(val lines: List<String>, val takesContext: Boolean)

    /** The function of the class (or of the files) named [name]. */
    fun declaredFunction(name: String): KtNamedFunction? = functions[name]

    /** The Swift type of a parameter of a function of the class, as its requirement declares it. */
    fun parameterType(parameter: KtParameter): SwiftType? = parameter.typeReference?.let { swiftType(it) }

    /** A function's result type: written, or told from its expression body; null for none or not known. */
    fun result(function: KtNamedFunction): SwiftType? = resultType(function)

    init {
        var element: PsiElement? = create.parent
        while (element != null && element !is KtFile) {
            when (element) {
                is KtNamedFunction -> {
                    element.valueParameters.forEach { parameter(it) }
                    // The function's locals declared before the machine (`val logger = KotlinLogging.logger {}`): the
                    // owner's, as the class's properties are.
                    element.bodyBlockExpression?.statements.orEmpty()
                        .filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>()
                        .filter { it.textRange.endOffset <= create.textRange.startOffset }
                        .forEach { local -> local.name?.let { properties.putIfAbsent(it, local.typeReference to local) } }
                    // An extension function (`fun FlagStore.machine()`): the receiver's methods are called unqualified.
                    val receiver = (element.receiverTypeReference?.typeElement as? KtUserType)?.referencedName
                    files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtClass::class.java) }
                        .firstOrNull { it.name == receiver && it.isInterface() }
                        ?.declarations?.filterIsInstance<KtNamedFunction>()
                        ?.forEach { function -> function.name?.let { functions.putIfAbsent(it, function) } }
                }
                is KtClassOrObject -> {
                    element.primaryConstructorParameters.forEach { parameter(it) }
                    members(element, create)
                    // What the class inherits from base classes of the files (`notify` of an abstract base class), after its own.
                    superclasses(element).forEach { members(it, create) }
                }
            }
            element = element.parent
        }
        // Functions declared inside `StateMachine.create { }` are not ported there: the handlers call them on the context.
        create.lambdaArguments.singleOrNull()?.getLambdaExpression()?.bodyExpression?.statements.orEmpty()
            .filterIsInstance<KtNamedFunction>()
            .forEach { function -> function.name?.let { functions.putIfAbsent(it, function) } }
        for (file in files) {
            for (declaration in file.file.declarations) {
                if (declaration is KtNamedFunction && declaration.receiverTypeReference == null && declaration.bodyExpression != null) {
                    declaration.name?.let { functions.putIfAbsent(it, declaration) }
                }
            }
        }
    }

    private fun members(owner: KtClassOrObject, create: KtCallExpression) {
        for (declaration in owner.declarations) {
            when (declaration) {
                is KtProperty -> if (!PsiTreeUtil.isAncestor(declaration, create, false)) {
                    declaration.name?.let { properties.putIfAbsent(it, declaration.typeReference to declaration) }
                }
                is KtNamedFunction -> if (declaration.receiverTypeReference == null) {
                    declaration.name?.let { functions.putIfAbsent(it, declaration) }
                }
                else -> {}
            }
        }
    }

    /**
     * The classes of the files [owner] extends, nearest first, as the compiler resolves its supertypes (none without
     * the compiler's analysis: a base class is never guessed by its name).
     */
    private fun superclasses(owner: KtClassOrObject, seen: MutableSet<KtClassOrObject> = mutableSetOf()): List<KtClassOrObject> {
        if (!seen.add(owner)) return emptyList()
        val resolution = resolution ?: return emptyList()
        val classes = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtClass::class.java) }
        return owner.superTypeListEntries.flatMap { entry ->
            val reference = entry.typeReference ?: return@flatMap emptyList()
            val name = resolution.classOf(reference) ?: return@flatMap emptyList()
            val base = classes.firstOrNull { it.declaredFqName() == name && !it.isInterface() } ?: return@flatMap emptyList()
            val arguments = (reference.typeElement as? KtUserType)?.typeArguments.orEmpty().map { it.typeReference }
            val parameters = base.typeParameters.map { it.name }
            if (parameters.isNotEmpty() && parameters.size == arguments.size) {
                typeArguments.add(base to parameters.zip(arguments).mapNotNull { (parameter, argument) ->
                    if (parameter != null && argument != null) parameter to argument else null
                }.toMap())
            }
            listOf(base) + superclasses(base, seen)
        }
    }

    /** [reference] with a base class's type parameter (`State`) replaced by its argument (`ThermostatState`); else itself. */
    fun substituted(reference: KtTypeReference): KtTypeReference {
        if (typeArguments.isEmpty()) return reference
        val element = reference.typeElement
        val inner = if (element is org.jetbrains.kotlin.psi.KtNullableType) element.innerType else element
        val name = (inner as? KtUserType)?.takeIf { it.qualifier == null && it.typeArguments.isEmpty() }?.referencedName ?: return reference
        val argument = typeArguments.firstOrNull { (base, _) -> PsiTreeUtil.isAncestor(base, reference, false) }?.second?.get(name)
            ?: return reference
        if (element !is org.jetbrains.kotlin.psi.KtNullableType) return argument
        return org.jetbrains.kotlin.psi.KtPsiFactory(reference.project).createType("${argument.text}?")
    }

    private fun parameter(parameter: KtParameter) {
        parameter.name?.let { properties.putIfAbsent(it, parameter.typeReference to parameter) }
    }

    fun isProperty(name: String) = enabled && name in properties

    /**
     * Whether [name] is a property the class declares in its body (`private val pending = mutableListOf<Int>()`), whose
     * value the class makes and no caller shares; not a constructor parameter, which a caller may hold too.
     */
    fun isOwnProperty(name: String) = isProperty(name) && properties[name]?.second is KtProperty

    /** Whether [name] is a property the class declares in its body that starts null (`var scope: CoroutineScope? = null`). */
    fun startsNull(name: String) = isOwnProperty(name) && (properties[name]?.second as? KtProperty)?.initializer?.text?.trim() == "null"
    fun isFunction(name: String) = enabled && name in functions

    /**
     * Whether [name] is a property of the class computed by a getter (`private val now: Instant get() = clock.instant()`):
     * its value may change between reads, so `--verify` records each read as a call of the owner.
     */
    fun isGetter(name: String): Boolean {
        val property = properties[name]?.second as? KtProperty ?: return false
        return isProperty(name) && property.getter?.hasBody() == true && property.initializer == null && !property.hasDelegate()
    }

    /** A property read: its Swift type, declared in the protocol. */
    fun property(name: String): SwiftType? {
        val (reference, declaration) = properties[name] ?: return null
        val type = reference?.let { swiftType(it) } ?: (declaration as? KtProperty)?.initializer?.let { initializerType(it.text.trim()) }
            ?: (declaration as? KtProperty)?.let { delegateType(it) }
            // A helper class of the files made by the class: `private val scoreBoard = ScoreBoard()`.
            ?: (declaration as? KtProperty)?.let { types.helpers.propertyType(it) }
            // A collection the compiler types (`private val effects = ArrayList<PlayerEffect>()`): never a guess by name.
            ?: (declaration as? KtProperty)?.let { collectionType(it) }
            ?: externalType(name.replaceFirstChar { it.uppercase() })
        if (name !in used) {
            val swift = type?.swift ?: "<#type#>"
            used[name] = Member(name, "var ${swiftIdentifier(name)}: $swift { get }", type)
        }
        return type
    }

    /**
     * A class property holding an observable value (`private val _state = MutableStateFlow<Screen>(Screen.Loading)`,
     * `MutableLiveData<Effect>()`), whose `value` the handlers read or set: the Swift protocol has the value itself,
     * under the property's name without the backing-property underscore (`state`) unless another property of the
     * class has that name and is not a view of this one. LiveData's value is optional, as Kotlin's `getValue()` is.
     * Null for any other property.
     */
    fun holder(name: String): Member? {
        if (!enabled) return null
        used[name]?.takeIf { it.holder }?.let { return it }
        val (reference, declaration) = properties[name] ?: return null
        val initializer = (declaration as? KtProperty)?.initializer as? KtCallExpression
        val holderType = (reference?.typeElement as? KtUserType)?.referencedName ?: initializer?.calleeExpression?.text
        val optional = HOLDERS[holderType] ?: return null
        val argument = (reference?.typeElement as? KtUserType)?.typeArguments?.singleOrNull()?.typeReference
            ?: initializer?.typeArguments?.singleOrNull()?.typeReference
        val valueType = argument?.let { swiftType(it) } ?: initializer?.valueArguments?.singleOrNull()?.getArgumentExpression()?.let { valueType(it) }
            ?: return null
        val type = if (optional && !valueType.swift.endsWith("?")) SwiftType("${valueType.swift}?", valueType.sealed, valueType.codable) else valueType
        val stripped = name.trimStart('_')
        val view = properties[stripped]?.second as? KtProperty
        val swiftName = if (stripped.isNotEmpty() && stripped != name &&
            (stripped !in properties || view?.initializer?.text?.startsWith(name) == true) && stripped !in functions) stripped else name
        val member = Member(swiftName, "var ${swiftIdentifier(swiftName)}: ${type.swift} { get }", type,
            doc = "/// Kotlin's `$name`, a $holderType: its value.", holder = true)
        used[name] = member
        return member
    }

    /** The Swift type of a holder's initial value, when it says it (`State.Initial`, `0L`, `"text"`). */
    private fun valueType(value: org.jetbrains.kotlin.psi.KtExpression): SwiftType? {
        initializerType(value.text.trim())?.let { return it }
        val head = value.text.substringBefore('(').split('.').map { it.trim() }
        head.firstNotNullOfOrNull { segment -> types.named(segment)?.let { SwiftType(it.name, it.name) } }?.let { return it }
        // A data class of the files: `MutableStateFlow(Transition(State.Idle, SideEffect.NoOp))`.
        val klass = types.declarationNamed(head.last()) as? KtClass ?: return null
        if (!klass.isData() || value !is KtCallExpression) return null
        return swiftType(org.jetbrains.kotlin.psi.KtPsiFactory(value.project).createType(head.last()))
    }

    /** The properties the handlers assign (`attempts++`, `highScore = …`): settable, on a class (`AnyObject`). */
    private val mutated = mutableSetOf<String>()

    /** A property the handlers assign: its Swift type; the protocol declares it `{ get set }`. */
    fun mutableProperty(name: String): SwiftType? {
        val type = holder(name)?.type ?: property(name)
        if (mutated.add(name)) {
            val member = used.getValue(name)
            used[name] = Member(member.name, member.declaration.replace("{ get }", "{ get set }"), member.type, member.doc, member.holder)
        }
        return type
    }

    /**
     * The type of a delegated property declared without one, from the delegate's initial value:
     * `var level by mutableStateOf(0.0)`, `by Delegates.observable(0L) { … }`, `by syncedDelegate(0.0, ::sync)`.
     */
    private fun delegateType(property: KtProperty): SwiftType? {
        var delegate = property.delegateExpression
        if (delegate is org.jetbrains.kotlin.psi.KtDotQualifiedExpression) delegate = delegate.selectorExpression
        val initial = (delegate as? KtCallExpression)?.valueArguments?.firstOrNull()?.getArgumentExpression() ?: return null
        return initializerType(initial.text.trim())
    }

    /** The type of a property declared without one, from its initializer (`var highScore = 0L`). */
    private fun initializerType(initializer: String): SwiftType? {
        literalType(initializer)?.let { return SwiftType(it, null) }
        if (initializer.startsWith("\"")) return SwiftType("String", null)
        // Another property of the class: `private var highScore = startingBankroll`.
        return properties[initializer]?.first?.let { swiftType(it) }
    }

    /** The Swift type of a property the compiler types as a list, set or map of the standard library or Java's. */
    private fun collectionType(property: KtProperty): SwiftType? {
        val type = resolution?.propertyType(property) ?: return null
        val name = Resolution.classOf(type)?.asString() ?: return null
        if (!name.startsWith("kotlin.collections.") && !name.startsWith("java.util.")) return null
        val simple = name.substringAfterLast('.')
        if (simple !in SealedTypes.LIST_TYPES && simple !in SealedTypes.SET_TYPES && simple !in SealedTypes.MAP_TYPES) return null
        val reference = org.jetbrains.kotlin.psi.KtPsiFactory(property.project).createType(resolution.render(type) ?: return null)
        return swiftType(reference)
    }

    /** What the handlers have used so far, to go back to after translating something that is not kept. */
    fun snapshot(): () -> Unit {
        val usedBefore = LinkedHashMap(used)
        val externalBefore = external.mapValuesTo(linkedMapOf()) { LinkedHashMap(it.value) }
        val objectsBefore = LinkedHashMap(externalObjects)
        val functionsBefore = LinkedHashMap(externalFunctionNames)
        val mutatedBefore = mutated.toSet()
        val methodsBefore = LinkedHashMap(undeclaredTypeMethodNames)
        return {
            undeclaredTypeMethodNames.clear(); undeclaredTypeMethodNames.putAll(methodsBefore)
            used.clear(); used.putAll(usedBefore)
            external.clear(); external.putAll(externalBefore)
            externalObjects.clear(); externalObjects.putAll(objectsBefore)
            externalFunctionNames.clear(); externalFunctionNames.putAll(functionsBefore)
            mutated.clear(); mutated.addAll(mutatedBefore)
        }
    }

    /**
     * The type of an expression-bodied function's result when it is not written (`fun doTakeOff() = time >= limit`):
     * the porter translates the expression to tell it; null where it cannot.
     */
    var inferResult: (KtNamedFunction) -> SwiftType? = { null }

    /** A member function call: its declaration's parameter names (for named arguments) and its return type. */
    fun function(name: String): Pair<List<String>, SwiftType?>? {
        val function = functions[name] ?: return null
        val returns = resultType(function)
        if (name !in used) used[name] = Member(name, functionRequirement(function), returns)
        return function.valueParameters.map { it.name ?: "_" } to returns
    }

    /** A function's result type: written, or told from its expression body. */
    private fun resultType(function: KtNamedFunction): SwiftType? = function.typeReference?.let { swiftType(it) }
        ?: if (function.hasBlockBody() || function.bodyExpression == null) null else inferResult(function)

    /** The default values of a member or top-level function's parameters (null where a parameter has none). */
    fun functionDefaults(name: String): List<org.jetbrains.kotlin.psi.KtExpression?> =
        functions[name]?.valueParameters?.map { it.defaultValue }.orEmpty()

    private fun functionRequirement(function: KtNamedFunction): String {
        val parameters = function.valueParameters.joinToString(", ") { parameter ->
            val type = parameter.typeReference?.let { swiftType(it).swift } ?: "Any"
            // A function the collaborator is given may be kept and called later, as Kotlin lets it.
            val escaping = if (parameter.typeReference?.typeElement is KtFunctionType) "@escaping " else ""
            "_ ${swiftIdentifier(parameter.name ?: "_")}: $escaping$type${if (parameter.isVarArg) "..." else ""}"
        }
        val returns = resultType(function)?.swift?.takeIf { it != "Unit" && it != "Void" }
        return "func ${swiftIdentifier(function.name ?: "_")}($parameters)${if (returns != null) " -> $returns" else ""}"
    }

    /** A collaborator's type: an interface of the files (a protocol), a function type, or a payload type. */
    fun swiftType(given: KtTypeReference): SwiftType {
        val reference = substituted(given)
        val element = reference.typeElement
        if (element is KtFunctionType) {
            val parameters = element.parameters.joinToString(", ") { parameter ->
                parameter.typeReference?.let { swiftType(it).swift } ?: "Any"
            }
            val returns = element.returnTypeReference?.let { swiftType(it).swift } ?: "Void"
            return SwiftType("($parameters) -> ${if (returns == "Unit") "Void" else returns}", null, codable = false)
        }
        // `Logger?`: the type of `Logger`, optional (a protocol's existential in parentheses, `(any Logger)?`).
        val nullable = element is org.jetbrains.kotlin.psi.KtNullableType
        val user = (if (nullable) (element as org.jetbrains.kotlin.psi.KtNullableType).innerType else element) as? KtUserType
        val name = user?.referencedName
        fun optional(type: SwiftType): SwiftType = if (!nullable) type else
            SwiftType(if (type.swift.startsWith("any ") || type.swift.contains("->")) "(${type.swift})?" else "${type.swift}?", type.sealed, type.codable)
        transitionType(user)?.let { return optional(it) }
        // A case of a sealed hierarchy (`FormState.Editing`) has no Swift type of its own: the enum holds it.
        types.all.firstOrNull { type -> type.cases.any { it.kotlinName == name } && user?.qualifier != null }
            ?.let { return optional(SwiftType(it.name, it.name)) }
        if (name == "Unit" && user.typeArguments.isEmpty()) return SwiftType("Void", null, codable = false)
        // Collections of what collaborators take (`Map<String, Any>`): their elements as collaborator types, `Any` included.
        val arguments = user?.typeArguments.orEmpty().map { argument -> argument.typeReference?.let { swiftType(it) } ?: SwiftType("Any", null, false) }
        when {
            arguments.size == 2 && name in SealedTypes.MAP_TYPES ->
                return optional(SwiftType("[${arguments[0].swift}: ${arguments[1].swift}]", null, codable = false))
            arguments.size == 1 && name in SealedTypes.LIST_TYPES ->
                return optional(SwiftType("[${arguments[0].swift}]", null, codable = false))
            arguments.size == 1 && name in SealedTypes.SET_TYPES ->
                return optional(SwiftType("Set<${arguments[0].swift}>", null, codable = false))
        }
        if (name == "Any" && user.typeArguments.isEmpty()) return SwiftType(if (element is org.jetbrains.kotlin.psi.KtNullableType) "Any?" else "Any", null, codable = false)
        val declaration = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtClassOrObject::class.java) }
            .firstOrNull { it.name == name && it is KtClass && it.isInterface() && !it.hasModifier(org.jetbrains.kotlin.lexer.KtTokens.SEALED_KEYWORD) }
        if (declaration != null && name != null) {
            if (name !in protocols) {
                protocols[name] = emptyList()
                val requirements = declaration.declarations.filterIsInstance<KtNamedFunction>().map { functionRequirement(it) } +
                    declaration.declarations.filterIsInstance<KtProperty>().map { property ->
                        "var ${swiftIdentifier(property.name ?: "_")}: ${property.typeReference?.let { swiftType(it).swift } ?: "Any"} { get }"
                    }
                protocols[name] = requirements
            }
            return optional(SwiftType("any $name", null, codable = false))
        }
        // A type the payloads use too (`Instant`) stays the payload's placeholder struct: the values pass between them.
        if (name != null && user.typeArguments.isEmpty() && user.qualifier == null && !types.isKnownTypeName(name) && name !in types.auxiliary) {
            return optional(externalType(name))
        }
        return types.swiftType(reference)
    }

    /**
     * The machine's transition as a member function takes it from a listener (`fun track(t: StateMachine.Transition<S,
     * E, SE>)`): what the Swift listener has, the `Result` of a transition, or its `Valid` value.
     */
    private fun transitionType(user: KtUserType?): SwiftType? {
        val path = generateSequence(user) { it.qualifier }.mapNotNull { it.referencedName }.toList().reversed()
        val valid = "StateMachine<State, Event, SideEffect>.Transition.Valid"
        // An unqualified `Transition` is the library's (imported) unless the files declare a class of that name.
        if (path.firstOrNull() != "StateMachine" && files.any { file ->
                PsiTreeUtil.collectElementsOfType(file.file, KtClassOrObject::class.java).any { it.name == path.firstOrNull() } }) return null
        return when (path.dropWhile { it == "StateMachine" }) {
            listOf("Transition") -> {
                // A port with a type named Error (a Kotlin case or class) names Swift's.
                val error = if (types.all.any { it.name == "Error" } || "Error" in types.auxiliary) "Swift.Error" else "Error"
                SwiftType("Result<$valid, any $error>", null, codable = false)
            }
            listOf("Transition", "Valid") -> SwiftType(valid, null, codable = false)
            else -> null
        }
    }

    /** A collaborator type the files do not declare: a protocol the port declares from the calls made on it. */
    private fun externalType(name: String): SwiftType {
        var protocol = name
        if (protocol in types.all.map { it.name } || protocol in types.auxiliary || protocol in protocols ||
            protocol in setOf("Collaborators", "State", "Event", "SideEffect")) protocol += "Type"
        external.getOrPut(protocol) { linkedMapOf() }
        return SwiftType("any $protocol", null, codable = false)
    }

    /** Whether [protocol] (`any Name` without `any `) is one the port makes from the calls on it. */
    fun isExternal(protocol: String) = protocol in external

    /**
     * A method call on a collaborator of an [external] type: the requirement it implies (parameters typed from the
     * arguments, `Void` or [returns]), added once per method name.
     */
    fun externalMethod(protocol: String, method: String, labels: List<String?>, argumentTypes: List<String>, returns: String?) {
        val requirements = external.getOrPut(protocol) { linkedMapOf() }
        if (method in requirements) return
        val parameters = labels.zip(argumentTypes).mapIndexed { index, (label, type) ->
            val escaping = if (type.contains("->")) "@escaping " else ""
            if (label != null) "${swiftIdentifier(label)}: $escaping$type" else "_ p${index + 1}: $escaping$type"
        }
        requirements[method] = "func ${swiftIdentifier(method)}(${parameters.joinToString(", ")})${if (returns != null) " -> $returns" else ""}"
    }

    /**
     * The supertypes of the class that builds the machine that the files do not declare (`NotifyingStateMachine`):
     * an unqualified call the files do not declare may be one of their methods.
     */
    val undeclaredSupertypes: List<String> = (PsiTreeUtil.getParentOfType(create, KtClassOrObject::class.java)?.superTypeListEntries.orEmpty())
        .mapNotNull { (it.typeReference?.typeElement as? KtUserType)?.referencedName }
        .filter { name -> files.none { file -> PsiTreeUtil.collectElementsOfType(file.file, KtClassOrObject::class.java).any { it.name == name } } }

    /**
     * A method the class inherits from a supertype of [undeclaredSupertypes] (`notify(from, to)`): a requirement of
     * `Collaborators`, its parameters typed from the arguments; false when one of that name is there already.
     */
    fun inheritedMethod(name: String, argumentTypes: List<String>, returns: String?): Boolean {
        if (!enabled || name in properties || name in functions) return false
        used[name]?.let { return it.doc?.startsWith("/// Inherited") == true }
        val parameters = argumentTypes.mapIndexed { index, type -> "_ p${index + 1}: $type" }.joinToString(", ")
        used[name] = Member(name, "func ${swiftIdentifier(name)}($parameters)${if (returns != null) " -> $returns" else ""}",
            returns?.let { SwiftType(it, null) }, doc = "/// Inherited by the Kotlin class from ${undeclaredSupertypes.joinToString(" or ")}, not in the files given.")
        return true
    }

    /**
     * A function the files import from a file or library not given (`sLog`, imported as [imported]): a requirement of
     * `Collaborators`, its parameters typed from the arguments, without a result when called as a statement, else
     * [returns] (its documentation names the Kotlin line that first uses the result); false when a member of another
     * kind has that name, or a call before gave it another result.
     */
    fun externalFunction(name: String, imported: String, argumentTypes: List<String>, returns: SwiftType? = null, line: Int = 0): Boolean {
        if (!enabled || name in properties || name in functions) return false
        used[name]?.let { return externalFunctionNames[name] == imported && (returns == null || it.type?.swift == returns.swift) }
        val parameters = argumentTypes.mapIndexed { index, type -> "_ p${index + 1}: $type" }.joinToString(", ")
        val result = returns?.swift?.let { " -> $it" } ?: ""
        val where = if (returns != null) " (its result used at line $line)" else ""
        used[name] = Member(name, "func ${swiftIdentifier(name)}($parameters)$result", returns,
            doc = "/// Imported by the Kotlin from $imported$where, which is not in the files given.")
        externalFunctionNames[name] = imported
        return true
    }

    /**
     * A method called on a value of [type], a type the files given do not declare (`status.toState()`): a requirement
     * of `Collaborators` that takes the value, then the arguments, typed from them, with [returns] or no result; false
     * when a member of another kind or of another type has that name.
     */
    fun undeclaredTypeMethod(name: String, type: String, argumentTypes: List<String>, returns: SwiftType?, line: Int, receiver: String? = null): Boolean {
        if (!enabled || name in properties || name in functions || name in externalFunctionNames) return false
        val same = used[name]?.let { undeclaredTypeMethodNames[name] == type && it.type?.swift == returns?.swift }
        if (same != false) undeclaredTypeMethodReceivers.getOrPut(name) { linkedSetOf() }.add(receiver)
        same?.let { return it }
        val parameters = (listOf("_ ${swiftIdentifier(type.replaceFirstChar { it.lowercase() })}: $type") +
            argumentTypes.mapIndexed { index, argument -> "_ p${index + 1}: $argument" }).joinToString(", ")
        val result = returns?.swift?.let { " -> $it" } ?: ""
        used[name] = Member(name, "func ${swiftIdentifier(name)}($parameters)$result", returns,
            doc = "/// `$name()` of $type (Kotlin line $line), a type the files given do not declare.")
        undeclaredTypeMethodNames[name] = type
        return true
    }

    /** [undeclaredTypeMethod]: the type each such requirement is a method of, by the requirement's name. */
    private val undeclaredTypeMethodNames = linkedMapOf<String, String>()

    /** The methods of types the files given do not declare that are requirements of `Collaborators`. */
    val undeclaredTypeMethods: Set<String> get() = undeclaredTypeMethodNames.keys

    /** [undeclaredTypeMethod]: the Kotlin receivers of each requirement's calls (`timer` of `timer.dispose()`), by name. */
    private val undeclaredTypeMethodReceivers = linkedMapOf<String, LinkedHashSet<String?>>()

    /**
     * The one name the Kotlin gives the receiver of the requirement [name]'s calls, a method of a type the owner supplies
     * (`timer` of `timer.dispose()`): where `--verify`'s Kotlin stand-in writes the call; null for another requirement.
     */
    fun undeclaredTypeMethodReceiver(name: String): String? {
        val type = undeclaredTypeMethodNames[name] ?: return null
        if (types.auxiliary[type]?.opaque == null) return null
        return undeclaredTypeMethodReceivers[name]?.singleOrNull()?.takeIf { Regex("[A-Za-z_][A-Za-z0-9_]*").matches(it) }
    }

    /**
     * A value the handlers name that neither the files given nor their imports declare (`Error(FailedToJoinCall)`, an
     * object of a file not given), where its place tells its type: a property of `Collaborators` of that type, named
     * after it (`failedToJoinCall`), that the Swift owner supplies; null when a member of another kind has that name.
     */
    fun externalValue(name: String, type: SwiftType, line: Int): Member? {
        if (!enabled) return null
        val property = name.replaceFirstChar { it.lowercase() }
        if (property in properties || property in functions) return null
        used[property]?.let { member -> return member.takeIf { externalValueNames[property] == name && it.type?.swift == type.swift } }
        externalValueNames[property] = name
        return Member(property, "var ${swiftIdentifier(property)}: ${type.swift} { get }", type,
            doc = "/// `$name` of the Kotlin (line $line), which the files given do not declare.").also { used[property] = it }
    }

    /** [externalValue]: the Kotlin name of each such property, by the property's name. */
    private val externalValueNames = linkedMapOf<String, String>()

    /** The Kotlin name of the value the property [name] stands for ([externalValue]: `FailedToJoinCall`), if it is one. */
    fun externalValueName(name: String): String? = externalValueNames[name]

    /** A property read on a collaborator of an [external] type: `var name: type { get }`, added once per name. */
    fun externalProperty(protocol: String, name: String, type: String) {
        val requirements = external.getOrPut(protocol) { linkedMapOf() }
        if (name !in requirements) requirements[name] = "var ${swiftIdentifier(name)}: $type { get }"
    }

    /**
     * An object the handlers call that the files do not declare (`Timber.d(…)`): a property of the context, named
     * after it (`timber`), of an external protocol of the same name, or of [typeName] where the compiler gives the
     * object's class (`LOG`, a companion's `Logger`: `log` of protocol `Logger`); null for a name that is not such an object.
     */
    fun externalObject(name: String, typeName: String? = null): Member? {
        if (!enabled || name.firstOrNull()?.isUpperCase() != true || types.isKnownTypeName(name) || name in protocols) return null
        externalObjects[name]?.let { return used[it] }
        // A constant's name (`LOG`, `MAIN_LOG`) in Swift's spelling (`log`, `mainLog`).
        val property = if (name.length > 1 && name.matches(Regex("[A-Z][A-Z0-9_]*"))) {
            name.lowercase().split('_').filter { it.isNotEmpty() }.mapIndexed { index, word ->
                if (index == 0) word else word.replaceFirstChar { it.uppercase() }
            }.joinToString("")
        } else name.replaceFirstChar { it.lowercase() }
        if (property in properties || property in functions) return null
        val type = externalType(typeName ?: name)
        externalObjects[name] = property
        return Member(property, "var ${swiftIdentifier(property)}: ${type.swift} { get }", type).also { used[property] = it }
    }

    /**
     * Whether [statement] is a call of a function declared to return `Unit`: a member or top-level function of the
     * files, a method of a collaborator typed with an interface of the files, a property of a `(…) -> Unit` type.
     */
    fun returnsUnit(statement: org.jetbrains.kotlin.psi.KtExpression?): Boolean {
        fun unit(function: KtNamedFunction) =
            function.typeReference?.text == "Unit" || function.typeReference == null && (function.hasBlockBody() || function.bodyExpression == null)
        when (statement) {
            is KtCallExpression -> {
                val name = statement.calleeExpression?.text ?: return false
                if (name == "println") return true
                functions[name]?.let { return unit(it) }
                val type = properties[name]?.first?.typeElement as? KtFunctionType ?: return false
                return type.returnTypeReference?.text == "Unit"
            }
            is org.jetbrains.kotlin.psi.KtDotQualifiedExpression -> {
                val receiver = statement.receiverExpression.text
                val call = statement.selectorExpression as? KtCallExpression ?: return false
                val typeName = (properties[receiver]?.first?.typeElement as? KtUserType)?.referencedName ?: return false
                val declaration = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtClass::class.java) }
                    .firstOrNull { it.name == typeName && it.isInterface() } ?: return false
                val function = declaration.declarations.filterIsInstance<KtNamedFunction>()
                    .firstOrNull { it.name == call.calleeExpression?.text } ?: return false
                return unit(function)
            }
            else -> return false
        }
    }

    /** The methods of a collaborator's interface (for named arguments). */
    fun methodParameters(typeName: String, method: String): List<String>? {
        val declaration = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtClass::class.java) }
            .firstOrNull { it.name == typeName && it.isInterface() } ?: return null
        val function = declaration.declarations.filterIsInstance<KtNamedFunction>().firstOrNull { it.name == method } ?: return null
        return function.valueParameters.map { it.name ?: "_" }
    }

    /** The default values of a method's parameters (null where a parameter has none), in order. */
    fun methodDefaults(typeName: String, method: String): List<org.jetbrains.kotlin.psi.KtExpression?>? {
        val declaration = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtClass::class.java) }
            .firstOrNull { it.name == typeName && it.isInterface() } ?: return null
        val function = declaration.declarations.filterIsInstance<KtNamedFunction>().firstOrNull { it.name == method } ?: return null
        return function.valueParameters.map { it.defaultValue }
    }

    companion object {
        /** Kotlin's observable value holders, and whether their `value` is optional (LiveData's `getValue()` is). */
        val HOLDERS = mapOf("MutableStateFlow" to false, "StateFlow" to false, "MutableLiveData" to true, "LiveData" to true)
    }

    /** The Swift declarations: the protocols of the interfaces, then `protocol Collaborators`. */
    fun lines(): List<String> {
        val lines = mutableListOf<String>()
        // A type taken for a collaborator before the machine used its constants (`level: Level = Level.INFO`) is the
        // enum the port declares for them: a value, not a protocol.
        val enums = external.filter { (name, requirements) -> requirements.isEmpty() && name in types.inferredEnums }.keys
        // A type taken for a collaborator before a payload or a function's result used it (`attacker: CreatureCard`
        // and `fun order(…): Pair<CreatureCard, CreatureCard>`) is the payload's placeholder struct, which the user
        // fills in: one declaration, the values passing between them.
        val placeholders = external.keys.filter { it in types.auxiliary }
        val values = enums + placeholders
        for (name in values) external.remove(name)
        fun typed(line: String) = values.fold(line) { text, name -> text.replace(Regex("\\bany $name\\b"), name) }
        for ((name, requirements) in external) {
            lines.add("/// Not declared in the files given: what the handlers call on it.")
            lines.add("protocol $name {")
            requirements.values.forEach { lines.add("    $it") }
            lines.add("}")
            lines.add("")
        }
        for ((name, requirements) in protocols) {
            lines.add("protocol $name {")
            requirements.forEach { lines.add("    $it") }
            lines.add("}")
            lines.add("")
        }
        lines.add("/// What the Kotlin handlers use from the class that builds the machine (constructor parameters,")
        lines.add("/// properties, member functions): conform the Swift type that owns the machine to it.")
        if (mutated.isEmpty()) {
            lines.add("protocol Collaborators {")
        } else {
            lines.add("/// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.")
            lines.add("protocol Collaborators: AnyObject {")
        }
        used.values.filter { it.name !in portedFunctions }.forEach { member ->
            member.doc?.let { lines.add("    $it") }
            lines.add("    ${member.declaration}")
        }
        lines.add("}")
        return lines.map(::typed)
    }
}
