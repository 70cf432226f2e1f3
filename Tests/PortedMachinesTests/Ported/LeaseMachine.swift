// Ported from LeaseMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum LeaseMachine: StateMachineBuilder {

    static let LEASE_TIMEOUT = Duration.seconds(30)

    typealias State = Lease
    typealias Event = LeaseEvent
    typealias SideEffect = LeaseEffect

    enum Lease: StateMachineHashable, Codable, Equatable {
        case held(since: Date)
        case expired(at: Date)

        enum HashableIdentifier: String { case held, expired }
    }

    enum LeaseEvent: StateMachineHashable, Codable, Equatable {
        case renew(now: Date)
        case check(now: Date)

        enum HashableIdentifier: String { case renew, check }
    }

    enum LeaseEffect: Codable, Equatable {
        case release
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol Logger {
        func warn(_ p1: @escaping () -> String)
        func info(_ p1: @escaping () -> String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var start: Date { get }
        var logger: any Logger { get }
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

    /// An `Instant` as Kotlin's `toString()` writes it: ISO 8601 in UTC, a fraction of a second in groups of three digits.
    static func instantText(_ instant: Date) -> String {
        let micros = Int64((instant.timeIntervalSince1970 * 1_000_000).rounded())
        let seconds = (micros >= 0 ? micros : micros - 999_999) / 1_000_000
        let days = (seconds >= 0 ? seconds : seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // The civil date of the day (years counted from March, so that February ends a year).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        func digits(_ value: Int64, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        var text = digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T" + digits(time / 3600, 2) + ":"
            + digits(time / 60 % 60, 2) + ":" + digits(time % 60, 2)
        let fraction = micros - seconds * 1_000_000
        if fraction != 0 { text += "." + (fraction % 1000 == 0 ? digits(fraction / 1000, 3) : digits(fraction, 6)) }
        return text + "Z"
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.held(since: context.start))
            state(.held) {
                on(.renew) { _, event in
                    guard case let .renew(now) = event else { preconditionFailure() }
                    // assert(!it.now.isBefore(since)): Kotlin checks it only with the JVM's -ea
                    return transition(to: .held(since: now))
                }
                on(.check) { state, event in
                    guard case let .held(since) = state else { preconditionFailure() }
                    guard case let .check(now) = event else { preconditionFailure() }
                    let held = Duration.seconds(now.timeIntervalSince(since))
                    if held >= LEASE_TIMEOUT {
                        context.logger.warn { "lease held \(javaDurationText(held)), longer than \(javaDurationText(LEASE_TIMEOUT))" }
                        return transition(to: .expired(at: now), emit: .release)
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.expired) {
                on(.renew) { state, event in
                    guard case let .expired(at) = state else { preconditionFailure() }
                    guard case let .renew(now) = event else { preconditionFailure() }
                    context.logger.info { "renewed after expiry at \(instantText(at))" }
                    return transition(to: .held(since: now))
                }
            }
        }
    }
}
