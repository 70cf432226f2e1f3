// Ported from OwnerTypesWithConstants.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum PoolTracker {

    /// port: ExecutionMode is not declared in the files given; these are the constants the machine uses.
    enum ExecutionMode: Codable, Hashable {
        case anySuccess, allSuccess
    }

    /// Not declared in the files given: what the handlers call on it.
    protocol Strategy {
        var mode: ExecutionMode { get }
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// `DeviceInfo` (Kotlin line 15 of OwnerTypesWithConstants.kt), a type the files given do not declare: the owner's, which the machine's values hold.
        associatedtype DeviceInfo: Codable, Hashable
        var strategy: any Strategy { get }
    }

    /// The machine, generic over the type that owns it, whose `Collaborators` conformance supplies the types above:
    /// `StateMachine(definition: PoolTracker.Machine<Owner>.definition(owner))`.
    enum Machine<Context: Collaborators>: StateMachineBuilder {

        typealias State = PoolState
        typealias Event = PoolEvent
        typealias SideEffect = PoolEffect
        typealias DeviceInfo = Context.DeviceInfo

        enum PoolState: StateMachineHashable, Codable, Equatable {
            case idle
            case running(device: DeviceInfo, done: Int)

            enum HashableIdentifier: String { case idle, running }
        }

        enum PoolEvent: StateMachineHashable, Codable, Equatable {
            case started(device: DeviceInfo)
            case passed

            enum HashableIdentifier: String { case started, passed }
        }

        enum PoolEffect: Codable, Equatable {
            case finish
        }

        static func definition(_ context: Context) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.idle)
                state(.idle) {
                    on(.started) { _, event in
                        guard case let .started(device) = event else { preconditionFailure() }
                        return transition(to: .running(device: device, done: 0))
                    }
                }
                state(.running) {
                    on(.passed) { state in
                        guard case let .running(device, done) = state else { preconditionFailure() }
                        switch context.strategy.mode {
                        case ExecutionMode.anySuccess:
                            return transition(to: .idle, emit: .finish)
                        case ExecutionMode.allSuccess:
                            return transition(to: .running(device: device, done: done + 1))
                        }
                    }
                }
            }
        }
    }
}
