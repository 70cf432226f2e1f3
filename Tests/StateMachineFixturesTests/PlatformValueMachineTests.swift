import Foundation
import StateMachine
import StateMachineFixtures
import Testing

/// A Kotlin throwable as a port carries it (the porter's `KotlinThrowable`): its class name and message, written in the
/// fixture form of SPEC.md, R30 (`{"iOException": {"message": "disk full"}}`), and equal only to itself, as Kotlin's
/// throwables are.
final class KotlinThrowable: Error, Hashable, Codable, @unchecked Sendable {
    let type: String
    let message: String?

    init(_ type: String, _ message: String? = nil) {
        self.type = type
        self.message = message
    }

    static func == (lhs: KotlinThrowable, rhs: KotlinThrowable) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    private struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var fields = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: type.prefix(1).lowercased() + type.dropFirst()))
        try fields.encode(message, forKey: Key(stringValue: "message"))
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a throwable, {\"case\": {\"message\": …}}"))
        }
        type = key.stringValue.prefix(1).uppercased() + key.stringValue.dropFirst()
        message = try container.nestedContainer(keyedBy: Key.self, forKey: key).decodeIfPresent(String.self, forKey: Key(stringValue: "message"))
    }
}

/// The upload of `Fixtures/platform-values-are-text-seconds-and-values.json` written in Swift with `UUID`, `Date`,
/// `Duration` and a throwable (SPEC.md, R30).
enum Upload: StateMachineBuilder {
    enum State: StateMachineHashable, Codable, Equatable {
        case idle
        case uploading(id: UUID, startedAt: Date, timeout: Duration)
        case failed(id: UUID, error: KotlinThrowable)
        enum HashableIdentifier: String { case idle, uploading, failed }
    }
    enum Event: StateMachineHashable, Codable, Equatable {
        case start(id: UUID, at: Date, timeout: Duration)
        case fail(error: KotlinThrowable)
        enum HashableIdentifier: String { case start, fail }
    }
    enum SideEffect: Codable {
        case schedule(after: Duration), retry, giveUp
    }

    static let first = State.uploading(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
                                       startedAt: Date(timeIntervalSince1970: 1_700_000_000), timeout: .seconds(30))

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.start) { _, event in
                guard case let .start(id, at, timeout) = event else { preconditionFailure() }
                return transition(to: .uploading(id: id, startedAt: at, timeout: timeout), emit: .schedule(after: timeout))
            }
        }
        state(.eq(first)) {
            on(.fail) { state, event in try failed(state, event, emit: SideEffect.retry) }
        }
        state(.uploading) {
            on(.fail) { state, event in try failed(state, event, emit: SideEffect.giveUp) }
        }
        state(.failed)
    }

    private static func failed(_ state: State, _ event: Event, emit sideEffect: SideEffect) throws -> Action {
        guard case let .uploading(id, _, _) = state, case let .fail(error) = event else { preconditionFailure() }
        return transition(to: .failed(id: id, error: error), emit: sideEffect)
    }
}

@Suite struct PlatformValueMachineTests {
    @Test func theUploadInSwiftPassesThePlatformValuesFixture() throws {
        let fixture = try loadFixture("Fixtures/platform-values-are-text-seconds-and-values.json")
        let results = try fixture.check(definition: Upload.definition)
        #expect(results.count == 2)
        for result in results where !result.passed {
            Issue.record("\(result)")
        }
    }
}
