// Ported from ParcelLocker.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum ParcelLockerViewModel: StateMachineBuilder {

    static let FEE = 3

    typealias State = ParcelLockerState
    typealias Event = ParcelLockerEvent
    typealias SideEffect = ParcelLockerEffect

    enum ParcelLockerState: StateMachineHashable, Codable, Equatable {
        case closed
        case loading(parcels: Int)
        case paying(fee: Int)

        enum HashableIdentifier: String { case closed, loading, paying }
    }

    enum ParcelLockerEvent: StateMachineHashable, Codable, Equatable {
        case drop(parcels: Int)
        case pay
        case cancel

        enum HashableIdentifier: String { case drop, pay, cancel }
    }

    enum ParcelLockerEffect: Codable, Equatable {
        case charge(amount: Int)
        case unlock
    }

    protocol ParcelPrinter {
        func print(_ line: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var printer: any ParcelPrinter { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.closed) {
                on(.drop) { _, event in
                    guard case let .drop(parcels) = event else { preconditionFailure() }
                    return transition(to: .loading(parcels: parcels))
                }
            }
            state(.loading) {
                on(.drop) { state, event in
                    guard case let .loading(parcels) = state else { preconditionFailure() }
                    guard case let .drop(eventParcels) = event else { preconditionFailure() }
                    return transition(to: .loading(parcels: parcels + eventParcels))
                }
                on(.pay) { state in
                    guard case let .loading(parcels) = state else { preconditionFailure() }
                    return transition(to: .paying(fee: parcels * FEE), emit: .charge(amount: parcels * FEE))
                }
                on(.cancel) { transition(to: .closed, emit: .unlock) }
            }
            state(.paying) {
                on(.cancel) { transition(to: .closed, emit: .unlock) }
            }
            onTransition { result in
                guard case .success(let valid) = result, let sideEffect = valid.sideEffect else { return }
                switch sideEffect {
                case let .charge(amount):
                    context.printer.print("charge \(amount)")
                case .unlock:
                    context.printer.print("unlock")
                }
            }
        }
    }
}
