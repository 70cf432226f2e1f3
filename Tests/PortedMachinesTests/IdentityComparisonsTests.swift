import StateMachine
import StateMachineFixtures
import Testing

// Tests/Kotlin/PorterTests/Inputs/IdentityComparisons.kt: a sealed class of exceptions with a plain class
// (`BadCode(val attempt: Int)`), an object and a data class (`Tripped(val zone: Int)`). Expectations derived by hand
// from the Kotlin and Spec/SPEC.md, R30.

@Suite struct IdentityComparisonsTests {
    /// Kotlin writes a throwable of yours with its message and the properties its class declares, and makes it back
    /// by its constructor; the port codes it the same way.
    @Test func aFailureIsWrittenWithItsMessageAndProperties() throws {
        #expect(try FixtureValueCoding.encode(Vault.State.failed(failure: .badCode(attempt: 3))).description
            == #"{"failed":{"failure":{"badCode":{"attempt":3,"message":"bad code 3"}}}}"#)
        #expect(try FixtureValueCoding.encode(Vault.State.failed(failure: .tripped(zone: 2))).description
            == #"{"failed":{"failure":{"tripped":{"message":"tripped in zone 2","zone":2}}}}"#)
        #expect(try FixtureValueCoding.encode(Vault.State.failed(failure: .jammed)).description
            == #"{"failed":{"failure":{"jammed":{"message":"jammed"}}}}"#)
        let field = try FixtureValueCoding.field(json: #"{"fail": {"failure": {"badCode": {"attempt": 9, "message": "bad code 9"}}}}"#)
        #expect(try FixtureValueCoding.decode(Vault.Event.self, from: field) == .fail(failure: .badCode(attempt: 9)))
        let tripped = try FixtureValueCoding.field(json: #"{"fail": {"failure": {"tripped": {"message": "tripped in zone 4", "zone": 4}}}}"#)
        #expect(try FixtureValueCoding.decode(Vault.Event.self, from: tripped) == .fail(failure: .tripped(zone: 4)))
    }

    /// What the porter warns about: two `BadCode(0)` made apart are not equal in Kotlin; the port's enum says they are.
    /// `--verify` shows the same line (scripts/test-port-verify, job identity).
    @Test func thePortComparesAPlainClassByValue() throws {
        let machine = StateMachine(definition: Vault.definition(Owner()))
        _ = try machine.transition(.fail(failure: .badCode(attempt: 0)))
        let again = try machine.transition(.fail(failure: .badCode(attempt: 0)))
        #expect(again.sideEffect == .log(text: "same=true"))
    }

    private final class Owner: Vault.Collaborators {
        var last: Vault.VaultFailure?
        var seen: [Vault.VaultFailure] = []
        var changes = 0
    }
}
