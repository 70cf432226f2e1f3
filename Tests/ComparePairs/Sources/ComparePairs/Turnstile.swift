import StateMachine

/// The turnstile with credit (Andy Matuschak's gist), written for Swift: coins add up to the fare, and a turnstile
/// that fails remembers the state it broke in.
public enum Turnstile: StateMachineBuilder {
    public static let fare = 50

    public indirect enum State: StateMachineHashable, Codable, Equatable {
        case locked(credit: Int)
        case unlocked
        case broken(previous: State)
        public enum HashableIdentifier: String { case locked, unlocked, broken }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case insertCoin(cents: Int)
        case admitPerson
        case machineDidFail
        case machineRepairDidComplete
        public enum HashableIdentifier: String { case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete }
    }

    public enum SideEffect: Codable, Equatable {
        case soundAlarm, closeDoors, openDoors
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { locked, coin in
                let credit: Int = try locked.credit() + coin.cents()
                return credit >= fare ? transition(to: .unlocked, emit: .openDoors) : transition(to: .locked(credit: credit))
            }
            on(.admitPerson) { dontTransition(emit: .soundAlarm) }
            on(.machineDidFail) { locked in transition(to: .broken(previous: locked)) }
        }
        state(.unlocked) {
            on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
            on(.machineDidFail) { unlocked in transition(to: .broken(previous: unlocked)) }
        }
        state(.broken) {
            on(.machineRepairDidComplete) { transition(to: .locked(credit: 0)) }
        }
    }
}

/// The same turnstile with a guard off by one: the credit must pass the fare, not reach it.
public enum TurnstileOffByOne: StateMachineBuilder {
    public typealias State = Turnstile.State
    public typealias Event = Turnstile.Event
    public typealias SideEffect = Turnstile.SideEffect

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { locked, coin in
                let credit: Int = try locked.credit() + coin.cents()
                return credit > Turnstile.fare ? transition(to: .unlocked, emit: .openDoors) : transition(to: .locked(credit: credit))
            }
            on(.admitPerson) { dontTransition(emit: .soundAlarm) }
            on(.machineDidFail) { locked in transition(to: .broken(previous: locked)) }
        }
        state(.unlocked) {
            on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
            on(.machineDidFail) { unlocked in transition(to: .broken(previous: unlocked)) }
        }
        state(.broken) {
            on(.machineRepairDidComplete) { transition(to: .locked(credit: 0)) }
        }
    }
}
