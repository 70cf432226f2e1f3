// Ported from InvalidTransitionListeners.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum TapController: StateMachineBuilder {

    typealias State = Tap
    typealias Event = Turn
    typealias SideEffect = Drip

    enum Tap: StateMachineHashable, Codable, Equatable {
        case idle
        case running(litres: Int)
        case leaking

        enum HashableIdentifier: String { case idle, running, leaking }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Idle`, `Leaking` (not a data class or data object) as an identity that changes from
        /// run to run (`Idle@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case .idle: "Idle"
            case let .running(litres): "Running(litres=\(litres))"
            case .leaking: "Leaking"
            }
        }
    }

    enum Turn: StateMachineHashable, Codable, Equatable {
        case `open`(litres: Int)
        case close
        case `break`

        enum HashableIdentifier: String { case `open`, close, `break` }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Close`, `Break` (not a data class or data object) as an identity that changes from
        /// run to run (`Close@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case let .`open`(litres): "Open(litres=\(litres))"
            case .close: "Close"
            case .`break`: "Break"
            }
        }
    }

    enum Drip: Codable, Equatable {
        case stop
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var notify: (String) -> Void { get }
        func record(_ line: String)
        var validCount: Int { get set }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.`open`) { _, event in
                    guard case let .`open`(litres) = event else { preconditionFailure() }
                    return transition(to: .running(litres: litres))
                }
                onEnter { _, _ in context.notify("idle again") }
            }
            state(.running) {
                on(.close) { transition(to: .idle, emit: .stop) }
                on(.`break`) { transition(to: .leaking) }
            }
            onTransition { result in
                let transition: (fromState: State, event: Event)
                switch result {
                case .success(let valid): transition = (valid.fromState, valid.event)
                case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid): transition = (invalid.fromState, invalid.event)
                case .failure: return // a handler threw: Kotlin calls no listener
                }
                context.record("any: \(transition.event.kotlinText) in \(transition.fromState.kotlinText)")
            }
            onTransition { result in
                switch result {
                case .success(let valid):
                    context.record("when: valid \(valid.event.kotlinText)")
                case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid):
                    context.record("when: invalid \(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                case .failure:
                    break
                }
            }
            onTransition { transition in
                if case .success(let valid) = transition {
                    context.record("if: valid \(valid.toState.kotlinText)")
                } else if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = transition {
                    context.record("if: invalid \(invalid.event.kotlinText)")
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else {
                    if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                        context.record("guard: invalid \(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                    }
                    return
                }
                context.record("guard: valid \(valid.fromState.kotlinText)")
            }
            onTransition { result in
                guard case .success(let valid) = result else {
                    if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                        context.record("null check: invalid \(invalid.event.kotlinText)")
                    }
                    return
                }
                context.validCount += 1
                context.record("null check: valid \(valid.toState.kotlinText), \(context.validCount) so far")
            }
        }
    }
}
