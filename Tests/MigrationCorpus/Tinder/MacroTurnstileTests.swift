import StateMachine
import Testing

/// A turnstile with payloads and an `indirect` state, written for Tinder's macro.
@Suite struct MacroTurnstileTests: StateMachineBuilder {

    @StateMachineHashable
    indirect enum State: Equatable {
        case locked(credit: Int)
        case unlocked
        case broken(oldState: State)
    }

    @StateMachineHashable
    enum Event: Equatable {
        case insertCoin(Int)
        case admitPerson
        case machineDidFail
        case machineRepairDidComplete
    }

    enum SideEffect: Equatable {
        case soundAlarm, closeDoors, openDoors
    }

    static let farePrice = 50

    static func turnstile(startingIn start: State) -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(start)
            state(.locked) {
                on(.insertCoin) { locked, insertCoin in
                    let newCredit: Int = try locked.credit() + insertCoin.value()
                    if newCredit >= farePrice {
                        return transition(to: .unlocked, emit: .openDoors)
                    } else {
                        return transition(to: .locked(credit: newCredit))
                    }
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

    @Test static func coinsAddUpUntilTheFareUnlocks() throws {
        let machine = turnstile(startingIn: .locked(credit: 0))
        try machine.transition(.insertCoin(10))
        #expect(machine.state == .locked(credit: 10))
        let open = try machine.transition(.insertCoin(40))
        #expect(machine.state == .unlocked)
        #expect(open.sideEffect == .openDoors)
    }

    @Test static func aRepairedMachineGoesBackToItsOldState() throws {
        let machine = turnstile(startingIn: .locked(credit: 20))
        try machine.transition(.machineDidFail)
        #expect(machine.state == .broken(oldState: .locked(credit: 20)))
        try machine.transition(.machineRepairDidComplete)
        #expect(machine.state == .locked(credit: 20))
    }
}
