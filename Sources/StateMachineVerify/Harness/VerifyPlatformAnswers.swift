/// What a stub answers the n-th time (from 0) one of its functions returning a platform type is called in a sequence,
/// by the formulas of the Kotlin runner's stubs (`PlatformAnswers` in `Sources/Kotlin/Verify/Stubs.kt`), so that both
/// sides answer equal values:
///
/// | Swift | answer n | Kotlin |
/// | --- | --- | --- |
/// | `Date` | 1 700 000 000 s + 60 s × n after 1970 (2023-11-14T22:13:20Z, then a minute later each call) | `java.time.Instant` |
/// | `Duration` | n + 1 seconds | `java.time.Duration` |
/// | `UUID` | `00000000-0000-0000-0000-` and n + 1 in 12 decimal digits | `java.util.UUID` |
///
/// The harness of a port makes the values (this module does not import Foundation):
///
/// ```swift
/// func now() -> Date {
///     Date(timeIntervalSince1970: VerifyPlatformAnswers.secondsSince1970(context.nextAnswer("clock.now")))
/// }
/// ```
///
/// Whole seconds keep `Date` and `Instant` exactly equal; a UUID of decimal digits reads the same in Swift's upper case
/// and Kotlin's lower case.
public enum VerifyPlatformAnswers {
    /// The first instant a stub answers, in seconds since 1970.
    public static let epochSeconds: Int64 = 1_700_000_000
    /// How much later each following instant is, in seconds.
    public static let stepSeconds: Int64 = 60

    /// The n-th instant, in seconds since 1970: `Date(timeIntervalSince1970:)` takes it.
    public static func secondsSince1970(_ answer: Int) -> Double {
        Double(epochSeconds + stepSeconds * Int64(answer))
    }

    /// The n-th duration, in whole seconds: `Duration.seconds(_:)` takes it.
    public static func durationSeconds(_ answer: Int) -> Int64 {
        Int64(answer) + 1
    }

    /// The n-th UUID's text: `UUID(uuidString:)` takes it.
    public static func uuidString(_ answer: Int) -> String {
        let digits = String(answer + 1)
        return "00000000-0000-0000-0000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }
}
