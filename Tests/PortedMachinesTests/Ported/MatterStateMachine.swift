// Ported from MatterStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum MatterStateMachine: StateMachineBuilder {

    static let ON_MELTED_MESSAGE = "I melted"
    static let ON_FROZEN_MESSAGE = "I froze"
    static let ON_VAPORIZED_MESSAGE = "I vaporized"
    static let ON_CONDENSED_MESSAGE = "I condensed"

    enum State: StateMachineHashable, Codable, Equatable {
        case solid
        case liquid
        case gas
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case onMelted
        case onFroze
        case onVaporized
        case onCondensed
    }

    enum SideEffect: Codable, Equatable {
        case logMelted
        case logFrozen
        case logVaporized
        case logCondensed
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.solid)
        state(.solid) {
            on(.onMelted) { transition(to: .liquid, emit: .logMelted) }
        }
        state(.liquid) {
            on(.onFroze) { transition(to: .solid, emit: .logFrozen) }
            on(.onVaporized) { transition(to: .gas, emit: .logVaporized) }
        }
        state(.gas) {
            on(.onCondensed) { transition(to: .liquid, emit: .logCondensed) }
        }
        onTransition { result in
            guard case .success(let validTransition) = result else { return }
            switch validTransition.sideEffect {
            case .logMelted:
                print(ON_MELTED_MESSAGE)
            case .logFrozen:
                print(ON_FROZEN_MESSAGE)
            case .logVaporized:
                print(ON_VAPORIZED_MESSAGE)
            case .logCondensed:
                print(ON_CONDENSED_MESSAGE)
            case nil:
                break
            }
        }
    }
}
