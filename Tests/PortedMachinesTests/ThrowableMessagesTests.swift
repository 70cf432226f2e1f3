import StateMachine
import StateMachineFixtures
import Testing

// Tests/Kotlin/PorterTests/Inputs/ThrowableMessages.kt: a sealed class of exceptions whose cases pass their message on
// to `Exception` (an object, and a class whose message is a template of its constructor parameter), read as
// `failure.message ?: label`, where `label` is the alarm's own override of its base class's `open val label = "panel"`.
// Expectations derived by hand from the Kotlin.

@Suite struct ThrowableMessagesTests {
    @Test func eachFailureCarriesTheMessageItsCasePassesOnToException() {
        #expect(HomeAlarm.AlarmFailure.sensorOffline.message == "sensor offline")
        #expect(HomeAlarm.AlarmFailure.tampered(zone: 3).message == "zone 3 tampered")
    }

    /// `object SensorOffline` is one value in Kotlin, equal to itself: so are the Swift states that hold it.
    @Test func aStateHoldingTheSameFailureObjectIsEqual() {
        #expect(HomeAlarm.State.alerting(failure: .sensorOffline) == .alerting(failure: .sensorOffline))
        #expect(HomeAlarm.State.alerting(failure: .sensorOffline) != .alerting(failure: .tampered(zone: 1)))
    }

    @Test func theSideEffectsShowTheMessagesAndTheAlarmsOwnLabel() throws {
        let machine = StateMachine(definition: HomeAlarm.definition)
        let offline = try machine.transition(.offline)
        #expect(offline.toState == .alerting(failure: .sensorOffline))
        #expect(offline.sideEffect == .show(text: "sensor offline"))
        // HomeAlarm overrides Panel's label: "home", not "panel".
        let reset = try machine.transition(.reset)
        #expect(reset.sideEffect == .show(text: "home"))
        let tamper = try machine.transition(.tamper(zone: 7))
        #expect(tamper.toState == .alerting(failure: .tampered(zone: 7)))
        #expect(tamper.sideEffect == .show(text: "zone 7 tampered"))
    }

    /// A throwable as Kotlin writes it in a fixture (SPEC.md, R30): its case and its message; only an `object` case is
    /// read back, as Kotlin makes only an object from that form.
    @Test func aFailureIsWrittenAsItsCaseAndMessage() throws {
        #expect(try FixtureValueCoding.encode(HomeAlarm.State.alerting(failure: .tampered(zone: 3))).description
            == #"{"alerting":{"failure":{"tampered":{"message":"zone 3 tampered"}}}}"#)
        let offline = try FixtureValueCoding.field(json: #"{"alerting": {"failure": {"sensorOffline": {"message": "sensor offline"}}}}"#)
        #expect(try FixtureValueCoding.decode(HomeAlarm.State.self, from: offline) == .alerting(failure: .sensorOffline))
        let tampered = try FixtureValueCoding.field(json: #"{"alerting": {"failure": {"tampered": {"message": "zone 3 tampered"}}}}"#)
        #expect(throws: FixtureValueCoding.DecodingFailure.self) { try FixtureValueCoding.decode(HomeAlarm.State.self, from: tampered) }
    }

    /// A platform throwable (`IOException("disk full")`) is the port's `KotlinThrowable`, written and read as its class
    /// and message; two read from the same text are not equal, as two Kotlin exceptions are not.
    @Test func aPlatformThrowableIsItsClassAndMessage() throws {
        typealias Throwable = CorpusMediaPlayer.KotlinThrowable
        #expect(try FixtureValueCoding.encode(Throwable("IOException", "disk full")).description == #"{"iOException":{"message":"disk full"}}"#)
        #expect(try FixtureValueCoding.encode(Throwable("IllegalStateException")).description == #"{"illegalStateException":{"message":null}}"#)
        let field = try FixtureValueCoding.field(json: #"{"iOException": {"message": "disk full"}}"#)
        let read = try FixtureValueCoding.decode(Throwable.self, from: field)
        #expect(read.type == "IOException")
        #expect(read.message == "disk full")
        #expect(read != (try FixtureValueCoding.decode(Throwable.self, from: field)))
        #expect(read == read)
    }
}
