// Ported from StateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import Foundation
import StateMachine

enum StateMachineMachine: StateMachineBuilder {

    static let MAX_SAMPLES: Int64 = 100
    static let NO_READING: Reading? = nil

    typealias State = SensorState
    typealias Event = SensorEvent

    indirect enum SensorState: StateMachineHashable, Codable, Equatable {
        case idle
        case sampling(id: SensorId, samples: [Reading], count: Int64, gain: Float, tags: Set<String>, limits: [String: Double], grade: Character?)
        case failed(error: KotlinThrowable, previous: SensorState)

        enum HashableIdentifier: String { case idle, sampling, failed }

        /// This enum with each `Character` a one-character `String`, as fixtures write it: Swift's `Character` is
        /// not `Codable`.
        private enum Coded: Codable {
            case idle
            case sampling(id: SensorId, samples: [Reading], count: Int64, gain: Float, tags: Set<String>, limits: [String: Double], grade: String?)
            case failed(error: KotlinThrowable, previous: SensorState)
        }

        init(from decoder: any Decoder) throws {
            switch try Coded(from: decoder) {
            case .idle: self = .idle
            case let .sampling(id, samples, count, gain, tags, limits, grade):
                self = .sampling(
                    id: id,
                    samples: samples,
                    count: count,
                    gain: gain,
                    tags: tags,
                    limits: limits,
                    grade: try grade.map { try character($0, decoder) }
                )
            case let .failed(error, previous): self = .failed(error: error, previous: previous)
            }
        }

        func encode(to encoder: any Encoder) throws {
            let coded: Coded = switch self {
            case .idle: .idle
            case let .sampling(id, samples, count, gain, tags, limits, grade):
                .sampling(
                    id: id,
                    samples: samples,
                    count: count,
                    gain: gain,
                    tags: tags,
                    limits: limits,
                    grade: grade.map(String.init)
                )
            case let .failed(error, previous): .failed(error: error, previous: previous)
            }
            try coded.encode(to: encoder)
        }
    }

    enum SensorEvent: StateMachineHashable, Codable, Equatable {
        case start(id: SensorId)
        case sample(reading: Reading)
        case read
        case write
        case stop

        enum HashableIdentifier: String { case start, sample, read, write, stop }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    struct SensorId: Codable, Equatable {
        var raw: String

        init(raw: String) { self.raw = raw }
        init(from decoder: any Decoder) throws { raw = try decoder.singleValueContainer().decode(String.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(raw)
        }
    }

    struct Reading: Codable, Equatable {
        var value: Double
        var unit: Unit2
        var takenAt: Date?
    }

    enum Unit2: Codable, Hashable, CaseIterable {
        case celsius, fahrenheit
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

    /// A `Character` decoded from its one-character string: Swift's `Character` is not `Codable`.
    private static func character(_ text: String, _ decoder: any Decoder) throws -> Character {
        guard text.unicodeScalars.count == 1, let character = text.first else {
            let context = DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one character, got \"\(text)\"")
            throw DecodingError.dataCorrupted(context)
        }
        return character
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.start) { _, event in
                guard case let .start(id) = event else { preconditionFailure() }
                return transition(to: .sampling(id: id, samples: [], count: 0, gain: 1.5, tags: [], limits: [:], grade: nil), emit: .unit)
            }
        }
        state(.sampling) {
            on(.sample) { state in
                guard case let .sampling(id, samples, count, gain, tags, limits, grade) = state else { preconditionFailure() }
                return transition(to: .sampling(id: id, samples: samples, count: count + 1, gain: gain, tags: tags, limits: limits, grade: grade))
            }
            on(.read) { transition(to: .idle) }
            on(.write) { transition(to: .idle) }
            on(.stop) { transition(to: .idle, emit: .unit) }
        }
    }
}
