import Foundation
import StateMachine
import Testing

// The ported payload types are Codable in the fixture form (Spec/SPEC.md, Values and names) that the Kotlin recorder
// writes: an enum class constant is a value without fields, a value class the value it wraps.

@Suite struct CorpusPayloadCodableTests {

    @Test func aPortedValueClassIsTheStringItWraps() throws {
        let json = #"{"signedIn":{"userId":"u-42"}}"#
        let state = try JSONDecoder().decode(CorpusLogin.LoginState.self, from: Data(json.utf8))
        #expect(state == .signedIn(userId: CorpusLogin.UserId(value: "u-42")))
        let encoded = try JSONEncoder().encode(CorpusLogin.UserId(value: "u-7"))
        #expect(String(decoding: encoded, as: UTF8.self) == #""u-7""#)
    }

    @Test func aPortedEnumClassConstantIsAValueWithoutFields() throws {
        let encoded = try JSONEncoder().encode(CorpusTrafficLight.Colour.redAmber)
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"redAmber":{}}"#)
        let json = #"{"showing":{"colour":{"green":{}},"pedestrianWaiting":true}}"#
        let state = try JSONDecoder().decode(CorpusTrafficLight.LightState.self, from: Data(json.utf8))
        #expect(state == .showing(colour: .green, pedestrianWaiting: true))
    }

    // ConnectionEvent.Connect and ConnectionEvent.Timeout.Connect: the nested one is `timeoutConnect` in the port as in
    // the recorder (PayloadValueTests.kt).
    @Test func aNestedCaseSharingASimpleNameIsNamedAfterItsSealedClass() throws {
        let encoded = try JSONEncoder().encode([CorpusChatConnection.ConnectionEvent.connect, .timeoutConnect])
        #expect(String(decoding: encoded, as: UTF8.self) == #"[{"connect":{}},{"timeoutConnect":{}}]"#)
    }
}
