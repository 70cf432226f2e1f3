import StateMachine

// A machine whose types are `public` and live in a module of their own, as in an app that keeps
// its machines in a feature module. Tinder's macro breaks on `public` enums (Tinder issue #61); the
// macro-free form must not. Used by `CrossModuleTests`.

/// A vending gate with credit: `public` enums with associated values, an `indirect` case, and
/// the one-line identifier enum of the macro-free form.
public enum PublicTurnstile: StateMachineBuilder {

    public static let fare = 50

    public indirect enum State: StateMachineHashable, Equatable, Sendable {
        case locked(credit: Int)
        case unlocked
        case broken(oldState: State)

        public enum HashableIdentifier: String { case locked, unlocked, broken }
    }

    public enum Event: StateMachineHashable, Equatable, Sendable {
        case insertCoin(Int)
        case admitPerson
        case machineDidFail
        case machineRepairDidComplete

        public enum HashableIdentifier: String {
            case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete
        }
    }

    public enum SideEffect: Equatable, Sendable { case soundAlarm, closeDoors, openDoors, orderRepair }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { locked, insertCoin in
                let credit: Int = try locked.credit() + insertCoin.value()
                return credit >= fare
                    ? transition(to: .unlocked, emit: .openDoors)
                    : transition(to: .locked(credit: credit))
            }
            on(.admitPerson) { dontTransition(emit: .soundAlarm) }
            on(.machineDidFail) { transition(to: .broken(oldState: $0), emit: .orderRepair) }
        }
        state(.unlocked) {
            on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
        }
        state(.broken) {
            on(.machineRepairDidComplete) { broken in transition(to: try broken.oldState()) }
        }
    }
}

/// A `public` payload-less enum that relies on the default `HashableIdentifier` (itself).
public enum PublicLight: StateMachineHashable, Sendable { case red, green }

/// A `public` enum whose identifier list forgets `broken`: a programming mistake that must be
/// reported with the case's name and what to add.
public enum PublicIncomplete: StateMachineHashable, Sendable {
    case idle
    case broken(reason: String)

    public enum HashableIdentifier: String { case idle }
}
