import StateMachine
import Testing

/// Rules R32–R34: a definition that runs to completion queues raised events, takes eventless
/// transitions until none is enabled (within the bound), and enters its initial state.
@Suite struct RunToCompletionTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable, Sendable {
        case idle, a, b, c, counting(Int), done, ping, pong
        enum HashableIdentifier: String { case idle, a, b, c, counting, done, ping, pong }
    }
    enum Event: StateMachineHashable, Equatable, Sendable { case start, x, y, tick, fail, boot }
    enum SideEffect: Equatable, Sendable { case reached }
    typealias Machine = StateMachine<State, Event, SideEffect>

    /// What the listeners saw, in order; and the machine they raise events on.
    final class Log: @unchecked Sendable {
        var lines: [String] = []
        weak var machine: Machine?
        func raise(_ event: Event) {
            let outcome = machine?.raise(event)
            lines.append("raise \(event) -> \(outcome.map { "\($0)" } ?? "queued")")
        }
    }

    static func listened(_ log: Log) -> Component {
        onTransition { result in
            switch result {
            case .success(let valid): log.lines.append("transition \(valid.fromState) -\(valid.event)-> \(valid.toState)")
            case .failure(let error): log.lines.append("failure \(error)")
            }
        }
    }

    static func raising(_ log: Log, runsToCompletion: Bool = true) -> Machine.Definition {
        Machine.Definition {
            initialState(.idle)
            if runsToCompletion { runToCompletion(initialEvent: .boot) }
            listened(log)
            state(.idle) {
                on(.start) { transition(to: .a) }
                onExit { state, _ in log.lines.append("exit \(state)") }
            }
            state(.a) {
                onEnter { state, event in
                    log.lines.append("enter \(state) by \(event)")
                    log.raise(.x)
                    log.raise(.y)
                }
                onExit { state, _ in log.lines.append("exit \(state)") }
                on(.x) { transition(to: .b) }
            }
            state(.b) {
                onEnter { state, event in log.lines.append("enter \(state) by \(event)") }
                on(.y) { transition(to: .c) }
                on(.fail) { throw Failure.refused }
            }
            state(.c) {
                onEnter { state, event in log.lines.append("enter \(state) by \(event)") }
            }
        }
    }

    enum Failure: Error { case refused }

    @Test static func raisedEventsRunAfterTheStepInOrderBeforeTheCallReturns() throws {
        let log = Log()
        let machine = Machine(definition: raising(log))
        log.machine = machine
        let valid = try machine.transition(.start)
        // The call returns its own event's transition; the state is the one after the queue.
        #expect(valid.toState == .a)
        #expect(machine.state == .c)
        #expect(log.lines == [
            "transition idle -start-> a", "exit idle", "enter a by start",
            "raise x -> queued", "raise y -> queued",
            "transition a -x-> b", "exit a", "enter b by x",
            "transition b -y-> c", "enter c by y",
        ])
    }

    @Test static func withoutRunToCompletionRaiseIsTryTransitionAndRecursionIsRefused() throws {
        let log = Log()
        let machine = Machine(definition: raising(log, runsToCompletion: false))
        log.machine = machine
        try machine.transition(.start)
        #expect(machine.state == .a)
        #expect(log.lines.suffix(2) == ["raise x -> failed(Recursion detected: a transition was started from inside this machine's own handler or listener; send the event after the current transition returns.)", "raise y -> failed(Recursion detected: a transition was started from inside this machine's own handler or listener; send the event after the current transition returns.)"])
    }

    @Test static func transitionFromAListenerIsStillRecursionWhenRunningToCompletion() throws {
        let box = Log()
        var inner: Machine.Transition?
        let machine = Machine {
            initialState(.idle)
            runToCompletion(initialEvent: .boot)
            state(.idle) { on(.start) { transition(to: .a) } }
            state(.a) {
                onEnter { _, _ in inner = box.machine?.tryTransition(.x) }
                on(.x) { transition(to: .b) }
            }
            state(.b) {}
        }
        box.machine = machine
        try machine.transition(.start)
        #expect(inner?.error as? Machine.StateMachineError == .recursionDetected)
        #expect(machine.state == .a)
    }

    @Test static func raiseOutsideAStepIsTryTransition() {
        let log = Log()
        let machine = Machine(definition: raising(log))
        log.machine = machine
        let outcome = machine.raise(.start)
        #expect(outcome?.valid?.toState == .a)
        #expect(machine.state == .c)
    }

    @Test static func aFailingQueuedEventIsReportedAndTheQueueGoesOn() throws {
        let log = Log()
        let machine = Machine {
            initialState(.idle)
            runToCompletion(initialEvent: .boot)
            listened(log)
            state(.idle) { on(.start) { transition(to: .b) } }
            state(.b) {
                onEnter { _, _ in
                    log.raise(.fail)
                    log.raise(.y)
                }
                on(.y) { transition(to: .c) }
                on(.fail) { throw Failure.refused }
            }
            state(.c) {}
        }
        log.machine = machine
        try machine.transition(.start)
        #expect(machine.state == .c)
        #expect(log.lines == [
            "transition idle -start-> b", "raise fail -> queued", "raise y -> queued",
            "failure refused", "transition b -y-> c",
        ])
    }

    static func counting(_ log: Log) -> Machine.Definition {
        Machine.Definition {
            initialState(.counting(0))
            runToCompletion(initialEvent: .boot)
            listened(log)
            state(.counting) {
                on(.tick) { state in
                    guard case .counting(let count) = state else { return dontTransition() }
                    return transition(to: .counting(count + 1))
                }
                always(where: { state, _ in state == .counting(3) }) { transition(to: .a, emit: .reached) }
            }
            state(.a) {
                always { transition(to: .b) }
            }
            state(.b) {
                onEnter { state, event in log.lines.append("enter \(state) by \(event)") }
                on(.x) { transition(to: .c) }
            }
            state(.c) {}
        }
    }

    @Test static func eventlessTransitionsRunUntilNoneIsEnabledWithTheStepsEvent() throws {
        let log = Log()
        let machine = Machine(definition: counting(log))
        try machine.transition(.tick)
        try machine.transition(.tick)
        #expect(machine.state == .counting(2))
        let third = try machine.transition(.tick)
        #expect(third.toState == .counting(3))
        #expect(machine.state == .b)
        #expect(log.lines == [
            "transition counting(0) -tick-> counting(1)", "transition counting(1) -tick-> counting(2)",
            "transition counting(2) -tick-> counting(3)",
            "transition counting(3) -tick-> a", "transition a -tick-> b", "enter b by tick",
        ])
    }

    @Test static func aLivelockStopsAtTheBoundWithAnError() {
        let log = Log()
        let machine = Machine {
            initialState(.idle)
            runToCompletion(initialEvent: .boot)
            listened(log)
            state(.idle) { on(.start) { transition(to: .ping) } }
            state(.ping) { always { transition(to: .pong) } }
            state(.pong) { always { transition(to: .ping) } }
        }
        let outcome = machine.tryTransition(.start)
        let livelock = outcome.error as? Machine.LivelockError
        #expect(livelock?.limit == 1_000)
        // 1 step of its own, then 1,000 eventless steps: an even number, back in ping.
        #expect(livelock?.state == .ping)
        #expect(machine.state == .ping)
        #expect(log.lines.count == 1 + 1_000 + 1)
        #expect(log.lines.last?.hasPrefix("failure The machine took 1000 steps") == true)
    }

    /// R35 with R33: a targetless `always` is enabled again after each of its own steps (nothing changed), so it
    /// livelocks as a cycle of two states does, and the bound stops it in the state it never left.
    @Test static func aTargetlessAlwaysIsALivelockTheBoundStops() {
        let log = Log()
        let machine = Machine {
            initialState(.idle)
            runToCompletion(initialEvent: .boot)
            listened(log)
            state(.idle) { on(.start) { transition(to: .ping) } }
            state(.ping) { always { stay(emit: .reached) } }
        }
        let outcome = machine.tryTransition(.start)
        let livelock = outcome.error as? Machine.LivelockError
        #expect(livelock?.limit == 1_000)
        #expect(livelock?.state == .ping)
        #expect(machine.state == .ping)
        #expect(log.lines.count == 1 + 1_000 + 1)
        #expect(log.lines.dropFirst().first == "transition ping -start-> ping")
    }

    @Test static func theInitialStateIsEnteredWhenTheMachineIsMade() {
        let log = Log()
        let machine = Machine {
            initialState(.a)
            runToCompletion(initialEvent: .boot)
            listened(log)
            superstate("group", containing: .a, .b) {
                onEnter { state, event in log.lines.append("enter superstate by \(event) in \(state)") }
            }
            state(.a) {
                onEnter { state, event in log.lines.append("enter \(state) by \(event)") }
                always(where: { _, event in event == .boot }) { transition(to: .b) }
            }
            state(.b) {
                onEnter { state, event in log.lines.append("enter \(state) by \(event)") }
            }
        }
        // Superstate first, then the state; no onTransition for the entry itself; then the
        // eventless transition the initial event enables, before the machine is returned.
        #expect(log.lines == ["enter superstate by boot in a", "enter a by boot", "transition a -boot-> b", "enter b by boot"])
        #expect(machine.state == .b)
    }

    @Test static func aRestoredMachineEntersNothing() {
        let log = Log()
        let definition = counting(log)
        let machine = Machine(definition: definition, restoring: .a)
        #expect(machine.state == .a)
        #expect(log.lines.isEmpty)
    }
}
