// Ported from StarImports.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum HatchController: StateMachineBuilder {

    typealias State = DoorState
    typealias Event = DoorEvent

    enum DoorState: StateMachineHashable, Codable, Equatable {
        case closed
        case opened(angle: Int)

        enum HashableIdentifier: String { case closed, opened }
    }

    enum DoorEvent: StateMachineHashable, Codable, Equatable {
        case `open`(degrees: Int)
        case close

        enum HashableIdentifier: String { case `open`, close }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.closed)
        state(.closed) {
            on(.`open`) { _, event in
                guard case let .`open`(degrees) = event else { preconditionFailure() }
                return transition(to: .opened(angle: degrees))
            }
        }
        state(.opened) {
            on(.close) { transition(to: .closed) }
        }
    }
}
