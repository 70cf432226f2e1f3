import Foundation
import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/PlatformText.kt: platform values in Kotlin's text. Expectations derived by hand from
// Kotlin: `Instant.toString()` is ISO 8601 in UTC with the fraction in groups of three digits (1,700,000,000.25 s after
// 1970 is 2023-11-14T22:13:20.250Z), `UUID.toString()` lower-case, a throwable's `toString()` its qualified class name
// and its message.

@Suite struct PlatformTextTests {
    @Test func aDataClassWritesItsInstantAndUUIDAsKotlinDoes() throws {
        let machine = StateMachine(definition: PlatformText.definition)
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let put = try machine.transition(.put(id: id, at: Date(timeIntervalSince1970: 1_700_000_000.25)))
        #expect(put.sideEffect == .line(text: "stamped Put(id=e621e1f8-c36c-495a-93fc-0c247a3e6e5f, at=2023-11-14T22:13:20.250Z)"))
        let failed = try machine.transition(.fail(cause: PlatformText.KotlinThrowable("IOException", "disk full")))
        #expect(failed.sideEffect == .line(text: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f at 2023-11-14T22:13:20.250Z failed: java.io.IOException: disk full"))
    }

    @Test func anInstantHasAsManyFractionDigitsAsKotlinWrites() {
        #expect(PlatformText.instantText(Date(timeIntervalSince1970: 1_700_000_000)) == "2023-11-14T22:13:20Z")
        #expect(PlatformText.instantText(Date(timeIntervalSince1970: 1_700_000_000.000_25)) == "2023-11-14T22:13:20.000250Z")
        #expect(PlatformText.instantText(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(PlatformText.instantText(Date(timeIntervalSince1970: 951_825_600)) == "2000-02-29T12:00:00Z")
        #expect(PlatformText.instantText(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    }

    @Test func aThrowableWithoutAMessageIsItsClassName() {
        #expect("\(PlatformText.KotlinThrowable("IllegalStateException"))" == "java.lang.IllegalStateException")
        #expect("\(PlatformText.KotlinThrowable("MyFailure", "x"))" == "MyFailure: x")
    }
}
