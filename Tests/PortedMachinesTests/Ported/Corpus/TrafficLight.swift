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

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.showing(colour: Colour.red, pedestrianWaiting: false))
        state(.showing, where: { state in try (state.colour() as Colour) == Colour.green && (state.pedestrianWaiting() as Bool) }) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 42: the name `lamps`
                // lamps.show(colour)
                // timer.start(maxOf(MIN_GREEN_MILLIS, colour.durationMillis - pedestrianGreenShortening))
                fatalError("port: TrafficLightController.kt:42: the name `lamps` is not ported")
            }
            on(.eq(.timerExpired)) { transition(to: .showing(colour: Colour.amber, pedestrianWaiting: false)) }
            on(.faultDetected) { _, event in
                try transition(to: .flashingAmber(faultCode: (event.code() as Int)), emit: .unit)
            }
        }
        state(.showing) {
            onEnter { _, _ in
                // port: not ported, Kotlin line 55: the name `lamps`
                // lamps.show(colour)
                // timer.start(colour.durationMillis)
                fatalError("port: TrafficLightController.kt:55: the name `lamps` is not ported")
            }
            on(.eq(.timerExpired)) {
                // port: not ported, Kotlin line 59: the call `next(colour)`
                // transitionTo(LightState.Showing(next(colour), pedestrianWaiting = pedestrianWaiting && colour != Colour.AMBER))
                fatalError("port: TrafficLightController.kt:59: the call `next(colour)` is not ported")
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
                // port: not ported, Kotlin line 77: the name `timer`
                // timer.cancel()
                // lamps.flash(Colour.AMBER)
                fatalError("port: TrafficLightController.kt:77: the name `timer` is not ported")
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
                // port: not ported, Kotlin line 90: the name `timer`
                // timer.cancel()
                // lamps.allOff()
                fatalError("port: TrafficLightController.kt:90: the name `timer` is not ported")
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
