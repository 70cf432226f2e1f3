package com.statemachine.porter

import org.jetbrains.kotlin.com.intellij.psi.PsiElement
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.psi.KtCallExpression
import org.jetbrains.kotlin.psi.KtClassOrObject
import org.jetbrains.kotlin.psi.KtConstantExpression
import org.jetbrains.kotlin.psi.KtDotQualifiedExpression
import org.jetbrains.kotlin.psi.KtExpression
import org.jetbrains.kotlin.psi.KtNameReferenceExpression
import org.jetbrains.kotlin.psi.KtStringTemplateExpression
import org.jetbrains.kotlin.psi.KtTypeAlias
import org.jetbrains.kotlin.psi.KtUserType

/**
 * The machine's State, Event and SideEffect types that the files name but do not declare: the user ported the file of
 * the machine without the files of its types, or the types live in another module. The porter declares each one from
 * its uses in the files (`state<AgentState.Idle>`, `AgentState.Running(id, 3)`, `import ….AgentState.Failed`) as Kotlin
 * source that it then reads like the user's own, and warns at the first use that the declaration is inferred.
 *
 * A case used only by name is an object; a case constructed somewhere is a data class whose fields take their names
 * from named arguments (or, for one field, from the one property the handlers read of it) and their types from the
 * arguments' literals or from the types of the files. What cannot be told is said: a field named `value1` and typed
 * `Any` leaves the places that need it to the porter's usual warnings.
 */
class InferredTypes(private val files: List<KotlinSource>, private val roles: List<String>) {

    /** One inferred type: its name, the first place that uses it, its cases in the order first used. */
    class Inferred(val name: String, val firstUse: PsiElement, val cases: Map<String, List<String>>, val properties: List<String> = emptyList())

    val inferred: List<Inferred>

    /** The declarations, parsed: empty when every type is declared in the files. */
    val sources: List<KotlinSource>

    private val declared: Set<String> = files.flatMap { file ->
        PsiTreeUtil.collectElementsOfType(file.file, KtClassOrObject::class.java).mapNotNull { it.name } +
            PsiTreeUtil.collectElementsOfType(file.file, KtTypeAlias::class.java).mapNotNull { it.name }
    }.toSet()

    private val roleNames: Set<String> = roles.toSet()

    /** The cases' fields of a first pass, for a field passed a property of another inferred type (`Loading(it.request)`). */
    private var firstPass: List<Inferred> = emptyList()

    init {
        val names = roles.distinct().filter { it !in declared && it.first().isUpperCase() }
        firstPass = names.map { infer(it) }
        inferred = unified(names.map { infer(it) })
        sources = if (inferred.isEmpty()) emptyList() else listOf(KotlinSource.parse(PATH, kotlin()))
    }

    /** Whether [element] is in the porter's own declarations rather than in a file of the user's. */
    fun isInferred(element: PsiElement): Boolean = sources.any { it.file == element.containingFile }

    /**
     * A field typed `Any` takes the type of a field of the same name that another case has
     * (`WillConnect(retryCount = 0)` and `Connecting(retryCount = retryCount + 1)`).
     */
    private fun unified(types: List<Inferred>): List<Inferred> {
        val known = types.flatMap { it.cases.values.flatten() }
            .map { it.substringBefore(": ") to it.substringAfter(": ").substringBefore(" = ") }
            .filter { !it.second.startsWith("Any") && !it.first.matches(Regex("value[0-9]+")) }
            .groupBy({ it.first }, { it.second }).mapValues { it.value.distinct().singleOrNull() }
        return types.map { type ->
            Inferred(type.name, type.firstUse, cases = type.cases.mapValues { (_, fields) ->
                fields.map { field ->
                    val name = field.substringBefore(": ")
                    val better = known[name]
                    if (field.substringAfter(": ") == "Any" && better != null) "$name: $better" else field
                }
            }, properties = type.properties)
        }
    }

    private fun infer(type: String): Inferred {
        val uses = linkedMapOf<String, PsiElement>()
        val calls = linkedMapOf<String, MutableList<KtCallExpression>>()
        // Cases used as values without a call (`initialState(NotStarted)`, `transitionTo(State.Idle)`): objects.
        val values = mutableSetOf<String>()
        // A class of the files that extends the type (`data class InsertCoin : Event()`) is a case already: the porter
        // reads it as one. Two names Swift would give one case name are one case.
        fun use(case: String, at: PsiElement) {
            if (!case.first().isUpperCase() || case == type || case in declared) return
            if (uses.keys.any { it.replaceFirstChar(Char::lowercase) == case.replaceFirstChar(Char::lowercase) }) return
            uses.putIfAbsent(case, at)
        }
        for (file in files) {
            // `import com.example.AgentState.Idle`: the case is used by its simple name.
            val imported = file.file.importDirectives.mapNotNull { it.importedFqName?.pathSegments()?.map { s -> s.asString() } }
                .filter { it.size >= 2 && it[it.size - 2] == type }
                .map { it.last() }.toSet() + starImported(file.file, type)
            imported.forEach { case ->
                // Named by its own import, or by `import ….Type.*`.
                val directive = file.file.importDirectives.firstOrNull { d -> d.importedFqName?.shortName()?.asString() == case }
                    ?: file.file.importDirectives.first { d -> d.isAllUnder && d.importedFqName?.shortName()?.asString() == type }
                use(case, directive)
            }
            for (user in PsiTreeUtil.collectElementsOfType(file.file, KtUserType::class.java)) {
                if (user.qualifier?.referencedName == type) user.referencedName?.let { use(it, user) }
            }
            for (qualified in PsiTreeUtil.collectElementsOfType(file.file, KtDotQualifiedExpression::class.java)) {
                if (qualified.receiverExpression.text.substringAfterLast('.').trim() != type) continue
                // `import ….Type.Case` names the case; it does not use it as a value.
                if (PsiTreeUtil.getParentOfType(qualified, org.jetbrains.kotlin.psi.KtImportDirective::class.java) != null) continue
                when (val selector = qualified.selectorExpression) {
                    is KtNameReferenceExpression -> {
                        use(selector.getReferencedName(), qualified)
                        values.add(selector.getReferencedName())
                    }
                    is KtCallExpression -> selector.calleeExpression?.text?.let { case ->
                        use(case, qualified)
                        calls.getOrPut(case) { mutableListOf() }.add(selector)
                    }
                    else -> {}
                }
            }
            for (call in PsiTreeUtil.collectElementsOfType(file.file, KtCallExpression::class.java)) {
                val case = call.calleeExpression?.text ?: continue
                if (case in imported && call.parent !is KtDotQualifiedExpression) calls.getOrPut(case) { mutableListOf() }.add(call)
            }
            for (reference in PsiTreeUtil.collectElementsOfType(file.file, KtNameReferenceExpression::class.java)) {
                val name = reference.getReferencedName()
                if (name !in imported || reference.parent is KtCallExpression || reference.parent is KtUserType) continue
                if (PsiTreeUtil.getParentOfType(reference, org.jetbrains.kotlin.psi.KtImportDirective::class.java) != null) continue
                values.add(name)
            }
        }
        // A type the files name but never use a case of (a side effect no handler emits): no cases.
        if (uses.isEmpty()) return Inferred(type, firstMention(type), emptyMap())
        val cases = uses.keys.associateWith { case -> if (case in values && case !in calls) emptyList() else fields(type, case, calls[case].orEmpty()) }
        // What the state handlers read of `this` that is not a field of their case (an object's `this.status`): a
        // property every state has, which the sealed class declares.
        val properties = if (type != roles.firstOrNull()) emptyList() else cases.flatMap { (case, fields) ->
            thisReads(type, case).filter { name -> fields.none { it.substringBefore(": ") == name } }
        }.distinct()
        return Inferred(type, uses.values.first(), cases, properties)
    }

    /**
     * With `import ….State.*`, the names the DSL uses where it takes a value of [type]: `state<Connecting>` and
     * `transitionTo(Disconnected(null))` for the State, `on<Connect>` for the Event, `dontTransition(Retry)` for the
     * SideEffect. Names the files declare are not among them.
     */
    private fun starImported(file: org.jetbrains.kotlin.psi.KtFile, type: String): Set<String> {
        if (file.importDirectives.none { it.isAllUnder && it.importedFqName?.shortName()?.asString() == type }) return emptySet()
        val role = roles.indexOf(type)
        fun nameOf(expression: KtExpression?): String? = when (expression) {
            is KtNameReferenceExpression -> expression.getReferencedName()
            is KtCallExpression -> (expression.calleeExpression as? KtNameReferenceExpression)?.getReferencedName()
            else -> null
        }
        val names = linkedSetOf<String>()
        for (call in PsiTreeUtil.collectElementsOfType(file, KtCallExpression::class.java)) {
            val arguments = call.valueArguments.map { it.getArgumentExpression() }
            val typeArgument = (call.typeArguments.singleOrNull()?.typeReference?.typeElement as? org.jetbrains.kotlin.psi.KtUserType)
                ?.takeIf { it.qualifier == null }?.referencedName
            val name = when (call.calleeExpression?.text) {
                "state" -> typeArgument.takeIf { role == 0 }
                "on" -> typeArgument.takeIf { role == 1 }
                "initialState" -> nameOf(arguments.firstOrNull()).takeIf { role == 0 }
                "transitionTo" -> nameOf(arguments.getOrNull(if (role == 0) 0 else 1)).takeIf { role == 0 || role == 2 }
                "dontTransition" -> nameOf(arguments.firstOrNull()).takeIf { role == 2 }
                else -> null
            }
            if (name != null && name.first().isUpperCase() && name !in declared) names.add(name)
        }
        return names
    }

    /** The first place that names [type]: the machine's type arguments, usually. */
    private fun firstMention(type: String): PsiElement = files.asSequence()
        .flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtUserType::class.java).sortedBy { u -> u.textRange.startOffset } }
        .firstOrNull { it.referencedName == type } ?: files.first().file

    /**
     * The fields of a case from its constructor calls: `name: Type` each (`name: Type = default` for one some calls
     * leave out), empty for an object.
     *
     * A positional argument's field is named, in this order: by a property the handlers read of the case that some
     * call passes there (`Passed(device, result)` with `on<Passed> { it.device }`); by the one property read that no
     * argument names, when one field is left; by the name of what the calls pass (`Connecting(event.address)` is
     * `address`); else `value1`, `value2`, …. Named arguments name theirs.
     */
    private fun fields(type: String, case: String, calls: List<KtCallExpression>): List<String> {
        val read = readProperties(type, case)
        // Never constructed in the files: the properties its handlers read of it (`on<Event.Succeeded> { it.token }`).
        if (calls.isEmpty()) return read.map { "$it: ${passedInto(case, it) ?: comparedEnum(case, it) ?: "Any"}" }
        fun positional(call: KtCallExpression) = call.valueArguments.takeWhile { it.getArgumentName() == null }.mapNotNull { it.getArgumentExpression() }
        val count = calls.maxOf { positional(it).size }
        val named = calls.flatMap { call -> call.valueArguments.mapNotNull { it.getArgumentName()?.asName?.asString() } }.distinct()
        val candidates = (0 until count).map { index -> calls.mapNotNull { positional(it).getOrNull(index)?.let(::passedName) }.distinct() }
        val names = arrayOfNulls<String>(count)
        val taken = named.toMutableSet()
        for (index in 0 until count) {
            names[index] = candidates[index].firstOrNull { it in read && it !in taken }?.also { taken.add(it) }
        }
        val unread = read.filter { it !in taken }
        val open = (0 until count).filter { names[it] == null }
        if (unread.size == 1 && open.size == 1) {
            names[open.single()] = unread.single().also { taken.add(it) }
        }
        for (index in 0 until count) {
            if (names[index] != null) continue
            names[index] = (candidates[index].firstOrNull { it !in taken } ?: "value${index + 1}").also { taken.add(it) }
        }
        val positions = names.map { it!! }.mapIndexed { index, name -> name to index }
        val fields = positions + named.filter { name -> positions.none { it.first == name } }.map { it to -1 }
        return fields.map { (name, index) ->
            // What each call passes for the field, by its name or at its position; null where a call leaves it out.
            val passed = calls.map { call ->
                call.valueArguments.firstOrNull { it.getArgumentName()?.asName?.asString() == name }?.getArgumentExpression()
                    ?: positional(call).getOrNull(index)?.takeIf { index >= 0 }
            }
            val arguments = passed.filterNotNull()
            val nullable = arguments.any { it.text == "null" }
            val kotlinType = arguments.firstNotNullOfOrNull { typeOf(it) } ?: passedInto(case, name) ?: comparedEnum(case, name) ?: "Any"
            val written = "$kotlinType${if (nullable && kotlinType != "Any" && !kotlinType.endsWith("?")) "?" else ""}"
            val default = if (passed.any { it == null }) defaultOf(written, arguments) else null
            "$name: $written${if (default != null) " = $default" else ""}"
        }
    }

    /**
     * The type of the field a handler of [case] passes its [field] to, when the first pass knows it: the event's
     * `timeLeft` is an Int when `on<OnTick> { transitionTo(CountingDown(it.timeLeft)) }` and CountingDown's one field
     * is an Int.
     */
    private fun passedInto(case: String, field: String): String? {
        if (firstPass.isEmpty()) return null
        for (file in files) {
            for (read in PsiTreeUtil.collectElementsOfType(file.file, KtDotQualifiedExpression::class.java)) {
                if ((read.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() != field) continue
                val argument = read.parent as? org.jetbrains.kotlin.psi.KtValueArgument ?: continue
                val call = PsiTreeUtil.getParentOfType(argument, KtCallExpression::class.java) ?: continue
                if (handlerCase(read.receiverExpression.text, read) != case) continue
                val target = call.calleeExpression?.text ?: continue
                val fields = firstPass.firstNotNullOfOrNull { it.cases[target] } ?: continue
                val name = argument.getArgumentName()?.asName?.asString()
                val index = call.valueArguments.indexOf(argument)
                val targetField = if (name != null) fields.firstOrNull { it.substringBefore(": ") == name } else fields.getOrNull(index)
                val type = targetField?.substringAfter(": ")?.substringBefore(" = ") ?: continue
                if (type != "Any") return type
            }
        }
        return null
    }

    /**
     * The enum a handler of [case] compares its [field] with: `when (it.status) { Status.ACTIVE -> … }` or
     * `it.status == Status.ACTIVE` makes the field a `Status`, whether the files declare it or the port declares it from
     * the constants used.
     */
    private fun comparedEnum(case: String, field: String): String? {
        fun enumOf(expression: KtExpression?): String? {
            val constant = expression as? KtDotQualifiedExpression ?: return null
            val type = (constant.receiverExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
            val name = (constant.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
            return type.takeIf { it.first().isUpperCase() && name.matches(Regex("[A-Z][A-Z0-9_]*")) && it !in roleNames }
        }
        for (file in files) {
            for (read in PsiTreeUtil.collectElementsOfType(file.file, KtDotQualifiedExpression::class.java)) {
                if ((read.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() != field) continue
                if (handlerCase(read.receiverExpression.text, read) != case) continue
                val parent = read.parent
                val type = when {
                    parent is org.jetbrains.kotlin.psi.KtWhenExpression && parent.subjectExpression == read ->
                        parent.entries.flatMap { it.conditions.toList() }
                            .firstNotNullOfOrNull { (it as? org.jetbrains.kotlin.psi.KtWhenConditionWithExpression)?.expression?.let(::enumOf) }
                    parent is org.jetbrains.kotlin.psi.KtBinaryExpression && parent.operationReference.getReferencedName() in setOf("==", "!=") ->
                        enumOf(if (parent.left == read) parent.right else parent.left)
                    else -> null
                }
                if (type != null) return type
            }
        }
        return null
    }

    /** The case of the `on<Case>` (`state<Case>`) handler around [at] whose event (state) is [receiver]. */
    private fun handlerCase(receiver: String, at: PsiElement): String? {
        var lambda = PsiTreeUtil.getParentOfType(at, org.jetbrains.kotlin.psi.KtLambdaExpression::class.java)
        while (lambda != null) {
            val call = lambda.parent?.parent as? KtCallExpression
            val callee = call?.calleeExpression?.text
            val parameter = if (callee == "on") lambda.valueParameters.singleOrNull()?.name ?: "it" else if (callee == "state") "this" else null
            val case = (call?.typeArguments?.singleOrNull()?.typeReference?.typeElement as? KtUserType)?.referencedName
            if (parameter == receiver && case != null) return case
            lambda = PsiTreeUtil.getParentOfType(lambda, org.jetbrains.kotlin.psi.KtLambdaExpression::class.java)
        }
        return null
    }

    /** The name of what is passed: `address` for `address`, `event.address` and `this.address`; null for anything else. */
    private fun passedName(argument: KtExpression): String? {
        val name = when (argument) {
            is KtNameReferenceExpression -> argument.getReferencedName()
            is KtDotQualifiedExpression -> (argument.selectorExpression as? KtNameReferenceExpression)?.getReferencedName()
            else -> null
        }
        return name?.takeIf { it.first().isLowerCase() && it != "it" && it != "this" }
    }

    /**
     * The default the Kotlin class most likely declares for a field some calls leave out, told from what the others
     * pass: `null` for a nullable field; `false` for a Boolean only ever passed `true` (and the reverse); null when it
     * cannot be told, so the calls that leave it out stay placeholders. The warning shows the default taken.
     */
    private fun defaultOf(type: String, arguments: List<KtExpression>): String? {
        val texts = arguments.map { it.text.trim() }.distinct()
        return when {
            type.endsWith("?") -> "null"
            type == "Boolean" && texts == listOf("true") -> "false"
            type == "Boolean" && texts == listOf("false") -> "true"
            else -> null
        }
    }

    /** The properties the handlers of [case] read of it (`on<Event.Opened> { it.url }`), in the order first read. */
    private fun readProperties(type: String, case: String): List<String> {
        val names = linkedSetOf<String>()
        for ((callee, lambda) in handlers(type, case, setOf("on", "state"))) {
            names.addAll(parameterReads(lambda, if (callee == "on") lambda.valueParameters.singleOrNull()?.name ?: "it" else "this"))
            if (callee == "state") names.addAll(receiverReads(lambda))
        }
        return names.toList()
    }

    /** What the handlers in `state<Case> { … }` read as `this.name`. */
    private fun thisReads(type: String, case: String): List<String> =
        handlers(type, case, setOf("state")).flatMap { (_, lambda) -> parameterReads(lambda, "this") }.distinct()

    /** The lambdas of the `on<Case>` or `state<Case>` calls ([callees]) of the files, with their callee. */
    private fun handlers(type: String, case: String, callees: Set<String>): List<Pair<String, org.jetbrains.kotlin.psi.KtLambdaExpression>> =
        files.flatMap { file -> PsiTreeUtil.collectElementsOfType(file.file, KtCallExpression::class.java) }.mapNotNull { call ->
            val callee = call.calleeExpression?.text?.takeIf { it in callees } ?: return@mapNotNull null
            val argument = call.typeArguments.singleOrNull()?.typeReference?.typeElement as? KtUserType ?: return@mapNotNull null
            if (argument.referencedName != case || argument.qualifier?.referencedName.let { it != null && it != type }) return@mapNotNull null
            call.lambdaArguments.singleOrNull()?.getLambdaExpression()?.let { callee to it }
        }

    /** The properties [lambda] reads of its [parameter] (`it.url`, `this.status`), in the order first read. */
    private fun parameterReads(lambda: org.jetbrains.kotlin.psi.KtLambdaExpression, parameter: String): List<String> =
        PsiTreeUtil.collectElementsOfType(lambda, KtDotQualifiedExpression::class.java)
            .filter { it.receiverExpression.text == parameter }
            .mapNotNull { (it.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() }
            .filter { it.first().isLowerCase() }
            .distinct()

    /**
     * What the handlers in `state<Case> { … }` read of the state without `this.`, the state being their receiver:
     * names declared nowhere around them (`if (attempts > 1)`), and the fields `copy(cancelled = true)` sets.
     */
    private fun receiverReads(lambda: org.jetbrains.kotlin.psi.KtLambdaExpression): List<String> {
        val names = mutableListOf<String>()
        for (reference in PsiTreeUtil.collectElementsOfType(lambda, KtNameReferenceExpression::class.java)) {
            val name = reference.getReferencedName()
            if (!name.first().isLowerCase() || name in setOf("it", "this", "super", "field")) continue
            val parent = reference.parent
            if (parent is KtCallExpression && parent.calleeExpression == reference) continue
            if (parent is KtDotQualifiedExpression && parent.selectorExpression == reference) continue
            if (parent is org.jetbrains.kotlin.psi.KtCallableReferenceExpression) continue
            if (parent is org.jetbrains.kotlin.psi.KtValueArgumentName || parent is org.jetbrains.kotlin.psi.KtUserType) continue
            if (PsiTreeUtil.getParentOfType(reference, org.jetbrains.kotlin.psi.KtValueArgumentName::class.java) != null) continue
            if (isDeclared(reference)) continue
            names.add(name)
        }
        for (copy in PsiTreeUtil.collectElementsOfType(lambda, KtCallExpression::class.java)) {
            if (copy.calleeExpression?.text != "copy" || copy.parent is KtDotQualifiedExpression) continue
            copy.valueArguments.mapNotNullTo(names) { it.getArgumentName()?.asName?.asString() }
        }
        return names
    }

    /** Whether a declaration of [name] is in scope: a local, a parameter, a property of a class or of a file. */
    private fun isDeclared(name: KtNameReferenceExpression): Boolean {
        val wanted = name.getReferencedName()
        var element: PsiElement? = name.parent
        while (element != null) {
            val declared: List<String?> = when (element) {
                is org.jetbrains.kotlin.psi.KtBlockExpression -> element.statements.filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>().map { it.name } +
                    element.statements.filterIsInstance<org.jetbrains.kotlin.psi.KtDestructuringDeclaration>().flatMap { d -> d.entries.map { it.name } }
                is org.jetbrains.kotlin.psi.KtFunctionLiteral -> element.valueParameters.map { it.name } +
                    element.valueParameters.flatMap { p -> p.destructuringDeclaration?.entries?.map { it.name }.orEmpty() } +
                    (if (element.valueParameters.isEmpty()) listOf("it") else emptyList())
                is org.jetbrains.kotlin.psi.KtNamedFunction -> element.valueParameters.map { it.name }
                is org.jetbrains.kotlin.psi.KtWhenExpression -> listOfNotNull(element.subjectVariable?.name)
                is org.jetbrains.kotlin.psi.KtForExpression -> listOfNotNull(element.loopParameter?.name)
                is org.jetbrains.kotlin.psi.KtClassOrObject -> (element as? org.jetbrains.kotlin.psi.KtClass)?.primaryConstructorParameters?.map { it.name }.orEmpty() +
                    element.declarations.map { it.name }
                is org.jetbrains.kotlin.psi.KtFile -> element.declarations.map { it.name }
                else -> emptyList()
            }
            if (wanted in declared) return true
            element = element.parent
        }
        return files.any { file -> file.file.declarations.any { it.name == wanted } }
    }

    /** The Kotlin type of an argument, when its text tells it. */
    private fun typeOf(argument: KtExpression): String? {
        val text = argument.text.trim()
        return when {
            argument is KtStringTemplateExpression -> "String"
            argument is KtConstantExpression -> when {
                text == "true" || text == "false" -> "Boolean"
                text == "null" -> null
                text.startsWith("'") -> "Char"
                text.endsWith("L") || text.endsWith("l") -> "Long"
                text.endsWith("f") || text.endsWith("F") -> "Float"
                text.contains('.') || text.contains('e') || text.contains('E') -> "Double"
                else -> "Int"
            }
            // A name declared with its type around the call: a parameter of the class, of a function or of a lambda,
            // a property of the class, a local (`TestState.Added(initialCount)` in `class Reporter(initialCount: Int)`).
            // Else a property of the state of the `state<Case>` around it, read without `this.` (`Executed(count - 1)`).
            argument is KtNameReferenceExpression -> declaredType(argument) ?: handlerPropertyType("this", argument.getReferencedName(), argument)
            argument is org.jetbrains.kotlin.psi.KtParenthesizedExpression -> argument.expression?.let { typeOf(it) }
            argument is org.jetbrains.kotlin.psi.KtPrefixExpression -> when (argument.operationReference.getReferencedName()) {
                "!" -> "Boolean"
                else -> argument.baseExpression?.let { typeOf(it) }
            }
            // `count - 1`, `a + b`: the type of an operand (an Int literal gives way to the other side's type);
            // a comparison or a logical operator: Boolean.
            argument is org.jetbrains.kotlin.psi.KtBinaryExpression -> when (argument.operationReference.getReferencedName()) {
                "<", ">", "<=", ">=", "==", "!=", "&&", "||", "in", "!in" -> "Boolean"
                "+", "-", "*", "/", "%" -> {
                    val sides = listOfNotNull(argument.left?.let { typeOf(it) }, argument.right?.let { typeOf(it) })
                    sides.firstOrNull { it != "Int" } ?: sides.firstOrNull()
                }
                "?:" -> argument.left?.let { typeOf(it) }?.removeSuffix("?") ?: argument.right?.let { typeOf(it) }
                else -> null
            }
            // A property of the event or state of the handler around the call, whose class the files declare:
            // `ComponentState.Error(it.error)` in `on<FfmpegEvent.ErrorLine> { … }`.
            argument is KtDotQualifiedExpression && handlerPropertyType(argument) != null -> handlerPropertyType(argument)
            // `ordered.first` of a `Pair<Card, Card>`.
            argument is KtDotQualifiedExpression && argument.receiverExpression is KtNameReferenceExpression &&
                (argument.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() in setOf("first", "second", "third") ->
                typeOf(argument.receiverExpression)?.let { componentType(it, argument.selectorExpression!!.text) }
            // A value of a type of the files or of another inferred type: `Timeout.Connect`, `State.Idle`.
            argument is KtDotQualifiedExpression -> {
                val receiver = argument.receiverExpression.text.substringAfterLast('.').trim()
                if (receiver.firstOrNull()?.isUpperCase() == true && (receiver in declared || receiver in roleNames)) receiver else null
            }
            else -> null
        }
    }

    /**
     * The written type of `it.error` (or `event.error`, `this.error`) where `it` is the event of an `on<Case>` handler
     * around it (`this` the state of `state<Case>`) and the files declare Case with that property; null otherwise.
     */
    private fun handlerPropertyType(read: KtDotQualifiedExpression): String? {
        val property = (read.selectorExpression as? KtNameReferenceExpression)?.getReferencedName() ?: return null
        return handlerPropertyType(read.receiverExpression.text, property, read)
    }

    /** [handlerPropertyType] of `receiver.property` at [at]; `this` for a name read without a receiver in `state<Case>`. */
    private fun handlerPropertyType(receiver: String, property: String, at: PsiElement): String? {
        val case = handlerCase(receiver, at) ?: return null
        val declaration = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, org.jetbrains.kotlin.psi.KtClass::class.java) }
            .firstOrNull { it.name == case }
            ?: return firstPass.firstNotNullOfOrNull { type -> type.cases[case] }?.firstOrNull { it.substringBefore(": ") == property }
                ?.substringAfter(": ")?.substringBefore(" = ")?.takeIf { it != "Any" }
        val properties: List<org.jetbrains.kotlin.psi.KtCallableDeclaration> =
            declaration.primaryConstructorParameters.filter { it.hasValOrVar() } +
                declaration.declarations.filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>()
        return properties.firstOrNull { it.name == property }?.typeReference?.text
    }

    /** The written type of the declaration [name] refers to, looked up from it outwards; null when it has none. */
    private fun declaredType(name: KtNameReferenceExpression): String? {
        val wanted = name.getReferencedName()
        var element: PsiElement? = name.parent
        while (element != null) {
            val candidates: List<org.jetbrains.kotlin.psi.KtCallableDeclaration> = when (element) {
                is org.jetbrains.kotlin.psi.KtBlockExpression -> element.statements.filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>()
                    .filter { it.textRange.endOffset <= name.textRange.startOffset }
                is org.jetbrains.kotlin.psi.KtFunctionLiteral -> element.valueParameters
                is org.jetbrains.kotlin.psi.KtNamedFunction -> element.valueParameters
                is org.jetbrains.kotlin.psi.KtClass -> element.primaryConstructorParameters +
                    element.declarations.filterIsInstance<org.jetbrains.kotlin.psi.KtProperty>()
                else -> emptyList()
            }
            candidates.lastOrNull { it.name == wanted }?.let { declaration ->
                return declaration.typeReference?.text
                    ?: (declaration as? org.jetbrains.kotlin.psi.KtProperty)?.initializer?.let { initializerType(it) }
            }
            element = element.parent
        }
        return null
    }

    /**
     * The type of a local's initializer without a written type: a call of a function of the files that declares its
     * result (`val ordered = order(a, b)` with `fun order(…): Pair<Card, Card>`), or what [typeOf] tells.
     */
    private fun initializerType(initializer: KtExpression): String? {
        val call = initializer as? KtCallExpression
        val name = call?.calleeExpression?.text ?: return typeOf(initializer)
        return files.asSequence()
            .flatMap { PsiTreeUtil.collectElementsOfType(it.file, org.jetbrains.kotlin.psi.KtNamedFunction::class.java).asSequence() }
            .firstOrNull { it.name == name && it.valueParameters.size == call.valueArguments.size && it.typeReference != null }
            ?.typeReference?.text
    }

    /** `A` for `first` of `Pair<A, B>` (`second`: B; `Triple`'s `third`); null for any other type or property. */
    private fun componentType(type: String, property: String): String? {
        val index = listOf("first", "second", "third").indexOf(property)
        if (index < 0) return null
        val arguments = when {
            type.startsWith("Pair<") -> type.removePrefix("Pair<")
            type.startsWith("Triple<") -> type.removePrefix("Triple<")
            else -> return null
        }.removeSuffix(">")
        val parts = mutableListOf<String>()
        var depth = 0
        var start = 0
        for ((at, character) in arguments.withIndex()) {
            when (character) {
                '<', '(' -> depth++
                '>', ')' -> depth--
                ',' -> if (depth == 0) { parts.add(arguments.substring(start, at).trim()); start = at + 1 }
            }
        }
        parts.add(arguments.substring(start).trim())
        return parts.getOrNull(index)
    }

    /** Kotlin declarations of the inferred types. */
    private fun kotlin(): String = buildString {
        for (type in inferred) {
            append("sealed class ${type.name} {\n")
            type.properties.forEach { append("    abstract val $it: Any\n") }
            for ((case, fields) in type.cases) {
                val overrides = if (type.properties.isEmpty()) "" else type.properties.joinToString("; ", " { ", " }") { property ->
                    "override val $property: Any get() = TODO(\"port: ${type.name}.$property is not declared in the files given; give $case its value\")"
                }
                if (fields.isEmpty()) {
                    append("    object $case : ${type.name}()$overrides\n")
                } else {
                    append("    data class $case(${fields.joinToString(", ") { "val $it" }}) : ${type.name}()$overrides\n")
                }
            }
            append("}\n")
        }
    }

    /** A one-line description of an inferred type's cases, for the warning. */
    fun describe(type: Inferred): String {
        val subclasses = files.flatMap { PsiTreeUtil.collectElementsOfType(it.file, KtClassOrObject::class.java) }
            .filter { declaration -> declaration.superTypeListEntries.any { it.typeReference?.text?.substringAfterLast('.') == type.name } }
            .mapNotNull { it.name }
        val inferredCases = type.cases.entries.map { (case, fields) -> if (fields.isEmpty()) case else "$case(${fields.joinToString(", ")})" }
        val properties = if (type.properties.isEmpty()) emptyList() else
            listOf(if (type.properties.size == 1) "and the property ${type.properties.single()} of every case, which stops the machine until" +
                " you give it its values" else "and the properties ${type.properties.joinToString(", ")} of every case, which stop the machine" +
                " until you give them their values")
        val parts = inferredCases + (if (subclasses.isEmpty()) emptyList() else listOf("the classes of these files that extend it: ${subclasses.joinToString(", ")}")) +
            properties
        return if (parts.isEmpty()) "no cases" else parts.joinToString(", ")
    }

    companion object {
        /** The path of the porter's own declarations, never shown: warnings there are dropped. */
        const val PATH = "inferred-types.kt"
    }
}
