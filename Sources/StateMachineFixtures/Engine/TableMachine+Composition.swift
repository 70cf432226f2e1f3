@_spi(Tooling) import StateMachine

extension MachineTable {

    /// Whether the machine has superstates, regions or children (schemaVersion 2).
    var isComposite: Bool {
        composition != nil || states.contains { $0.child != nil }
    }
}

/// Composite table machines (schemaVersion 2): superstates, children, regions and history
/// targets built with the library's composition DSL, with a recording onEnter and onExit at
/// every state definition and superstate of every level.
extension TableBuilder {

    static func compositeDefinition(_ table: MachineTable, recorder: CallRecorder) -> TableStateMachine.Definition {
        let recording = onTransition { result in
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
        if let product = table.composition?.product {
            let regions = product.regions.map { region in
                StateMachineTypes.Region<FixtureValue, FixtureValue, FixtureValue>(
                    region.name, nestedDefinition(region.machine, level: region.name, recorder: recorder),
                    get: { product throws in try nestedValue(region.name, of: product, role: "region") },
                    set: { product, next in product = replacing(region.name, of: product, with: next) },
                    events: { $0 }, timerEvents: { $0 }, sideEffects: { $0 }
                )
            }
            let definition = TableStateMachine.Definition(initialState: table.initialState, regions: regions, sideEffects: { FixtureValue.list($0) })
            return TableStateMachine(definition: definition.withoutProblemReport()).with { return [recording] }.definition
        }
        // R39: the listener that throws, right after the recording one.
        let thrower = table.onTransitionThrows.map { thrower in
            onTransition { result in try thrower.check(result) }
        }
        let components = [recording] + (thrower.map { [$0] } ?? [])
            + (table.initialEvent.map { [runToCompletion(initialEvent: $0)] } ?? [])
            + table.states.map { levelComponent($0, level: nil, recorder: recorder) }
            + (table.composition?.superstates ?? []).map { superstateComponent($0, level: nil, recorder: recorder) }
        let empty = TableStateMachine.Definition { initialState(table.initialState) }.withoutProblemReport()
        return TableStateMachine(definition: empty).with { return components }.definition
    }

    /// The definition of a child's or a region's machine; its initial state is used only by a
    /// shallow history (R24), and is `_` when the fixture gives none.
    private static func nestedDefinition(_ machine: NestedMachineTable, level: String, recorder: CallRecorder) -> TableStateMachine.Definition {
        let components = machine.states.map { levelComponent($0, level: level, recorder: recorder) }
            + machine.superstates.map { superstateComponent($0, level: level, recorder: recorder) }
        let empty = TableStateMachine.Definition { initialState(machine.initialState ?? FixtureValue("_")) }.withoutProblemReport()
        return TableStateMachine(definition: empty).with { return components }.definition
    }

    private static func levelComponent(_ table: StateTable, level: String?, recorder: CallRecorder) -> Component {
        let matcher: StateMatcher = switch table.matcher {
        case .eq(let value): .eq(value)
        case let .caseName(name, predicate): matcher(.caseName(name, where: predicate), root: "state")
        }
        if table.isFinal, case .caseName(let name, _) = table.matcher {
            return finalState(name) { levelListeners(table, level: level, recorder: recorder) }
        }
        return state(matcher) {
            levelListeners(table, level: level, recorder: recorder)
            for timer in table.after {
                after(.milliseconds(UInt64(timer.milliseconds)), send: timer.event)
            }
            if let child = table.child, case .caseName(let parentCase, _) = table.matcher {
                childHandler(child, level: level.map { "\($0).\(parentCase)" } ?? parentCase, recorder: recorder)
            }
            if let done = table.onDone {
                onDone { state, event in try decide(done, Bindings(state: state, event: event)) }
            }
            compositeHandlers(table.handlers)
        }
    }

    /// The recording listeners of a state definition of any level; in the top machine, also its
    /// raise and post actions and eventless transitions (R33, R36, R37: a child's or a region's
    /// have none, which the reader makes sure of).
    @EventHandlerArrayBuilder
    private static func levelListeners(_ table: StateTable, level: String?, recorder: CallRecorder) -> [EventHandler] {
        onEnter { state, cause in
            recorder.record(.enter(state: state, cause: cause, level: level))
            if level == nil, let event = table.onEnterSend { recorder.send(event) }
            recorder.recordRaises(table.onEnterRaise)
            recorder.recordPosts(table.onEnterPost)
        }
        onExit { state, cause in
            recorder.record(.exit(state: state, cause: cause, level: level))
            if level == nil, let event = table.onExitSend { recorder.send(event) }
            recorder.recordRaises(table.onExitRaise)
            recorder.recordPosts(table.onExitPost)
        }
        runToCompletionHandlers(
            onEnterRaise: table.onEnterRaise, onEnterPost: table.onEnterPost,
            onExitRaise: table.onExitRaise, onExitPost: table.onExitPost, always: table.always
        )
    }

    private static func superstateComponent(_ table: SuperstateTable, level: String?, recorder: CallRecorder) -> Component {
        superstate(table.name, containingAll: table.states, initial: table.initial) {
            onEnter { state, cause in
                recorder.record(.enter(state: state, cause: cause, level: level, superstate: table.name))
                recorder.recordRaises(table.onEnterRaise)
                recorder.recordPosts(table.onEnterPost)
            }
            onExit { state, cause in
                recorder.record(.exit(state: state, cause: cause, level: level, superstate: table.name))
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
            compositeHandlers(table.handlers)
        }
    }

    private static func childHandler(_ child: ChildTable, level: String, recorder: CallRecorder) -> [EventHandler] {
        // A child timer's event is sent as the one parent case that maps to it (R28.4).
        var parentCases: [String: [String]] = [:]
        for (parent, childCase) in child.events { parentCases[childCase, default: []].append(parent) }
        return self.child(
            nestedDefinition(child.machine, level: level, recorder: recorder),
            embed: { parent, next in replacing(child.field, of: parent, with: next) },
            extract: { parent throws in try nestedValue(child.field, of: parent, role: "child") },
            events: { event in child.events[event.caseName].map { FixtureValue($0, fields: event.fields) } },
            timerEvents: { event in
                guard let parents = parentCases[event.caseName], parents.count == 1 else { return nil }
                return FixtureValue(parents[0], fields: event.fields)
            },
            sideEffects: { sideEffect in child.sideEffects[sideEffect.caseName].map { FixtureValue($0, fields: sideEffect.fields) } }
        )
    }

    @EventHandlerArrayBuilder
    private static func compositeHandlers(_ handlers: [HandlerTable]) -> [EventHandler] {
        for handler in handlers {
            if case let .history(name, defaultState, emit, shallow) = handler.action {
                on(matcher(handler.event, root: "event"), toHistoryOf: name, history: shallow ? .shallow : .deep, default: { state, event in
                    try defaultState.evaluateValue(Bindings(state: state, event: event), "transition")
                }) { state, event in
                    dontTransition(emit: try emit.map { expression throws(FixtureThrownError) in
                        try expression.evaluateValue(Bindings(state: state, event: event), "emit")
                    })
                }
            } else if !historyNames(in: handler.action).isEmpty {
                chosenHistoryHandler(handler)
            } else {
                on(matcher(handler.event, root: "event"), reenter: handler.reenter) { state, event in
                    try decide(handler.action, Bindings(state: state, event: event))
                }
            }
        }
    }

    /// The field `name` of `value`, which holds a nested machine's state.
    private static func nestedValue(_ name: String, of value: FixtureValue, role: String) throws(FixtureThrownError) -> FixtureValue {
        switch value.fields[name] {
        case .value(let nested)?: return nested
        case nil: throw FixtureThrownError(message: "state has no field \(Canonical.string(name))")
        case let other?: throw FixtureThrownError(message: "\(Canonical.string(role)) expects a value, got \(other.typeName)")
        }
    }

    private static func replacing(_ name: String, of value: FixtureValue, with nested: FixtureValue) -> FixtureValue {
        var fields = value.fields
        fields[name] = .value(nested)
        return FixtureValue(value.caseName, fields: fields)
    }
}
