package com.statemachine.spec.tests

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
    test("floating-point numbers, nulls and lists are refused with the field and the rule") {
        val double = expectThrows<ValueMappingError> { Values.toValue(Link.Measured(0.5)) }
        expectEqual(double.message, "Measured.ratio is a Double; a field holds an integer, a string, a boolean or a value (Spec/SPEC.md, Values and names)", "Double")
        val nothing = expectThrows<ValueMappingError> { Values.toValue(Link.Named(null)) }
        expectEqual(nothing.message, "Named.name is null; a fixture value has no null fields (Spec/SPEC.md, Values and names)", "null")
        val list = expectThrows<ValueMappingError> { Values.toValue(Link.Listed(listOf(1, 2))) }
        expectEqual(list.message?.substringAfter(" is a ")?.substringAfter(";"), " a field holds an integer, a string, a boolean or a value (Spec/SPEC.md, Values and names)", "List")
    }
}
