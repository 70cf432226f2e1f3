// Ported from OwnerReferences.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum DoseCounter: StateMachineBuilder {

    typealias State = Dose
    typealias Event = DoseEvent
    typealias SideEffect = DoseEffect

    enum Dose: StateMachineHashable, Codable, Equatable {
        case steady
        case rising
    }

    enum DoseEvent: StateMachineHashable, Codable, Equatable {
        case consumed(amount: Double)
        case settle

        enum HashableIdentifier: String { case consumed, settle }
    }

    enum DoseEffect: Codable, Equatable {
        case target(to: Double)
        case keep
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol ReferenceLifecycle {
        func release(_ p1: any Collaborators)
        func acquire(_ p1: any Collaborators)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    /// The handlers change some of its properties, as the Kotlin ones change the class's: it is a class.
    protocol Collaborators: AnyObject {
        var target: Double { get set }
        var lifecycle: any ReferenceLifecycle { get }
        var previous: Double { get set }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.steady)
            state(.steady) {
                on(.consumed) { _, event in
                    guard case let .consumed(amount) = event else { preconditionFailure() }
                    return transition(to: .rising, emit: .target(to: context.target + amount))
                }
                onEnter { _, _ in context.lifecycle.release(context) }
            }
            state(.rising) {
                on(.settle) { transition(to: .steady, emit: .keep) }
                onEnter { _, _ in context.lifecycle.acquire(context) }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                let effect = valid.sideEffect
                switch effect {
                case .keep:
                    context.target = context.previous
                case let .target(to):
                    context.previous = context.target
                    context.target = to
                case nil:
                    break
                }
            }
        }
    }
}
