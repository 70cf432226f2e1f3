import StateMachine
import Testing

/// `validate()` says which checks it could not make and why, and reports an event that no state
/// handles at the definition, with the case to handle or remove (issue 37).
@Suite struct SkippedChecksTests: StateMachineBuilder {

    enum State: StateMachineHashable { case locked, unlocked, broken }
    enum Event: StateMachineHashable { case coin, push, fix, kick }
    enum SideEffect {}

    /// An SMC-style table with three mistakes: a shadowed handler, an event no state handles,
    /// and a state no transition reaches, which only declared targets could show.
    static let table = StateMachine<State, Event, SideEffect>.Definition(line: 100) {
        initialState(.locked)
        state(.locked, line: 101) {
            on(.coin, line: 102) { transition(to: .unlocked) }
            on(.coin, line: 103) { dontTransition() }
        }
        state(.unlocked, line: 104) {
            on(.push, line: 105) { transition(to: .locked) }
        }
        state(.broken, line: 106) {
            on(.fix, line: 107) { transition(to: .locked) }
        }
    }

    @Test static func reachabilityNotCheckedIsReportedWithTheHandlersThatTurnedItOff() {
        #expect(description(table) == """
            The state machine definition has 2 problems:
            - StateMachineTests/SkippedChecksTests.swift:100: the event kick is never handled: no state has an `on(kick)` handler, so sending it is always invalid. Add `on(.kick) { … }` to the state that should accept it, or remove `case kick` from SkippedChecksTests.Event.
            - StateMachineTests/SkippedChecksTests.swift:103: this `on(coin)` handler in `state(locked)` is never used: the one at StateMachineTests/SkippedChecksTests.swift:102 handles every such event first. Remove one of them, or give the earlier one a `where:` predicate.
            Not checked:
            - StateMachineTests/SkippedChecksTests.swift:100: not checked: whether every state is reached from the initial state locked, because these handlers declare no targets (`to:`), so they may lead anywhere: `on(coin)` in `state(locked)` at line 102, `on(coin)` in `state(locked)` at line 103. Declare their targets with `to:` to have it checked.
            """)
    }

    @Test static func withDeclaredTargetsTheThirdMistakeIsFoundAndNothingIsSkipped() {
        let declared = StateMachine<State, Event, SideEffect>.Definition(line: 100) {
            initialState(.locked)
            state(.locked, line: 101) {
                on(.coin, to: .unlocked, line: 102) { transition(to: .unlocked) }
                on(.kick, to: .locked, line: 103) { dontTransition() }
            }
            state(.unlocked, line: 104) {
                on(.push, to: .locked, line: 105) { transition(to: .locked) }
            }
            state(.broken, line: 106) {
                on(.fix, to: .locked, line: 107) { transition(to: .locked) }
            }
        }
        #expect(declared.skippedChecks.isEmpty)
        #expect(description(declared) == """
            The state machine definition has 1 problem:
            - StateMachineTests/SkippedChecksTests.swift:106: `state(broken)` is never reached: no declared transition leads to it from the initial state locked. Remove it, or add broken to the `to:` list of a handler that goes there.
            """)
    }

    @Test static func aValidDefinitionStillSaysWhatWasNotChecked() throws {
        let definition = StateMachine<State, Event, SideEffect>.Definition(line: 200) {
            initialState(.locked)
            state(.locked) {
                on(.coin, to: .unlocked, line: 202) { transition(to: .unlocked) }
                on(.kick, line: 203) { dontTransition() }
            }
            state(.unlocked) {
                on(.push, to: .locked) { transition(to: .locked) }
                on(.fix, to: .locked) { transition(to: .locked) }
            }
            state(.broken) {
                on(.fix, to: .locked) { transition(to: .locked) }
            }
        }
        try definition.validate()
        #expect(definition.skippedChecks.map(\.description) == [
            "StateMachineTests/SkippedChecksTests.swift:200: not checked: whether every state is reached from the initial state locked, because these handlers declare no targets (`to:`), so they may lead anywhere: `on(kick)` in `state(locked)` at line 203. Declare their targets with `to:` to have it checked.",
        ])
    }

    @Test static func eventsThatCannotBeListedAreSaidToBeNotChecked() {
        #expect(Plain.definition.skippedChecks.map(\.description) == [
            "StateMachineTests/SkippedChecksTests.swift:300: not checked: whether every event is handled, because the cases of SkippedChecksTests.Plain.Event cannot be listed: it is not an enum that is its own `HashableIdentifier`, or whose `HashableIdentifier` is a `String` enum named after its cases.",
        ])
    }

    /// An `Event` that is a struct: its values cannot be enumerated.
    enum Plain: StateMachineBuilder {
        enum State: StateMachineHashable { case idle }
        struct Event: StateMachineHashable, Hashable { let name: String }
        enum SideEffect {}

        static let definition = StateMachine<State, Event, SideEffect>.Definition(line: 300) {
            initialState(.idle)
            state(.idle) {
                on(Event(name: "ping"), to: .idle) { dontTransition() }
            }
        }
    }

    private static func description<S, E, F>(_ definition: StateMachineTypes.Definition<S, E, F>) -> String? {
        do {
            try definition.validate()
            return nil
        } catch {
            return error.description
        }
    }
}
