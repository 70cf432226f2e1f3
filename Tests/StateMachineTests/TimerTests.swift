import Foundation
import StateMachine
import Testing

/// R18: delayed events (`after`) start when a state is entered, are cancelled when it is left,
/// restart on re-entry, fire in deadline order, and never outlive their machine.
@Suite struct TimerTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable, Sendable { case open, closed, alarm, idle }
    enum Event: StateMachineHashable, Equatable, Sendable { case close, open, timeout, warn, ping, alarm }
    enum SideEffect: Equatable, Sendable { case warned }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        var lines: [String] { lock.withLock { storage } }
        func append(_ line: String) { lock.withLock { storage.append(line) } }
    }

    /// A door that closes itself 30 s after it opens, and warns every… once after 10 s.
    static func door(log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.open)
            onTransition { result in
                switch result {
                case .success(let valid): log.append("\(valid.event): \(valid.fromState) -> \(valid.toState)")
                case .failure(let error): log.append("failure \(error)")
                }
            }
            state(.open) {
                after(.seconds(30), send: .timeout)
                after(.seconds(10), send: .warn)
                on(.timeout) { transition(to: .closed) }
                on(.warn) { dontTransition(emit: .warned) }
                on(.ping) { dontTransition() }
                on(.close) { transition(to: .closed) }
            }
            state(.closed) {
                on(.open) { transition(to: .open) }
            }
        }
    }

    static func gate(log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.open)
            onTransition { result in log.append("\((try? result.get()).map { "\($0.event): \($0.toState)" } ?? "failure")") }
            state(.open) {
                after(.seconds(30), send: .timeout)
                on(.timeout) { transition(to: .closed) }
            }
            state(.closed) {}
        }
    }

    static func ordered(log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            onTransition { result in
                if case .failure(let error as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                    log.append("\(error.event)")
                }
            }
            state(.idle) {
                after(.seconds(3), send: .timeout)
                after(.seconds(1), send: .warn)
                after(.seconds(2), send: .ping)
                after(.seconds(2), send: .alarm)
            }
        }
    }

    static func chain(log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            onTransition { result in
                switch result {
                case .success(let valid): log.append("\(valid.event) -> \(valid.toState)")
                case .failure: log.append("invalid")
                }
            }
            state(.idle) {
                after(.seconds(3), send: .timeout)
                after(.seconds(2), send: .ping)
                after(.seconds(2), send: .alarm)
                on(.ping) { transition(to: .alarm) }
                on(.alarm) { transition(to: .closed) }
                on(.timeout) { transition(to: .closed) }
            }
            state(.alarm) {
                after(.seconds(1), send: .alarm)
                on(.alarm) { transition(to: .closed) }
            }
            state(.closed) {}
        }
    }

    static func unhandled(log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            onTransition { result in
                if case .failure(let error as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                    log.append("invalid \(error.event) in \(error.fromState)")
                }
            }
            state(.idle) { after(.seconds(1), send: .timeout) }
        }
    }

    static func shortTimer(log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.closed)
            state(.open) {
                after(.milliseconds(5), send: .timeout)
                on(.timeout) { transition(to: .closed) }
            }
            state(.closed) {
                on(.open) { transition(to: .open) }
            }
        }
    }

    @Test func firesAfterTheDelayAndNotBefore() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.door(log: log), clock: clock)
        clock.advance(by: .nanoseconds(9_999_999_999))
        #expect(log.lines.isEmpty)
        #expect(machine.state == .open)
        clock.advance(by: .nanoseconds(1))
        #expect(log.lines == ["warn: open -> open"])
        // `dontTransition` re-enters `.open`: both timers start again from 10 s.
        clock.advance(by: .milliseconds(29_999))
        #expect(log.lines == ["warn: open -> open", "warn: open -> open", "warn: open -> open"])
        #expect(machine.state == .open)
        #expect(clock.elapsed == .milliseconds(39_999))
    }

    @Test func theTimerEventIsHandledByTheState() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.gate(log: log), clock: clock)
        clock.advance(by: .seconds(29))
        #expect(machine.state == .open)
        clock.advance(by: .seconds(1))
        #expect(machine.state == .closed)
        #expect(log.lines == ["timeout: closed"])
        #expect(clock.pendingCount == 0)
    }

    @Test func leavingTheStateCancelsItsTimers() throws {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.door(log: log), clock: clock)
        clock.advance(by: .seconds(5))
        try machine.transition(.close)
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(60))
        #expect(log.lines == ["close: open -> closed"])
        #expect(machine.state == .closed)
    }

    @Test func reenteringTheStateRestartsItsTimersFromZero() throws {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.door(log: log), clock: clock)
        clock.advance(by: .seconds(9))
        try machine.transition(.ping)          // dontTransition: exits and enters `.open`
        clock.advance(by: .seconds(9))
        #expect(log.lines == ["ping: open -> open"])
        clock.advance(by: .seconds(1))
        #expect(log.lines == ["ping: open -> open", "warn: open -> open"])
        try machine.transition(.close)
        try machine.transition(.open)
        clock.advance(by: .seconds(10))
        #expect(log.lines.suffix(3) == ["close: open -> closed", "open: closed -> open", "warn: open -> open"])
    }

    @Test func timersFireInDeadlineOrderAndEqualDeadlinesInDeclarationOrder() {
        // No handlers: each event is invalid, which changes nothing and restarts nothing.
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.ordered(log: log), clock: clock)
        clock.advance(by: .seconds(10))
        #expect(log.lines == ["warn", "ping", "alarm", "timeout"])
        #expect(machine.state == .idle)
    }

    @Test func aTimerStartedByATimerFiresWithinTheSameAdvance() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.chain(log: log), clock: clock)
        clock.advance(by: .seconds(10))
        // At 2 s `ping` (declared first) wins and leaves `idle`, which cancels `alarm` and
        // `timeout`; `alarm`'s timer started at 2 s fires at 3 s.
        #expect(log.lines == ["ping -> alarm", "alarm -> closed"])
        #expect(machine.state == .closed)
        #expect(clock.elapsed == .seconds(10))
    }

    @Test func anUnhandledTimerEventIsReportedAsInvalid() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.unhandled(log: log), clock: clock)
        clock.advance(by: .seconds(5))
        #expect(log.lines == ["invalid timeout in idle"])
        #expect(machine.state == .idle)
    }

    @Test func aRestoredStateStartsItsTimersFromZero() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.door(log: log).startingIn(.closed), clock: clock)
        #expect(clock.pendingCount == 0)
        let restored = StateMachine(definition: Self.door(log: log), restoring: .open, clock: clock)
        #expect(clock.pendingCount == 2)
        clock.advance(by: .seconds(9))
        #expect(log.lines.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(log.lines == ["warn: open -> open"])
        #expect(restored.state == .open)
        #expect(machine.state == .closed)
    }

    @Test func deallocatingTheMachineCancelsItsTimers() {
        let log = Log()
        let clock = ManualClock()
        weak var weakMachine: StateMachine<State, Event, SideEffect>?
        do {
            let machine = StateMachine(definition: Self.door(log: log), clock: clock)
            weakMachine = machine
            #expect(clock.pendingCount == 2)
        }
        #expect(weakMachine == nil)
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(60))
        #expect(log.lines.isEmpty)
    }

    @Test func aTimerDoesNotKeepItsMachineAlive() {
        // A clock that keeps every fire closure, even cancelled ones: what runs after the
        // machine is gone must do nothing.
        final class KeepingClock: StateMachineClock, @unchecked Sendable {
            var fires: [@Sendable () -> Void] = []
            func schedule(after delay: StateMachineTypes.Delay, _ fire: @escaping @Sendable () -> Void) -> StateMachineTypes.ScheduledTimer {
                fires.append(fire)
                return StateMachineTypes.ScheduledTimer {}
            }
        }
        let log = Log()
        let clock = KeepingClock()
        weak var weakMachine: StateMachine<State, Event, SideEffect>?
        do {
            let machine = StateMachine(definition: Self.door(log: log), clock: clock)
            weakMachine = machine
        }
        #expect(weakMachine == nil)
        for fire in clock.fires { fire() }
        #expect(log.lines.isEmpty)
    }

    @Test func aTimerOfAStateThatWasLeftIsDroppedEvenIfItsClockFiresIt() throws {
        // A clock that ignores cancellation: the generation check alone must drop the event.
        final class KeepingClock: StateMachineClock, @unchecked Sendable {
            var fires: [@Sendable () -> Void] = []
            func schedule(after delay: StateMachineTypes.Delay, _ fire: @escaping @Sendable () -> Void) -> StateMachineTypes.ScheduledTimer {
                fires.append(fire)
                return StateMachineTypes.ScheduledTimer {}
            }
        }
        let log = Log()
        let clock = KeepingClock()
        let machine = StateMachine(definition: Self.door(log: log), clock: clock)
        try machine.transition(.close)
        try machine.transition(.open)
        #expect(clock.fires.count == 4)
        clock.fires[0]()   // the first `.open`'s timeout: stale
        #expect(machine.state == .open)
        clock.fires[2]()   // the current `.open`'s timeout
        #expect(machine.state == .closed)
        #expect(log.lines == ["close: open -> closed", "open: closed -> open", "timeout: open -> closed"])
    }

    @Test func theTaskClockFiresAfterAShortDelay() async throws {
        let machine = StateMachine(definition: Self.shortTimer(log: Log()))
        let stream = machine.transitions
        try machine.transition(.open)
        let outcome = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                for await result in stream {
                    guard let valid = try? result.get() else { return "failure" }
                    if valid.event == .timeout { return "\(valid.event): \(valid.fromState) -> \(valid.toState)" }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(nanoseconds: 30_000_000_000)
                return "timed out"
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        #expect(outcome == "timeout: open -> closed")
        #expect(machine.state == .closed)
    }

    @Test func aMachineWithoutTimersNeverUsesItsClock() throws {
        final class CountingClock: StateMachineClock, @unchecked Sendable {
            var count = 0
            func schedule(after delay: StateMachineTypes.Delay, _ fire: @escaping @Sendable () -> Void) -> StateMachineTypes.ScheduledTimer {
                count += 1
                return StateMachineTypes.ScheduledTimer {}
            }
        }
        let clock = CountingClock()
        let machine = StateMachine(definition: Matter.definition, clock: clock)
        try machine.transition(.melt)
        try machine.transition(.freeze)
        #expect(machine.state == .solid)
        #expect(clock.count == 0)
    }
}
