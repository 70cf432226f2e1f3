// Ported from TripPresenter.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusRideTrip: StateMachineBuilder {

    static let FREE_CANCEL_ETA_MINUTES = 2
    static let CANCELLATION_FEE_CENTS: Int64 = 500

    typealias State = TripState
    typealias Event = TripEvent
    typealias SideEffect = TripSideEffect

    enum TripState: StateMachineHashable, Codable, Equatable {
        case idle
        case requesting(pickup: String, dropoff: String)
        case driverAssigned(driverName: String, etaMinutes: Int)
        case onTrip(driverName: String, distanceMeters: Int64)
        case completed(fareCents: Int64)
        case cancelled(reason: String, feeCents: Int64)

        enum HashableIdentifier: String { case idle, requesting, driverAssigned, onTrip, completed, cancelled }

        var title: String {
            switch self {
            case .idle: "Where to?"
            case .requesting: "Finding your driver"
            case let .driverAssigned(driverName, _): "\(driverName) is on the way"
            case .onTrip: "On your way"
            case .completed: "You have arrived"
            case .cancelled: "Trip cancelled"
            }
        }
    }

    enum TripEvent: StateMachineHashable, Codable, Equatable {
        case requestRide(pickup: String, dropoff: String)
        case driverAccepted(driverName: String, etaMinutes: Int)
        case etaUpdated(minutes: Int)
        case noDriversFound
        case pickedUp
        case distanceUpdated(meters: Int64)
        case droppedOff
        case cancel

        enum HashableIdentifier: String { case requestRide, driverAccepted, etaUpdated, noDriversFound, pickedUp, distanceUpdated, droppedOff, cancel }
    }

    enum TripSideEffect: Codable, Equatable {
        case searchDrivers(pickup: String)
        case notifyRider(message: String)
        case chargeFare(cents: Int64)
        case chargeCancellationFee(cents: Int64)
    }

    protocol TripView {
        func showTitle(_ title: String)
        func showMessage(_ message: String)
    }

    protocol RideService {
        func searchDrivers(_ pickup: String)
        func charge(_ cents: Int64)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var baseFareCents: Int64 { get }
        var centsPerKm: Int64 { get }
        var view: any TripView { get }
        var rideService: any RideService { get }
    }

    /// Kotlin's `TripPresenter.fareFor`, ported: it reads the class's properties on `context`.
    private static func fareFor(_ context: some Collaborators, _ distanceMeters: Int64) -> Int64 {
        context.baseFareCents + context.centsPerKm * distanceMeters / 1000
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.requestRide) { _, event in
                    guard case let .requestRide(pickup, dropoff) = event else { preconditionFailure() }
                    if pickup == dropoff {
                        return dontTransition(emit: .notifyRider(message: "Pickup and drop-off are the same"))
                    } else {
                        return transition(to: .requesting(pickup: pickup, dropoff: dropoff), emit: .searchDrivers(pickup: pickup))
                    }
                }
            }
            state(.requesting) {
                on(.driverAccepted) { state, event in
                    guard case let .requesting(_, dropoff) = state else { preconditionFailure() }
                    guard case let .driverAccepted(driverName, etaMinutes) = event else { preconditionFailure() }
                    return transition(to: .driverAssigned(driverName: driverName, etaMinutes: etaMinutes), emit: .notifyRider(message: "\(driverName) accepted your ride to \(dropoff)"))
                }
                on(.eq(.noDriversFound)) { state in
                    guard case let .requesting(pickup, _) = state else { preconditionFailure() }
                    return transition(to: .idle, emit: .notifyRider(message: "No drivers near \(pickup)"))
                }
                on(.eq(.cancel)) { transition(to: .cancelled(reason: "rider", feeCents: 0)) }
            }
            state(.driverAssigned) {
                on(.etaUpdated) { state, event in
                    guard case let .driverAssigned(driverName, etaMinutes) = state else { preconditionFailure() }
                    guard case let .etaUpdated(minutes) = event else { preconditionFailure() }
                    if minutes == etaMinutes {
                        return dontTransition()
                    } else {
                        return transition(to: .driverAssigned(driverName: driverName, etaMinutes: minutes))
                    }
                }
                on(.eq(.pickedUp)) { state in
                    guard case let .driverAssigned(driverName, _) = state else { preconditionFailure() }
                    return transition(to: .onTrip(driverName: driverName, distanceMeters: 0))
                }
                on(.eq(.cancel)) { state in
                    guard case let .driverAssigned(_, etaMinutes) = state else { preconditionFailure() }
                    let fee = etaMinutes <= FREE_CANCEL_ETA_MINUTES ? CANCELLATION_FEE_CENTS : 0
                    return transition(to: .cancelled(reason: "rider", feeCents: fee), emit: .chargeCancellationFee(cents: fee))
                }
            }
            state(.onTrip) {
                on(.distanceUpdated) { state, event in
                    guard case let .onTrip(driverName, distanceMeters) = state else { preconditionFailure() }
                    guard case let .distanceUpdated(meters) = event else { preconditionFailure() }
                    return transition(to: .onTrip(driverName: driverName, distanceMeters: max(distanceMeters, meters)))
                }
                on(.eq(.droppedOff)) { state in
                    guard case let .onTrip(_, distanceMeters) = state else { preconditionFailure() }
                    let fare = fareFor(context, distanceMeters)
                    return transition(to: .completed(fareCents: fare), emit: .chargeFare(cents: fare))
                }
            }
            state(.completed) {
                on(.requestRide) { dontTransition() }
                on(.driverAccepted) { dontTransition() }
                on(.etaUpdated) { dontTransition() }
                on(.noDriversFound) { dontTransition() }
                on(.pickedUp) { dontTransition() }
                on(.distanceUpdated) { dontTransition() }
                on(.droppedOff) { dontTransition() }
                on(.cancel) { dontTransition() }
            }
            state(.cancelled) {
                on(.requestRide) { _, event in
                    guard case let .requestRide(pickup, dropoff) = event else { preconditionFailure() }
                    return transition(to: .requesting(pickup: pickup, dropoff: dropoff), emit: .searchDrivers(pickup: pickup))
                }
            }
            onTransition { result in
                guard case .success(let valid) = result else { return }
                context.view.showTitle(valid.toState.title)
                let sideEffect = valid.sideEffect
                switch sideEffect {
                case let .searchDrivers(pickup):
                    context.rideService.searchDrivers(pickup)
                case let .notifyRider(message):
                    context.view.showMessage(message)
                case let .chargeFare(cents):
                    context.rideService.charge(cents)
                case let .chargeCancellationFee(cents):
                    if cents > 0 {
                        context.rideService.charge(cents)
                    }
                case nil:
                    break
                }
            }
        }
    }
}
