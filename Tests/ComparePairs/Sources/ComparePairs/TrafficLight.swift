import StateMachine

/// A traffic light with a counter, written for Swift: red, green, amber on each tick; every third red asks for a
/// check of the lamps; a fault flashes amber until the light is reset.
public enum TrafficLight: StateMachineBuilder {
    public static let cyclesBeforeCheck = 3

    public enum State: StateMachineHashable, Codable, Equatable {
        case red(cycles: Int)
        case green(cycles: Int)
        case amber(cycles: Int)
        case flashing
        public enum HashableIdentifier: String { case red, green, amber, flashing }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case tick, fault, reset
        public enum HashableIdentifier: String { case tick, fault, reset }
    }

    public enum SideEffect: Codable, Equatable {
        case switchLamp(String)
        case checkLamps(afterCycles: Int)
        case alertOperator
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.red(cycles: 0))
        state(.red) {
            on(.fault) { transition(to: .flashing, emit: .alertOperator) }
            on(.tick) { red in transition(to: .green(cycles: try red.cycles()), emit: .switchLamp("green")) }
        }
        state(.green) {
            on(.fault) { transition(to: .flashing, emit: .alertOperator) }
            on(.tick) { green in transition(to: .amber(cycles: try green.cycles()), emit: .switchLamp("amber")) }
        }
        state(.amber) {
            on(.fault) { transition(to: .flashing, emit: .alertOperator) }
            on(.tick) { amber in
                let cycles: Int = try amber.cycles() + 1
                return cycles % cyclesBeforeCheck == 0
                    ? transition(to: .red(cycles: cycles), emit: .checkLamps(afterCycles: cycles))
                    : transition(to: .red(cycles: cycles), emit: .switchLamp("red"))
            }
        }
        state(.flashing) {
            on(.reset) { transition(to: .red(cycles: 0), emit: .switchLamp("red")) }
        }
    }
}
