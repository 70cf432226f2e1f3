// Ported from ObjectExpressions.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Display: StateMachineBuilder {

    typealias State = Screen
    typealias Event = Button

    enum Screen: StateMachineHashable, Codable, Equatable {
        case clock
        case settings

        var title: String {
            switch self {
            case .settings: "settings"
            default: preconditionFailure("title is a property of Menu, and \(self) is not one")
            }
        }
    }

    enum Button: StateMachineHashable, Codable, Equatable {
        case press
        case back
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.clock)
        state(.clock) {
            on(.press) { transition(to: .settings) }
        }
        state(.settings) {
            on(.back) { transition(to: .clock) }
        }
    }
}
