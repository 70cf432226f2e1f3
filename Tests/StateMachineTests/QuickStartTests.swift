import StateMachine
import Testing

// The README's quick start, compiled and run. `scripts/check-readme` fails when the README's
// snippet and the block between the markers below differ.

// quick-start:begin
enum Turnstile: StateMachineBuilder {
    indirect enum State: StateMachineHashable, Equatable {
        case locked(credit: Int), unlocked, broken(oldState: State)
        enum HashableIdentifier: String { case locked, unlocked, broken }   // the one extra line
    }
    enum Event: StateMachineHashable, Equatable {
        case insertCoin(Int), admitPerson, machineDidFail, machineRepairDidComplete
        enum HashableIdentifier: String { case insertCoin, admitPerson, machineDidFail, machineRepairDidComplete }
    }
    enum SideEffect: Equatable { case soundAlarm, closeDoors, openDoors }

    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin) { locked, coin in
                let credit: Int = try locked.credit() + coin.value()
                return credit >= 50
                    ? transition(to: .unlocked, emit: .openDoors)
                    : transition(to: .locked(credit: credit))
            }
            on(.admitPerson) { dontTransition(emit: .soundAlarm) }
            on(.machineDidFail) { transition(to: .broken(oldState: $0)) }
        }
        state(.unlocked) {
            onEnter { _, cause in print("unlocked by \(cause)") }
            on(.admitPerson) { transition(to: .locked(credit: 0), emit: .closeDoors) }
        }
        state(.broken) {
            on(.machineRepairDidComplete) { broken in transition(to: try broken.oldState()) }
        }
    }
}

func quickStart() throws {
    let turnstile = StateMachine(definition: Turnstile.definition)
    try turnstile.transition(.insertCoin(30))              // locked(credit: 30)
    let open = try turnstile.transition(.insertCoin(20))   // prints "unlocked by insertCoin(20)"
    assert(open.sideEffect == .openDoors)

    // Kotlin-shaped results, without throwing:
    if case .invalid(let invalid) = turnstile.tryTransition(.machineRepairDidComplete) {
        print("\(invalid.event) is not handled in \(invalid.fromState)")
    }

    // The pure core: the same logic, no machine, no listeners.
    let next = Turnstile.definition.transition(from: .locked(credit: 0), on: .insertCoin(50))
    assert(next.valid?.toState == .unlocked)
}
// quick-start:end

@Suite struct QuickStartTests {
    @Test func quickStartRuns() throws {
        try quickStart()
    }
}
