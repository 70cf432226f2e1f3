// Ported from ListenerGuards.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum GateKeeper: StateMachineBuilder {

    typealias State = Gate
    typealias Event = Lever

    enum Gate: StateMachineHashable, Codable, Equatable {
        case shut
        case up

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .shut: "Shut"
            case .up: "Up"
            }
        }
    }

    enum Lever: StateMachineHashable, Codable, Equatable {
        case raise
        case lower

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .raise: "Raise"
            case .lower: "Lower"
            }
        }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    /// A Kotlin exception a handler throws (`throw IllegalStateException("too hot")`, `error("too hot")`): its
    /// class name and message. It is the error `transition` throws, as Kotlin's throws the exception.
    struct KotlinException: Error, CustomStringConvertible {
        let type: String
        let message: String?

        init(_ type: String, _ message: String? = nil) {
            self.type = type
            self.message = message
        }

        /// The class's name, then the message, as Kotlin's `toString()` writes them.
        var description: String { message.map { "\(type): \($0)" } ?? type }
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var record: (String) -> Void { get }
        /// Inherited by the Kotlin class from AuditedComponent, not in the files given.
        func audit(_ p1: Gate)
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.shut)
            state(.shut) {
                on(.raise) { transition(to: .up) }
            }
            state(.up) {
                on(.lower) { transition(to: .shut) }
            }
            onTransition { result in
                if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                    context.record("ignored " + invalid.event.simpleName + " when " + invalid.fromState.simpleName)
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else {
                    if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                        throw KotlinException("IllegalStateException", "invalid transition from \(invalid.fromState.simpleName)")
                    }
                    return
                }
                context.audit(valid.toState)
            }
            onTransition { result in
                guard case .success(let valid) = result else {
                    if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                        throw KotlinException("ClassCastException", "the invalid transition \(invalid) is not a Valid one")
                    }
                    return
                }
                let up = valid.toState == .up ? "up" : nil
                if let up {
                    context.record("now " + up.uppercased())
                } else {
                    context.record("now " + valid.toState.simpleName)
                }
            }
        }
    }
}
