// Ported from WorkerSupervisor.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum WorkerSupervisor: StateMachineBuilder {

    typealias State = Health
    typealias Event = WorkerEvent

    enum Health: StateMachineHashable, Codable, Equatable {
        case starting
        case up
        case down(reason: String)

        enum HashableIdentifier: String { case starting, up, down }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Starting`, `Up` (not a data class or data object) as an identity that changes from
        /// run to run (`Starting@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case .starting: "Starting"
            case .up: "Up"
            case let .down(reason): "Down(reason=\(reason))"
            }
        }
    }

    enum WorkerEvent: StateMachineHashable, Codable, Equatable {
        case started(worker: String)
        case failed(worker: String, reason: String)
        case reset

        enum HashableIdentifier: String { case started, failed, reset }

        /// The value's text as Kotlin's `toString()` writes it.
        /// Kotlin writes `Reset` (not a data class or data object) as an identity that changes from run to run
        /// (`Reset@1b6d3586`); here, the name.
        var kotlinText: String {
            switch self {
            case let .started(worker): "Started(worker=\(worker))"
            case let .failed(worker, reason): "Failed(worker=\(worker), reason=\(reason))"
            case .reset: "Reset"
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
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var health: [String: Health] { get set }
        /// Inherited by the Kotlin class from ObservableMachine, not in the files given.
        func publish(_ p1: Health)
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.starting)
            state(.starting) {
                on(.started) { _, event in
                    guard case let .started(worker) = event else { preconditionFailure() }
                    context.health[worker] = .up
                    if context.health.values.allSatisfy({ state in state == .up }) {
                        return transition(to: .up)
                    } else {
                        return dontTransition()
                    }
                }
                on(.failed) { _, event in
                    guard case let .failed(worker, reason) = event else { preconditionFailure() }
                    context.health[worker] = .down(reason: reason)
                    return transition(to: .down(reason: reason))
                }
            }
            state(.up) {
                on(.failed) { _, event in
                    guard case let .failed(worker, reason) = event else { preconditionFailure() }
                    context.health[worker] = .down(reason: reason)
                    return transition(to: .down(reason: reason))
                }
            }
            state(.down) {
                on(.reset) { transition(to: .starting) }
            }
            onTransition { result in
                guard case .success(let valid) = result else {
                    if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                        throw KotlinException("IllegalStateException", "unexpected \(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                    }
                    return
                }
                if valid.fromState.hashableIdentifier != valid.toState.hashableIdentifier {
                    context.publish(valid.toState)
                }
            }
        }
    }
}
