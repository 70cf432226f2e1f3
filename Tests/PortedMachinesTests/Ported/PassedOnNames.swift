// Ported from PassedOnNames.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Relay: StateMachineBuilder {

    typealias State = RelayState
    typealias Event = RelayEvent
    typealias SideEffect = RelayEffect

    enum RelayState: StateMachineHashable, Codable, Equatable {
        case idle
        case forwarding(from: String, hops: Int)

        enum HashableIdentifier: String { case idle, forwarding }
    }

    enum RelayEvent: StateMachineHashable, Codable, Equatable {
        case received(sender: String, hops: Int)
        case drop

        enum HashableIdentifier: String { case received, drop }

        var sender: String {
            switch self {
            case let .received(sender, _): sender
            case .drop: "nobody"
            }
        }

        func envelope() -> Envelope {
            Envelope(from: self.sender, hops: 1)
        }
    }

    enum RelayEffect: Codable, Equatable {
        case log(line: String)
    }

    struct Envelope: Codable, Equatable {
        var from: String
        var hops: Int
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var sender: String { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.received) { _, event in
                    guard case let .received(_, eventHops) = event else { preconditionFailure() }
                    let envelope = event.envelope()
                    let from = envelope.from
                    let hops = envelope.hops
                    return transition(to: .forwarding(from: from, hops: hops + eventHops), emit: .log(line: "\(from) via \(context.sender)"))
                }
            }
            state(.forwarding) {
                on(.drop) { _, event in transition(to: .idle, emit: .log(line: "dropped by \(event.sender)")) }
            }
        }
    }
}
