import StateMachine
import Testing

/// A top-level machine in a final state has finished (rule R27): its streams end, its listeners
/// are told of the finishing transition once, and every later event is invalid and quiet.
@Suite struct FinalStateTests: StateMachineBuilder {

    enum State: StateMachineHashable, Equatable, Sendable {
        case idle, running(Int), done
        enum HashableIdentifier: String { case idle, running, done }
    }
    enum Event: StateMachineHashable, Sendable { case start, tick, stop }
    enum SideEffect: Equatable, Sendable { case stopped }
    typealias Machine = StateMachine<State, Event, SideEffect>

    static let definition = Machine.Definition {
        initialState(.idle)
        state(.idle) {
            on(.start) { transition(to: .running(0)) }
        }
        state(.running) {
            on(.tick) { state in
                guard case .running(let count) = state else { return dontTransition() }
                return transition(to: .running(count + 1))
            }
            on(.stop) { transition(to: .done, emit: .stopped) }
        }
        finalState(.done)
    }

    /// Collects every element of `sequence` until it ends by itself.
    static func all<S: AsyncSequence & Sendable>(_ sequence: S) async -> [S.Element] where S.Element: Sendable {
        var elements: [S.Element] = []
        do {
            for try await element in sequence { elements.append(element) }
        } catch {}
        return elements
    }

    @Test static func statesEndAfterTheFinalState() async throws {
        let machine = Machine(definition: definition)
        let stream = machine.states
        try machine.transition(.start)
        try machine.transition(.tick)
        try machine.transition(.stop)
        // The loop ends by itself: no `break`, no cancellation.
        #expect(await all(stream) == [.idle, .running(0), .running(1), .done])
    }

    @Test static func transitionsEndAfterTheFinishingTransition() async throws {
        let machine = Machine(definition: definition)
        let stream = machine.transitions
        _ = machine.tryTransition(.tick)   // invalid in idle: reported, the machine is not finished
        try machine.transition(.start)
        try machine.transition(.stop)
        let outcomes = await all(stream).map { result -> String in
            switch result {
            case .success(let valid): "\(valid.toState) \(valid.sideEffect.map { "\($0)" } ?? "-")"
            case .failure(let error): "\(type(of: error))"
            }
        }
        #expect(outcomes == ["Invalid", "running(0) -", "done stopped"])
    }

    @Test static func streamsMadeAfterTheMachineFinishedEndAtOnce() async throws {
        let machine = Machine(definition: definition)
        try machine.transition(.start)
        try machine.transition(.stop)
        #expect(await all(machine.states) == [.done])
        #expect(await all(machine.transitions).isEmpty)
    }

    @Test static func listenersAreToldOnceAndEventsAfterwardsAreQuietlyInvalid() throws {
        var calls: [String] = []
        let machine = Machine {
            initialState(.running(0))
            state(.running) {
                on(.stop) { transition(to: .done, emit: .stopped) }
                onExit { state, _ in calls.append("exit \(state)") }
            }
            finalState(.done) {
                onEnter { state, _ in calls.append("enter \(state)") }
            }
            onTransition { result in
                switch result {
                case .success(let valid): calls.append("transition to \(valid.toState)")
                case .failure(let error): calls.append("failure \(type(of: error))")
                }
            }
        }
        let token = machine.observe { _ in calls.append("observer") }
        #expect(!machine.isFinished)
        try machine.transition(.stop)
        #expect(calls == ["transition to done", "observer", "exit running(0)", "enter done"])
        #expect(machine.isFinished)

        calls = []
        let outcome = machine.tryTransition(.stop)
        #expect(outcome == .invalid(Machine.Transition.Invalid(fromState: .done, event: .stop)))
        #expect(machine.tryTransition(.tick) == .invalid(Machine.Transition.Invalid(fromState: .done, event: .tick)))
        #expect(calls == [])
        #expect(machine.state == .done)
        token.cancel()
    }

    @Test static func aMachineRestoredInAFinalStateIsFinished() async {
        let machine = Machine(definition: definition, restoring: .done)
        #expect(machine.isFinished)
        #expect(machine.tryTransition(.start) == .invalid(Machine.Transition.Invalid(fromState: .done, event: .start)))
        #expect(await all(machine.states) == [.done])
        #expect(!Machine(definition: definition, restoring: .running(3)).isFinished)
    }

    @Test static func anEventHandlerInAFinalStateIsReportedAndNeverRuns() throws {
        let line: Int = #line + 4
        let definition = Machine.Definition {
            initialState(.done)
            finalState(.done) {
                on(.start) { transition(to: .idle) }
            }
            state(.idle)
        }
        let error = #expect(throws: StateMachineTypes.DefinitionError.self) { try definition.validate() }
        let problem = error?.problems.first { $0.message.contains("finalState(done)") }
        #expect(problem?.line == line)
        #expect(problem?.message == "this `on(start)` handler is in `finalState(done)`, and a final state handles no event: the machine has finished there (R27), so the handler never runs. Move it to a `state(done) { … }` block, or remove it.")
        let machine = Machine(definition: definition)
        #expect(machine.tryTransition(.start) == .invalid(Machine.Transition.Invalid(fromState: .done, event: .start)))
    }
}
