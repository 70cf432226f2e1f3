// Ported from FanStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum FanStateMachine: StateMachineBuilder {

    enum State: StateMachineHashable, Codable, Equatable {
        case off
        case running(speed: Int)

        enum HashableIdentifier: String { case off, running }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case powerOn
        case faster(by: Int)
        case powerOff

        enum HashableIdentifier: String { case powerOn, faster, powerOff }
    }

    enum SideEffect: Codable, Equatable {
        case beep
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.off)
        state(.off) {
            on(.powerOn) { transition(to: .running(speed: 1), emit: .beep) }
        }
        state(.running) {
            on(.faster) { state, event in
                guard case let .running(speed) = state else { preconditionFailure() }
                guard case let .faster(by) = event else { preconditionFailure() }
                return transition(to: .running(speed: speed + by))
            }
            on(.powerOff) { transition(to: .off, emit: .beep) }
        }
    }
}
