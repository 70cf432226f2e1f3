// Ported from Durations.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Durations: StateMachineBuilder {

    typealias State = Brew
    typealias Event = BrewEvent
    typealias SideEffect = BrewLog

    enum Brew: StateMachineHashable, Codable, Equatable {
        case idle(total: Duration)
        case steeping(elapsed: Duration, limit: Duration, budget: Budget)

        enum HashableIdentifier: String { case idle, steeping }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .idle(total): "Idle(total=\(kotlinDurationText(total)))"
            case let .steeping(elapsed, limit, budget): "Steeping(elapsed=\(kotlinDurationText(elapsed)), limit=\(javaDurationText(limit)), budget=\(kotlinTextOf(budget)))"
            }
        }
    }

    enum BrewEvent: StateMachineHashable, Codable, Equatable {
        case wait(by: Duration)
        case extend(by: Duration)
        case stop

        enum HashableIdentifier: String { case wait, extend, stop }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Stop` (not a data class or data object) as an identity that changes from run to run
        /// (`Stop@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case let .wait(by): "Wait(by=\(kotlinDurationText(by)))"
            case let .extend(by): "Extend(by=\(javaDurationText(by)))"
            case .stop: "Stop"
            }
        }
    }

    enum BrewLog: Codable, Equatable {
        case line(text: String)
    }

    struct Budget: Codable, Equatable {
        var spent: Duration
        var cap: Duration
    }

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
            let significant = text.count - text.reversed().prefix { $0 == "0" }.count
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

    /// A duration divided by a whole number as Kotlin divides it: in whole nanoseconds, rounded toward zero.
    static func dividedToNanoseconds<Divisor: BinaryInteger>(_ duration: Duration, by divisor: Divisor) -> Duration {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds((seconds * 1_000_000_000 + attoseconds / 1_000_000_000) / Int64(divisor))
    }

    /// A `Budget` as Kotlin's `toString()` writes the data class.
    static func kotlinTextOf(_ value: Budget) -> String {
        "Budget(spent=\(kotlinDurationText(value.spent)), cap=\(javaDurationText(value.cap)))"
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle(total: Duration.zero))
        state(.idle) {
            on(.wait) { _, event in
                guard case let .wait(by) = event else { preconditionFailure() }
                let start = by + Duration.milliseconds(500)
                return transition(to: .steeping(elapsed: start, limit: Duration.seconds(90), budget: Budget(spent: start, cap: start)), emit: .line(text: "start \(event.kotlinText) after \(kotlinDurationText(start))"))
            }
            on(.extend) { state, event in
                guard case let .idle(total) = state else { preconditionFailure() }
                guard case let .extend(by) = event else { preconditionFailure() }
                return dontTransition(emit: .line(text: "idle for \(kotlinDurationText(total - by))"))
            }
        }
        state(.steeping) {
            on(.wait) { state, event in
                guard case let .steeping(elapsed, limit, budget) = state else { preconditionFailure() }
                guard case let .wait(by) = event else { preconditionFailure() }
                let next = elapsed + by * 2
                let left = limit - next
                if next > Duration.seconds(5) && (next > .zero) {
                    return transition(to: .idle(total: next), emit: .line(text: "waited \(kotlinDurationText(next)) of \(javaDurationText(limit)), \(next.components.seconds * 1000 + next.components.attoseconds / 1_000_000_000_000_000) ms, left \(kotlinDurationText(left)) (\(kotlinDurationText(.zero - left)))"))
                } else {
                    let spent = budget.spent + dividedToNanoseconds(next, by: 3)
                    return transition(to: .steeping(elapsed: max(min(next, Duration.seconds(120)), Duration.zero), limit: limit, budget: Budget(spent: spent, cap: budget.cap)), emit: .line(text: "steeping \(state.kotlinText)"))
                }
            }
            on(.extend) { state, event in
                guard case let .steeping(elapsed, limit, budget) = state else { preconditionFailure() }
                guard case let .extend(by) = event else { preconditionFailure() }
                let shorter = dividedToNanoseconds(limit - (by * 3), by: 2)
                return transition(to: .steeping(elapsed: elapsed, limit: (limit + by), budget: budget), emit: .line(text: "limit \(javaDurationText(limit + by)), else \(javaDurationText(shorter))"))
            }
            on(.stop) { state in
                guard case let .steeping(elapsed, _, _) = state else { preconditionFailure() }
                return transition(to: .idle(total: elapsed), emit: .line(text: "stopped at \(elapsed.components.seconds) s, \(kotlinDurationText(max(elapsed - Duration.seconds(1), .zero - (elapsed - Duration.seconds(1)))))"))
            }
        }
    }
}
