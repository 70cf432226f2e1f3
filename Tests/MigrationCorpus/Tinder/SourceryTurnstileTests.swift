import StateMachine
import Testing

/// Tinder's pre-5.9 way: adopt `AutoStateMachineHashable` and let Sourcery generate the
/// conformance (see SourceryTurnstile.generated.swift).
@Suite struct SourceryTurnstileTests: StateMachineBuilder {

    indirect enum State: AutoStateMachineHashable, Equatable {
        case locked(credit: Int)
        case unlocked
        case broken(oldState: State)
    }

    enum Event: Equatable, AutoStateMachineHashable, StateMachineHashable {
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

    @Test static func theFareUnlocksAndAPersonLocksAgain() throws {
        let machine = turnstile()
        try machine.transition(.insertCoin(50))
        #expect(machine.state == .unlocked)
        let closed = try machine.transition(.admitPerson)
        #expect(closed.sideEffect == .closeDoors)
        #expect(machine.state == .locked(credit: 0))
    }

    @Test static func aBrokenMachineRemembersItsCredit() throws {
        let machine = turnstile()
        try machine.transition(.insertCoin(20))
        try machine.transition(.machineDidFail)
        try machine.transition(.machineRepairDidComplete)
        #expect(machine.state == .locked(credit: 20))
    }
}
