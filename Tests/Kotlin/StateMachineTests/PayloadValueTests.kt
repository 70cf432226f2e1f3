package com.statemachine.spec.tests

import com.statemachine.spec.StateMachine
import com.statemachine.spec.fixtures.CodeMachine
import com.statemachine.spec.fixtures.FixtureChecker
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

// A value class that is a case of a sealed type (`@JvmInline value class Paused(val timeLeft: Int) : Countdown`) is a case.
sealed interface Countdown {
    @JvmInline
    value class Paused(val timeLeft: Int) : Countdown
    data object Idle : Countdown
}

// A hierarchy that is not sealed: its cases are the classes nested in it that extend it.
interface Beacon {
    data class Beat(val count: Int) : Beacon
    object Drop : Beacon
    interface Group : Beacon {
        data class Member(val name: String) : Group
    }
}

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
    data class Linked(val uri: java.net.URI) : Link
    data class Started(val id: java.util.UUID, val at: java.time.Instant, val timeout: java.time.Duration) : Link
    data class Waited(val elapsed: kotlin.time.Duration) : Link
    data class Refused(val failure: UploadFailure) : Link
}

/** An abstract group of cases inside a sealed class, its cases nested beside it (Spec/SPEC.md, Values and names). */
sealed class Edit {
    abstract class Change : Edit() {
        abstract val at: Int
    }
    data class Insert(override val at: Int, val text: String) : Change()
    data class Erase(override val at: Int, val length: Int) : Change()
    object Undo : Edit()
}

/** Failures as Android code declares them (Spec/SPEC.md, R30): a sealed class of exceptions. */
sealed class UploadFailure(message: String) : Exception(message)
object Offline : UploadFailure("offline")
class Rejected(code: Int) : UploadFailure("rejected with $code")
class Throttled(val retryAfter: Int, val reason: String?) : UploadFailure("throttled for $retryAfter s")
data class Quota(val used: Long) : UploadFailure("quota")

/** The upload of Fixtures/platform-values-are-text-seconds-and-values.json with Kotlin's platform types (R30). */
sealed class UploadState {
    object Idle : UploadState()
    data class Uploading(val id: java.util.UUID, val startedAt: java.time.Instant, val timeout: java.time.Duration) : UploadState()
    data class Failed(val id: java.util.UUID, val error: Throwable) : UploadState()
}

sealed class UploadEvent {
    data class Start(val id: java.util.UUID, val at: java.time.Instant, val timeout: java.time.Duration) : UploadEvent()
    data class Fail(val error: Throwable) : UploadEvent()
}

sealed class UploadSideEffect {
    data class Schedule(val after: java.time.Duration) : UploadSideEffect()
    object Retry : UploadSideEffect()
    object GiveUp : UploadSideEffect()
}

private val firstUpload = UploadState.Uploading(
    java.util.UUID.fromString("00000000-0000-0000-0000-000000000001"), java.time.Instant.ofEpochSecond(1_700_000_000), java.time.Duration.ofSeconds(30))

private val upload = CodeMachine.of("upload with platform values") {
    StateMachine.create<UploadState, UploadEvent, UploadSideEffect> {
        initialState(UploadState.Idle)
        state<UploadState.Idle> {
            on<UploadEvent.Start> { transitionTo(UploadState.Uploading(it.id, it.at, it.timeout), UploadSideEffect.Schedule(it.timeout)) }
        }
        state(firstUpload) {
            on<UploadEvent.Fail> { transitionTo(UploadState.Failed(id, it.error), UploadSideEffect.Retry) }
        }
        state<UploadState.Uploading> {
            on<UploadEvent.Fail> { transitionTo(UploadState.Failed(id, it.error), UploadSideEffect.GiveUp) }
        }
        state<UploadState.Failed> {}
    }
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
    test("a value class that is a case of a sealed type is a case with its field, as a value and as a field, both ways") {
        expectEqual(Values.fieldText(Countdown.Paused(5), "event"), """{"paused":{"timeLeft":5}}""", "Paused as a field")
        expectEqual(Values.toValue(Countdown.Paused(5)).toString(), """{"paused":{"timeLeft":5}}""", "Paused as a value")
        expectEqual(Values.fromText("""{"paused":{"timeLeft":7}}""", Countdown::class, "event"), Countdown.Paused(7), "paused")
        expectEqual(Values.fieldText(listOf(Countdown.Idle, Countdown.Paused(1)), "events"), """[{"idle":{}},{"paused":{"timeLeft":1}}]""", "in a list")
    }
    test("the cases of an interface that is not sealed are the classes nested in it that extend it, both ways") {
        expectEqual(Values.cases(Beacon::class).mapNotNull { it.simpleName }.sorted(), listOf("Beat", "Drop", "Member"), "cases")
        expectEqual(Values.fromText("""{"beat":{"count":3}}""", Beacon::class, "event"), Beacon.Beat(3), "beat")
        expectEqual(Values.fromText("""{"member":{"name":"m"}}""", Beacon::class, "event"), Beacon.Group.Member("m"), "member")
        expectEqual(Values.fromText("""{"drop":{}}""", Beacon::class, "event"), Beacon.Drop, "drop")
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
        val linked = expectThrows<ValueMappingError> { Values.toValue(Link.Linked(java.net.URI("https://example.com"))) }
        expectEqual(linked.message, "Linked.uri is a URI; a field holds an integer, a double, a string, a boolean, null, a list, a set, a map or a value (Spec/SPEC.md, Values and names)", "URI")
        val nan = expectThrows<ValueMappingError> { Values.toValue(Link.Measured(Double.NaN)) }
        expectEqual(nan.message, "Measured.ratio is NaN; a fixture double is finite (Spec/SPEC.md, Field types of version 3)", "NaN")
        val surrogate = expectThrows<ValueMappingError> { Values.toValue(Link.Glyph('\uD83D')) }
        expectEqual(surrogate.message, "Glyph.char is the UTF-16 surrogate U+D83D; a fixture char is one Unicode scalar (Spec/SPEC.md, Field types of version 3)", "surrogate")
    }
    // Spec/SPEC.md, R30; the texts of Swift's FixtureValueCodingTests. 1,700,000,000 s after 1970 is 2023-11-14 22:13:20
    // UTC; 2000-02-29 12:00 is 951,825,600 s (10,957 days to 2000, then 59, then 12 hours).
    test("instants are ISO 8601 text in UTC, to the microsecond") {
        fun text(instant: java.time.Instant) = Values.fieldText(instant, "at")
        expectEqual(text(java.time.Instant.ofEpochSecond(1_700_000_000)), "\"2023-11-14T22:13:20Z\"", "whole seconds")
        expectEqual(text(java.time.Instant.ofEpochSecond(1_700_000_000, 500_000_000)), "\"2023-11-14T22:13:20.5Z\"", "half a second")
        expectEqual(text(java.time.Instant.ofEpochSecond(1_700_000_000, 250_000)), "\"2023-11-14T22:13:20.00025Z\"", "microseconds")
        expectEqual(text(java.time.Instant.ofEpochSecond(1_700_000_000, 123_456_789)), "\"2023-11-14T22:13:20.123457Z\"", "nanoseconds round")
        expectEqual(text(java.time.Instant.ofEpochSecond(0)), "\"1970-01-01T00:00:00Z\"", "1970")
        expectEqual(text(java.time.Instant.ofEpochSecond(-1)), "\"1969-12-31T23:59:59Z\"", "before 1970")
        expectEqual(text(java.time.Instant.ofEpochSecond(951_825_600)), "\"2000-02-29T12:00:00Z\"", "a leap day")
        FixtureReader.version = 3
        val started = Value.parse(parseJson("""{"started": {"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "at": "2000-02-29T12:00:00Z", "timeout": 1.5}}"""))
        expectEqual(
            Values.fromValue(started, Link::class, "event"),
            Link.Started(java.util.UUID.fromString("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"), java.time.Instant.ofEpochSecond(951_825_600), java.time.Duration.ofMillis(1500)),
            "read back"
        )
        for (bad in listOf("yesterday", "2023-02-29T00:00:00Z", "2023-11-14T22:13:20", "2023-11-14 22:13:20Z", "2023-11-14T22:13:20.Z",
                           "2023-11-14T24:00:00Z", "0000-01-01T00:00:00Z")) {
            val value = Value.parse(parseJson("""{"started": {"id": "00000000-0000-0000-0000-000000000001", "at": "$bad", "timeout": 1}}"""))
            val error = expectThrows<ValueMappingError> { Values.fromValue(value, Link::class, "event") }
            expectEqual(error.message, "event.at: expected an instant, ISO 8601 in UTC such as \"2023-11-14T22:13:20Z\", got \"$bad\"", bad)
        }
    }
    test("durations are seconds, whole as ints, else doubles; UUIDs lower-case text") {
        expectEqual(Values.fieldText(java.time.Duration.ofSeconds(90), "d"), "90", "90 s")
        expectEqual(Values.fieldText(java.time.Duration.ofMillis(1500), "d"), "1.5", "1.5 s")
        expectEqual(Values.fieldText(java.time.Duration.ofMillis(-250), "d"), "-0.25", "-0.25 s")
        expectEqual(Values.fieldText(java.time.Duration.ZERO, "d"), "0", "zero")
        expectEqual(Values.toValue(Link.Waited(with(kotlin.time.Duration) { 1500.milliseconds })).toString(), """{"waited":{"elapsed":1.5}}""", "kotlin.time")
        // The double nearest to 2.666666666 s, which 2.0 + 0.666666666 misses by one unit in the last place.
        expectEqual(Values.toValue(Link.Waited(with(kotlin.time.Duration) { 2_666_666_666.nanoseconds })).toString(),
            """{"waited":{"elapsed":2.666666666}}""", "kotlin.time, the nearest double")
        expectEqual(Values.toValue(Link.Waited(with(kotlin.time.Duration) { (-2_666_666_666).nanoseconds })).toString(),
            """{"waited":{"elapsed":-2.666666666}}""", "kotlin.time, negative, the nearest double")
        expectEqual(Values.fromValue(Value.parse(parseJson("""{"waited": {"elapsed": 90}}""")), Link::class, "event"),
            Link.Waited(with(kotlin.time.Duration) { 90.seconds }), "kotlin.time read back")
        expectEqual(Values.fieldText(java.util.UUID.fromString("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), "id"), "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\"", "UUID")
        val started = Link.Started(java.util.UUID.fromString("00000000-0000-0000-0000-000000000001"), java.time.Instant.ofEpochSecond(1_700_000_000), java.time.Duration.ofSeconds(30))
        expectEqual(Values.toValue(started).toString(), """{"started":{"at":"2023-11-14T22:13:20Z","id":"00000000-0000-0000-0000-000000000001","timeout":30}}""", "inside a value")
        val short = Value.parse(parseJson("""{"started": {"id": "e621e1f8", "at": "2000-02-29T12:00:00Z", "timeout": 1}}"""))
        expectEqual(expectThrows<ValueMappingError> { Values.fromValue(short, Link::class, "event") }.message,
            "event.id: expected a UUID, 36 characters such as \"00000000-0000-0000-0000-000000000001\", got \"e621e1f8\"", "short UUID")
    }
    test("the cases of an abstract group inside a sealed class are the classes nested beside it that extend it") {
        expectEqual(Values.cases(Edit::class).map { it.simpleName ?: "" }.sorted(), listOf("Erase", "Insert", "Undo"), "cases")
        expectEqual(Values.fromValue(Value.parse(parseJson("""{"insert": {"at": 2, "text": "a"}}""")), Edit::class, "event"), Edit.Insert(2, "a"), "read")
        expectEqual(Values.toValue(Edit.Erase(1, 3)).toString(), """{"erase":{"at":1,"length":3}}""", "written")
    }
    test("the upload in Kotlin passes the platform values fixture") {
        expectEqual(FixtureChecker.check(upload, java.io.File("Fixtures/platform-values-are-text-seconds-and-values.json")).text, "2 passed, 0 failed\n", "report")
    }
    test("a throwable is a value named after its class with its message") {
        expectEqual(Values.toValue(Link.Failed(java.io.IOException("disk full"))).toString(), """{"failed":{"cause":{"iOException":{"message":"disk full"}}}}""", "IOException")
        expectEqual(Values.toValue(Link.Failed(IllegalStateException())).toString(), """{"failed":{"cause":{"illegalStateException":{"message":null}}}}""", "no message")
        expectEqual(Values.toValue(Link.Failed(Offline)).toString(), """{"failed":{"cause":{"offline":{"message":"offline"}}}}""", "an object of a sealed class")
        expectEqual(Values.toValue(Link.Failed(Rejected(403))).toString(), """{"failed":{"cause":{"rejected":{"message":"rejected with 403"}}}}""", "a class of a sealed class")
        val read = Values.fromValue(Value.parse(parseJson("""{"failed": {"cause": {"iOException": {"message": "disk full"}}}}""")), Link::class, "event") as Link.Failed
        expectEqual(read.cause::class, java.io.IOException::class, "class read back")
        expectEqual(read.cause.message, "disk full", "message read back")
        expectEqual(Values.fromValue(Value.parse(parseJson("""{"refused": {"failure": {"offline": {"message": "offline"}}}}""")), Link::class, "event"), Link.Refused(Offline), "object read back")
        val rejected = expectThrows<ValueMappingError> { Values.fromValue(Value.parse(parseJson("""{"refused": {"failure": {"rejected": {"message": "x"}}}}""")), Link::class, "event") }
        expectEqual(rejected.message, "event.failure: Rejected cannot be made from a message", "a class that keeps more than its message")
    }
    test("a throwable class of yours also writes the properties its constructor declares, and is made from them") {
        expectEqual(Values.toValue(Link.Refused(Throttled(30, null))).toString(),
            """{"refused":{"failure":{"throttled":{"message":"throttled for 30 s","reason":null,"retryAfter":30}}}}""", "a class with val parameters")
        expectEqual(Values.toValue(Link.Refused(Quota(5))).toString(), """{"refused":{"failure":{"quota":{"message":"quota","used":5}}}}""", "a data class")
        val throttled = Values.fromValue(Value.parse(parseJson("""{"refused": {"failure": {"throttled": {"message": "throttled for 9 s", "reason": "busy", "retryAfter": 9}}}}""")),
            Link::class, "event") as Link.Refused
        val failure = throttled.failure as Throttled
        expectEqual(listOf(failure.retryAfter, failure.reason, failure.message), listOf(9, "busy", "throttled for 9 s"), "made by its constructor")
        expectEqual(Values.fromValue(Value.parse(parseJson("""{"refused": {"failure": {"quota": {"message": "quota", "used": 5}}}}""")), Link::class, "event"),
            Link.Refused(Quota(5)), "a data class read back equals the one written")
        val missing = expectThrows<ValueMappingError> { Values.fromValue(Value.parse(parseJson("""{"refused": {"failure": {"throttled": {"message": "x", "retryAfter": 9}}}}""")), Link::class, "event") }
        expectEqual(missing.message, "event.failure: Throttled is made from its message and properties, and has no reason", "a property missing")
        val unknown = expectThrows<ValueMappingError> { Values.fromValue(Value.parse(parseJson("""{"refused": {"failure": {"quota": {"message": "quota", "used": 5, "limit": 9}}}}""")), Link::class, "event") }
        expectEqual(unknown.message, "event.failure: a throwable has its message and the properties its class declares, and Quota declares no limit", "a field it does not declare")
    }
}
