import StateMachine

/// Tinder's turnstile: a credit in the locked state, a coin value in the event, and an
/// `indirect` broken state that remembers the state it broke in.
public enum Turnstile: StateMachineBuilder {

    public static let farePrice = 50

    public enum State: StateMachineHashable, Equatable, Sendable {
        case locked(credit: Int), unlocked
        indirect case broken(oldState: State)
        public enum HashableIdentifier: String { case locked, unlocked, broken }
    }

    public enum Event: StateMachineHashable, Equatable, Sendable {
        case insertCoin(Int), admitPerson, machineDidFail, machineRepairDidComplete
        public enum HashableIdentifier: String { case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete }
    }

    public enum SideEffect: Equatable, Sendable { case soundAlarm, closeDoors, openDoors, orderRepair }

    /// Handlers that read payloads with pattern matching, as a Tinder user typically writes.
    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { locked, insertCoin in
                guard case let .locked(credit) = locked, case let .insertCoin(value) = insertCoin else {
                    return dontTransition()
                }
                let newCredit = credit + value
                if newCredit >= farePrice {
                    return transition(to: .unlocked, emit: .openDoors)
                } else {
                    return transition(to: .locked(credit: newCredit))
                }
            }
            on(.admitPerson) {
                dontTransition(emit: .soundAlarm)
            }
            on(.machineDidFail) {
                transition(to: .broken(oldState: $0), emit: .orderRepair)
            }
        }
        state(.unlocked) {
            on(.admitPerson) {
                transition(to: .locked(credit: 0), emit: .closeDoors)
            }
        }
        state(.broken) {
            on(.machineRepairDidComplete) { broken in
                guard case let .broken(oldState) = broken else { return dontTransition() }
                return transition(to: oldState)
            }
        }
    }

    /// The same machine with handlers that read payloads by label: `try locked.credit()`.
    public static let dynamicMemberDefinition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { locked, insertCoin in
                let newCredit: Int = try locked.credit() + insertCoin.value()
                if newCredit >= farePrice {
                    return transition(to: .unlocked, emit: .openDoors)
                } else {
                    return transition(to: .locked(credit: newCredit))
                }
            }
            on(.admitPerson) {
                dontTransition(emit: .soundAlarm)
            }
            on(.machineDidFail) {
                transition(to: .broken(oldState: $0), emit: .orderRepair)
            }
        }
        state(.unlocked) {
            on(.admitPerson) {
                transition(to: .locked(credit: 0), emit: .closeDoors)
            }
        }
        state(.broken) {
            on(.machineRepairDidComplete) { broken in
                transition(to: try broken.oldState())
            }
        }
    }

    /// One full cycle from `.locked(credit: 0)` back to it: three coins open the doors, a
    /// person passes, the machine fails and is repaired.
    public static let cycle: [Event] = [
        .insertCoin(20), .insertCoin(20), .insertCoin(20), .admitPerson, .machineDidFail, .machineRepairDidComplete,
    ]
}

/// The turnstile written by hand, as a `switch (state, event)`.
public final class HandWrittenTurnstile {

    public typealias State = Turnstile.State
    public typealias Event = Turnstile.Event
    public typealias SideEffect = Turnstile.SideEffect

    public private(set) var state: State = .locked(credit: 0)

    public init() {}

    /// Whether `event` was valid in the current state; `sideEffect` receives its side effect.
    @inline(never)
    public func transition(_ event: Event) -> (valid: Bool, sideEffect: SideEffect?) {
        switch (state, event) {
        case let (.locked(credit), .insertCoin(value)):
            let newCredit = credit + value
            if newCredit >= Turnstile.farePrice {
                state = .unlocked
                return (true, .openDoors)
            }
            state = .locked(credit: newCredit)
            return (true, nil)
        case (.locked, .admitPerson):
            return (true, .soundAlarm)
        case (.locked, .machineDidFail):
            state = .broken(oldState: state)
            return (true, .orderRepair)
        case (.unlocked, .admitPerson):
            state = .locked(credit: 0)
            return (true, .closeDoors)
        case let (.broken(oldState), .machineRepairDidComplete):
            state = oldState
            return (true, nil)
        default:
            return (false, nil)
        }
    }
}
