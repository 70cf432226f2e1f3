// Ported from ClassNames.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum DoorController: StateMachineBuilder {

    typealias State = Door
    typealias Event = Knock
    typealias SideEffect = Chime

    enum Door: StateMachineHashable, Codable, Equatable {
        case closed
        case `open`(angle: Int)
        case locked(code: String)

        enum HashableIdentifier: String { case closed, `open`, locked }

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .closed: "Closed"
            case .`open`: "Open"
            case .locked: "Locked"
            }
        }
    }

    enum Knock: StateMachineHashable, Codable, Equatable {
        case push(degrees: Int)
        case shut
        case lock(code: String)

        enum HashableIdentifier: String { case push, shut, lock }

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .push: "Push"
            case .shut: "Shut"
            case .lock: "Lock"
            }
        }
    }

    enum Chime: Codable, Equatable {
        case ding
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        func record(_ line: String)
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.closed) {
                onEnter { state, _ in context.record("entered \(state.simpleName)") }
                on(.push) { _, event in
                    guard case let .push(degrees) = event else { preconditionFailure() }
                    return transition(to: .`open`(angle: degrees))
                }
                on(.lock) { _, event in
                    guard case let .lock(code) = event else { preconditionFailure() }
                    return transition(to: .locked(code: code))
                }
            }
            state(.`open`) {
                on(.push) { state, event in
                    guard case let .`open`(angle) = state else { preconditionFailure() }
                    guard case let .push(degrees) = event else { preconditionFailure() }
                    return transition(to: .`open`(angle: angle + degrees))
                }
                on(.shut) { transition(to: .closed, emit: .ding) }
            }
            state(.locked) {
                onExit { state, cause in context.record("left \(state.simpleName) on \(cause.simpleName)") }
                on(.shut) { transition(to: .closed) }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                if valid.fromState.hashableIdentifier != valid.toState.hashableIdentifier {
                    context.record("\(valid.fromState.simpleName) -> \(valid.toState.simpleName) on \(valid.event.simpleName)")
                } else {
                    context.record("still \(valid.toState.simpleName)")
                }
            }
        }
    }
}
