// Ported from TransitionListeners.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum TransitionListeners: StateMachineBuilder {

    typealias State = Light
    typealias Event = Switch
    typealias SideEffect = Effect

    enum Light: StateMachineHashable, Codable, Equatable {
        case off
        case on(level: Int)

        enum HashableIdentifier: String { case off, on }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .off: "Off"
            case let .on(level): "On(level=\(level))"
            }
        }
    }

    enum Switch: StateMachineHashable, Codable, Equatable {
        case turn(level: Int)
        case cut

        enum HashableIdentifier: String { case turn, cut }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .turn(level): "Turn(level=\(level))"
            case .cut: "Cut"
            }
        }
    }

    enum Effect: Codable, Equatable {
        case dim(level: Int, reason: String)
        case shutdown

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .dim(level, reason): "Dim(level=\(level), reason=\(reason))"
            case .shutdown: "Shutdown"
            }
        }
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.off)
        state(.off) {
            on(.turn) { _, event in
                guard case let .turn(level) = event else { preconditionFailure() }
                return transition(to: .on(level: level), emit: .dim(level: level, reason: "on"))
            }
        }
        state(.on) {
            on(.cut) { transition(to: .off, emit: .shutdown) }
        }
        onTransition { result in
            guard case .success(let valid) = result else { return }
            print("valid: \(valid.toState.kotlinText)")
        }
        onTransition { result in
            if case .success(let valid) = result {
                print("to \(valid.toState.kotlinText)")
            } else {
                print("invalid")
            }
        }
        onTransition { result in
            guard case .success(let valid) = result else { return }
            print("from \(valid.fromState.kotlinText)")
        }
        onTransition { result in
            guard case .success(let valid) = result, let sideEffect = valid.sideEffect else { return }
            print("to \(valid.toState.kotlinText) with \(sideEffect.kotlinText)")
            switch sideEffect {
            case let .dim(level, reason):
                print("dim to \(level) because \(reason)")
            case .shutdown:
                print("shutdown")
            }
        }
        onTransition { result in
            guard case .success(let valid) = result else {
                print("ignored")
                return
            }
            print("event \(valid.event.kotlinText)")
        }
        onTransition { transition in
            switch transition {
            case .success(let valid):
                print("moved")
            case .failure:
                print("stayed")
            }
        }
    }
}
