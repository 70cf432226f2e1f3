import StateMachine

/// Uncle Bob's SMC turnstile (the table SwiftFSM builds), written for Swift:
///
///     Locked   Coin  Unlocked  unlock
///     Locked   Pass  Locked    alarm
///     Unlocked Coin  Unlocked  thankyou
///     Unlocked Pass  Locked    lock
public enum SMCTurnstile: StateMachineBuilder {
    public enum State: StateMachineHashable, Codable, Equatable {
        case locked, unlocked
        public enum HashableIdentifier: String { case locked, unlocked }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case coin, pass
        public enum HashableIdentifier: String { case coin, pass }
    }

    public enum Action: Codable, Equatable {
        case unlock, alarm, thankYou, lock
    }
    public typealias SideEffect = Action

    public static let definition = StateMachine<State, Event, Action>.Definition {
        initialState(.locked)
        state(.locked) {
            on(.coin) { transition(to: .unlocked, emit: .unlock) }
            on(.pass) { dontTransition(emit: .alarm) }
        }
        state(.unlocked) {
            on(.coin) { dontTransition(emit: .thankYou) }
            on(.pass) { transition(to: .locked, emit: .lock) }
        }
    }
}

/// The SMC turnstile with a side effect on one branch only: a coin unlocks, but a second coin is taken without thanks.
public enum SMCTurnstileWithoutThanks: StateMachineBuilder {
    public typealias State = SMCTurnstile.State
    public typealias Event = SMCTurnstile.Event
    public typealias Action = SMCTurnstile.Action
    public typealias SideEffect = Action

    public static let definition = StateMachine<State, Event, Action>.Definition {
        initialState(.locked)
        state(.locked) {
            on(.coin) { transition(to: .unlocked, emit: .unlock) }
            on(.pass) { dontTransition(emit: .alarm) }
        }
        state(.unlocked) {
            on(.coin) { dontTransition() }
            on(.pass) { transition(to: .locked, emit: .lock) }
        }
    }
}
