// Ported from SmartCastFields.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Brewer: StateMachineBuilder {

    typealias State = BrewerState
    typealias Event = BrewerEvent
    typealias SideEffect = BrewerEffect

    enum BrewerState: StateMachineHashable, Codable, Equatable {
        case idle
        case brewing(cups: Int)
        case faulted(error: BrewError)

        enum HashableIdentifier: String { case idle, brewing, faulted }
    }

    enum BrewerEvent: StateMachineHashable, Codable, Equatable {
        case start(cups: Int)
        case fault(error: BrewError)
        case clear

        enum HashableIdentifier: String { case start, fault, clear }
    }

    enum BrewerEffect: Codable, Equatable {
        case say(text: String)
        case beep
    }

    enum BrewError: Codable, Equatable {
        case tooHot(degrees: Int)
        case empty(litres: Int)
        case jammed

        /// Kotlin's `message`: what each case passes on to the `Exception` it extends.
        var message: String? {
            switch self {
            case let .tooHot(degrees): "too hot: \(degrees)"
            case .empty: "empty"
            case .jammed: "jammed"
            }
        }

        /// Written as Kotlin writes a throwable: its case, its message and the properties its class keeps.
        func encode(to encoder: any Encoder) throws {
            let name: String
            switch self {
            case .tooHot: name = "tooHot"
            case .empty: name = "empty"
            case .jammed: name = "jammed"
            }
            var container = encoder.container(keyedBy: ThrowableCodingKey.self)
            var fields = container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey(name))
            try fields.encode(message, forKey: ThrowableCodingKey("message"))
            switch self {
            case let .tooHot(degrees):
                try fields.encode(degrees, forKey: ThrowableCodingKey("degrees"))
            case let .empty(litres):
                try fields.encode(litres, forKey: ThrowableCodingKey("litres"))
            default: break
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ThrowableCodingKey.self)
            switch container.allKeys.first?.stringValue {
            case "tooHot":
                let fields = try container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey("tooHot"))
                self = try .tooHot(degrees: fields.decode(Int.self, forKey: ThrowableCodingKey("degrees")))
            case "empty":
                let fields = try container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey("empty"))
                self = try .empty(litres: fields.decode(Int.self, forKey: ThrowableCodingKey("litres")))
            case "jammed": self = .jammed
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                    debugDescription: "not a case of BrewError"))
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
        var spoken: [String] { get set }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.start) { _, event in
                    guard case let .start(cups) = event else { preconditionFailure() }
                    return transition(to: .brewing(cups: cups), emit: .say(text: "brewing \(cups)"))
                }
            }
            state(.brewing) {
                on(.fault) { _, event in
                    guard case let .fault(error) = event else { preconditionFailure() }
                    let text: String = switch error {
                    case let .tooHot(degrees):
                        "cool down from \(degrees)"
                    case let .empty(litres):
                        "add \(litres) l"
                    case .jammed:
                        "call service"
                    }
                    return transition(to: .faulted(error: error), emit: .say(text: text))
                }
            }
            state(.faulted) {
                on(.clear) { transition(to: .idle, emit: .beep) }
            }
            onTransition { result in
                guard case .success(let valid) = result, let effect = valid.sideEffect else { return }
                if case let .say(text) = effect {
                    context.spoken.append(text)
                }
                print("spoken \(context.spoken.count)")
            }
        }
    }
}
