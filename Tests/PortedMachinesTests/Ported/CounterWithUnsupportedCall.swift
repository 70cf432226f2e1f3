// Ported from CounterWithUnsupportedCall.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CounterWithUnsupportedCall: StateMachineBuilder {

    enum State: StateMachineHashable, Codable, Equatable {
        case counting(count: Int)

        enum HashableIdentifier: String { case counting }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case add(amount: Int)
        case reset

        enum HashableIdentifier: String { case add, reset }
    }

    enum SideEffect: Equatable {}

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.counting(count: 0))
        state(.counting) {
            on(.add) { state, event in
                guard case let .counting(count) = state else { preconditionFailure() }
                guard case let .add(amount) = event else { preconditionFailure() }
                return transition(to: .counting(count: floorMod(count + amount, 10)))
            }
            on(.reset) { transition(to: .counting(count: 0)) }
        }
    }
}
