package com.statemachine.porter

// The Kotlin text of the two durations a port holds as Swift's `Duration`: the port declares a function for each it
// writes, pure arithmetic on the duration's components (which Swift truncates toward zero, both with the duration's
// sign), so that a string template or a data class's text reads as the Kotlin's.

/**
 * The port's function that writes a `java.time.Duration` as `Duration.toString()` does: ISO 8601 counted in hours,
 * minutes and seconds (`PT26H`, `PT1M30S`, `PT0.5S`, `PT0S`), every part with the duration's sign (`PT-1M-30S`,
 * `PT-0.5S`), the fraction of a second without trailing zeros.
 */
internal fun Porter.javaDurationText(): String = helper("javaDurationText", *"""
    /// A `java.time.Duration` as Kotlin's `toString()` writes it: ISO 8601 in hours, minutes and seconds (`PT1M30S`,
    /// `PT26H`, `PT-0.5S`), each part with the duration's sign.
    static func javaDurationText(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = attoseconds / 1_000_000_000
        if seconds == 0 && nanoseconds == 0 { return "PT0S" }
        var text = "PT"
        if seconds / 3600 != 0 { text += String(seconds / 3600) + "H" }
        if seconds % 3600 / 60 != 0 { text += String(seconds % 3600 / 60) + "M" }
        if seconds % 60 == 0 && nanoseconds == 0 && text.count > 2 { return text }
        text += seconds % 60 == 0 && nanoseconds < 0 ? "-0" : String(seconds % 60)
        if nanoseconds != 0 {
            var fraction = String(String(nanoseconds.magnitude + 1_000_000_000).dropFirst())
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "S"
    }
""".trimIndent().lines().toTypedArray())

/**
 * The port's function that writes a `kotlin.time.Duration` as `Duration.toString()` does: days, hours, minutes and
 * seconds, each part present from the first non-zero one to the last (`1d 2h`, `1h 0m 30s`), or one unit below a second
 * (`500ms`, `1.5us`, `1ns`); the fraction of the last part in groups of three digits unless it has fewer than three
 * (`1.5s`, `1.234500s`); a negative duration after a minus sign, in parentheses when it has several parts (`-(1m 30s)`).
 */
internal fun Porter.kotlinDurationText(): String = helper("kotlinDurationText", *"""
    /// A `kotlin.time.Duration` as Kotlin's `toString()` writes it: `1m 30s`, `1d 2h`, `500ms`, `1.5s`, `-(1m 30s)`.
    static func kotlinDurationText(_ duration: Duration) -> String {
        let (signedSeconds, attoseconds) = duration.components
        let seconds = signedSeconds.magnitude
        let nanoseconds = attoseconds.magnitude / 1_000_000_000
        if seconds == 0 && nanoseconds == 0 { return "0s" }
        // A whole number and its fraction of `digits` digits, trailing zeros dropped down to a group of three.
        func decimal(_ whole: UInt64, _ fraction: UInt64, digits: Int, unit: String) -> String {
            guard fraction != 0 else { return String(whole) + unit }
            let text = String(String(fraction + 10_000_000_000).suffix(digits))
            let significant = text.count - text.reversed().prefix { ${'$'}0 == "0" }.count
            return String(whole) + "." + text.prefix(significant < 3 ? significant : (significant + 2) / 3 * 3) + unit
        }
        let days = seconds / 86_400, hours = seconds / 3600 % 24, minutes = seconds / 60 % 60
        let hasSeconds = seconds % 60 != 0 || nanoseconds != 0
        var parts: [String] = []
        if days != 0 { parts.append(String(days) + "d") }
        if hours != 0 || days != 0 && (minutes != 0 || hasSeconds) { parts.append(String(hours) + "h") }
        if minutes != 0 || hasSeconds && (hours != 0 || days != 0) { parts.append(String(minutes) + "m") }
        if hasSeconds {
            if seconds != 0 {
                parts.append(decimal(seconds % 60, nanoseconds, digits: 9, unit: "s"))
            } else if nanoseconds >= 1_000_000 {
                parts.append(decimal(nanoseconds / 1_000_000, nanoseconds % 1_000_000, digits: 6, unit: "ms"))
            } else if nanoseconds >= 1000 {
                parts.append(decimal(nanoseconds / 1000, nanoseconds % 1000, digits: 3, unit: "us"))
            } else {
                parts.append(String(nanoseconds) + "ns")
            }
        }
        let text = parts.joined(separator: " ")
        guard duration < .zero else { return text }
        return parts.count > 1 ? "-(" + text + ")" : "-" + text
    }
""".trimIndent().lines().toTypedArray())
