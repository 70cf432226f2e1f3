// Ported from PropertiesTypedByUse.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum LockController: StateMachineBuilder {

    typealias State = LockState
    typealias Event = LockEvent
    typealias SideEffect = LockAction

    enum LockState: StateMachineHashable, Codable, Equatable {
        case locked
        case unlocked
    }

    enum LockEvent: StateMachineHashable, Codable, Equatable {
        case unlock
        case lock
    }

    enum LockAction: Codable, Equatable {
        case perform(command: String, attempts: Int)
        case wait
    }

    /// port: StrategyMode is not declared in the files given; these are the constants the machine uses.
    enum StrategyMode: Codable, Hashable {
        case atOnce, never
    }

    enum Speed: Codable, Hashable, CaseIterable {
        case slow, fast
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol Strategy {
        var mode: StrategyMode { get }
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol LockSettings {
        var unlock: String { get }
        var attempts: Int { get }
        var speed: Speed { get }
        var lock: String { get }
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var strategy: any Strategy { get }
        var settings: any LockSettings { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.locked)
            state(.locked) {
                on(.unlock) {
                    switch context.strategy.mode {
                    case StrategyMode.atOnce:
                        return transition(to: .unlocked, emit: .perform(command: context.settings.unlock, attempts: context.settings.attempts))
                    case StrategyMode.never:
                        return dontTransition(emit: .wait)
                    }
                }
            }
            state(.unlocked) {
                on(.lock) {
                    switch context.settings.speed {
                    case Speed.slow:
                        return transition(to: .locked, emit: .wait)
                    case Speed.fast:
                        return transition(to: .locked, emit: .perform(command: context.settings.lock, attempts: 1))
                    }
                }
            }
        }
    }
}
