// Ported from ActivityMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CourierScreen {

    /// Not declared in the files given: what the handlers call on it.
    protocol CoroutineScope {
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol CourierSettings {
        var label: String { get }
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol Logger {
        func info(_ p1: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// `Context` (Kotlin line 27 of ActivityMachine.kt), a type the files given do not declare: the owner's, which the machine's values hold.
        associatedtype Context: Codable, Hashable
        var scope: (any CoroutineScope)? { get }
        var settings: any CourierSettings { get }
        var log: any Logger { get }
    }

    /// The machine, generic over the type that owns it, whose `Collaborators` conformance supplies the types above:
    /// `StateMachine(definition: CourierScreen.Machine<Owner>.definition(owner))`.
    enum Machine<Owner: Collaborators>: StateMachineBuilder {

        typealias Context = Owner.Context

        enum State: StateMachineHashable, Codable, Equatable {
            case idle
            case delivering(label: String)

            enum HashableIdentifier: String { case idle, delivering }

            /// The value's text as Kotlin's `toString()` writes it.
            /// Kotlin writes `Idle` (not a data class or data object) as an identity that changes from run to run
            /// (`Idle@1b6d3586`); here, the name.
            var kotlinText: String {
                switch self {
                case .idle: "Idle"
                case let .delivering(label): "Delivering(label=\(label))"
                }
            }
        }

        enum Event: StateMachineHashable, Codable, Equatable {
            case pick(context: Context)
            case deliver

            enum HashableIdentifier: String { case pick, deliver }
        }

        enum SideEffect: Codable, Equatable {
            case notify
            case show(context: Context)
        }

        static func definition(_ context: Owner) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.idle)
                state(.idle) {
                    on(.pick) { _, event in
                        guard case let .pick(eventContext) = event else { preconditionFailure() }
                        let shown: SideEffect? = context.scope == nil ? nil : SideEffect.show(context: eventContext)
                        return transition(to: .delivering(label: context.settings.label), emit: shown)
                    }
                }
                state(.delivering) {
                    on(.deliver) { transition(to: .idle, emit: .notify) }
                }
                onTransition { result in
                    guard case .success(let valid) = result else { return }
                    context.log.info("courier: " + valid.toState.kotlinText)
                    if context.scope != nil {
                        context.log.info("scope")
                    }
                }
            }
        }
    }
}
