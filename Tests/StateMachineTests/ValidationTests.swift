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
            The state machine definition has 3 problems:
            - StateMachineTests/ValidationTests.swift:10: the initial state gas has no state definition, so its first event fails: add `state(gas) { … }`.
            - StateMachineTests/ValidationTests.swift:12: this `on(melt)` handler in `state(solid)` is never used: the one at StateMachineTests/ValidationTests.swift:11 handles every such event first. Remove one of them, or give the earlier one a `where:` predicate.
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
}
