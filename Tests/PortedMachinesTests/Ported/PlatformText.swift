// Ported from PlatformText.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum PlatformText: StateMachineBuilder {

    typealias State = Stamp
    typealias Event = StampEvent
    typealias SideEffect = StampLog

    enum Stamp: StateMachineHashable, Codable, Equatable {
        case empty
        case stamped(id: UUID, at: Date)

        enum HashableIdentifier: String { case empty, stamped }
    }

    enum StampEvent: StateMachineHashable, Codable, Equatable {
        case put(id: UUID, at: Date)
        case fail(cause: KotlinThrowable)

        enum HashableIdentifier: String { case put, fail }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .put(id, at): "Put(id=\(id.uuidString.lowercased()), at=\(instantText(at)))"
            case let .fail(cause): "Fail(cause=\(cause))"
            }
        }
    }

    enum StampLog: Codable, Equatable {
        case line(text: String)
    }

    /// A key of a throwable as a fixture writes it: its class name, then `message`.
    struct ThrowableCodingKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A Kotlin `Throwable` a value carries (`IOException("disk full")`): its class name and message. Kotlin
    /// compares throwables by identity, and so does this: two are equal only when they are the same one. It is
    /// written as a fixture writes a throwable, `{"iOException": {"message": "disk full"}}`.
    final class KotlinThrowable: Error, Hashable, Codable, CustomStringConvertible, @unchecked Sendable {
        let type: String
        let message: String?

        init(_ type: String, _ message: String? = nil) {
            self.type = type
            self.message = message
        }

        static func == (lhs: KotlinThrowable, rhs: KotlinThrowable) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Kotlin's `toString()`: the class's qualified name, then the message.
        var description: String { message.map { "\(qualifiedType): \($0)" } ?? qualifiedType }

        private var qualifiedType: String { Self.packages[type].map { "\($0).\(type)" } ?? type }

        private static let packages = [
            "Throwable": "java.lang", "Exception": "java.lang", "Error": "java.lang",
            "RuntimeException": "java.lang", "IOException": "java.io", "IllegalStateException": "java.lang",
            "IllegalArgumentException": "java.lang", "UnsupportedOperationException": "java.lang", "TimeoutException": "java.util.concurrent",
            "CancellationException": "java.util.concurrent", "SocketTimeoutException": "java.net", "UnknownHostException": "java.net",
            "FileNotFoundException": "java.io", "NoSuchElementException": "java.util",
        ]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ThrowableCodingKey.self)
            var fields = container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey(type.prefix(1).lowercased() + type.dropFirst()))
            try fields.encode(message, forKey: ThrowableCodingKey("message"))
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ThrowableCodingKey.self)
            guard container.allKeys.count == 1, let name = container.allKeys.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a throwable is {\"class\": {\"message\": …}}"))
            }
            type = name.stringValue.prefix(1).uppercased() + name.stringValue.dropFirst()
            message = try container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: name).decodeIfPresent(String.self, forKey: ThrowableCodingKey("message"))
        }
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

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.empty)
        state(.empty) {
            on(.put) { _, event in
                guard case let .put(id, at) = event else { preconditionFailure() }
                return transition(to: .stamped(id: id, at: at), emit: .line(text: "stamped \(event.kotlinText)"))
            }
        }
        state(.stamped) {
            on(.fail) { state, event in
                guard case let .stamped(id, at) = state else { preconditionFailure() }
                guard case let .fail(cause) = event else { preconditionFailure() }
                return dontTransition(emit: .line(text: "\(id.uuidString.lowercased()) at \(instantText(at)) failed: \(cause)"))
            }
        }
    }
}
