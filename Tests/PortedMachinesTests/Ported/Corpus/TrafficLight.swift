// Ported from TrafficLightController.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusTrafficLight: StateMachineBuilder {

    static let MIN_GREEN_MILLIS: Int64 = 5_000

    typealias State = LightState
    typealias Event = LightEvent

    enum LightState: StateMachineHashable, Codable, Equatable {
        case showing(colour: Colour, pedestrianWaiting: Bool)
        case flashingAmber(faultCode: Int)
        case off

        enum HashableIdentifier: String { case showing, flashingAmber, off }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case let .showing(colour, pedestrianWaiting): "Showing(colour=\(colour.name), pedestrianWaiting=\(pedestrianWaiting))"
            case let .flashingAmber(faultCode): "FlashingAmber(faultCode=\(faultCode))"
            case .off: "Off"
            }
        }
    }

    enum LightEvent: StateMachineHashable, Codable, Equatable {
        case timerExpired
        case pedestrianButtonPressed
        case faultDetected(code: Int)
        case reset
        case powerOff

        enum HashableIdentifier: String { case timerExpired, pedestrianButtonPressed, faultDetected, reset, powerOff }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .timerExpired: "TimerExpired"
            case .pedestrianButtonPressed: "PedestrianButtonPressed"
            case let .faultDetected(code): "FaultDetected(code=\(code))"
            case .reset: "Reset"
            case .powerOff: "PowerOff"
            }
        }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    enum Colour: Codable, Hashable, CaseIterable {
        case red, redAmber, green, amber

        var durationMillis: Int64 {
            switch self {
            case .red: 30_000
            case .redAmber: 2_000
            case .green: 25_000
            case .amber: 3_000
            }
        }

        /// The constant's Kotlin name, as `name` gives it.
        var name: String {
            switch self {
            case .red: "RED"
            case .redAmber: "RED_AMBER"
            case .green: "GREEN"
            case .amber: "AMBER"
            }
        }
    }

    protocol LampDriver {
        func show(_ colour: Colour)
        func flash(_ colour: Colour)
        func allOff()
    }

    protocol PhaseTimer {
        func start(_ durationMillis: Int64)
        func cancel()
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var lamps: any LampDriver { get }
        var timer: any PhaseTimer { get }
        var pedestrianGreenShortening: Int64 { get }
    }

    /// Kotlin's `TrafficLightController.next`, ported.
    private static func next(_ colour: Colour) -> Colour {
        switch colour {
        case Colour.red:
            return Colour.redAmber
        case Colour.redAmber:
            return Colour.green
        case Colour.green:
            return Colour.amber
        case Colour.amber:
            return Colour.red
        }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.showing(colour: Colour.red, pedestrianWaiting: false))
            state(.showing, where: { state in
                guard case let .showing(colour, pedestrianWaiting) = state else { preconditionFailure() }
                return colour == Colour.green && pedestrianWaiting
            }) {
                onEnter { state, _ in
                    guard case let .showing(colour, _) = state else { preconditionFailure() }
                    context.lamps.show(colour)
                    context.timer.start(max(MIN_GREEN_MILLIS, colour.durationMillis - context.pedestrianGreenShortening))
                }
                on(.eq(.timerExpired)) {
                    transition(to: .showing(colour: Colour.amber, pedestrianWaiting: false))
                }
                on(.faultDetected) { _, event in
                    guard case let .faultDetected(code) = event else { preconditionFailure() }
                    return transition(to: .flashingAmber(faultCode: code), emit: .unit)
                }
            }
            state(.showing) {
                onEnter { state, _ in
                    guard case let .showing(colour, _) = state else { preconditionFailure() }
                    context.lamps.show(colour)
                    context.timer.start(colour.durationMillis)
                }
                on(.eq(.timerExpired)) { state in
                    guard case let .showing(colour, pedestrianWaiting) = state else { preconditionFailure() }
                    return transition(to: .showing(colour: next(colour), pedestrianWaiting: pedestrianWaiting && colour != Colour.amber))
                }
                on(.eq(.pedestrianButtonPressed)) { state in
                    guard case let .showing(colour, pedestrianWaiting) = state else { preconditionFailure() }
                    switch colour {
                    case Colour.green:
                        return transition(to: .showing(colour: colour, pedestrianWaiting: true), emit: .unit)
                    default:
                        if pedestrianWaiting {
                            return dontTransition()
                        } else {
                            return transition(to: .showing(colour: colour, pedestrianWaiting: true))
                        }
                    }
                }
                on(.faultDetected) { _, event in
                    guard case let .faultDetected(code) = event else { preconditionFailure() }
                    return transition(to: .flashingAmber(faultCode: code), emit: .unit)
                }
                on(.eq(.powerOff)) { transition(to: .off) }
            }
            state(.flashingAmber) {
                onEnter { _, _ in
                    context.timer.cancel()
                    context.lamps.flash(Colour.amber)
                }
                on(.eq(.reset)) { transition(to: .showing(colour: Colour.red, pedestrianWaiting: false)) }
                on(.faultDetected) { state, event in
                    guard case let .flashingAmber(faultCode) = state else { preconditionFailure() }
                    guard case let .faultDetected(code) = event else { preconditionFailure() }
                    if code > faultCode {
                        return transition(to: .flashingAmber(faultCode: code))
                    } else {
                        return dontTransition()
                    }
                }
            }
            state(.off) {
                onEnter { _, _ in
                    context.timer.cancel()
                    context.lamps.allOff()
                }
                on(.eq(.reset)) { transition(to: .showing(colour: Colour.red, pedestrianWaiting: false)) }
            }
            onTransition { result in
                guard case .success(let transition) = result else { return }
                if transition.sideEffect == .unit {
                    print("traffic light: \(transition.fromState.kotlinText) -> \(transition.toState.kotlinText) (\(transition.event.kotlinText))")
                }
            }
        }
    }
}
