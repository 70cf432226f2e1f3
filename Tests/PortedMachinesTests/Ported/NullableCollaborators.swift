// Ported from NullableCollaborators.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum KettleController: StateMachineBuilder {

    typealias State = Kettle
    typealias Event = KettleEvent
    typealias SideEffect = KettleEffect

    enum Kettle: StateMachineHashable, Codable, Equatable {
        case cold
        case heating(target: Int)
        case broken(reason: String)

        enum HashableIdentifier: String { case cold, heating, broken }
    }

    enum KettleEvent: StateMachineHashable, Codable, Equatable {
        case switchOn(target: Int)
        case fail(cause: KotlinThrowable)

        enum HashableIdentifier: String { case switchOn, fail }
    }

    enum KettleEffect: Codable, Equatable {
        case beep
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

    struct SavedKettle: Codable, Equatable {
        var target: Int
    }

    protocol KettleLogger {
        func note(_ text: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var saved: SavedKettle? { get }
        var logger: (any KettleLogger)? { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(context.saved != nil ? .heating(target: context.saved!.target) : .cold)
            state(.cold) {
                on(.switchOn) { _, event in
                    guard case let .switchOn(target) = event else { preconditionFailure() }
                    context.logger?.note("on at \(target)")
                    return transition(to: .heating(target: target), emit: .beep)
                }
            }
            state(.heating) {
                on(.fail) { _, event in
                    guard case let .fail(cause) = event else { preconditionFailure() }
                    return transition(to: .broken(reason: cause.message ?? cause.type))
                }
            }
            state(.broken)
        }
    }
}
