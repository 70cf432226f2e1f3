import StateMachine
import Testing

// Tests/Kotlin/PorterTests/Inputs/Durations.kt: durations of both kinds, computed with and written as Kotlin writes
// them. Expectations derived by hand from the documented rules of `toString()`:
// - `java.time.Duration`: ISO 8601 `PTnHnMnS`, hours not folded into days, a zero part left out, every part with the
//   duration's sign, the fraction of a second without trailing zeros; zero is `PT0S`.
// - `kotlin.time.Duration`: `d`, `h`, `m`, `s` parts from the first non-zero one to the last, or one unit below a second
//   (`ms`, `us`, `ns`); the last part's fraction cut to its non-zero digits when they are fewer than three, else to a
//   multiple of three; a negative duration after `-`, in parentheses when it has several parts; zero is `0s`.

@Suite struct DurationsTests {
    @Test func aJavaDurationIsISO8601WithEveryPartSigned() {
        #expect(Durations.javaDurationText(.zero) == "PT0S")
        #expect(Durations.javaDurationText(.seconds(90)) == "PT1M30S")
        #expect(Durations.javaDurationText(.seconds(3600)) == "PT1H")
        #expect(Durations.javaDurationText(.seconds(3601)) == "PT1H1S")
        #expect(Durations.javaDurationText(.seconds(26 * 3600)) == "PT26H")
        #expect(Durations.javaDurationText(.milliseconds(500)) == "PT0.5S")
        #expect(Durations.javaDurationText(.milliseconds(10)) == "PT0.01S")
        #expect(Durations.javaDurationText(.milliseconds(120_500)) == "PT2M0.5S")
        #expect(Durations.javaDurationText(.nanoseconds(1)) == "PT0.000000001S")
        #expect(Durations.javaDurationText(.milliseconds(-500)) == "PT-0.5S")
        #expect(Durations.javaDurationText(.milliseconds(-1500)) == "PT-1.5S")
        #expect(Durations.javaDurationText(.seconds(-90)) == "PT-1M-30S")
        #expect(Durations.javaDurationText(.seconds(-60)) == "PT-1M")
        #expect(Durations.javaDurationText(.milliseconds(-60_500)) == "PT-1M-0.5S")
        #expect(Durations.javaDurationText(.milliseconds(-3_661_500)) == "PT-1H-1M-1.5S")
        #expect(Durations.javaDurationText(.nanoseconds(-1)) == "PT-0.000000001S")
    }

    @Test func aKotlinDurationIsItsPartsFromTheFirstToTheLast() {
        #expect(Durations.kotlinDurationText(.zero) == "0s")
        #expect(Durations.kotlinDurationText(.seconds(90)) == "1m 30s")
        #expect(Durations.kotlinDurationText(.seconds(61)) == "1m 1s")
        #expect(Durations.kotlinDurationText(.seconds(26 * 3600)) == "1d 2h")
        #expect(Durations.kotlinDurationText(.seconds(100 * 86_400)) == "100d")
        #expect(Durations.kotlinDurationText(.milliseconds(3_661_500)) == "1h 1m 1.5s")
        #expect(Durations.kotlinDurationText(.seconds(86_400) + .nanoseconds(1)) == "1d 0h 0m 0.000000001s")
        #expect(Durations.kotlinDurationText(.seconds(3 * 86_400 + 4)) == "3d 0h 0m 4s")
    }

    @Test func aKotlinDurationBelowASecondIsInOneSmallerUnit() {
        #expect(Durations.kotlinDurationText(.milliseconds(500)) == "500ms")
        #expect(Durations.kotlinDurationText(.nanoseconds(1_234_567)) == "1.234567ms")
        #expect(Durations.kotlinDurationText(.nanoseconds(1500)) == "1.5us")
        #expect(Durations.kotlinDurationText(.microseconds(1)) == "1us")
        #expect(Durations.kotlinDurationText(.nanoseconds(1)) == "1ns")
    }

    @Test func aKotlinDurationsFractionHasItsDigitsInGroupsOfThree() {
        #expect(Durations.kotlinDurationText(.milliseconds(1500)) == "1.5s")
        #expect(Durations.kotlinDurationText(.milliseconds(1250)) == "1.25s")
        #expect(Durations.kotlinDurationText(.milliseconds(59_999)) == "59.999s")
        #expect(Durations.kotlinDurationText(.nanoseconds(1_234_500_000)) == "1.234500s")
        #expect(Durations.kotlinDurationText(.nanoseconds(1_000_000_001)) == "1.000000001s")
        #expect(Durations.kotlinDurationText(.nanoseconds(10_000_005)) == "10.000005ms")
    }

    @Test func aNegativeKotlinDurationIsInParenthesesWhenItHasSeveralParts() {
        #expect(Durations.kotlinDurationText(.milliseconds(-1500)) == "-1.5s")
        #expect(Durations.kotlinDurationText(.milliseconds(-500)) == "-500ms")
        #expect(Durations.kotlinDurationText(.nanoseconds(-1)) == "-1ns")
        #expect(Durations.kotlinDurationText(.seconds(-90)) == "-(1m 30s)")
        #expect(Durations.kotlinDurationText(.zero - .seconds(2 * 86_400) - .nanoseconds(5)) == "-(2d 0h 0m 0.000000005s)")
    }

    @Test func aDurationDividedByAWholeNumberIsTruncatedToTheNanosecond() {
        #expect(Durations.dividedToNanoseconds(.milliseconds(3500), by: 3) == .nanoseconds(1_166_666_666))
        #expect(Durations.dividedToNanoseconds(.zero - .milliseconds(3500), by: 3) == .nanoseconds(-1_166_666_666))
        #expect(Durations.dividedToNanoseconds(.seconds(3), by: 2) == .milliseconds(1500))
    }

    /// Java's `Duration.getSeconds()` rounds down, its nanoseconds always positive: `ofMillis(-500)` is -1 s and
    /// 500,000,000 ns; Swift's `components` round toward zero. The port's `javaSeconds` (here Kiln's, from
    /// InheritedMembers, which reads `took?.seconds`) counts as Java does.
    @Test func aJavaDurationsWholeSecondsAreRoundedDown() {
        #expect(Kiln.javaSeconds(.milliseconds(1500)) == 1)
        #expect(Kiln.javaSeconds(.milliseconds(-500)) == -1)
        #expect(Kiln.javaSeconds(.milliseconds(-61_500)) == -62)
        #expect(Kiln.javaSeconds(.seconds(-2)) == -2)
        #expect(Kiln.javaSeconds(.zero) == 0)
    }

    @Test func theMachineComputesAndWritesBothKinds() throws {
        let machine = StateMachine(definition: Durations.definition)
        // 1 s + 500 ms; a java.time.Duration of 90 s; the budget's cap is the same 1.5 s as a java.time.Duration.
        let start = try machine.transition(.wait(by: .seconds(1)))
        #expect(start.sideEffect == .line(text: "start Wait(by=1s) after 1.5s"))
        // 1.5 s + 2 × 1 s = 3.5 s, not past 5 s: 1.5 s + 3.5 s / 3 (1.166666666 s, truncated) spent.
        let steeping = try machine.transition(.wait(by: .seconds(1)))
        #expect(steeping.sideEffect == .line(text: "steeping Steeping(elapsed=1.5s, limit=PT1M30S, budget=Budget(spent=1.5s, cap=PT1.5S))"))
        #expect(machine.state == .steeping(elapsed: .milliseconds(3500), limit: .seconds(90),
                                           budget: .init(spent: .nanoseconds(2_666_666_666), cap: .milliseconds(1500))))
        // The limit 90 s + 30.5 s; (90 s − 3 × 30.5 s) / 2 = −0.75 s.
        let extended = try machine.transition(.extend(by: .milliseconds(30_500)))
        #expect(extended.sideEffect == .line(text: "limit PT2M0.5S, else PT-0.75S"))
        // 3.5 s + 2 × 1.5 s = 6.5 s, past 5 s: 6500 ms; 120.5 s − 6.5 s = 114 s left.
        let waited = try machine.transition(.wait(by: .milliseconds(1500)))
        #expect(waited.sideEffect == .line(text: "waited 6.5s of PT2M0.5S, 6500 ms, left 1m 54s (-(1m 54s))"))
        #expect(machine.state == .idle(total: .milliseconds(6500)))
    }

    @Test func stoppingWritesTheWholeSecondsAndTheDistanceFromOneSecond() throws {
        let machine = StateMachine(definition: Durations.definition)
        _ = try machine.transition(.wait(by: .zero))
        // Elapsed 0.5 s: 0 whole seconds, |0.5 s − 1 s| = 500 ms.
        let stopped = try machine.transition(.stop)
        #expect(stopped.sideEffect == .line(text: "stopped at 0 s, 500ms"))
    }
}
