import StateMachine
import Testing

/// Listeners get Tinder's `Transition.Result`; `tryTransition` returns a `Transition`;
/// `Transition(result)` gives a listener the three cases apart (issue 37). The examples of
/// Getting started's "Describe the transitions" and "Listen", compiled and run.
@Suite struct ResultTypeTests: StateMachineBuilder {

    typealias State = Turnstile.State
    typealias Event = Turnstile.Event
    typealias SideEffect = Turnstile.SideEffect
    typealias Transition = StateMachine<State, Event, SideEffect>.Transition

    struct Failure: Error, CustomStringConvertible { var description: String { "jammed" } }

    /// Getting started's four handler shapes, and a handler that throws.
    static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.locked(credit: 0))
        state(.locked) {
            on(.insertCoin, where: { try $0.value() >= 50 }) { transition(to: .unlocked) }
            on(.insertCoin, where: { try $0.value() < 0 }) { locked in transition(to: locked) }
            on(.insertCoin, where: { try $0.value() > 0 }) { locked, coin in transition(to: .locked(credit: try coin.value())) }
            on(.insertCoin) { dontTransition() }
            on(.machineDidFail) { throw Failure() }
        }
        state(.unlocked) {}
    }

    @Test static func aListenersResultGivesWhatTryTransitionReturned() {
        let machine = StateMachine(definition: definition)
        var seen: [Transition] = []
        let token = machine.observe { result in seen.append(Transition(result)) }
        let returned = [
            machine.tryTransition(.insertCoin(20)),
            machine.tryTransition(.admitPerson),
            machine.tryTransition(.machineDidFail),
            machine.tryTransition(.insertCoin(50)),
        ]
        token.cancel()
        #expect(seen == returned)
        #expect(returned[0].valid?.toState == .locked(credit: 20))
        #expect(returned[1].invalid?.event == .admitPerson)
        #expect(returned[2].error.map { "\($0)" } == "jammed")
        #expect(returned[3].valid?.toState == .unlocked)
        #expect(returned.map { Transition($0.result) } == returned)
    }

    @Test static func theShapesOfGettingStartedPickTheirHandlers() {
        #expect(definition.transition(from: .locked(credit: 0), on: .insertCoin(0)).valid?.toState == .locked(credit: 0))
        #expect(definition.transition(from: .locked(credit: 7), on: .insertCoin(-1)).valid?.toState == .locked(credit: 7))
    }
}
