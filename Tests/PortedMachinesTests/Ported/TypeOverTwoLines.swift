// Ported from TypeOverTwoLines.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum TypeOverTwoLines: StateMachineBuilder {

    typealias State = Lamp
    typealias Event = Press

    enum Lamp: StateMachineHashable, Codable, Equatable {
        case off
        case on
    }

    enum Press: StateMachineHashable, Codable, Equatable {
        case toggle
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.off)
        state(.off) {
            on(.toggle) { transition(to: .on) }
        }
        // port: not ported, Kotlin line 22:
        // state<Press.
        //     Toggle> {
        //     on<Press.Toggle> { transitionTo(Lamp.Off) }
        // }
    }
}
