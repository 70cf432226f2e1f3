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
    }

    enum LightEvent: StateMachineHashable, Codable, Equatable {
        case timerExpired
        case pedestrianButtonPressed
        case faultDetected(code: Int)
        case reset
        case powerOff

        enum HashableIdentifier: String { case timerExpired, pedestrianButtonPressed, faultDetected, reset, powerOff }
    }

    enum SideEffect: Codable, Equatable {
        case unit
    }

    enum Colour: String, Codable, Hashable, CaseIterable {
        case red = "RED", redAmber = "RED_AMBER", green = "GREEN", amber = "AMBER"

        var durationMillis: Int64 {
            switch self {
            case .red: 30_000
            case .redAmber: 2_000
            case .green: 25_000
            case .amber: 3_000
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
        func next(_ colour: Colour) -> Colour
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.showing(colour: Colour.red, pedestrianWaiting: false))
            state(.showing, where: { state in try (state.colour() as Colour) == Colour.green && (state.pedestrianWaiting() as Bool) }) {
                onEnter { state, _ in
                    try! context.lamps.show((state.colour() as Colour))
                    try! context.timer.start(max(MIN_GREEN_MILLIS, (state.colour() as Colour).durationMillis - context.pedestrianGreenShortening))
                }
                on(.eq(.timerExpired)) { transition(to: .showing(colour: Colour.amber, pedestrianWaiting: false)) }
                on(.faultDetected) { _, event in
                    try transition(to: .flashingAmber(faultCode: (event.code() as Int)), emit: .unit)
                }
            }
            state(.showing) {
                onEnter { state, _ in
                    try! context.lamps.show((state.colour() as Colour))
                    try! context.timer.start((state.colour() as Colour).durationMillis)
                }
                on(.eq(.timerExpired)) { state in
                    try transition(to: .showing(colour: context.next((state.colour() as Colour)), pedestrianWaiting: (state.pedestrianWaiting() as Bool) && (state.colour() as Colour) != Colour.amber))
                }
                on(.eq(.pedestrianButtonPressed)) { state in
                    switch try (state.colour() as Colour) {
                    case Colour.green:
                        return try transition(to: .showing(colour: (state.colour() as Colour), pedestrianWaiting: true), emit: .unit)
                    default:
                        if try (state.pedestrianWaiting() as Bool) {
                            return dontTransition()
                        } else {
                            return try transition(to: .showing(colour: (state.colour() as Colour), pedestrianWaiting: true))
                        }
                    }
                }
                on(.faultDetected) { _, event in
                    try transition(to: .flashingAmber(faultCode: (event.code() as Int)), emit: .unit)
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
                    if try (event.code() as Int) > (state.faultCode() as Int) {
                        return try transition(to: .flashingAmber(faultCode: (event.code() as Int)))
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
                    print("traffic light: \(transition.fromState) -> \(transition.toState) (\(transition.event))")
                }
            }
        }
    }
}
