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
            on(.add) {
                // port: not ported, Kotlin line 25: the call `floorMod(count + it.amount, 10)`
                // transitionTo(State.Counting(floorMod(count + it.amount, 10)))
                fatalError("port: CounterWithUnsupportedCall.kt:25: the call `floorMod(count + it.amount, 10)` is not ported")
            }
            on(.reset) { transition(to: .counting(count: 0)) }
        }
    }
}
