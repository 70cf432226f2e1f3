import StateMachine
import Testing

/// Tinder 0.3's documented way: the conformance written by hand, in an extension.
@Suite struct HandWrittenTurnstileTests: StateMachineBuilder {

    indirect enum State: StateMachineHashable, Equatable {
        case locked(credit: Int)
        case unlocked
        case broken(oldState: State)
    }

    enum Event: StateMachineHashable, Equatable {
        case insertCoin(Int), admitPerson, machineDidFail, machineRepairDidComplete
    }

    enum SideEffect: Equatable { case soundAlarm, closeDoors, openDoors }

    static func turnstile() -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(.locked(credit: 0))
            state(.locked) {
                on(.insertCoin) { locked, insertCoin in
                    let credit: Int = try locked.credit() + insertCoin.value()
                    return credit >= 50 ? transition(to: .unlocked, emit: .openDoors) : transition(to: .locked(credit: credit))
                }
                on(.admitPerson) { dontTransition(emit: .soundAlarm) }
                on(.machineDidFail) { transition(to: .broken(oldState: $0)) }
            }
            state(.unlocked) {
                on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
            }
            state(.broken) {
                on(.machineRepairDidComplete) { broken in transition(to: try broken.oldState()) }
            }
        }
    }

    @Test static func admittingWithoutPayingSoundsTheAlarm() throws {
        let machine = turnstile()
        let alarm = try machine.transition(.admitPerson)
        #expect(alarm.sideEffect == .soundAlarm)
        #expect(machine.state == .locked(credit: 0))
    }

    @Test static func theHandWrittenIdentifierIsUsed() throws {
        let machine = turnstile()
        try machine.transition(.insertCoin(30))
        #expect(machine.state.hashableIdentifier == .locked)
        #expect(machine.state.associatedValue as? Int == 30)
    }
}

extension HandWrittenTurnstileTests.State {

    enum HashableIdentifier {
        case locked, unlocked, broken
    }

    var hashableIdentifier: HashableIdentifier {
        switch self {
        case .locked: return .locked
        case .unlocked: return .unlocked
        case .broken: return .broken
        }
    }

    var associatedValue: Any {
        switch self {
        case let .locked(credit): return credit
        case .unlocked: return ()
        case let .broken(oldState): return oldState
        }
    }
}

extension HandWrittenTurnstileTests.Event {

    enum HashableIdentifier {
        case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete
    }

    var hashableIdentifier: HashableIdentifier {
        switch self {
        case .insertCoin: return .insertCoin
        case .admitPerson: return .admitPerson
        case .machineDidFail: return .machineDidFail
        case .machineRepairDidComplete: return .machineRepairDidComplete
        }
    }

    var associatedValue: Any {
        switch self {
        case let .insertCoin(value): return value
        case .admitPerson, .machineDidFail, .machineRepairDidComplete: return ()
        }
    }
}
