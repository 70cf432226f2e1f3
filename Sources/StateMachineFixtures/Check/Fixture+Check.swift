import StateMachine

extension Fixture {

    /// Checks your code-defined machine against this fixture's scenarios.
    ///
    /// Every scenario runs on a new machine made from `definition` (starting in the scenario's
    /// `start`, or in the definition's own initial state). Each step's result and the final state
    /// are compared, and so are the `onTransition` calls, which are observed from outside with
    /// `startObserving`. `onEnter` / `onExit` listeners of a code-defined machine cannot be seen
    /// from outside: expected `onExit` and `onEnter` calls are compared only when your listeners
    /// call a ``FixtureListenerRecorder`` passed as `recorder`. `send` calls (from table machines'
    /// `onEnterSend` / `onExitSend`) are compared only by ``replay()``. Scenarios with a `with`
    /// step are skipped: they add table-defined states.
    ///
    /// ```swift
    /// let fixture = try Fixture(contentsOf: "Fixtures/seed-004-matter.json")
    /// let failures = try fixture.check(definition: Matter.definition).compactMap(\.failure)
    /// ```
    ///
    /// - Throws: ``FixtureError`` when a value of the fixture cannot be turned into your `State`
    ///   or `Event` (an unknown case, a missing field), located in the file.
    public func check<State: Codable, Event: Codable, SideEffect: Encodable>(
        definition: StateMachine<State, Event, SideEffect>.Definition,
        recorder: FixtureListenerRecorder<State, Event>? = nil
    ) throws(FixtureError) -> [ScenarioResult] {
        try check(definition: definition, mapping: .codable, recorder: recorder)
    }

    /// Checks your code-defined machine against this fixture, converting values with `mapping`.
    ///
    /// - Parameters:
    ///   - definition: Your machine's definition; each scenario runs a new machine made from it.
    ///   - mapping: How your types convert to and from fixture values.
    ///   - recorder: When your listeners call it, the expected `onEnter` and `onExit` calls are
    ///     compared too (see ``FixtureListenerRecorder``).
    /// - Throws: ``FixtureError`` when `mapping` rejects a value of the fixture.
    public func check<State, Event, SideEffect>(
        definition: StateMachine<State, Event, SideEffect>.Definition,
        mapping: FixtureMapping<State, Event, SideEffect>,
        recorder: FixtureListenerRecorder<State, Event>? = nil
    ) throws(FixtureError) -> [ScenarioResult] {
        try check(
            machine: { start in StateMachine(definition: start.map(definition.startingIn) ?? definition) },
            mapping: mapping, recorder: recorder
        )
    }

    /// Checks machines made by `makeMachine` against this fixture. `makeMachine` receives the
    /// scenario's `start`, or nil when the scenario has none.
    ///
    /// - Throws: ``FixtureError`` when `mapping` rejects a value of the fixture.
    public func check<State, Event, SideEffect>(
        machine makeMachine: (State?) -> StateMachine<State, Event, SideEffect>,
        mapping: FixtureMapping<State, Event, SideEffect>,
        recorder listenerRecorder: FixtureListenerRecorder<State, Event>? = nil
    ) throws(FixtureError) -> [ScenarioResult] {
        typealias Machine = StateMachine<State, Event, SideEffect>
        // Every value is converted before anything runs, so that a fixture your types cannot
        // express is reported as such, with its place in the file.
        var starts: [State?] = []
        var events: [[Event?]] = []
        var restored: [[Int: State]] = []
        var restoredHistory: [[Int: [StateMachineTypes.Snapshot<State>.HistoryEntry]]] = []
        let superstateNames = self.machine?.composition?.superstates.map(\.name) ?? []
        for scenario in scenarios {
            starts.append(try scenario.start.map { value throws(FixtureError) in
                try convert(value, at: scenario.path.appending("start"), to: "\(State.self)", with: mapping.decodeState)
            })
            var stepEvents: [Event?] = []
            var stepStates: [Int: State] = [:]
            var stepHistory: [Int: [StateMachineTypes.Snapshot<State>.HistoryEntry]] = [:]
            for (index, step) in scenario.steps.enumerated() {
                if case .restore(let value, let history, _) = step {
                    let path = scenario.path.appending("steps").appending(index).appending("restore")
                    stepStates[index] = try convert(value, at: path, to: "\(State.self)", with: mapping.decodeState)
                    // Nested entries hold states of a child's or region's own type: their scenarios are skipped below.
                    stepHistory[index] = try history.filter { $0.nestedKey == nil }.map { item throws(FixtureError) in
                        let state = try convert(item.state, at: item.path, to: "\(State.self)", with: mapping.decodeState)
                        return superstateNames.contains(item.name) ? .superstate(item.name, state) : .child(state)
                    }
                }
                guard case .event(let value, _, _) = step else {
                    stepEvents.append(nil)
                    continue
                }
                let path = scenario.path.appending("steps").appending(index).appending("event")
                stepEvents.append(try convert(value, at: path, to: "\(Event.self)", with: mapping.decodeEvent))
            }
            events.append(stepEvents)
            restored.append(stepStates)
            restoredHistory.append(stepHistory)
        }

        func value<T>(_ item: T, _ encode: (T) throws -> FixtureValue) -> FixtureValue {
            do {
                return try encode(item)
            } catch {
                return FixtureValue("cannot encode \(item): \(error)")
            }
        }

        var results: [ScenarioResult] = []
        let recorder = ObservedCalls()
        listenerRecorder?.sink = { isEnter, state, cause in
            let state = value(state, mapping.encodeState)
            let cause = value(cause, mapping.encodeEvent)
            recorder.calls.append(isEnter ? .enter(state: state, cause: cause) : .exit(state: state, cause: cause))
        }
        defer { listenerRecorder?.sink = nil }
        let compared: (Call) -> Bool = { call in
            switch call {
            case .transitionValid, .transitionInvalid: true
            case .enter, .exit: listenerRecorder != nil
            case .send, .raise, .post: false
            }
        }
        for (scenarioIndex, scenario) in scenarios.enumerated() {
            if !scenario.initialCalls.isEmpty {
                results.append(ScenarioResult(
                    scenario: scenario.name, failure: nil,
                    skipped: "it has initialCalls: the listener calls of the start of the fixture's own machine (R34)"
                ))
                continue
            }
            if let advanceStep = scenario.steps.firstIndex(where: { if case .advance = $0 { true } else { false } }) {
                results.append(ScenarioResult(
                    scenario: scenario.name, failure: nil,
                    skipped: "step \(advanceStep + 1) is an advance step: it moves the manual clock of the fixture's own machine"
                ))
                continue
            }
            if let nestedStep = scenario.steps.firstIndex(where: { if case .restore(_, let history, _) = $0 { history.contains { $0.nestedKey != nil } } else { false } }) {
                results.append(ScenarioResult(
                    scenario: scenario.name, failure: nil,
                    skipped: "step \(nestedStep + 1) restores history inside a child or a region, whose states a code-defined machine types in its own way"
                ))
                continue
            }
            if let withStep = scenario.steps.firstIndex(where: { if case .with = $0 { true } else { false } }) {
                results.append(ScenarioResult(
                    scenario: scenario.name, failure: nil,
                    skipped: "step \(withStep + 1) is a with step: it adds table-defined states, which only the fixture's own machine has"
                ))
                continue
            }
            var machine = makeMachine(starts[scenarioIndex])
            recorder.calls = []
            func observe(_ machine: Machine) {
                machine.startObserving(recorder) { result in
                    switch result {
                    case .success(let valid):
                        recorder.calls.append(.transitionValid(
                            from: value(valid.fromState, mapping.encodeState), event: value(valid.event, mapping.encodeEvent),
                            to: value(valid.toState, mapping.encodeState), sideEffect: valid.sideEffect.map { value($0, mapping.encodeSideEffect) }
                        ))
                    case .failure(let invalid as Machine.Transition.Invalid):
                        recorder.calls.append(.transitionInvalid(from: value(invalid.fromState, mapping.encodeState), event: value(invalid.event, mapping.encodeEvent)))
                    case .failure:
                        break
                    }
                }
            }
            observe(machine)
            var failure: FixtureFailure?
            for (index, step) in scenario.steps.enumerated() {
                if case let .restore(stateValue, _, calls) = step, let state = restored[scenarioIndex][index] {
                    machine.stopObserving(recorder)
                    recorder.calls = []
                    let history = restoredHistory[scenarioIndex][index] ?? []
                    if history.isEmpty {
                        machine = Machine(definition: machine.definition, restoring: state)
                    } else {
                        do {
                            machine = try Machine(definition: machine.definition, restoring: StateMachineTypes.Snapshot(state: state, history: history))
                        } catch {
                            failure = FixtureFailure(
                                fixture: self, scenario: scenario, step: index + 1,
                                place: "step \(index + 1) (restore \(stateValue))",
                                diff: Diff.lines(expected: calls.filter(compared).map { "call: \($0)" }, actual: ["error: \(error)"])
                            )
                            break
                        }
                    }
                    observe(machine)
                    failure = compareRestore(scenario, step: index, state: stateValue, expected: calls.filter(compared), actual: recorder.calls)
                    recorder.calls = []
                    if failure != nil { break }
                    continue
                }
                guard case let .event(eventValue, expect, calls) = step, let event = events[scenarioIndex][index] else { continue }
                let outcome: Outcome
                switch machine.tryTransition(event) {
                case .valid(let valid):
                    outcome = .valid(
                        from: value(valid.fromState, mapping.encodeState), to: value(valid.toState, mapping.encodeState),
                        sideEffect: valid.sideEffect.map { value($0, mapping.encodeSideEffect) }
                    )
                case .invalid(let invalid):
                    outcome = .invalid(from: value(invalid.fromState, mapping.encodeState))
                case .failed(let error):
                    outcome = TableBuilder.failure(
                        error,
                        missingState: (error as? Machine.MissingDefinitionError).map { value($0.state, mapping.encodeState) },
                        isRecursion: error is Machine.StateMachineError
                    )
                }
                let actualCalls = recorder.calls
                recorder.calls = []
                failure = compare(scenario, step: index, event: eventValue, expected: (expect, calls.filter(compared)), actual: (outcome, actualCalls))
                if failure != nil { break }
            }
            if failure == nil {
                failure = compareFinalState(scenario, actual: value(machine.state, mapping.encodeState))
            }
            machine.stopObserving(recorder)
            results.append(ScenarioResult(scenario: scenario.name, failure: failure, skipped: nil))
        }
        return results
    }

    private func convert<T>(_ value: FixtureValue, at path: DocumentPath, to typeName: String, with convert: (FixtureValue) throws -> T) throws(FixtureError) -> T {
        do {
            return try convert(value)
        } catch {
            let reason = (error as? FixtureValueDecoder.Failure)?.reason ?? "\(error)"
            throw locate(InputError(path: path, message: "expected a value \(typeName) can decode, got \(value): \(reason)"))
        }
    }
}

/// The `onTransition` calls a code-defined machine made, observed from outside.
private final class ObservedCalls {
    var calls: [Call] = []
}
