import StateMachine

/// Tinder's matter machine, written for Swift: solid, liquid and gas, a side effect for each change.
public enum Matter: StateMachineBuilder {
    public enum State: StateMachineHashable, Codable, Equatable {
        case solid, liquid, gas
        public enum HashableIdentifier: String { case solid, liquid, gas }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case melt, freeze, vaporize, condense
        public enum HashableIdentifier: String { case melt, freeze, vaporize, condense }
    }

    public enum SideEffect: Codable, Equatable {
        case logMelted, logFrozen, logVaporized, logCondensed
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.solid)
        state(.solid) {
            on(.melt) { transition(to: .liquid, emit: .logMelted) }
        }
        state(.liquid) {
            on(.freeze) { transition(to: .solid, emit: .logFrozen) }
            on(.vaporize) { transition(to: .gas, emit: .logVaporized) }
        }
        state(.gas) {
            on(.condense) { transition(to: .liquid, emit: .logCondensed) }
        }
    }
}
