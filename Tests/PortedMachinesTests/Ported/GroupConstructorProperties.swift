// Ported from GroupConstructorProperties.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Fight: StateMachineBuilder {

    typealias State = FightState
    typealias Event = FightEvent
    typealias SideEffect = Action

    enum FightState: StateMachineHashable, Codable, Equatable {
        case idle
        case fighting
    }

    enum FightEvent: StateMachineHashable, Codable, Equatable {
        case start
        case timeoutAttack
        case retreat
        case completedAttack(success: Bool)

        enum HashableIdentifier: String { case start, timeoutAttack, retreat, completedAttack }

        var action: Action {
            switch self {
            case .timeoutAttack: .attack
            case .retreat: .retreat
            case .completedAttack: .attack
            default: preconditionFailure("action is a property of FightEvent, and \(self) is not one")
            }
        }
    }

    indirect enum Action: Codable, Equatable {
        case attack
        case retreat
        case retry(action: Action)
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.start) { transition(to: .fighting, emit: .attack) }
        }
        state(.fighting) {
            on(.timeoutAttack) { _, event in transition(to: .fighting, emit: .retry(action: event.action)) }
            on(.retreat) { _, event in transition(to: .fighting, emit: .retry(action: event.action)) }
            on(.completedAttack) { _, event in transition(to: .idle, emit: .retry(action: event.action)) }
        }
    }
}
