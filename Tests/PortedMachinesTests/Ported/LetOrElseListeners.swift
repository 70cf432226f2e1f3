// Ported from LetOrElseListeners.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum LampController: StateMachineBuilder {

    typealias State = Lamp
    typealias Event = Press
    typealias SideEffect = Effect

    enum Lamp: StateMachineHashable, Codable, Equatable {
        case off
        case on

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .off: "Off"
            case .on: "On"
            }
        }
    }

    enum Press: StateMachineHashable, Codable, Equatable {
        case toggle
        case unplug

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .toggle: "Toggle"
            case .unplug: "Unplug"
            }
        }
    }

    enum Effect: Codable, Equatable {
        case log(text: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        func record(_ line: String)
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.off)
            state(.off) {
                on(.toggle) { transition(to: .on, emit: .log(text: "on")) }
            }
            state(.on) {
                on(.toggle) { transition(to: .off) }
            }
            onTransition { transition in
                if case .success(let valid) = transition {
                    context.record("\(valid.fromState.kotlinText) -> \(valid.toState.kotlinText)")
                } else if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = transition {
                    context.record("ignored \(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                }
            }
        }
    }
}
