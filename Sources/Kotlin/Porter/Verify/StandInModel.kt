package com.statemachine.porter

/**
 * What the stand-ins of one job declare (Spec/VERIFY.md, V11), gathered from the compiler's diagnostics round after
 * round ([StandIns]), and written as Kotlin, one file per package.
 */
class StandInModel {

    /** A function stand-in: its call shapes so far, and what its result must be. */
    class Function(val name: String) {
        /** The most parameters a trailing lambda of a call takes (`null`: no call passes one). */
        var lambdaParameters: Int? = null
        /** The names of the named arguments the calls give. */
        val named = linkedSetOf<String>()
        /** The types of its trailing lambda's parameters that the lambdas' uses tell (`any { !it }`: 0 → `Boolean`), by index. */
        val lambdaParameterTypes = sortedMapOf<Int, String>()
        /** Whether its trailing lambda calls suspend functions (`launch { … }`): a `suspend` lambda. */
        var suspendLambda = false
        /** Whether every call so far is a statement (its result unused). */
        var statementOnly = true
        /** The result type the compiler asked for (`kotlin.Boolean`), once a diagnostic said so. */
        var type: String? = null
        /** How many type arguments the calls give it (`mapperFor<Position>()`: 1), the most of any call. */
        var typeArguments = 0
        /** Whether a property is delegated to its result (`var dose by syncedDelegate(0.0, ::sync)`), given its first value first. */
        var delegate = false
    }

    /** A property stand-in. */
    class Property(val name: String) {
        var mutable = false
        var type: String? = null
    }

    /** Functions and properties of one scope: a package's top level (with or without an `Any?` receiver), an object. */
    class Members {
        val functions = linkedMapOf<String, Function>()
        val properties = linkedMapOf<String, Property>()
        fun function(name: String) = functions.getOrPut(name) { Function(name) }
        fun property(name: String) = properties.getOrPut(name) { Property(name) }
        val isEmpty get() = functions.isEmpty() && properties.isEmpty()
    }

    /** A class stand-in: how the files use it decides what it is ([kind]). */
    class Type(val packageName: String, val path: List<String>) {
        var asType = false
        var asInterface = false
        var asSuperclass = false
        var constructed = false
        var asValue = false
        var asAnnotation = false
        /** How many type arguments the files give it (`SendChannel<Message>`: 1), the most of any use; its type parameters. */
        var typeArguments = 0
        /** Thrown or caught by the files: a `RuntimeException` rather than an opaque value. */
        var throwable = false
        /** The names of the named arguments its constructor calls give. */
        val named = linkedSetOf<String>()
        /** Members that classes of the files override, by name. */
        val overridden = linkedMapOf<String, Overridden>()
        /** The result type of `value[key]` on a value of it, by the number of keys, once the compiler said what it must be. */
        val indexed = sortedMapOf<Int, String>()
        /** The type of its elements where the files iterate a value of it (`for (message in channel)`), once they must have one. */
        var iterated: String? = null
        /**
         * Whether a `when` that must be exhaustive tells its values apart by the objects nested in it
         * (`OutputLineClassification.ENCODING ->`): an enum class of those constants, which the `when` lists every one of.
         */
        var asEnum = false
        /** A stand-in type this one extends, once a value of this one was given where that one is expected. */
        var superType: Type? = null
        /** Members reached through the name itself (`KotlinLogging.logger {}`, `Constants.TIMEOUT`). */
        val statics = Members()
        /**
         * Extensions of `Any?` declared in it, which the files import (`import a.b.Status.Companion.toState` for
         * `status.toState()`); their calls are written as a package's extensions' are, without the object's name.
         */
        val staticExtensions = Members()
        val simpleName get() = path.last()
        /** The name of the collaborator the port makes of it, as the trace writes its calls (`LockerLimits` → `lockerLimits`). */
        val traceName get() = path.joinToString(".").replaceFirstChar { it.lowercase() }
        val qualifiedName get() = (listOf(packageName).filter { it.isNotEmpty() } + path).joinToString(".")

        enum class Kind { ANNOTATION, INTERFACE, OBJECT, CLASS }

        val kind: Kind
            get() = when {
                asAnnotation && !(asType || asInterface || asSuperclass || constructed || asValue || !statics.isEmpty) -> Kind.ANNOTATION
                asInterface -> Kind.INTERFACE
                (asValue || !statics.isEmpty || !staticExtensions.isEmpty) && !(asType || asSuperclass || constructed) -> Kind.OBJECT
                else -> Kind.CLASS
            }

        /** Why the uses cannot be one declaration, or null. */
        val conflict: String?
            get() = when {
                asInterface && (asSuperclass || constructed) ->
                    "it is a supertype without a constructor call (an interface) and also constructed"
                asInterface && !statics.isEmpty -> "it is an interface and its own members are called through its name"
                else -> null
            }
    }

    /**
     * A member a class of the files overrides: a property ([parameters] null) of the override's [type] when it is a
     * `var` (a `val` is `Any?`), or a function taking [parameters] and returning `Any?`.
     */
    class Overridden(val name: String, val isVar: Boolean, val type: String?, val parameters: List<String>?, val isSuspend: Boolean = false)

    val types = linkedMapOf<String, Type>()
    /** Top-level members by package, without a receiver. */
    val topLevel = linkedMapOf<String, Members>()
    /** Top-level members by package, with an `Any?` receiver (`error.detail`, `scope.launch { }`). */
    val extensions = linkedMapOf<String, Members>()

    fun type(packageName: String, path: List<String>): Type =
        types.getOrPut((listOf(packageName) + path).joinToString("/")) { Type(packageName, path) }

    fun topLevel(packageName: String) = topLevel.getOrPut(packageName) { Members() }
    fun extensions(packageName: String) = extensions.getOrPut(packageName) { Members() }

    /** A fingerprint of everything declared: a round that changes nothing ends the iteration. */
    fun fingerprint(): String = files().entries.joinToString("\n") { "${it.key}\n${it.value}" }

    /** Every function and property stand-in named [name], wherever it is. */
    fun named(name: String): List<Any> =
        (topLevel.values + extensions.values + types.values.flatMap { listOf(it.statics, it.staticExtensions) }).flatMap { members ->
            listOfNotNull(members.functions[name], members.properties[name])
        }

    /** The declared names, qualified (`mu.KotlinLogging`, `com.example.detail`), for the report. */
    fun declared(): List<String> {
        val names = mutableListOf<String>()
        for (type in types.values) {
            names += type.qualifiedName
            type.statics.functions.keys.forEach { names += "${type.qualifiedName}.$it" }
            type.statics.properties.keys.forEach { names += "${type.qualifiedName}.$it" }
            type.staticExtensions.functions.keys.forEach { names += "${type.qualifiedName}.(Any?).$it" }
            type.staticExtensions.properties.keys.forEach { names += "${type.qualifiedName}.(Any?).$it" }
        }
        for ((packageName, members) in topLevel) (members.functions.keys + members.properties.keys).forEach { names += qualify(packageName, it) }
        for ((packageName, members) in extensions) (members.functions.keys + members.properties.keys).forEach { names += qualify(packageName, "(Any?).$it") }
        return names.sorted()
    }

    private fun qualify(packageName: String, name: String) = if (packageName.isEmpty()) name else "$packageName.$name"

    /** The Kotlin of the stand-ins, by file name (`standins.mu.kt`). */
    fun files(): Map<String, String> {
        val packages = (types.values.map { it.packageName } + topLevel.keys + extensions.keys).distinct().sorted()
        return packages.associate { packageName ->
            val body = StringBuilder()
            val roots = types.values.filter { it.packageName == packageName && it.path.size == 1 }
            for (root in roots) body.append(render(root, ""))
            topLevel[packageName]?.let { body.append(members(it, "", null, null)) }
            extensions[packageName]?.let { body.append(members(it, "", "Any?", null)) }
            val header = "// Stand-ins for --verify (Spec/VERIFY.md, V11), derived from the compiler's diagnostics: the files use these\n" +
                "// names and the verification's libraries lack them. Each call is written to the trace.\n" +
                "@file:Suppress(\"UNUSED_PARAMETER\", \"unused\", \"RedundantUnitReturnType\", \"FunctionName\", \"PropertyName\", \"ClassName\")\n" +
                (if (packageName.isEmpty()) "" else "package $packageName\n") + "\n"
            "standins.${packageName.ifEmpty { "root" }}.kt" to header + body.toString()
        }
    }

    private fun parent(type: Type): Type? =
        if (type.path.size < 2) null else types.values.firstOrNull { it.packageName == type.packageName && it.path == type.path.dropLast(1) }

    /** `<T1, T2>` for a type the files give two type arguments; nothing for one they give none. */
    private fun typeParameters(type: Type): String =
        if (type.typeArguments == 0) "" else (1..type.typeArguments).joinToString(", ", "<", ">") { "T$it" }

    /** The members classes of the files override: abstract in an interface, open (and inert) in a class. */
    private fun overridden(type: Type, indent: String): String = buildString {
        val open = if (type.kind == Type.Kind.INTERFACE) "" else "open "
        for (member in type.overridden.values) {
            if (member.parameters == null) {
                val declared = if (member.isVar) member.type ?: "Any?" else "Any?"
                val body = when {
                    type.kind == Type.Kind.INTERFACE -> ""
                    member.isVar -> " get() = throw UnsupportedOperationException(\"${member.name}\"); set(value) {}"
                    else -> " get() = null"
                }
                append("$indent$open${if (member.isVar) "var" else "val"} ${member.name}: $declared$body\n")
            } else {
                val parameters = member.parameters.withIndex().joinToString(", ") { (index, parameterType) -> "p$index: $parameterType" }
                val body = if (type.kind == Type.Kind.INTERFACE) "" else " = null"
                append("$indent$open${if (member.isSuspend) "suspend " else ""}fun ${member.name}($parameters): Any?$body\n")
            }
        }
    }

    /**
     * The operators a stand-in's value answers with a type the files need ([Type.indexed], [Type.iterated]): a `get` of
     * fixed keys, which a call with as many prefers to [com.statemachine.verify.StandInValue]'s, and an iterator of
     * elements of that type, which holds none.
     */
    private fun operators(type: Type, indent: String): String = buildString {
        if (type.kind != Type.Kind.CLASS && type.kind != Type.Kind.OBJECT) return@buildString
        for ((count, result) in type.indexed) {
            val keys = (0 until count).map { "key$it" }
            append("${indent}operator fun get(${keys.joinToString(", ") { "$it: Any?" }}): $result = " +
                "com.statemachine.verify.StandIns.member<$result>(null, \"get\", this, arrayOf<Any?>(${keys.joinToString(", ")}), kotlin.reflect.typeOf<$result>())\n")
        }
        type.iterated?.let { append("${indent}override operator fun iterator(): Iterator<$it> = emptyList<$it>().iterator()\n") }
    }

    /** How a stand-in extending [type] names it: by its qualified name, with `Any?` for each type parameter. */
    private fun reference(type: Type): String = type.qualifiedName + anyArguments(type)

    /**
     * For a generic class stand-in, a constructor that takes one value of each type parameter: a call with as many
     * arguments and no type arguments (`StateMachineSnapshot(fromState, event)`) infers them from its arguments, where
     * the `vararg` constructor leaves them undetermined. Other calls take the `vararg` one.
     */
    private fun typedConstructor(type: Type, indent: String): String {
        if (type.kind != Type.Kind.CLASS || type.typeArguments == 0 || type.throwable) return ""
        val parameters = (1..type.typeArguments).map { "p$it" }
        return "${indent}constructor(${parameters.joinToString(", ") { "$it: T${it.drop(1)}" }}) : this(*arrayOf<Any?>(${parameters.joinToString(", ")}))\n"
    }

    /** `<Any?, Any?>` for a generic stand-in a value nested in it extends. */
    private fun anyArguments(type: Type): String =
        if (type.typeArguments == 0) "" else (1..type.typeArguments).joinToString(", ", "<", ">") { "Any?" }

    /** The stand-ins nested directly in [type]. */
    fun nested(type: Type): List<Type> =
        types.values.filter { it.packageName == type.packageName && it.path.size == type.path.size + 1 && it.path.dropLast(1) == type.path }

    private fun render(type: Type, indent: String): String {
        val nested = nested(type)
        if (type.asEnum) {
            val statics = if (type.statics.isEmpty) "" else "$indent    companion object {\n" +
                members(type.statics, "$indent        ", null, type.traceName) + "$indent    }\n"
            return "${indent}enum class ${type.simpleName} {\n$indent    ${nested.joinToString(", ") { it.simpleName }};\n$statics$indent}\n\n"
        }
        val inner = StringBuilder()
        for (child in nested) inner.append(render(child, "$indent    "))
        val value = "com.statemachine.verify.StandInValue(\"${type.path.joinToString(".")}\")"
        val header = when (type.kind) {
            Type.Kind.ANNOTATION -> "@Target(${ANNOTATION_TARGETS.joinToString(", ") { "AnnotationTarget.$it" }})\n" +
                "${indent}@Retention(AnnotationRetention.SOURCE)\n${indent}annotation class ${type.simpleName}"
            Type.Kind.INTERFACE -> "interface ${type.simpleName}${typeParameters(type)}"
            // A value nested in a class or an interface stand-in (`VerificationState.Start`) is one of its values.
            Type.Kind.OBJECT -> "object ${type.simpleName} : " + when {
                type.superType?.kind == Type.Kind.CLASS -> "${reference(type.superType!!)}()"
                type.superType?.kind == Type.Kind.INTERFACE -> "$value, ${reference(type.superType!!)}"
                parent(type)?.kind == Type.Kind.CLASS -> "${parent(type)!!.simpleName}${anyArguments(parent(type)!!)}()"
                parent(type)?.kind == Type.Kind.INTERFACE -> "$value, ${parent(type)!!.simpleName}${anyArguments(parent(type)!!)}"
                else -> value
            }
            Type.Kind.CLASS -> "open class ${type.simpleName}${typeParameters(type)}(${(listOf("vararg arguments: Any?") + type.named.map { "$it: Any? = null" }).joinToString(", ")}) : " + when {
                type.throwable -> "RuntimeException(\"${type.path.joinToString(".")}\")"
                else -> when (type.superType?.kind) {
                Type.Kind.CLASS -> "${reference(type.superType!!)}()"
                Type.Kind.INTERFACE -> "$value, ${reference(type.superType!!)}"
                else -> value
                }
            }
        }
        val statics = when (type.kind) {
            Type.Kind.OBJECT -> members(type.statics, "$indent    ", null, type.traceName) + members(type.staticExtensions, "$indent    ", "Any?", null)
            Type.Kind.CLASS -> if (type.statics.isEmpty && type.staticExtensions.isEmpty) "" else "$indent    companion object {\n" +
                members(type.statics, "$indent        ", null, type.traceName) + members(type.staticExtensions, "$indent        ", "Any?", null) + "$indent    }\n"
            else -> ""
        } + typedConstructor(type, "$indent    ")
        val content = inner.toString() + statics + overridden(type, "$indent    ") + operators(type, "$indent    ")
        return if (content.isEmpty()) "$indent$header\n\n" else "$indent$header {\n$content$indent}\n\n"
    }

    /**
     * The functions and properties of [members]: [receiver] is `Any?` for extensions; [owner] is the trace's name of the
     * object whose members they are (`lockerLimits`), as the port names that collaborator. A package's own functions
     * and properties ([owner] and [receiver] null) are recorded as requirements of the port's `Collaborators` are.
     */
    private fun members(members: Members, indent: String, receiver: String?, owner: String?): String = buildString {
        val on = receiver?.let { "$it." } ?: ""
        // Internal, as the files' own declarations often are: a public stand-in could not name their internal types
        // (`val Any?.state: ExpressusState.State`); no declaration of the files exposes a function or a property.
        val visibility = "internal "
        for (property in members.properties.values) {
            val (type, value) = result(property.type, false, property.name, receiver, owner, "emptyArray<Any?>()")
            append("$indent$visibility${if (property.mutable) "var" else "val"} $on${property.name}: $type\n")
            append("$indent    get() = $value\n")
            if (property.mutable) {
                val (_, set) = result(null, true, "${property.name}=", receiver, owner, "arrayOf<Any?>(value)")
                append("$indent    set(value) { $set }\n")
            }
        }
        for (function in members.functions.values) {
            if (function.delegate && receiver == null && owner == null) {
                // The value a property delegated to it holds, as a stored property: not a call the trace writes.
                append("$indent${visibility}fun <T> ${function.name}(initial: T, vararg arguments: Any?): com.statemachine.verify.StandInDelegate<T> = " +
                    "com.statemachine.verify.StandInDelegate(initial)\n")
                continue
            }
            val parameters = mutableListOf("vararg arguments: Any?")
            val passed = mutableListOf("*arguments")
            for (name in function.named) {
                parameters += "$name: Any? = null"
                passed += name
            }
            function.lambdaParameters?.let { count ->
                parameters += "block: ${if (function.suspendLambda) "suspend " else ""}(${List(count) { function.lambdaParameterTypes[it] ?: "Any?" }.joinToString(", ")}) -> Any? = { ${if (count > 0) List(count) { "_" }.joinToString(", ") + " -> " else ""}null }"
                passed += "block"
            }
            val (type, value) = result(function.type, function.statementOnly, function.name, receiver, owner, "arrayOf<Any?>(${passed.joinToString(", ")})")
            val typeParameters = if (function.typeArguments == 0) "" else (1..function.typeArguments).joinToString(", ", "<", "> ") { "T$it" }
            append("$indent${visibility}fun $typeParameters$on${function.name}(${parameters.joinToString(", ")}): $type = $value\n")
        }
    }

    /** The declared type and the body of a stand-in's call (Sources/Kotlin/Verify/StandIns.kt). */
    private fun result(type: String?, statementOnly: Boolean, name: String, receiver: String?, owner: String?, arguments: String): Pair<String, String> {
        val declared = type ?: if (statementOnly) "Unit" else "com.statemachine.verify.StandInValue"
        val helper = "com.statemachine.verify.StandIns"
        if (receiver == null && owner == null) {
            return declared to when {
                type != null -> "$helper.typed(\"$name\", $arguments, kotlin.reflect.typeOf<$type>())"
                statementOnly -> "$helper.statement(\"$name\", $arguments)"
                else -> "$helper.opaque(\"$name\", $arguments)"
            }
        }
        val self = if (receiver != null) "this" else "$helper.NoReceiver"
        val ownerText = owner?.let { "\"$it\"" } ?: "null"
        val resultType = if (type == null && !statementOnly) "null" else "kotlin.reflect.typeOf<$declared>()"
        return declared to "$helper.member<$declared>($ownerText, \"$name\", $self, $arguments, $resultType)"
    }

    private companion object {
        val ANNOTATION_TARGETS = listOf(
            "CLASS", "ANNOTATION_CLASS", "PROPERTY", "FIELD", "LOCAL_VARIABLE", "VALUE_PARAMETER", "CONSTRUCTOR", "FUNCTION",
            "PROPERTY_GETTER", "PROPERTY_SETTER", "TYPE", "EXPRESSION", "FILE", "TYPEALIAS", "TYPE_PARAMETER",
        )
    }
}
