// Ported from PlainSideEffectClass.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Socket: StateMachineBuilder {

    typealias State = SocketState
    typealias Event = SocketEvent

    enum SocketState: StateMachineHashable, Codable, Equatable {
        case closed
        case `open`
    }

    enum SocketEvent: StateMachineHashable, Codable, Equatable {
        case connect
        case disconnect
    }

    enum SideEffect: Equatable {}

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.closed)
        state(.closed) {
            on(.connect) { transition(to: .`open`) }
        }
        state(.`open`) {
            on(.disconnect) { transition(to: .closed) }
        }
    }
}
