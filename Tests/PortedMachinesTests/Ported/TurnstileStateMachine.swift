// Ported from TurnstileStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum TurnstileStateMachine: StateMachineBuilder {

    static let FARE_PRICE = 50

    indirect enum State: StateMachineHashable, Codable, Equatable {
        case locked(credit: Int)
        case unlocked
        case broken(oldState: State)

        enum HashableIdentifier: String { case locked, unlocked, broken }
    }

    enum Event: StateMachineHashable, Codable, Equatable {
        case insertCoin(value: Int)
        case admitPerson
        case machineDidFail
        case machineRepairDidComplete

        enum HashableIdentifier: String { case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete }
    }

    enum SideEffect: Codable, Equatable {
        case soundAlarm
        case closeDoors
        case openDoors
        case orderRepair
    }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { state, event in
                guard case let .locked(credit) = state else { preconditionFailure() }
                guard case let .insertCoin(value) = event else { preconditionFailure() }
                let newCredit = credit + value
                if newCredit >= FARE_PRICE {
                    return transition(to: .unlocked, emit: .openDoors)
                } else {
                    return transition(to: .locked(credit: newCredit))
                }
            }
            on(.admitPerson) { dontTransition(emit: .soundAlarm) }
            on(.machineDidFail) { state in transition(to: .broken(oldState: state), emit: .orderRepair) }
        }
        state(.unlocked) {
            on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
        }
        state(.broken) {
            on(.machineRepairDidComplete) { state in
                guard case let .broken(oldState) = state else { preconditionFailure() }
                return transition(to: oldState)
            }
        }
    }
}
