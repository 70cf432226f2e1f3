import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/WhenValues.kt: `when` used as a value, ported to `switch` and `if` expressions.
// Expectations derived by hand from the Kotlin handlers.

@Suite struct WhenValueTests {
    private let definition = WhenValues.definition

    @Test func aWhenWithoutSubjectPicksTheFirstTrueBranch() {
        #expect(definition.transition(from: .cold(degrees: 20), on: .by(degrees: 10)).valid?.toState == .cold(degrees: 30))
        #expect(definition.transition(from: .cold(degrees: 20), on: .by(degrees: 30)).valid?.toState == .warm(degrees: 50, label: "warm"))
        #expect(definition.transition(from: .cold(degrees: 20), on: .by(degrees: 85)).valid?.toState == .boiling)
    }

    @Test func aWhenOverANumberMatchesRangesValuesAndElse() {
        let labels = [5, 10, 15, 30, 40, 35, -20].map { degrees in
            definition.transition(from: .warm(degrees: 50, label: "warm"), on: .by(degrees: degrees)).valid?.toState
        }
        #expect(labels == [
            .warm(degrees: 55, label: "warm"),
            .warm(degrees: 60, label: "hot"),
            .warm(degrees: 65, label: "hot"),
            .warm(degrees: 80, label: "very hot"),
            .warm(degrees: 90, label: "very hot"),
            .warm(degrees: 85, label: "scalding"),
            .warm(degrees: 30, label: "scalding"),
        ])
    }

    @Test func aWhenOverTheStateReadsTheFieldsOfItsBranch() {
        let poured = definition.transition(from: .warm(degrees: 50, label: "warm"), on: .pour).valid
        #expect(poured?.toState == .warm(degrees: 50, label: "warm"))
        #expect(poured?.sideEffect == .say(text: "pouring at 50"))
    }

    @Test func returnOfAWhenIsTheHandlersResult() {
        #expect(definition.transition(from: .warm(degrees: 50, label: "warm"), on: .reset).valid?.toState == .cold(degrees: 50))
        let kept = definition.transition(from: .warm(degrees: 70, label: "hot"), on: .reset).valid
        #expect(kept?.toState == .warm(degrees: 70, label: "hot"))
        #expect(kept?.sideEffect == .say(text: "too hot to reset"))
    }
}
