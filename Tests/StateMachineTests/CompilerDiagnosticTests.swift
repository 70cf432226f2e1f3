import Testing

/// What the compiler says to the DSL's usual mistakes, word for word: the messages are part of
/// the API (issue 37). Each snippet is type-checked with `swiftc` against the built module.
@Suite struct CompilerDiagnosticTests {

    @Test func aBuilderThatNamesItsSideEffectsOtherwiseIsToldWhatToWrite() throws {
        let errors = try typecheckErrors(of: """
            import StateMachine

            enum Turnstile: StateMachineBuilder {
                enum State: StateMachineHashable { case locked, unlocked }
                enum Event: StateMachineHashable { case coin, push }
                enum Command { case openDoors }

                static let definition = StateMachine<State, Event, Command>.Definition {
                    initialState(.locked)
                    state(.locked) { on(.coin) { transition(to: .unlocked) } }
                    state(.unlocked) { on(.push) { transition(to: .locked) } }
                }
            }
            """)
        #expect(errors == [
            "snippet.swift:3:6: error: type 'Turnstile' does not conform to protocol 'StateMachineBuilder'",
            "snippet.swift:3:6: error: unavailable static property '_sideEffectIsNamed' was used to satisfy a requirement of protocol 'StateMachineBuilder': this type names no SideEffect: name the side-effect type SideEffect, or write `typealias SideEffect = Command` with the name of yours (a type without side effects writes `enum SideEffect {}`)",
        ])
    }

    @Test func theTypealiasTheErrorAsksForCompiles() throws {
        let errors = try typecheckErrors(of: """
            import StateMachine

            enum Turnstile: StateMachineBuilder {
                enum State: StateMachineHashable { case locked, unlocked }
                enum Event: StateMachineHashable { case coin, push }
                enum Action { case openDoors }
                typealias SideEffect = Action

                static let definition = StateMachine<State, Event, Action>.Definition {
                    initialState(.locked)
                    state(.locked) { on(.coin) { transition(to: .unlocked, emit: .openDoors) } }
                    state(.unlocked) { on(.push) { transition(to: .locked) } }
                }
            }
            """)
        #expect(errors == [])
    }

    /// The best the compiler says here: the DSL's functions are members of builder types, and a
    /// global function of the same name could not be told the implicit `.locked` it is given.
    /// The guides say what to do (Getting started, "When the compiler complains").
    @Test func theDSLOutsideABuilderTypeIsNotInScope() throws {
        let errors = try typecheckErrors(of: """
            import StateMachine

            enum State: StateMachineHashable { case locked, unlocked }
            enum Event: StateMachineHashable { case coin }
            enum SideEffect {}

            let definition = StateMachine<State, Event, SideEffect>.Definition {
                initialState(.locked)
                state(.locked) { on(.coin) { transition(to: .unlocked) } }
            }
            """)
        #expect(errors.first == "snippet.swift:8:5: error: cannot find 'initialState' in scope")
    }
}
