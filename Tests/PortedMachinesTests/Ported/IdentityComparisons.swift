// Ported from IdentityComparisons.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Vault: StateMachineBuilder {

    typealias State = VaultState
    typealias Event = VaultEvent
    typealias SideEffect = VaultEffect

    enum VaultState: StateMachineHashable, Codable, Equatable {
        case closed
        case failed(failure: VaultFailure)
        case opening(seconds: Int)

        enum HashableIdentifier: String { case closed, failed, opening }
    }

    enum VaultEvent: StateMachineHashable, Codable, Equatable {
        case enter(code: Int)
        case fail(failure: VaultFailure)
        case retry

        enum HashableIdentifier: String { case enter, fail, retry }
    }

    enum VaultEffect: Codable, Equatable {
        case log(text: String)
    }

    enum VaultFailure: Codable, Equatable {
        case badCode(attempt: Int)
        case jammed
        case tripped(zone: Int)

        /// Kotlin's `message`: what each case passes on to the `Exception` it extends.
        var message: String? {
            switch self {
            case let .badCode(attempt): "bad code \(attempt)"
            case .jammed: "jammed"
            case let .tripped(zone): "tripped in zone \(zone)"
            }
        }

        /// Written as Kotlin writes a throwable: its case, its message and the properties its class keeps.
        func encode(to encoder: any Encoder) throws {
            let name: String
            switch self {
            case .badCode: name = "badCode"
            case .jammed: name = "jammed"
            case .tripped: name = "tripped"
            }
            var container = encoder.container(keyedBy: ThrowableCodingKey.self)
            var fields = container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey(name))
            try fields.encode(message, forKey: ThrowableCodingKey("message"))
            switch self {
            case let .badCode(attempt):
                try fields.encode(attempt, forKey: ThrowableCodingKey("attempt"))
            case let .tripped(zone):
                try fields.encode(zone, forKey: ThrowableCodingKey("zone"))
            default: break
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ThrowableCodingKey.self)
            switch container.allKeys.first?.stringValue {
            case "badCode":
                let fields = try container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey("badCode"))
                self = try .badCode(attempt: fields.decode(Int.self, forKey: ThrowableCodingKey("attempt")))
            case "jammed": self = .jammed
            case "tripped":
                let fields = try container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey("tripped"))
                self = try .tripped(zone: fields.decode(Int.self, forKey: ThrowableCodingKey("zone")))
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                    debugDescription: "not a case of VaultFailure"))
            }
        }
    }

    /// A key of a throwable as a fixture writes it: its class name, then `message`.
    struct ThrowableCodingKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var last: VaultFailure? { get set }
        var seen: [VaultFailure] { get set }
        var changes: Int { get set }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.closed) {
                on(.fail) { _, event in
                    guard case let .fail(failure) = event else { preconditionFailure() }
                    let repeated = failure == context.last
                    let known = context.seen.contains(failure)
                    context.seen.append(failure)
                    context.last = failure
                    let jammed = failure == .jammed
                    let tripped = failure == .tripped(zone: 7)
                    let none = context.last == nil
                    return transition(to: .failed(failure: failure), emit: .log(text: "repeated=\(repeated) known=\(known) jammed=\(jammed) tripped=\(tripped) none=\(none)"))
                }
                on(.enter) { _, event in
                    guard case let .enter(code) = event else { preconditionFailure() }
                    if code == 0 {
                        return dontTransition()
                    } else {
                        return transition(to: .opening(seconds: code))
                    }
                }
            }
            state(.eq(.failed(failure: .badCode(attempt: 3)))) {
                on(.retry) { dontTransition() }
            }
            state(.failed) {
                on(.fail) { state, event in
                    guard case let .failed(failure) = state else { preconditionFailure() }
                    guard case let .fail(eventFailure) = event else { preconditionFailure() }
                    return transition(to: .failed(failure: eventFailure), emit: .log(text: "same=\(eventFailure == failure)"))
                }
                on(.retry) { state in
                    guard case let .failed(failure) = state else { preconditionFailure() }
                    let kind: String = switch failure {
                    case .badCode(attempt: 1):
                        "first"
                    case .jammed:
                        "jammed"
                    default:
                        "other"
                    }
                    let distinct = context.seen.reduce(into: [VaultFailure]()) { if !$0.contains($1) { $0.append($1) } }.count
                    return transition(to: .closed, emit: .log(text: "distinct=\(distinct) kind=\(kind)"))
                }
            }
            state(.opening) {
                on(.enter) { _, event in
                    guard case let .enter(code) = event else { preconditionFailure() }
                    return transition(to: .opening(seconds: code))
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                if valid.fromState != valid.toState {
                    context.changes += 1
                }
            }
        }
    }
}
