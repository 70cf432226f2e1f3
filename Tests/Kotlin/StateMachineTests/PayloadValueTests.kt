package com.statemachine.spec.tests

import com.statemachine.spec.fixtures.FixtureReader
import com.statemachine.spec.fixtures.Value
import com.statemachine.spec.fixtures.ValueMappingError
import com.statemachine.spec.fixtures.Values
import com.statemachine.spec.fixtures.parseJson
import com.statemachine.spec.tests.Tests.group
import com.statemachine.spec.tests.Tests.test

// The recorder's value mapping for the payloads of machines as Android teams write them (Spec/SPEC.md, Values and
// names): enum classes, value classes, nested sealed classes whose cases share a simple name, and the types a
// fixture cannot hold.

enum class Lamp { RED, RED_AMBER, Green }

@JvmInline
value class Account(val id: String)

@JvmInline
value class Price(val cents: Long)

sealed interface Link {
    data class Showing(val lamp: Lamp, val account: Account, val price: Price) : Link
    data object Connect : Link
    sealed interface Timeout : Link {
        data object Connect : Timeout
        data class Read(val afterMillis: Long) : Timeout
    }
    data class Measured(val ratio: Double) : Link
    data class Named(val name: String?) : Link
    data class Listed(val items: List<Int>) : Link
    data class Everything(
        val volume: Double, val speed: Float, val position: Long?, val hand: List<Lamp>, val tags: Set<String>,
        val stock: Map<Char, Int>, val slot: Char,
    ) : Link
    data class Failed(val cause: Throwable) : Link
    data class Since(val at: java.time.Instant) : Link
    data class Glyph(val char: Char) : Link
}

fun payloadValueTests() = group("payloads as fixture values") {
    test("an enum constant is a value without fields, named as the porter names the Swift case") {
        expectEqual(
            Values.toValue(Link.Showing(Lamp.RED_AMBER, Account("a-1"), Price(250))).toString(),
            """{"showing":{"account":"a-1","lamp":{"redAmber":{}},"price":250}}""",
            "Showing(RED_AMBER, Account, Price)"
        )
        expectEqual(Values.enumCaseName("Green"), "green", "Green")
        expectEqual(Values.enumCaseName("RED"), "red", "RED")
    }
    test("a value class is the value it wraps, and is built again from it") {
        val value = Value.parse(parseJson("""{"showing": {"lamp": {"green": {}}, "account": "b-2", "price": 99}}"""))
        expectEqual(Values.fromValue(value, Link::class, "state"), Link.Showing(Lamp.Green, Account("b-2"), Price(99)), "showing")
    }
    test("an unknown enum constant is an error that lists the constants") {
        val value = Value.parse(parseJson("""{"showing": {"lamp": {"blue": {}}, "account": "b-2", "price": 99}}"""))
        val error = expectThrows<ValueMappingError> { Values.fromValue(value, Link::class, "state") }
        expectEqual(error.message, "state.lamp: Lamp has no constant \"blue\" (its constants: red, redAmber, green)", "unknown constant")
    }
    test("a nested case whose simple name another case has is named after its sealed class first, both ways") {
        expectEqual(Values.toValue(Link.Connect).toString(), "\"connect\"", "Connect")
        expectEqual(Values.toValue(Link.Timeout.Connect).toString(), "\"timeoutConnect\"", "Timeout.Connect")
        expectEqual(Values.toValue(Link.Timeout.Read(5)).toString(), """{"read":{"afterMillis":5}}""", "Timeout.Read keeps its name")
        expectEqual(Values.fromValue(Value("timeoutConnect"), Link::class, "event"), Link.Timeout.Connect, "timeoutConnect")
        expectEqual(Values.fromValue(Value("connect"), Link::class, "event"), Link.Connect, "connect")
    }
    test("doubles, floats, nulls, lists, sets, maps and chars are recorded in their canonical form") {
        val everything = Link.Everything(0.8, 1.5f, null, listOf(Lamp.Green, Lamp.RED), setOf("b", "a"), mapOf('B' to 0, 'A' to 2), 'A')
        expectEqual(
            Values.toValue(everything).toString(),
            """{"everything":{"hand":[{"green":{}},{"red":{}}],"position":null,"slot":"A","speed":1.5,"stock":{"${'$'}map":[["A",2],["B",0]]},"tags":{"${'$'}set":["a","b"]},"volume":0.8}}""",
            "Everything"
        )
        expectEqual(Values.toValue(Link.Measured(0.1f.toDouble())).toString(), """{"measured":{"ratio":0.10000000149011612}}""", "a Double keeps its digits")
        expectEqual(Values.toValue(Link.Measured(-0.0)).toString(), """{"measured":{"ratio":-0.0}}""", "-0.0")
        expectEqual(Values.toValue(Link.Measured(1e21)).toString(), """{"measured":{"ratio":1.0e21}}""", "1e21")
        expectEqual(Values.toValue(Link.Measured(1.5e-7)).toString(), """{"measured":{"ratio":1.5e-7}}""", "1.5e-7")
        expectEqual(Values.toValue(Link.Measured(0.000001)).toString(), """{"measured":{"ratio":0.000001}}""", "1e-6")
        expectEqual(Values.toValue(Link.Named(null)).toString(), """{"named":{"name":null}}""", "null")
    }
    test("version-3 fields are built again into the Kotlin types, an int into a Double") {
        FixtureReader.version = 3
        val value = Value.parse(parseJson(
            """{"everything": {"volume": 1, "speed": 1.5, "position": null, "hand": [{"green": {}}], "tags": {"${'$'}set": ["a"]},
               "stock": {"${'$'}map": [["A", 2]]}, "slot": "A"}}"""
        ))
        expectEqual(
            Values.fromValue(value, Link::class, "state"),
            Link.Everything(1.0, 1.5f, null, listOf(Lamp.Green), setOf("a"), mapOf('A' to 2), 'A'),
            "everything"
        )
        val two = Value.parse(parseJson("""{"glyph": {"char": "AB"}}"""))
        expectEqual(expectThrows<ValueMappingError> { Values.fromValue(two, Link::class, "event") }.message, "event.char expected one character, got \"AB\"", "AB")
    }
    test("what stays unrepresentable is refused with the field and the rule") {
        val failed = expectThrows<ValueMappingError> { Values.toValue(Link.Failed(IllegalStateException("x"))) }
        expectEqual(failed.message, "Failed.cause is a IllegalStateException; a field holds an integer, a double, a string, a boolean, null, a list, a set, a map or a value (Spec/SPEC.md, Values and names)", "Throwable")
        val since = expectThrows<ValueMappingError> { Values.toValue(Link.Since(java.time.Instant.EPOCH)) }
        expectEqual(since.message, "Since.at is a Instant; a field holds an integer, a double, a string, a boolean, null, a list, a set, a map or a value (Spec/SPEC.md, Values and names)", "Instant")
        val nan = expectThrows<ValueMappingError> { Values.toValue(Link.Measured(Double.NaN)) }
        expectEqual(nan.message, "Measured.ratio is NaN; a fixture double is finite (Spec/SPEC.md, Field types of version 3)", "NaN")
        val surrogate = expectThrows<ValueMappingError> { Values.toValue(Link.Glyph('\uD83D')) }
        expectEqual(surrogate.message, "Glyph.char is the UTF-16 surrogate U+D83D; a fixture char is one Unicode scalar (Spec/SPEC.md, Field types of version 3)", "surrogate")
    }
}
