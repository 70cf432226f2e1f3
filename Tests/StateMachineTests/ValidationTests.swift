import StateMachine
import Testing

/// Seed 003: mistakes the compiler cannot see are reported when the definition is built,
/// all at once, each with its location and what to change.
@Suite struct ValidationTests: StateMachineBuilder {

    typealias State = Matter.State
    typealias Event = Matter.Event
    typealias SideEffect = Matter.SideEffect

    @Test static func validDefinitionPasses() throws {
        try Matter.definition.validate()
    }

    @Test static func everyProblemIsReportedWithLocationAndFix() {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.gas)
            state(.solid, line: 10) {
                on(.melt, line: 11) { transition(to: .liquid) }
                on(.melt, line: 12) { transition(to: .gas) }
            }
            state(.solid, line: 20) {
                on(.melt) { transition(to: .liquid) }
            }
        }
        #expect(throws: StateMachineTypes.DefinitionError.self) { try definition.validate() }
        do {
            try definition.validate()
        } catch {
            #expect(error.description == """
            The state machine definition has 7 problems:
            - StateMachineTests/ValidationTests.swift:10: `state(solid)` is never reached: no declared transition leads to it from the initial state gas. Remove it, or add solid to the `to:` list of a handler that goes there.
            - StateMachineTests/ValidationTests.swift:10: the initial state gas has no state definition, so its first event fails: add `state(gas) { … }`.
            - StateMachineTests/ValidationTests.swift:12: this `on(melt)` handler in `state(solid)` is never used: the one at StateMachineTests/ValidationTests.swift:11 handles every such event first. Remove one of them, or give the earlier one a `where:` predicate.
            - StateMachineTests/ValidationTests.swift:17: the event condense is never handled: no state has an `on(condense)` handler, so sending it is always invalid. Add `on(.condense) { … }` to the state that should accept it, or remove `case condense` from Matter.Event.
            - StateMachineTests/ValidationTests.swift:17: the event freeze is never handled: no state has an `on(freeze)` handler, so sending it is always invalid. Add `on(.freeze) { … }` to the state that should accept it, or remove `case freeze` from Matter.Event.
            - StateMachineTests/ValidationTests.swift:17: the event vaporize is never handled: no state has an `on(vaporize)` handler, so sending it is always invalid. Add `on(.vaporize) { … }` to the state that should accept it, or remove `case vaporize` from Matter.Event.
            - StateMachineTests/ValidationTests.swift:20: this `state(solid)` definition is never used: the one at StateMachineTests/ValidationTests.swift:10 matches every such state first. Merge the two blocks, or give the earlier one a `where:` predicate.
            """)
        }
    }

    @Test static func predicatesDoNotCountAsShadowing() throws {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.solid)
            state(.solid, where: { _ in false }) {
                on(.melt) { transition(to: .gas) }
            }
            state(.solid) {
                on(.melt, where: { _ in true }) { _, _ in transition(to: .liquid) }
                on(.melt) { transition(to: .gas) }
                on(.freeze) { dontTransition() }
                on(.vaporize) { dontTransition() }
                on(.condense) { dontTransition() }
            }
        }
        try definition.validate()
    }

    @Test static func validatingInitializerThrowsForBadDefinitions() {
        #expect(throws: StateMachineTypes.DefinitionError.self) {
            try StateMachine(validating: .init {
                initialState(.gas)
                state(.solid) {}
            })
        }
    }

    // MARK: - Declared targets and final states

    @Test static func graphProblemsAreReportedAllAtOnceWithLocations() {
        let definition = Vending.withEveryGraphProblem
        #expect(problems(definition) == """
            The state machine definition has 7 problems:
            - StateMachineTests/ValidationTests.swift:11: this `on(coin)` handler in `state(idle)` declares the target serving, which has no state definition, so every event fails there. Add `state(serving) { … }`, or `finalState(serving)` if the machine may end there.
            - StateMachineTests/ValidationTests.swift:20: `state(paying)` has no way out: its handlers declare no target but paying, and it is not a final state. Add a handler that leaves it, or write `finalState(paying)` if the machine may end there.
            - StateMachineTests/ValidationTests.swift:30: `state(retired)` has no way out: it handles no event, and it is not a final state. Add a handler that leaves it, or write `finalState(retired)` if the machine may end there.
            - StateMachineTests/ValidationTests.swift:30: `state(retired)` is never reached: no declared transition leads to it from the initial state idle. Remove it, or add retired to the `to:` list of a handler that goes there.
            - StateMachineTests/ValidationTests.swift:155: the event refund is never handled: no state has an `on(refund)` handler, so sending it is always invalid. Add `on(.refund) { … }` to the state that should accept it, or remove `case refund` from Vending.Event.
            - StateMachineTests/ValidationTests.swift:155: the event retire is never handled: no state has an `on(retire)` handler, so sending it is always invalid. Add `on(.retire) { … }` to the state that should accept it, or remove `case retire` from Vending.Event.
            - StateMachineTests/ValidationTests.swift:155: the event served is never handled: no state has an `on(served)` handler, so sending it is always invalid. Add `on(.served) { … }` to the state that should accept it, or remove `case served` from Vending.Event.
            """)
    }

    @Test static func anUndeclaredHandlerInAReachableStateTurnsOffReachability() {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.solid)
            state(.solid, line: 10) {
                on(.melt, to: .liquid) { transition(to: .liquid) }
                on(.freeze) { transition(to: .liquid) }
            }
            state(.liquid) {
                on(.vaporize, to: .solid) { transition(to: .solid) }
            }
            state(.gas, line: 30) {
                on(.condense, to: .liquid) { transition(to: .liquid) }
            }
        }
        #expect(problems(definition) == nil)
    }

    @Test static func anUndeclaredHandlerInAnUnreachableStateDoesNot() {
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.solid)
            state(.solid) {
                on(.melt, to: .liquid) { transition(to: .liquid) }
            }
            state(.liquid) {
                on(.freeze, to: .solid) { transition(to: .solid) }
            }
            state(.gas, line: 30) {
                on(.vaporize) { transition(to: .liquid) }
                on(.condense) { transition(to: .liquid) }
            }
        }
        #expect(problems(definition) == """
            The state machine definition has 1 problem:
            - StateMachineTests/ValidationTests.swift:30: `state(gas)` is never reached: no declared transition leads to it from the initial state solid. Remove it, or add gas to the `to:` list of a handler that goes there.
            """)
    }

    @Test static func aFinalStateMayHaveNoWayOut() throws {
        try Vending.definition.validate()
        let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.solid)
            state(.solid) {
                on(.melt, to: .liquid) { transition(to: .liquid) }
                on(.freeze, to: .gas) { transition(to: .gas) }
                on(.vaporize, to: .solid) { dontTransition() }
                on(.condense, to: .solid) { dontTransition() }
            }
            finalState(.liquid)
            finalState(.gas) {
                onEnter { _, _ in }
            }
        }
        try definition.validate()
        #expect(definition.transition(from: .liquid, on: .melt).invalid != nil)
    }

    private static func problems<S, E, Effect>(_ definition: StateMachineTypes.Definition<S, E, Effect>) -> String? {
        do {
            try definition.validate()
            return nil
        } catch {
            return error.description
        }
    }
}

private extension Vending {

    /// A definition with one of each problem only declared targets show.
    static let withEveryGraphProblem = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.idle)
        state(.idle, line: 10) {
            on(.coin, to: .paying, .serving, line: 11) { transition(to: .paying(credit: 0)) }
        }
        state(.paying, line: 20) {
            on(.select, to: .paying, line: 21) { dontTransition() }
        }
        state(.retired, line: 30) {}
    }
}
