import Foundation
import StateMachine
import Testing

/// R17: a machine restored in a saved state starts there and runs no listener.
@Suite struct RestoreTests: StateMachineBuilder {

    typealias State = Matter.State
    typealias Event = Matter.Event
    typealias SideEffect = Matter.SideEffect

    /// A turnstile whose types are `Codable`, saved the way an application saves it.
    enum Turnstile: StateMachineBuilder {
        enum State: StateMachineHashable, Codable, Equatable {
            case locked(credit: Int), unlocked
            enum HashableIdentifier: String { case locked, unlocked }
        }
        enum Event: StateMachineHashable, Codable, Equatable {
            case insertCoin(Int), admitPerson
            enum HashableIdentifier: String { case insertCoin, admitPerson }
        }
        enum SideEffect: Equatable { case openDoors }

        static func definition(log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.locked(credit: 0))
                onTransition { result in log.lines.append("onTransition \((try? result.get()).map { "\($0.toState)" } ?? "failure")") }
                state(.locked) {
                    onEnter { state, _ in log.lines.append("onEnter \(state)") }
                    onExit { state, _ in log.lines.append("onExit \(state)") }
                    on(.insertCoin) { locked, coin in
                        let credit: Int = try locked.credit() + coin.value()
                        return credit >= 50 ? transition(to: .unlocked, emit: .openDoors) : transition(to: .locked(credit: credit))
                    }
                }
                state(.unlocked) {
                    onEnter { state, _ in log.lines.append("onEnter \(state)") }
                    on(.admitPerson) { transition(to: .locked(credit: 0)) }
                }
            }
        }
    }

    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    @Test static func savedStateIsRestoredWithoutListenersAndTheNextEventRunsFromIt() throws {
        let log = Log()
        let definition = Turnstile.definition(log: log)
        let machine = StateMachine(definition: definition)
        try machine.transition(.insertCoin(30))
        let saved = try JSONEncoder().encode(machine.state)
        log.lines = []

        let restored = StateMachine(definition: definition, restoring: try JSONDecoder().decode(Turnstile.State.self, from: saved))
        #expect(restored.state == .locked(credit: 30))
        #expect(log.lines.isEmpty)

        let valid = try restored.transition(.insertCoin(20))
        #expect(valid.toState == .unlocked)
        #expect(log.lines == ["onTransition unlocked", "onExit locked(credit: 30)", "onEnter unlocked"])
        #expect(machine.state == .locked(credit: 30))
    }

    @Test static func restoredStateWithoutDefinitionFailsTheNextEvent() {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.solid)
            state(.solid) {}
        }
        let restored = StateMachine(definition: definition, restoring: .gas)
        #expect(restored.tryTransition(.condense).error.map { "\($0)" } == "No state definition matches state gas: add `state(...) { }` for it to the machine definition.")
        #expect(restored.state == .gas)
    }
}
