// Ported from KotlinTimeCollaborators.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum KettleTimer: StateMachineBuilder {

    typealias State = Kettle
    typealias Event = KettleEvent
    typealias SideEffect = KettleLog

    enum Kettle: StateMachineHashable, Codable, Equatable {
        case cold
        case hot(after: Duration)

        enum HashableIdentifier: String { case cold, hot }
    }

    enum KettleEvent: StateMachineHashable, Codable, Equatable {
        case boil
    }

    enum KettleLog: Codable, Equatable {
        case line(text: String)
    }

    protocol Timer {
        func elapsed() -> Duration
        func maybe() -> Duration?
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var timer: any Timer { get }
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

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.cold)
            state(.cold) {
                on(.boil) {
                    transition(to: .hot(after: context.timer.elapsed() + Duration.seconds(1)), emit: .line(text: "boiled in \(kotlinDurationText(context.timer.elapsed())), \(context.timer.maybe().map { kotlinDurationText($0) } ?? "null")"))
                }
            }
            state(.hot) {
                on(.boil) { state in
                    guard case let .hot(after) = state else { preconditionFailure() }
                    return dontTransition(emit: .line(text: "still hot after \(kotlinDurationText(after))"))
                }
            }
        }
    }
}
