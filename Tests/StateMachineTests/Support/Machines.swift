import Foundation
import StateMachine

/// Tinder's matter machine (seed 004), payload-less states and events.
enum Matter: StateMachineBuilder {

    enum State: StateMachineHashable { case solid, liquid, gas }
    enum Event: StateMachineHashable { case melt, freeze, vaporize, condense }
    enum SideEffect { case logMelted, logFrozen, logVaporized, logCondensed }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
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

    static func machine(startingIn state: State = .solid) -> StateMachine<State, Event, SideEffect> {
        StateMachine(definition: definition.startingIn(state))
    }
}

/// Tinder's turnstile machine (seed 004) in the macro-free form: associated values, an
/// `indirect` case, and a one-line identifier enum.
enum TinderTurnstile: StateMachineBuilder {

    static let farePrice = 50

    indirect enum State: StateMachineHashable, Equatable, Sendable {
        case locked(credit: Int), unlocked, broken(oldState: State)
        enum HashableIdentifier: String { case locked, unlocked, broken }
    }

    enum Event: StateMachineHashable, Equatable, Sendable {
        case insertCoin(Int), admitPerson, machineDidFail, machineRepairDidComplete
        enum HashableIdentifier: String { case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete }
    }

    enum SideEffect: Equatable, Sendable { case soundAlarm, closeDoors, openDoors, orderRepair }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
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

    static func machine(startingIn state: State) -> StateMachine<State, Event, SideEffect> {
        StateMachine(definition: definition.startingIn(state))
    }
}

/// Records listener calls in order, from any thread.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var calls: [String] { lock.withLock { entries } }
}

