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

// Calls of Kotlin's standard library on values: strings, collections, maps.

/** Functions that find an element by its equality (`failures.contains(failure)`). */
private val SEARCHES = setOf("contains", "indexOf", "lastIndexOf", "remove", "equals")

/** Functions that keep one of each equal element (`failures.distinct()`). */
private val DEDUPLICATIONS = setOf("distinct", "toSet", "toMutableSet", "toHashSet")

/**
 * The Kotlin standard library's members on a value whose Swift type is known (a field, a typed constant):
 * `text.length`, `text.uppercase()`, `name.startsWith(prefix)`, `list.size`, `count.coerceIn(0, 10)`, `n.toLong()`.
 */
internal fun Expressions.standardLibrary(receiver: Code, selector: KtExpression?): Code? {
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
            // Kotlin's -1 for an empty list, as Swift's count - 1.
            "lastIndex" -> if (isList) Code("$base.count - 1", Precedence.ADDITION, receiver.throws, numeric = "Int") else null
            else -> null
        }
    }
    val call = selector as? KtCallExpression ?: return null
    if (call.lambdaArguments.isNotEmpty()) {
        scopeFunction(receiver, base, type, call)?.let { return it }
        val elementType = element ?: type.takeIf { it.startsWith("Set<") }?.removePrefix("Set<")?.removeSuffix(">") ?: return null
        return collectionLambda(receiver, base, elementType, type, call)
    }
    val arguments = call.valueArgumentList?.arguments.orEmpty().map { expr(it.getArgumentExpression() ?: return null) }
    val throws = receiver.throws || arguments.any { it.throws }
    val first = arguments.getOrNull(0)?.text
    // A list's element of a port's enum or struct: its cases, fields and functions are known.
    fun code(text: String, numeric: String? = null) = Code(text, throws = throws, numeric = numeric, sealed = types.named(numeric),
        auxiliary = numeric?.let { types.auxiliaryName(SwiftType(it, null)) })
    // A value the body may change in place: a local, or a property of the class that builds the machine (`pending.clear()`
    // on `private val pending = mutableListOf<Int>()`), which the protocol then declares settable.
    val owned by lazy { !base.startsWith("context.") || settableProperty(base) }
    val name = call.calleeExpression?.text ?: return null
    // Kotlin finds, removes and tells apart elements by their equality, which may be their identity.
    val whole = call.parent as? org.jetbrains.kotlin.psi.KtQualifiedExpression
    if (whole != null && (arguments.size == 1 && name in SEARCHES || arguments.isEmpty() && name in DEDUPLICATIONS)) {
        porter.warnIfComparedByIdentity(whole, whole.receiverExpression, call.valueArguments.firstOrNull()?.getArgumentExpression() ?: whole.receiverExpression)
    }
    return when (name to arguments.size) {
        "isEmpty" to 0 -> if (isString || isCollection) code("$base.isEmpty") else null
        "isNotEmpty" to 0 -> if (isString || isCollection) code("!$base.isEmpty") else null
        "isBlank" to 0 -> if (isString) code("$base.allSatisfy(\\.isWhitespace)") else null
        "isNotBlank" to 0 -> if (isString) code("!$base.allSatisfy(\\.isWhitespace)") else null
        "uppercase" to 0 -> if (isString) code("$base.uppercased()", "String") else null
        "lowercase" to 0 -> if (isString) code("$base.lowercased()", "String") else null
        // `text.padStart(2, '0')`: Swift has no padding of its own; the padding goes before (or after) the text.
        "padStart" to 2 -> if (isString) code("(String(repeating: ${arguments[1].text}, count: max(0, $first - $base.count)) + $value)", "String") else null
        "padEnd" to 2 -> if (isString) code("($value + String(repeating: ${arguments[1].text}, count: max(0, $first - $base.count)))", "String") else null
        // Kotlin's whitespace is Unicode's, newlines included: Foundation's whitespacesAndNewlines.
        "trim" to 0 -> if (isString) foundation(code("$base.trimmingCharacters(in: .whitespacesAndNewlines)", "String")) else null
        "trimStart" to 0 -> if (isString) code("String($base.drop(while: \\.isWhitespace))", "String") else null
        "trimEnd" to 0 -> if (isString) code("${trimEnd()}($value)", "String") else null
        "removePrefix" to 1 -> if (isString) code("${removePrefix()}($first, from: $value)", "String") else null
        "removeSuffix" to 1 -> if (isString) code("${removeSuffix()}($first, from: $value)", "String") else null
        // Kotlin counts UTF-16 code units, Swift characters: the same for text without surrogate pairs or combining marks.
        "substring" to 1 -> if (isString) code("String($base.dropFirst($first))", "String") else null
        "substring" to 2 -> if (isString) code("String($base.dropFirst($first).prefix(${arguments[1].text} - $first))", "String") else null
        "removeRange" to 2 -> if (isString) code("${removeRange()}($value, $first, ${arguments[1].text})", "String") else null
        "replace" to 2 -> if (isString && arguments.all { it.numeric == "String" }) {
            foundation(code("$base.replacingOccurrences(of: $first, with: ${arguments[1].text})", "String"))
        } else null
        "split" to 1 -> if (isString && arguments[0].numeric == "String") foundation(code("$base.components(separatedBy: $first)", "[String]")) else null
        "reversed" to 0 -> if (isList) code("Array($base.reversed())", type) else if (isString) code("String($base.reversed())", "String") else null
        "sorted" to 0 -> if (isList || type.startsWith("Set<")) code("$base.sorted()", element?.let { "[$it]" } ?: "[${type.removePrefix("Set<").removeSuffix(">")}]") else null
        "distinct" to 0 -> if (isList) code("$base.reduce(into: [$element]()) { if !\$0.contains(\$1) { \$0.append(\$1) } }", type) else null
        "sum" to 0 -> if (isList && element in setOf("Int", "Int64", "Double", "Float")) code("$base.reduce(0, +)", element) else null
        "maxOrNull" to 0 -> if (isList) code("$base.max()", "$element?") else null
        "minOrNull" to 0 -> if (isList) code("$base.min()", "$element?") else null
        "indexOf" to 1 -> if (isList) code("($base.firstIndex(of: $first) ?? -1)", "Int") else null
        "getOrNull" to 1 -> if (isList) code("${getOrNull()}($first, in: $value)", "$element?") else null
        "toList" to 0, "toMutableList" to 0 -> if (isCollection && !type.contains(":")) code("Array($base)", element?.let { "[$it]" } ?: "[${type.removePrefix("Set<").removeSuffix(">")}]") else null
        "toSet" to 0, "toMutableSet" to 0 -> if (isList) code("Set($base)", "Set<$element>") else null
        "joinToString" to 0 -> if (isCollection) code("$base.map { \"\\(\$0)\" }.joined(separator: \", \")", "String") else null
        "joinToString" to 1 -> if (isCollection) code("$base.map { \"\\(\$0)\" }.joined(separator: $first)", "String") else null
        "startsWith" to 1 -> if (isString) code("$base.hasPrefix($first)") else null
        "endsWith" to 1 -> if (isString) code("$base.hasSuffix($first)") else null
        "contains" to 1 -> if (isString || isCollection) code("$base.contains($first)") else null
        "coerceIn" to 2 -> if (isNumber) code("min(max($value, $first), ${arguments[1].text})", type) else null
        "coerceAtLeast" to 1 -> if (isNumber) code("max($value, $first)", type) else null
        "coerceAtMost" to 1 -> if (isNumber) code("min($value, $first)", type) else null
        "toLong" to 0 -> if (isNumber) code("Int64($value)", "Int64") else null
        "toInt" to 0 -> if (isNumber) code("Int($value)", "Int") else null
        "toDouble" to 0 -> if (isNumber) code("Double($value)", "Double") else null
        "roundToInt" to 0, "roundToLong" to 0 -> roundToWhole(receiver, name)
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
        // A mutable list's own changes (a stored property of a class the port declares, or a local `var`).
        // Not on a collaborator's property, which its protocol declares read-only.
        "clear" to 0 -> if (isCollection && owned) code("$base.removeAll()", "Void") else null
        // A `StringBuilder` is a Swift `String` (a value, held by a `var`): `append` writes the argument's text.
        "append" to 1 -> if (isString && owned) code("$base.append(\"\\($first)\")", "Void") else null
        "setLength" to 1 -> if (isString && owned && first == "0") code("$base.removeAll()", "Void") else null
        "add" to 1 -> if (!owned) null else if (isList) code("$base.append($first)", "Void") else if (type.startsWith("Set<")) code("$base.insert($first)", "Void") else null
        "removeAt" to 1 -> if (isList && owned) code("$base.remove(at: $first)", element) else null
        // `MutableList.remove(element)`: the first equal element, and whether there was one; a set's `remove`.
        "remove" to 1 -> when {
            isList && owned -> code("${removeElement()}($first, from: &$base)", "Bool")
            type.startsWith("Set<") && owned -> code("($base.remove($first) != nil)", "Bool")
            else -> null
        }
        else -> null
    }
}

/**
 * Whether [base] (`context.pending`) is a property the class that builds the machine declares in its body: Kotlin's
 * handlers change a mutable list it holds in place, so the protocol declares it settable.
 */
private fun Expressions.settableProperty(base: String): Boolean {
    val name = base.removePrefix("context.").removePrefix("`").removeSuffix("`")
    // A list a constructor parameter holds is the caller's too: Swift's array, a value, would not share the change.
    if (!name.matches(Regex("[A-Za-z_][A-Za-z0-9_]*")) || !porter.collaborators.isOwnProperty(name)) return false
    porter.collaborators.mutableProperty(name)
    return true
}

private fun Expressions.removeElement() = porter.helper(
    "removeElement",
    "/// Kotlin's `MutableList.remove(element)`: removes the first element equal to `element`; whether there was one.",
    "@discardableResult",
    "static func removeElement<Element: Equatable>(_ element: Element, from list: inout [Element]) -> Bool {",
    "    guard let index = list.firstIndex(of: element) else { return false }",
    "    list.remove(at: index)",
    "    return true",
    "}",
)

/**
 * A list's or set's function that takes a lambda of one expression (`all`, `any`, `none`, `count`, `filter`, `map`,
 * `sumOf`, `firstOrNull`, `associateWith`): the Swift collection function with a closure (an argument in parentheses,
 * which a condition of `if` takes without a warning), `it` being `$0`; null for
 * other functions, and for lambdas of several statements or that read a payload field by label.
 */
internal fun Expressions.collectionLambda(receiver: Code, base: String, element: String, type: String, call: KtCallExpression): Code? {
    val name = call.calleeExpression?.text ?: return null
    val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
    if (call.valueArguments.size != 1 || lambda.valueParameters.size > 1) return null
    val body = lambda.bodyExpression?.statements?.singleOrNull() ?: return null
    val parameter = lambda.valueParameters.singleOrNull()?.name
    val inner = Scope(scope, scope.receiver, scope.it, scope.canThrow, scope.function, scope.listenerThrows)
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
        // Kotlin's -1 for no such element, as `indexOf` gives it.
        "indexOfFirst" -> if (isSet) null else Code("($base.firstIndex(where: $predicate) ?? -1)", numeric = "Int", throws = receiver.throws)
        "associateWith" -> Code("Dictionary(uniqueKeysWithValues: $base.map(${closure("($swiftName, ${value.text})")}))",
            numeric = value.numeric?.let { "[$element: $it]" }, throws = receiver.throws)
        else -> null
    }
}

/**
 * `value.takeIf { … }`, `takeUnless`, and a text's `ifEmpty { … }` and `ifBlank { … }`, each lambda of one expression:
 * a function the port declares, the lambda a Swift closure in its parentheses (`it` is `$0`). Null for other calls.
 */
internal fun Expressions.scopeFunction(receiver: Code, base: String, type: String, call: KtCallExpression): Code? {
    val name = call.calleeExpression?.text ?: return null
    if (name !in setOf("takeIf", "takeUnless", "ifEmpty", "ifBlank") || type.endsWith("?")) return null
    if ((name == "ifEmpty" || name == "ifBlank") && type != "String") return null
    val lambda = call.lambdaArguments.singleOrNull()?.getLambdaExpression() ?: return null
    if (call.valueArguments.size != 1 || lambda.valueParameters.size > 1) return null
    val body = lambda.bodyExpression?.statements?.singleOrNull() ?: return null
    val value = unwrapped(base)
    if (name == "ifEmpty" || name == "ifBlank") {
        val fallback = expr(body)
        if (fallback.throws) return null
        val optional = fallback.text == "nil" || fallback.numeric?.endsWith("?") == true
        if (!optional && fallback.numeric != "String") return null
        val result = if (optional) "String?" else "String"
        val test = if (name == "ifBlank") "text.allSatisfy(\\.isWhitespace)" else "text.isEmpty"
        val function = porter.helper("$name($result)",
            "/// Kotlin's `$name`: the fallback's value when the text is ${if (name == "ifBlank") "empty or only whitespace" else "empty"}, else the text.",
            "static func $name(_ text: String, _ fallback: () -> $result) -> $result {",
            "    $test ? fallback() : text",
            "}")
        return Code("${function.substringBefore('(')}($value, { ${fallback.text} })", throws = receiver.throws, numeric = result)
    }
    val parameter = lambda.valueParameters.singleOrNull()?.name
    val inner = Scope(scope, scope.receiver, scope.it, scope.canThrow, scope.function, scope.listenerThrows)
    val swiftName = parameter?.let { swiftIdentifier(it) } ?: "\$0"
    inner.names[parameter ?: "it"] = Binding(swiftName, receiver.sealed, receiver.sealedCase, numeric = type,
        auxiliary = receiver.auxiliary).also { it.used = true }
    val predicate = Expressions(porter, inner).expr(body)
    if (predicate.throws || (predicate.numeric != null && predicate.numeric != "Bool")) return null
    val keeps = if (name == "takeIf") "satisfies" else "does not satisfy"
    porter.helper(name,
        "/// Kotlin's `$name`: the value when it $keeps the predicate, else nil.",
        "static func $name<Value>(_ value: Value, _ predicate: (Value) -> Bool) -> Value? {",
        "    predicate(value) ? ${if (name == "takeIf") "value : nil" else "nil : value"}",
        "}")
    val closure = if (parameter != null) "{ $swiftName in ${predicate.text} }" else "{ ${predicate.text} }"
    // The closure in the parentheses: a condition of `if` or `guard` takes it so.
    return Code("$name($value, $closure)", throws = receiver.throws, numeric = "$type?", sealed = receiver.sealed, auxiliary = receiver.auxiliary)
}

/**
 * The type two values share, an empty `[]` or `[:]` taking the other's (`if (…) listOf(a) else emptyList()`), and
 * `nil` making it optional.
 */
internal fun Expressions.commonType(a: Code, b: Code): String? = when {
    a.numeric == b.numeric -> a.numeric
    // `if (…) "up" else null`: an optional of the other's type.
    a.text == "nil" && b.numeric != null -> b.numeric.removeSuffix("?") + "?"
    b.text == "nil" && a.numeric != null -> a.numeric.removeSuffix("?") + "?"
    a.numeric == null && (a.text == "[]" || a.text == "[:]") -> b.numeric
    b.numeric == null && (b.text == "[]" || b.text == "[:]") -> a.numeric
    else -> null
}

/** [text] without the parentheses around all of it, if it has them: `(a + b)` is `a + b`, `(a) + (b)` stays. */
internal fun Expressions.unwrapped(text: String): String {
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
internal fun Expressions.mapMember(receiver: Code, base: String, key: String, value: String, selector: KtExpression?): Code? {
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

private fun Expressions.removePrefix() = porter.helper(
    "removePrefix",
    "/// Kotlin's `removePrefix`: the text without `prefix` when it starts with it, else the text.",
    "static func removePrefix(_ prefix: String, from text: String) -> String {",
    "    text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text",
    "}",
)

private fun Expressions.removeSuffix() = porter.helper(
    "removeSuffix",
    "/// Kotlin's `removeSuffix`: the text without `suffix` when it ends with it, else the text.",
    "static func removeSuffix(_ suffix: String, from text: String) -> String {",
    "    text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text",
    "}",
)

private fun Expressions.removeRange() = porter.helper(
    "removeRange",
    "/// Kotlin's `removeRange(start, end)`: the text without the characters from `start` up to `end` (counted as",
    "/// `substring` and `length` count them). Where Kotlin throws (`end` before `start`, a range outside the text), the",
    "/// port stops.",
    "static func removeRange(_ text: String, _ start: Int, _ end: Int) -> String {",
    "    precondition(end >= start, \"End index (\\(end)) is less than start index (\\(start)).\")",
    "    if end == start { return text }",
    "    precondition(start >= 0 && end <= text.count, \"The range \\(start)..<\\(end) is outside a text of length \\(text.count).\")",
    "    return String(text.prefix(start)) + String(text.dropFirst(end))",
    "}",
)

private fun Expressions.trimEnd() = porter.helper(
    "trimEnd",
    "/// Kotlin's `trimEnd()`: the text without the whitespace it ends with.",
    "static func trimEnd(_ text: String) -> String {",
    "    var end = text.endIndex",
    "    while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }",
    "    return String(text[..<end])",
    "}",
)

private fun Expressions.getOrNull() = porter.helper(
    "getOrNull",
    "/// Kotlin's `getOrNull(index)`: the element at `index`, or nil outside the list.",
    "static func getOrNull<Element>(_ index: Int, in list: [Element]) -> Element? {",
    "    list.indices.contains(index) ? list[index] : nil",
    "}",
)
