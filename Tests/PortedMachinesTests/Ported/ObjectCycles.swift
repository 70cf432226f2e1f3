// Ported from ObjectCycles.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ObjectCycles: StateMachineBuilder {

    typealias State = AlarmState
    typealias Event = AlarmEvent
    typealias SideEffect = AlarmEffect

    enum AlarmState: StateMachineHashable, Codable, Equatable {
        case idle
        case ringing
    }

    enum AlarmEvent: StateMachineHashable, Codable, Equatable {
        case ring
        case snooze

        var retry: AlarmEffect {
            switch self {
            case .snooze: .snooze
            default: preconditionFailure("retry is a property of Timeout, and \(self) is not one")
            }
        }
    }

    enum AlarmEffect: Codable, Equatable {
        case snooze
        case beep

        var timeout: AlarmEvent? {
            switch self {
            case .snooze: AlarmEvent.snooze
            case .beep: nil
            }
        }
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle) {
            on(.ring) { transition(to: .ringing, emit: .beep) }
        }
        state(.ringing) {
            on(.snooze) { _, event in transition(to: .ringing, emit: event.retry) }
        }
    }
}
