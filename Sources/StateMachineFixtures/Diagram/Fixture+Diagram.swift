@_spi(Tooling) import StateMachine

extension Fixture {

    /// The state diagram of the fixture's machine, or nil when the fixture has no `machine`
    /// (it checks a code-defined machine: draw that one with
    /// `definition.diagram(format:)`).
    ///
    /// ```swift
    /// let fixture = try Fixture(contentsOf: "Fixtures/seed-004-matter.json")
    /// print(fixture.diagram(format: .mermaid)!)
    /// ```
    ///
    /// A fixture's targets are data, so most handlers declare them: a `transition` to a
    /// `value` or a `make` leads to that case, `dontTransition` to the state block's case,
    /// `if`/`then`/`else` to the targets of both branches, and `throw` nowhere. Only a
    /// `transition` to another expression (a `ref`, a conditional expression…) is drawn as a
    /// handler that may lead anywhere. The diagram is otherwise the one
    /// `definition.diagram(format:)` draws for a code-defined machine, delays of `after`
    /// included (`timeout after 30 s`), and so are the side effects a handler's `emit` names by
    /// a `value` or a `make` (`alpha / alphaNumeric`; one computed otherwise is not shown).
    /// Composite machines are drawn nested as it draws
    /// them: superstates, child machines and regions, and history targets (also in a branch
    /// of an `if`) as a node `H`.
    public func diagram(format: StateMachineTypes.DiagramFormat) -> String? {
        machine.map { FixtureDiagram.definition($0).diagram(format: format) }
    }
}

/// A table machine rebuilt for drawing: the same states and matchers as ``TableBuilder``, with
/// the targets each handler's action names declared, and handlers that are never run.
enum FixtureDiagram: StateMachineBuilder {
    typealias State = FixtureValue
    typealias Event = FixtureValue
    typealias SideEffect = FixtureValue

    static func definition(_ table: MachineTable) -> TableStateMachine.Definition {
        if table.isComposite { return compositeDefinition(table) }
        let machine = TableStateMachine(definition: TableStateMachine.Definition { initialState(table.initialState) }.withoutProblemReport())
        let components = table.states.map(component)
        // One `with` for all the states (a closure that returns its result is not transformed by
        // the builder), so that only one machine is made, and with it the timers of the initial
        // state, which its release cancels.
        return machine.with { return components }.definition
    }

    static func component(_ table: StateTable) -> Component {
        let stateCase: String
        let matcher: StateMatcher
        switch table.matcher {
        case .eq(let value):
            stateCase = value.caseName
            matcher = .eq(value)
        case let .caseName(name, predicate):
            stateCase = name
            matcher = predicate == nil ? .any(name) : StateMatcher.any(name).where { _ in true }
        }
        if table.isFinal {
            return finalState(stateCase) {}
        }
        return state(matcher) {
            for timer in table.after {
                after(.milliseconds(UInt64(timer.milliseconds)), send: timer.event)
            }
            if let child = table.child { childDiagram(child) }
            handlers(table.handlers, staying: stateCase)
            // R27: drawn as an `onDone` edge to the cases it may lead to ("?" when computed).
            if let done = table.onDone, targets(done, staying: stateCase) != [] {
                onDone(toAnyOf: targets(done, staying: stateCase) ?? [], perform: { _, _ in dontTransition() })
            }
        }
    }

    /// The handlers of a state block or (with no case to stay in) a superstate.
    @EventHandlerArrayBuilder
    static func handlers(_ tables: [HandlerTable], staying stateCase: String?) -> [EventHandler] {
        for handler in tables {
            // A history target, also in a branch of an `if`, is drawn as an edge to the history
            // (one handler per name); the other branches' targets by one more handler.
            let names = TableBuilder.historyNames(in: handler.action)
            let emitted = sideEffects(handler.action)
            for name in names {
                on(eventMatcher(handler.event), toHistoryOf: name, default: { state, _ in state }, sideEffects: emitted) { _, _ in
                    dontTransition()
                }
            }
            let others = targets(handler.action, staying: stateCase)
            if names.isEmpty || others != [] {
                on(eventMatcher(handler.event), declaring: others, sideEffects: emitted) { _, _ in dontTransition() }
            }
        }
    }

    static func eventMatcher(_ table: MatcherTable) -> EventMatcher {
        switch table {
        case .eq(let value): .eq(value)
        case .caseName(let name, nil): .any(name)
        case .caseName(let name, _?): EventMatcher.any(name).where { _ in true }
        }
    }

    /// The cases `action` may lead to, in the order written, history targets left out; nil when
    /// one of them is computed.
    static func targets(_ action: ActionTable, staying stateCase: String?) -> [String]? {
        switch action {
        case .history: return []   // drawn by a handler of its own
        case .transition(let expression, _):
            return targets(expression)
        case .dontTransition:
            return stateCase.map { [$0] }
        case let .choice(_, then, otherwise):
            guard let first = targets(then, staying: stateCase), let second = targets(otherwise, staying: stateCase) else { return nil }
            return first + second.filter { !first.contains($0) }
        case .throwing:
            return []
        }
    }

    /// The cases of the side effects `action` may emit, in the order written, without repeats:
    /// a `value`'s case or a `make`'s. A side effect computed otherwise (a `ref`, a conditional
    /// expression…) is not named: diagrams show only what the data declares.
    static func sideEffects(_ action: ActionTable) -> [String] {
        let emitted: [String]
        switch action {
        case .transition(_, let emit), .dontTransition(let emit), .history(_, _, let emit, _):
            emitted = emit.flatMap(targets) ?? []
        case let .choice(_, then, otherwise):
            emitted = sideEffects(then) + sideEffects(otherwise)
        case .throwing:
            emitted = []
        }
        var names: [String] = []
        for name in emitted where !names.contains(name) { names.append(name) }
        return names
    }

    private static func targets(_ expression: Expression) -> [String]? {
        switch expression {
        case .literal(.value(let value)): [value.caseName]
        case .make(let name, _): [name]
        default: nil
        }
    }
}
