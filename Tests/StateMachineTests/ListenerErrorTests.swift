import StateMachine
import Testing

/// An error thrown by an `onTransition` listener (Spec R39): it reaches the sender after the
/// state changed, and the listeners after it do not run, as a Kotlin listener's exception does.
@Suite struct ListenerErrorTests: StateMachineBuilder {

    typealias State = TinderTurnstile.State
    typealias Event = TinderTurnstile.Event
    typealias SideEffect = TinderTurnstile.SideEffect
    typealias Machine = StateMachine<State, Event, SideEffect>

    struct Rejected: Error, Equatable { let message: String }

    /// The idiom of Kotlin machines: `onTransition { if (it is Invalid) throw Exception(…) }`.
    static func machine(_ log: CallLog) -> Machine {
        Machine {
            initialState(.locked(credit: 0))
            state(.locked) {
                onExit { _, _ in log.append("exit locked") }
                on(.insertCoin) { transition(to: .unlocked, emit: .openDoors) }
                on(.machineDidFail) { dontTransition() }
                on(.machineRepairDidComplete) { dontTransition() }
            }
            state(.unlocked) {
                onEnter { _, _ in log.append("enter unlocked") }
                on(.admitPerson) { transition(to: .locked(credit: 0)) }
            }
            onTransition { result in
                log.append("first")
                switch result {
                case .failure(let invalid as Machine.Transition.Invalid):
                    throw Rejected(message: "invalid from \(invalid.fromState)")
                case .success(let valid) where valid.sideEffect == .openDoors:
                    throw Rejected(message: "opened")
                default:
                    break
                }
            }
            onTransition { _ in log.append("second") }
        }
    }

    @Test static func anInvalidTransitionsListenerErrorReachesTheSender() {
        let log = CallLog()
        let machine = machine(log)
        let token = machine.observe { _ in log.append("observer") }
        defer { withExtendedLifetime(token) {} }
        #expect(throws: Rejected(message: "invalid from locked(credit: 0)")) {
            try machine.transition(.admitPerson)
        }
        #expect(machine.state == .locked(credit: 0))
        #expect(log.calls == ["first"])
    }

    @Test static func aValidTransitionsListenerErrorComesAfterTheStateChanged() {
        let log = CallLog()
        let machine = machine(log)
        let token = machine.observe { _ in log.append("observer") }
        defer { withExtendedLifetime(token) {} }
        let outcome = machine.tryTransition(.insertCoin(10))
        #expect(outcome.error as? Rejected == Rejected(message: "opened"))
        // The state changed; no later onTransition listener, observer, onExit or onEnter ran.
        #expect(machine.state == .unlocked)
        #expect(log.calls == ["first"])
        // The next transition notifies as usual: the delivery of the failed one has ended.
        #expect(machine.tryTransition(.admitPerson) == .valid(.init(fromState: .unlocked, event: .admitPerson, toState: .locked(credit: 0), sideEffect: nil)))
        #expect(log.calls == ["first", "first", "second", "observer"])
    }

    @Test static func aCompositeMachinesListenerErrorSkipsItsPlannedListeners() {
        let log = CallLog()
        let machine = Machine {
            initialState(.locked(credit: 0))
            superstate("working", containing: .locked, .unlocked) {
                onExit { _, _ in log.append("exit working") }
                on(.machineDidFail) { transition(to: .broken(oldState: .unlocked)) }
            }
            state(.locked) {
                onExit { _, _ in log.append("exit locked") }
                on(.insertCoin) { transition(to: .unlocked) }
            }
            state(.unlocked) {
                onEnter { _, _ in log.append("enter unlocked") }
                onExit { _, _ in log.append("exit unlocked") }
            }
            state(.broken) {
                onEnter { _, _ in log.append("enter broken") }
                on(.machineRepairDidComplete) { transition(to: .locked(credit: 0)) }
                on(.admitPerson) { dontTransition() }
            }
            onTransition { result in
                if case .success(let valid) = result, valid.toState == .unlocked { throw Rejected(message: "unlocked") }
            }
        }
        #expect(machine.tryTransition(.insertCoin(1)).error as? Rejected == Rejected(message: "unlocked"))
        #expect(machine.state == .unlocked)
        #expect(log.calls.isEmpty)
        // The superstate's handler: only this transition's listeners run, none planned for the failed one.
        #expect(machine.tryTransition(.machineDidFail).error == nil)
        #expect(machine.state == .broken(oldState: .unlocked))
        #expect(log.calls == ["exit unlocked", "exit working", "enter broken"])
    }
}

/// R39 where a definition runs to completion (R32) and for a delayed event (R18).
@Suite struct ListenerErrorStepTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable, Sendable {
        case idle, a, b
        enum HashableIdentifier: String { case idle, a, b }
    }
    enum Event: StateMachineHashable, Equatable, Sendable { case start, boot, timeout }
    typealias SideEffect = Never
    typealias Rejected = ListenerErrorTests.Rejected

    /// idle -start-> a, then a's eventless transition to b; the listener throws on entering `throwingAt`.
    static func runningToCompletion(_ log: CallLog, throwingAt target: State) -> StateMachine<State, Event, SideEffect> {
        StateMachine<State, Event, SideEffect> {
            initialState(.idle)
            runToCompletion(initialEvent: .boot)
            state(.idle) { on(.start) { transition(to: .a) } }
            state(.a) {
                onEnter { _, _ in log.append("enter a") }
                always { transition(to: .b) }
            }
            state(.b) { onEnter { _, _ in log.append("enter b") } }
            onTransition { result in
                if case .success(let valid) = result, valid.toState == target { throw Rejected(message: "at \(target)") }
            }
        }
    }

    @Test static func runningToCompletionTheEventsOwnStepThrowsAfterTheMacrostep() {
        let log = CallLog()
        let machine = runningToCompletion(log, throwingAt: .a)
        #expect(machine.tryTransition(.start).error as? Rejected == Rejected(message: "at a"))
        // a's onEnter did not run; its eventless transition still did.
        #expect(machine.state == .b)
        #expect(log.calls == ["enter b"])
    }

    @Test static func runningToCompletionAnEventlessStepsErrorEndsThatStepOnly() {
        let log = CallLog()
        let machine = runningToCompletion(log, throwingAt: .b)
        #expect(machine.tryTransition(.start) == .valid(.init(fromState: .idle, event: .start, toState: .a, sideEffect: nil)))
        #expect(machine.state == .b)
        #expect(log.calls == ["enter a"])
    }

    @Test static func aDelayedEventsListenerErrorHasNoCallerAndIsDropped() {
        let log = CallLog()
        let clock = ManualClock()
        let machine = StateMachine<State, Event, SideEffect>(definition: .init {
            initialState(.a)
            state(.a) {
                after(.seconds(1), send: .timeout)
                on(.timeout) { transition(to: .b) }
            }
            state(.b) { onEnter { _, _ in log.append("enter b") } }
            onTransition { _ in throw Rejected(message: "timer") }
        }, clock: clock)
        clock.advance(by: .seconds(1))
        #expect(machine.state == .b)
        #expect(log.calls.isEmpty)
    }
}
