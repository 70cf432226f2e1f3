import StateMachine

/// A thermostat, written for Swift: it heats while the room is more than half a degree below the target and rests once
/// the target is reached; a target outside 5–30 °C is refused.
public enum Thermostat: StateMachineBuilder {
    public static let band = 0.5

    public enum State: StateMachineHashable, Codable, Equatable {
        case off
        case resting(target: Double)
        case heating(target: Double)
        public enum HashableIdentifier: String { case off, resting, heating }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case powerOn(target: Double)
        case powerOff
        case measured(celsius: Double)
        public enum HashableIdentifier: String { case powerOn, powerOff, measured }
    }

    public enum SideEffect: Codable, Equatable {
        case heaterOn, heaterOff
        case refuse(target: Double)
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.off)
        state(.off) {
            on(.powerOn, where: { (5.0...30.0).contains(try $0.target() as Double) }) { _, powerOn in transition(to: .resting(target: try powerOn.target())) }
            on(.powerOn) { _, powerOn in dontTransition(emit: .refuse(target: try powerOn.target())) }
        }
        state(.resting) {
            on(.measured) { resting, measured in
                let target: Double = try resting.target()
                let celsius: Double = try measured.celsius()
                return celsius < target - band ? transition(to: .heating(target: target), emit: .heaterOn) : dontTransition()
            }
            on(.powerOff) { transition(to: .off) }
        }
        state(.heating) {
            on(.measured) { heating, measured in
                let target: Double = try heating.target()
                let celsius: Double = try measured.celsius()
                return celsius >= target ? transition(to: .resting(target: target), emit: .heaterOff) : dontTransition()
            }
            on(.powerOff) { transition(to: .off, emit: .heaterOff) }
        }
    }
}
