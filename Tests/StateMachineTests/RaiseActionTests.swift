import StateMachine
import Testing

/// Rule R36: raise actions (`onEnter(raise:)`, `onExit(raise:)`) queue their events where the
/// definition's listeners run, the machine's start included (R34).
@Suite struct RaiseActionTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable, Sendable { case s0, s1, pass, fail }
    enum Event: StateMachineHashable, Equatable, Sendable { case boot, foo, bar, other }
    typealias SideEffect = Never
    typealias Machine = StateMachine<State, Event, SideEffect>

    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    /// W3C SCXML test 144's shape: s0 raises foo then bar on entry; foo leads to s1 and bar from
    /// s1 to pass, any other order to fail.
    static func definition(_ log: Log, runsToCompletion: Bool = true) -> Machine.Definition {
        Machine.Definition {
            initialState(.s0)
            if runsToCompletion { runToCompletion(initialEvent: .boot) }
            onTransition { result in
                if case .success(let valid) = result { log.lines.append("\(valid.fromState) -\(valid.event)-> \(valid.toState)") }
            }
            state(.s0) {
                onEnter { _, event in log.lines.append("enter s0 by \(event)") }
                onEnter(raise: .foo, .bar)
                onEnter { _, _ in log.lines.append("after the raise action") }
                on(.foo) { transition(to: .s1) }
                on(.bar) { transition(to: .fail) }
            }
            state(.s1) {
                onExit(raise: .other)
                on(.bar) { transition(to: .pass) }
                on(.foo) { transition(to: .fail) }
            }
            state(.pass) {
                on(.other) { stay() }
            }
            state(.fail) {}
        }
    }

    @Test func theStartsRaisedEventsAreHandledBeforeTheMachineIsReturned() {
        let log = Log()
        let machine = Machine(definition: Self.definition(log))
        #expect(machine.state == .pass)
        #expect(log.lines == [
            "enter s0 by boot", "after the raise action",
            "s0 -foo-> s1", "s1 -bar-> pass", "pass -other-> pass",
        ])
    }

    @Test func aDefinitionThatDoesNotRunToCompletionRunsNoRaiseAction() throws {
        let log = Log()
        let machine = Machine(definition: Self.definition(log, runsToCompletion: false))
        #expect(machine.state == .s0)
        try machine.transition(.foo)
        #expect(machine.state == .s1)
        try machine.transition(.bar)
        #expect(machine.state == .pass)
        #expect(log.lines == ["s0 -foo-> s1", "s1 -bar-> pass"])
    }

    @Test func raisedEventsGoToTheMachineWhoseStepRaisesThem() throws {
        // A listener of one machine sends an event to another of the same types: the other's
        // raise action queues on the other, not on the machine whose listener sent it.
        let outerLog = Log(), innerLog = Log()
        let inner = Machine(definition: Self.definition(innerLog))
        #expect(inner.state == .pass)
        let outer = Machine(definition: Self.outer(outerLog, innerLog))
        try outer.transition(.foo)
        #expect(outer.state == .s1)
        #expect(outerLog.lines == ["inner is pass"])
    }

    /// A machine whose entry into s1 makes a machine of `definition(_:)`.
    static func outer(_ outerLog: Log, _ innerLog: Log) -> Machine.Definition {
        Machine.Definition {
            initialState(.s0)
            runToCompletion(initialEvent: .boot)
            state(.s0) {
                on(.foo) { transition(to: .s1) }
            }
            state(.s1) {
                onEnter { _, _ in
                    let other = Machine(definition: definition(innerLog))
                    outerLog.lines.append("inner is \(other.state)")
                }
                on(.bar) { transition(to: .pass) }
            }
            state(.pass) {}
        }
    }
}
