// Ported from SubclassesOfUndeclared.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum SubclassesOfUndeclared: StateMachineBuilder {

    typealias State = DoorState
    typealias Event = DoorEvent

    enum DoorState: StateMachineHashable, Codable, Equatable {
        case `open`
        case closed
    }

    enum DoorEvent: StateMachineHashable, Codable, Equatable {
        case push(force: Int)
        case pull

        enum HashableIdentifier: String { case push, pull }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.closed)
        state(.closed) {
            on(.push) { _, event in
                guard case let .push(force) = event else { preconditionFailure() }
                if force > 2 {
                    return transition(to: .`open`)
                } else {
                    return dontTransition()
                }
            }
        }
        state(.`open`) {
            on(.pull) { transition(to: .closed) }
        }
    }
}
