package com.statemachine.verify

import com.google.gson.JsonObject
import com.statemachine.spec.fixtures.Canonical
import com.statemachine.spec.fixtures.Values
import java.io.File
import java.lang.reflect.ParameterizedType
import kotlin.reflect.KClass
import kotlin.reflect.full.primaryConstructor

/**
 * What the runner needs to compare a machine written by hand in Kotlin with one written by hand in Swift
 * (`statemachine compare`, Spec/VERIFY.md, V10): the machine's owner found from the name the user gives, the machine's
 * types read from its declared type, and the shapes of those types for pairing them with the Swift ones.
 */
object Compare {
    /**
     * The owner named `Owner.member` or `com.example.Owner.member` (a class, an object, or a file's class, `MachineKt`),
     * looked up in [classes]. A simple name must name one class of the classes.
     */
    fun owner(name: String, loader: ClassLoader, classes: List<File>): OwnerSpec {
        val dot = name.lastIndexOf('.')
        if (dot <= 0 || dot == name.length - 1) throw Owners.CannotRun("--kotlin-machine takes Owner.member (a class, object or file class and the property or function that makes the machine), not $name")
        val className = name.substring(0, dot)
        val member = name.substring(dot + 1)
        val type = runCatching { Class.forName(className, false, loader) }.getOrNull() ?: run {
            val simple = className.substringAfterLast('.')
            val found = classes.flatMap { root ->
                root.walkTopDown().filter { it.isFile && it.name == "$simple.class" || it.isFile && it.name.endsWith("$$simple.class") }
                    .map { it.relativeTo(root).path.removeSuffix(".class").replace(File.separatorChar, '.') }.toList()
            }.distinct()
            when (found.size) {
                0 -> throw Owners.CannotRun("no class $className in the compiled Kotlin")
                1 -> Class.forName(found.single(), false, loader)
                else -> throw Owners.CannotRun("$className names ${found.size} classes (${found.joinToString(", ")}); write it with its package")
            }
        }
        val kotlin = runCatching { type.kotlin.objectInstance }.getOrNull()
        val kind = when {
            kotlin != null -> "object"
            type.simpleName.endsWith("Kt") && type.declaredMethods.any { java.lang.reflect.Modifier.isStatic(it.modifiers) && (it.name == member || it.name == getter(member)) } -> "file"
            else -> "class"
        }
        return OwnerSpec(kind, type.name, member)
    }

    private fun getter(member: String) = "get" + member.replaceFirstChar { it.uppercase() }

    /** The binary names of the State, Event and SideEffect types of the machine [spec] makes, from its declared type. */
    fun types(spec: OwnerSpec, loader: ClassLoader): Triple<String, String, String?> {
        val type = Class.forName(spec.className, false, loader)
        val method = (type.declaredMethods + type.methods).firstOrNull { it.name == getter(spec.member) && it.parameterCount == 0 }
            ?: (type.declaredMethods + type.methods).firstOrNull { it.name == spec.member }
        val declared = method?.genericReturnType
            ?: type.declaredFields.firstOrNull { it.name == spec.member }?.genericType
            ?: throw Owners.CannotRun("${type.simpleName} has no property or function ${spec.member}")
        val arguments = (declared as? ParameterizedType)?.actualTypeArguments
        if (arguments == null || arguments.size != 3) {
            throw Owners.CannotRun("${type.simpleName}.${spec.member} is a $declared, not a StateMachine<State, Event, SideEffect>")
        }
        fun name(index: Int): String? = when (val argument = arguments[index]) {
            is Class<*> -> argument.name
            is ParameterizedType -> (argument.rawType as Class<*>).name
            else -> null
        }
        return Triple(
            name(0) ?: throw Owners.CannotRun("the machine's State type is $declared"),
            name(1) ?: throw Owners.CannotRun("the machine's Event type is $declared"),
            name(2)?.takeUnless { it == "java.lang.Object" || it == "kotlin.Unit" },
        )
    }

    /**
     * The cases of [type] as JSON: `[{"case": "insertCoin", "kotlin": "Event.InsertCoin", "fields": [{"name": "amount",
     * "type": "Int"}]}, …]`, in the order of their names, for pairing with the Swift cases.
     */
    fun shape(type: KClass<*>, events: Events): String {
        val names = events.caseNames(type)
        val cases: List<Pair<String, List<Pair<String, String>>>> = if (type.java.isEnum) {
            type.java.enumConstants.map { Values.enumCaseName((it as Enum<*>).name) to emptyList() }
        } else {
            com.statemachine.spec.fixtures.Values.cases(type).sortedBy { it.qualifiedName ?: "" }.map { case ->
                Values.caseName(case) to case.primaryConstructor?.parameters.orEmpty().map { (it.name ?: "?") to it.type.toString().replace(QUALIFIER, "") }
                    .takeIf { case.objectInstance == null }.orEmpty()
            }
        }
        return cases.mapIndexed { index, (case, fields) ->
            "{\"case\": ${Canonical.string(case)}, \"kotlin\": ${Canonical.string(names.getOrElse(index) { case })}, \"fields\": [" +
                fields.joinToString(", ") { (name, fieldType) -> "{\"name\": ${Canonical.string(name)}, \"type\": ${Canonical.string(fieldType)}}" } + "]}"
        }.joinToString(",\n    ", "[\n    ", "\n  ]")
    }

    private val QUALIFIER = Regex("""\b(?:[a-z_][\w]*\.)+""")

    /** Whether the plan asks for a comparison with a Swift machine written by hand. */
    fun isCompare(plan: JsonObject): Boolean = plan["mode"]?.takeIf { !it.isJsonNull }?.asString == "compare"
}
