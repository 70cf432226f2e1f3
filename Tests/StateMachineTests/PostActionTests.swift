import StateMachine
import Testing

/// Rule R37: post actions (`onEnter(post:)`, `onExit(post:)`) put their events on the external
/// queue, which waits until the machine has settled: no eventless transition enabled, no raised
/// event queued.
@Suite struct PostActionTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable, Sendable { case s0, s1, s2, pass, fail }
    enum Event: StateMachineHashable, Equatable, Sendable { case boot, go, raised, external, late }
    typealias SideEffect = Never
    typealias Machine = StateMachine<State, Event, SideEffect>

    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    /// W3C SCXML test 189's and 419's shape: s0 posts `external` before it raises `raised` on
    /// entry, and its eventless transition and the raised event must come first.
    static func definition(_ log: Log) -> Machine.Definition {
        Machine.Definition {
            initialState(.s0)
            runToCompletion(initialEvent: .boot)
            onTransition { result in
                if case .success(let valid) = result { log.lines.append("\(valid.fromState) -\(valid.event)-> \(valid.toState)") }
            }
            state(.s0) {
                onEnter(post: .external)
                onEnter(raise: .raised)
                on(.go) { transition(to: .s1) }
            }
            state(.s1) {
                onEnter(post: .external, .late)
                onEnter(raise: .raised)
                on(.raised) { transition(to: .s2) }
                on(.external) { transition(to: .fail) }
            }
            state(.s2) {
                onExit(post: .late)
                on(.external) { transition(to: .pass) }
                on(.raised) { transition(to: .fail) }
            }
            state(.pass) {
                on(.late) { stay() }
            }
            state(.fail) {}
        }
    }

    @Test func postedEventsWaitForTheRaisedOnesAndComeInOrder() throws {
        let log = Log()
        let machine = Machine(definition: Self.definition(log))
        // At the start: raised and external are invalid in s0; both are handled before the
        // machine is returned.
        #expect(machine.state == .s0)
        #expect(log.lines.isEmpty)
        let outcome = try machine.transition(.go)
        // The call returns its own event's outcome; the queues are processed inside it.
        #expect(outcome.toState == .s1)
        #expect(machine.state == .pass)
        #expect(log.lines == [
            "s0 -go-> s1", "s1 -raised-> s2", "s2 -external-> pass",
            "pass -late-> pass", "pass -late-> pass",
        ])
    }
}

/// The example of the "Running to completion" article, as written there.
@Suite struct RunToCompletionGuideTests: StateMachineBuilder {
    enum State: StateMachineHashable { case idle, connecting, dialing, connected, failed }
    enum Event: StateMachineHashable { case boot, connect, dial, wait, answered, timeout }
    typealias SideEffect = Never

    static var definition: StateMachine<State, Event, Never>.Definition {
        StateMachine<State, Event, Never>.Definition {
            initialState(.idle)
            runToCompletion(initialEvent: .boot)
            state(.idle) {
                on(.connect) { transition(to: .connecting) }
            }
            state(.connecting) {
                onEnter(raise: .dial)
                onEnter(post: .timeout)
                on(.dial) { transition(to: .dialing) }
            }
            state(.dialing) {
                always { transition(to: .connected) }
                on(.timeout) { transition(to: .failed) }
            }
            state(.connected) {
                on(.timeout) { dontTransition() }
            }
            state(.failed) {}
        }
    }

    @Test func theArticlesMachineEndsConnected() throws {
        let machine = StateMachine(definition: Self.definition)
        let outcome = try machine.transition(.connect)
        #expect(outcome.fromState == .idle && outcome.toState == .connecting)
        #expect(machine.state == .connected)
    }
}

/// The superstate example of the "Running to completion" article, as written there (R38).
@Suite struct RunToCompletionSuperstateGuideTests: StateMachineBuilder {
    enum Call: StateMachineHashable { case dialing, ringing, gaveUp, talking }
    enum CallEvent: StateMachineHashable { case boot, ring, answer, cancel, hangUp }
    typealias State = Call
    typealias Event = CallEvent
    typealias SideEffect = Never

    static var call: StateMachine<Call, CallEvent, Never>.Definition {
        StateMachine<Call, CallEvent, Never>.Definition {
            initialState(.dialing)
            runToCompletion(initialEvent: .boot)
            superstate("trying", containing: .dialing, .ringing) {
                onExit(raise: .hangUp)
                always(where: { _, event in event == .cancel }) { transition(to: .gaveUp) }
            }
            state(.dialing) {
                on(.ring) { transition(to: .ringing) }
                on(.cancel) { dontTransition() }
            }
            state(.ringing) {
                on(.answer) { transition(to: .talking) }
            }
            state(.gaveUp) {}
            state(.talking) {
                on(.hangUp) { transition(to: .gaveUp) }
            }
        }
    }

    @Test func answeringLeavesTryingWhichRaisesHangUp() throws {
        let machine = StateMachine(definition: Self.call)
        try machine.transition(.ring)
        let outcome = try machine.transition(.answer)
        #expect(outcome.fromState == .ringing && outcome.toState == .talking)
        #expect(machine.state == .gaveUp)
    }

    @Test func cancellingInDialingTakesTryingsEventlessTransition() throws {
        let machine = StateMachine(definition: Self.call)
        try machine.transition(.cancel)
        #expect(machine.state == .gaveUp)
    }
}
