// Ported from StateFlowOwner.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum EggTimerViewModel: StateMachineBuilder {

    static let DEFAULT_SECONDS = 2

    typealias State = EggTimerState
    typealias Event = EggTimerEvent
    typealias SideEffect = EggTimerEffect

    enum EggTimerState: StateMachineHashable, Codable, Equatable {
        case idle
        case running(remaining: Int)
        case done

        enum HashableIdentifier: String { case idle, running, done }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Idle`, `Done` (not a data class or data object) as an identity that changes from run
        /// to run (`Idle@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case .idle: "Idle"
            case let .running(remaining): "Running(remaining=\(remaining))"
            case .done: "Done"
            }
        }
    }

    enum EggTimerEvent: StateMachineHashable, Codable, Equatable {
        case start(seconds: Int)
        case tick
        case cancel

        enum HashableIdentifier: String { case start, tick, cancel }
    }

    enum EggTimerEffect: Codable, Equatable {
        case ring
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        /// Kotlin's `_state`, a MutableStateFlow: its value.
        var state: EggTimerState { get set }
        /// Kotlin's `_rings`, a MutableStateFlow: its value.
        var rings: Int { get set }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.start) { _, event in
                    guard case let .start(seconds) = event else { preconditionFailure() }
                    if seconds > 0 {
                        return transition(to: .running(remaining: seconds))
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.running) {
                on(.tick) { state in
                    guard case let .running(remaining) = state else { preconditionFailure() }
                    if remaining <= 1 {
                        return transition(to: .done, emit: .ring)
                    } else {
                        return transition(to: .running(remaining: remaining - 1))
                    }
                }
                on(.cancel) { transition(to: .idle) }
            }
            state(.done) {
                on(.start) { _, event in
                    guard case let .start(seconds) = event else { preconditionFailure() }
                    return transition(to: .running(remaining: seconds))
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                context.state = valid.toState
                if valid.sideEffect == .ring {
                    context.rings = context.rings + 1
                }
                print("published \(context.state.kotlinText), rings \(context.rings)")
            }
        }
    }
}
