@_spi(Tooling) import StateMachine

typealias TableStateMachine = StateMachine<FixtureValue, FixtureValue, FixtureValue>

/// Records the listener calls of a table machine, in the order the engine makes them.
final class CallRecorder: @unchecked Sendable {
    private(set) var calls: [Call] = []
    /// The outcomes every transition's onTransition listener saw, for advance steps.
    var outcomes: [Outcome] = []
    /// The machine under test, for `onEnterSend` / `onExitSend`.
    weak var machine: TableStateMachine?

    func record(_ call: Call) {
        calls.append(call)
    }

    func take() -> [Call] {
        defer { calls = [] }
        return calls
    }

    /// Records the raise calls of a definition's raise actions (R36), which the definition
    /// declares right after the recording listener, so that each is recorded where it is queued.
    func recordRaises(_ events: [FixtureValue]) {
        for event in events { record(.raise(event: event)) }
    }

    /// Records the post calls of a definition's post actions (R37), declared after its raise actions.
    func recordPosts(_ events: [FixtureValue]) {
        for event in events { record(.post(event: event)) }
    }

    /// What the machine under test answers to `event` sent from inside one of its listeners.
    func send(_ event: FixtureValue) {
        let outcome = machine.map { TableBuilder.outcome(of: $0.tryTransition(event)) } ?? .thrown(message: "no machine")
        record(.send(event: event, result: outcome))
    }
}

/// Builds table machines through the library's public DSL, so that fixtures test the real engine:
/// every state definition becomes a `state(...) { ... }` block with `on` handlers and recording
/// `onEnter` / `onExit` listeners, and the machine gets one recording `onTransition` listener.
enum TableBuilder: StateMachineBuilder {
    typealias State = FixtureValue
    typealias Event = FixtureValue
    typealias SideEffect = FixtureValue

    /// The definition of `table`, starting in `table.initialState`.
    static func definition(_ table: MachineTable, recorder: CallRecorder) -> TableStateMachine.Definition {
        if table.isComposite { return compositeDefinition(table, recorder: recorder) }
        let empty = TableStateMachine.Definition {
            initialState(table.initialState)
            if let initialEvent = table.initialEvent { runToCompletion(initialEvent: initialEvent) }
            onTransition { result in
                recorder.recordResult(result)
                switch result {
                case .success(let valid):
                    recorder.record(.transitionValid(from: valid.fromState, event: valid.event, to: valid.toState, sideEffect: valid.sideEffect))
                case .failure(let invalid as TableStateMachine.Transition.Invalid):
                    recorder.record(.transitionInvalid(from: invalid.fromState, event: invalid.event))
                case .failure:
                    break   // errors are the step's result, not a listener call (R15)
                }
            }
            if let thrower = table.onTransitionThrows {
                onTransition { result in try thrower.check(result) }
            }
        }
        // The fixture's problems are the fixture checker's to report (R25), not a debug build's.
        return adding(table.states, to: TableStateMachine(definition: empty.withoutProblemReport()), recorder: recorder).definition
    }

    /// `machine.with { ... }` with all of `states` at once, after the existing definitions and in
    /// their order (R14). One `with` compiles the transition table once: a `with` per state
    /// would compile it once per state, quadratic in the number of states.
    static func adding(_ states: [StateTable], to machine: TableStateMachine, recorder: CallRecorder) -> TableStateMachine {
        let components = states.map { component($0, recorder: recorder) }
        // The DSL's builder takes a fixed list of definitions; a closure that returns its
        // result is not transformed by the builder, so it hands over the whole list.
        return machine.with { return components }
    }

    private static func component(_ table: StateTable, recorder: CallRecorder) -> Component {
        switch table.matcher {
        case .eq(let value):
            return state(.eq(value)) { handlers(table, recorder: recorder) }
        case let .caseName(name, predicate):
            if table.isFinal { return finalState(name) { handlers(table, recorder: recorder) } }
            return state(matcher(.caseName(name, where: predicate), root: "state")) { handlers(table, recorder: recorder) }
        }
    }

    @EventHandlerArrayBuilder
    private static func handlers(_ table: StateTable, recorder: CallRecorder) -> [EventHandler] {
        onEnter { state, cause in
            recorder.record(.enter(state: state, cause: cause))
            if let event = table.onEnterSend { recorder.send(event) }
            recorder.recordRaises(table.onEnterRaise)
            recorder.recordPosts(table.onEnterPost)
        }
        onExit { state, cause in
            recorder.record(.exit(state: state, cause: cause))
            if let event = table.onExitSend { recorder.send(event) }
            recorder.recordRaises(table.onExitRaise)
            recorder.recordPosts(table.onExitPost)
        }
        runToCompletionHandlers(
            onEnterRaise: table.onEnterRaise, onEnterPost: table.onEnterPost,
            onExitRaise: table.onExitRaise, onExitPost: table.onExitPost, always: table.always
        )
        for timer in table.after {
            after(.milliseconds(UInt64(timer.milliseconds)), send: timer.event)
        }
        for handler in table.handlers {
            on(matcher(handler.event, root: "event")) { state, event in
                try decide(handler.action, Bindings(state: state, event: event))
            }
        }
    }

    /// The raise and post actions (R36, R37) and the eventless transitions (R33) of a state
    /// definition or a superstate (R38), declared after its recording `onEnter` and `onExit`, so
    /// that each raise or post runs right after the recording call that recorded it; the raise
    /// actions of an entry (an exit) come before its post actions.
    @EventHandlerArrayBuilder
    static func runToCompletionHandlers(
        onEnterRaise: [FixtureValue], onEnterPost: [FixtureValue],
        onExitRaise: [FixtureValue], onExitPost: [FixtureValue], always eventlessTables: [EventlessTable]
    ) -> [EventHandler] {
        if !onEnterRaise.isEmpty { onEnter(raising: onEnterRaise) }
        if !onEnterPost.isEmpty { onEnter(posting: onEnterPost) }
        if !onExitRaise.isEmpty { onExit(raising: onExitRaise) }
        if !onExitPost.isEmpty { onExit(posting: onExitPost) }
        for eventless in eventlessTables {
            let condition = { (state: FixtureValue, event: FixtureValue) throws -> Bool in
                try eventless.condition?.evaluateBool(Bindings(state: state, event: event), "where") ?? true
            }
            let names = historyNames(in: eventless.action)
            if names.isEmpty {
                always(where: condition) { state, event in
                    try decide(eventless.action, Bindings(state: state, event: event))
                }
            } else {
                // R38: an eventless transition to a history target (the reader allows it in a composite machine).
                always(where: condition, choosingHistoryOf: names, target: { state, event, remembered in
                    try historyTarget(eventless.action, Bindings(state: state, event: event), remembered)
                }) { state, event in
                    try decideChosen(eventless.action, Bindings(state: state, event: event))
                }
            }
        }
    }

    static func matcher(_ table: MatcherTable, root: String) -> StateMachineTypes.Matcher<FixtureValue> {
        switch table {
        case .eq(let value):
            return .eq(value)
        case .caseName(let name, nil):
            return .any(name)
        case .caseName(let name, let predicate?):
            return StateMachineTypes.Matcher<FixtureValue>.any(name).where { value in
                try predicate.evaluateBool(root == "state" ? Bindings(state: value) : Bindings(event: value), "where")
            }
        }
    }

    /// Runs a handler's action and answers with the DSL's own `transition(to:emit:)` or
    /// `dontTransition(emit:)` or `stay(emit:)`.
    static func decide(_ action: ActionTable, _ bindings: Bindings) throws(FixtureThrownError) -> Action {
        switch action {
        case let .transition(to, emit):
            let next = try to.evaluateValue(bindings, "transition")
            return transition(to: next, emit: try emit.map { expression throws(FixtureThrownError) in try expression.evaluateValue(bindings, "emit") })
        case .dontTransition(let emit):
            return dontTransition(emit: try emit.map { expression throws(FixtureThrownError) in try expression.evaluateValue(bindings, "emit") })
        case .stay(let emit):
            return stay(emit: try emit.map { expression throws(FixtureThrownError) in try expression.evaluateValue(bindings, "emit") })
        case let .choice(condition, then, otherwise):
            return try decide(try condition.evaluateCondition(bindings) ? then : otherwise, bindings)
        case .throwing(let message):
            throw FixtureThrownError(message: message)
        case .history(let name, _, _, _):
            // Composite machines handle history targets in `compositeHandlers`; a machine
            // without superstates or child machines has nothing a history target can name.
            throw FixtureThrownError(message: "historyOf \"\(name)\" names nothing")
        }
    }

    /// The fixture's description of a transition's outcome.
    static func outcome(of transition: TableStateMachine.Transition) -> Outcome {
        switch transition {
        case .valid(let valid):
            return .valid(from: valid.fromState, to: valid.toState, sideEffect: valid.sideEffect)
        case .invalid(let invalid):
            return .invalid(from: invalid.fromState)
        case .failed(let error):
            return failure(
                error,
                missingState: (error as? TableStateMachine.MissingDefinitionError)?.state,
                isRecursion: error is TableStateMachine.StateMachineError
            )
        }
    }

    /// The outcome of a failed transition of any machine, given what the machine's own error
    /// types say: the state of a missing definition, and whether it was recursion.
    static func failure(_ error: any Error, missingState: FixtureValue?, isRecursion: Bool) -> Outcome {
        if let thrown = error as? FixtureThrownError { return .thrown(message: thrown.message) }
        if let missingState { return .missingDefinition(state: missingState) }
        if isRecursion { return .recursionDetected }
        return .thrown(message: "\(error)")
    }
}

/// One run of a table machine: the machine under test (replaced by a with step) and the calls
/// recorded since the last step.
final class TableSession {
    let recorder: CallRecorder
    /// The clock of the delayed events (R18), moved only by advance steps.
    let clock = ManualClock()
    private(set) var machine: TableStateMachine
    /// The listener calls made while the machine was made: its initial state's entry (R34).
    private(set) var initialCalls: [Call] = []

    init(definition: TableStateMachine.Definition, start: FixtureValue, recorder: CallRecorder) {
        self.recorder = recorder
        recorder.machine = nil
        _ = recorder.take()
        machine = TableStateMachine(definition: definition.startingIn(start), clock: clock)
        recorder.machine = machine
        initialCalls = recorder.take()
    }

    func send(_ event: FixtureValue) -> (Outcome, [Call]) {
        let outcome = TableBuilder.outcome(of: machine.tryTransition(event))
        return (outcome, recorder.take())
    }

    /// A with step: the old definitions first, these after them (R14).
    func with(_ states: [StateTable]) {
        // Made again with the session's clock: `with` keeps the clock only of a machine that
        // already had delayed events.
        machine = TableStateMachine(definition: TableBuilder.adding(states, to: machine, recorder: recorder).definition, clock: clock)
        recorder.machine = machine
    }

    /// A restore step: a new machine of the same definition restored in `state` (R17); returns
    /// the calls restoring made.
    func restore(
        _ state: FixtureValue, history: [StateMachineTypes.Snapshot<FixtureValue>.HistoryEntry],
        nested: [StateMachineTypes.Snapshot<FixtureValue>.NestedHistoryEntry] = []
    ) throws(StateMachineTypes.SnapshotError) -> [Call] {
        _ = recorder.take()
        machine = history.isEmpty && nested.isEmpty
            ? TableStateMachine(definition: machine.definition, restoring: state, clock: clock)
            : try TableStateMachine(
                definition: machine.definition,
                restoring: StateMachineTypes.Snapshot(state: state, history: history, nestedHistory: nested), clock: clock
            )
        recorder.machine = machine
        return recorder.take()
    }
}

extension ListenerThrow {
    /// Throws the message for a transition whose result is `result`; failed transitions, which
    /// Kotlin's onTransition listeners never see, pass (R39).
    func check(_ transition: TableStateMachine.Transition.Result) throws(FixtureThrownError) {
        switch (result, transition) {
        case (.valid, .success), (.invalid, .failure(is TableStateMachine.Transition.Invalid)):
            throw FixtureThrownError(message: message)
        default:
            return
        }
    }
}
