// Ported from InitialStateTwice.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum InitialStateTwice: StateMachineBuilder {

    typealias State = Door
    typealias Event = Push

    enum Door: StateMachineHashable, Codable, Equatable {
        case `open`
        case closed
    }

    enum Push: StateMachineHashable, Codable, Equatable {
        case shut
        case pull
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.closed)
        state(.`open`) {
            on(.shut) { transition(to: .closed) }
        }
        state(.closed) {
            on(.pull) { transition(to: .`open`) }
        }
    }
}
