import StateMachine
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
}
