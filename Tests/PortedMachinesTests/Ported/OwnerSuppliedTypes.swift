// Ported from OwnerSuppliedTypes.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum Rides {

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        /// `LocalDateTime` (Kotlin line 13 of OwnerSuppliedTypes.kt), a type the files given do not declare: the owner's, which the machine's values hold.
        associatedtype LocalDateTime: Codable, Hashable
        /// `Disposable` (Kotlin line 13 of OwnerSuppliedTypes.kt), a type the files given do not declare: the owner's, which the machine's values hold.
        associatedtype Disposable: Codable, Hashable
        var now: LocalDateTime { get }
        var retryTimer: Disposable { get }
        /// `dispose()` of Disposable (Kotlin line 30), a type the files given do not declare.
        func dispose(_ disposable: Disposable)
    }

    /// The machine, generic over the type that owns it, whose `Collaborators` conformance supplies the types above:
    /// `StateMachine(definition: Rides.Machine<Owner>.definition(owner))`.
    enum Machine<Context: Collaborators>: StateMachineBuilder {

        typealias State = Ride
        typealias Event = RideEvent
        typealias LocalDateTime = Context.LocalDateTime
        typealias Disposable = Context.Disposable

        enum Ride: StateMachineHashable, Codable, Equatable {
            case idle
            case booked(at: LocalDateTime, timer: Disposable)
            case cancelled(at: LocalDateTime)

            enum HashableIdentifier: String { case idle, booked, cancelled }
        }

        enum RideEvent: StateMachineHashable, Codable, Equatable {
            case book
            case cancel
        }

        enum SideEffect: Codable, Equatable {
            case unit
        }

        static func definition(_ context: Context) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.idle)
                state(.idle) {
                    on(.book) { transition(to: .booked(at: context.now, timer: context.retryTimer)) }
                }
                state(.booked) {
                    on(.cancel) { state in
                        guard case let .booked(at, timer) = state else { preconditionFailure() }
                        context.dispose(timer)
                        return transition(to: .cancelled(at: at))
                    }
                }
            }
        }
    }
}
