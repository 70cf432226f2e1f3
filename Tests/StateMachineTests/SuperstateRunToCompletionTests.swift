import StateMachine
import Testing

/// Rule R38: in a definition that runs to completion, superstates take eventless transitions
/// (after the state's own, innermost first) and run raise and post actions where their `onEnter`
/// and `onExit` listeners run, the machine's start included.
@Suite struct SuperstateRunToCompletionTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable, Sendable { case a, b, c, d, pass, fail }
    enum Event: StateMachineHashable, Equatable, Sendable { case boot, go, hop, entered, external }
    typealias SideEffect = Never
    typealias Machine = StateMachine<State, Event, SideEffect>

    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    static func logging(_ log: Log) -> Component {
        onTransition { result in
            switch result {
            case .success(let valid): log.lines.append("\(valid.fromState) -\(valid.event)-> \(valid.toState)")
            case .failure(let invalid as Machine.Transition.Invalid): log.lines.append("\(invalid.fromState) -\(invalid.event)-> invalid")
            case .failure(let error): log.lines.append("failed: \(error)")
            }
        }
    }

    /// outer = {a, b, c}, inner = {a, b} inside it; d and pass are in none.
    static func nested(_ log: Log, runsToCompletion: Bool = true) -> Machine.Definition {
        Machine.Definition {
            initialState(.a)
            if runsToCompletion { runToCompletion(initialEvent: .boot) }
            logging(log)
            superstate("outer", containing: .a, .b, .c) {
                onEnter(raise: .entered)
                always(where: { _, event in event == .hop }) { transition(to: .d) }
            }
            superstate("inner", containing: .a, .b) {
                onExit(post: .external)
                always(where: { _, event in event == .hop }) { transition(to: .c) }
            }
            state(.a) {
                on(.go) { transition(to: .b) }
                on(.entered) { stay() }
            }
            state(.b) {
                on(.hop) { stay() }
                always(where: { _, event in event == .hop }) { transition(to: .a) }
            }
            state(.c) {}
            state(.d) {
                on(.external) { transition(to: .pass) }
            }
            finalState(.pass)
        }
    }

    @Test func theSuperstatesRaiseActionsRunAtTheStart() {
        let log = Log()
        let machine = Machine(definition: Self.nested(log))
        #expect(machine.state == .a)
        #expect(log.lines == ["a -entered-> a"])
    }

    @Test func theStatesOwnEventlessTransitionComesFirstThenTheInnermostSuperstates() throws {
        let log = Log()
        let machine = Machine(definition: Self.nested(log))
        _ = try machine.transition(.go)
        log.lines = []
        let outcome = try machine.transition(.hop)
        #expect(outcome.toState == .b)
        // b's own always (to a) before inner's and outer's; in a, inner's (to c) before outer's;
        // in c, outer's (to d). Leaving inner posted external, handled once the machine settled.
        #expect(log.lines == ["b -hop-> b", "b -hop-> a", "a -hop-> c", "c -hop-> d", "d -external-> pass"])
        #expect(machine.state == .pass)
    }

    /// The initial event is handled by no state, by design (R34), and a superstate's eventless
    /// transition is a way out of its states (c has no handler): neither is a problem.
    @Test func validatesWithoutProblems() throws {
        try Self.nested(Log()).validate()
    }

    @Test func superstateActionsAreNotRunWithoutRunToCompletion() throws {
        let log = Log()
        let machine = Machine(definition: Self.nested(log, runsToCompletion: false))
        _ = try machine.transition(.go)
        _ = try machine.transition(.hop)
        // No raise at the start, no eventless transition, nothing posted.
        #expect(log.lines == ["a -go-> b", "b -hop-> b"])
        #expect(machine.state == .b)
    }

    /// R38.3: `always(toHistoryOf:)` goes to the default while the superstate was never left,
    /// then to the state the machine left it in.
    static func resuming(_ log: Log, history: String = "inner") -> Machine.Definition {
        Machine.Definition {
            initialState(.c)
            runToCompletion(initialEvent: .boot)
            logging(log)
            superstate("inner", containing: .a, .b) {
                on(.hop) { transition(to: .c) }
            }
            state(.a) { on(.go) { transition(to: .b) } }
            state(.b) {}
            state(.c) { on(.go) { transition(to: .d) } }
            state(.d) {
                always(toHistoryOf: history, default: .a)
            }
        }
    }

    @Test func anEventlessTransitionReturnsToTheHistoryOfASuperstate() throws {
        let log = Log()
        let machine = Machine(definition: Self.resuming(log))
        _ = try machine.transition(.go)
        #expect(machine.state == .a)
        _ = try machine.transition(.go)
        _ = try machine.transition(.hop)
        log.lines = []
        _ = try machine.transition(.go)
        #expect(log.lines == ["c -go-> d", "d -go-> b"])
        #expect(machine.state == .b)
    }

    @Test func anEventlessHistoryTargetThatIsNoSuperstateIsReported() {
        #expect(throws: StateMachineTypes.DefinitionError.self) { try Self.resuming(Log(), history: "outer").validate() }
    }
}

