@_spi(Tooling) import StateMachine
import Testing

/// In debug builds, the first machine made from a definition with problems prints them once on
/// standard error, so that a timer or handler that never runs does not go unnoticed when
/// `validate()` is not called (issue 37). The tests run in a debug build.
@Suite(.serialized) struct ProblemReportTests {

    /// A child machine whose `after` sends an event that no event of the parent stands for: the
    /// timer is never scheduled (R28.4).
    enum Lamp: StateMachineBuilder {
        enum State: StateMachineHashable { case off, on }
        enum Event: StateMachineHashable { case toggle, timeout }
        enum SideEffect {}

        static let definition = StateMachine<State, Event, SideEffect>.Definition {
            initialState(.off)
            state(.off) {
                after(.seconds(5), send: .timeout, line: 20)
                on(.toggle, to: .on) { transition(to: .on) }
                on(.timeout, to: .off) { dontTransition() }
            }
            state(.on) {
                on(.toggle, to: .off) { transition(to: .off) }
            }
        }
    }

    enum Room: StateMachineBuilder {
        indirect enum State: StateMachineHashable {
            case lit(Lamp.State), dark
            enum HashableIdentifier: String { case lit, dark }
        }
        enum Event: StateMachineHashable { case flip, darken }
        enum SideEffect {}

        static func definition(line: UInt) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition(line: line) {
                initialState(.lit(.off))
                state(.lit) {
                    child(Lamp.definition, in: State.lit, events: { $0 == .flip ? .toggle : nil }, sideEffects: { _ in nil }, line: 40)
                    on(.darken, to: .dark) { transition(to: .dark) }
                }
                state(.dark) {
                    on(.flip, to: .lit) { transition(to: .lit(.off)) }
                }
            }
        }
    }

    static let heading = "StateMachineTests/ProblemReportTests.swift:10: runtime warning: a machine was made from a state machine definition with 1 problem, so some of its handlers or timers may never run. `try definition.validate()` throws them, and `StateMachine(validating:)` refuses such a definition; this warning is printed once per definition, in debug builds only."
    static let timerProblem = "- StateMachineTests/ProblemReportTests.swift:20: `after(5 s, send: timeout)` in `state(off)` runs in a child machine (StateMachineTests/ProblemReportTests.swift:40), whose timers send the parent event that stands for theirs (R28.4), but no parent event stands for timeout, so the timer is never scheduled. Pass `timerEvents:` to `child(…)`, giving the parent event whose mapping is the timer's event."

    @Test func aMachineFromADefinitionWithProblemsReportsThemOnce() {
        let definition = Room.definition(line: 10)
        let printed = capturingStandardError {
            _ = StateMachine(definition: definition)
            _ = StateMachine(definition: definition)
            _ = StateMachine(definition: definition.startingIn(.dark))
        }
        let report = Self.heading + "\n" + Self.timerProblem + "\n"
        #expect(printed.contains(report))
        #expect(printed.components(separatedBy: Self.heading).count - 1 == 1)
    }

    @Test func aValidDefinitionReportsNothing() {
        let printed = capturingStandardError {
            _ = StateMachine(definition: Lamp.definition)
        }
        #expect(!printed.contains("Lamp"))
        #expect(!printed.contains("ProblemReportTests.swift:20"))
    }

    @Test func aSilencedDefinitionAndWhatWithExtendsItIntoReportNothing() {
        let definition = Room.definition(line: 11).withoutProblemReport()
        let printed = capturingStandardError {
            _ = StateMachine(definition: definition).with { Room.state(.dark) }
        }
        #expect(!printed.contains("ProblemReportTests.swift:11"))
    }
}
