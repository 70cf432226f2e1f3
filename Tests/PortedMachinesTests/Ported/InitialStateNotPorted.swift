// Ported from InitialStateNotPorted.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum InitialStateNotPorted: StateMachineBuilder {

    typealias State = Clock
    typealias Event = Hand

    enum Clock: StateMachineHashable, Codable, Equatable {
        case started(at: Int64)
        case stopped

        enum HashableIdentifier: String { case started, stopped }
    }

    enum Hand: StateMachineHashable, Codable, Equatable {
        case stop
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState({ () -> State in fatalError("port: InitialStateNotPorted.kt:19: the name `Instant` in the initial state is not ported") }())
        state(.started) {
            on(.stop) { transition(to: .stopped) }
        }
        state(.stopped)
    }
}
