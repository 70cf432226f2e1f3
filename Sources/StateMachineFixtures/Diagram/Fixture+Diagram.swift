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
    /// `value` or a `make` leads to that case, `dontTransition` to the state block's case, and
    /// `throw` nowhere. Each branch of an `if`/`then`/`else` is drawn as its own edges, with its
    /// own side effect and its condition as a guard (`insertCoin [state.credit + event.value >=
    /// 50] / openDoors`, and `[state.credit + event.value < 50]` on the `else` branch's edge);
    /// a matcher's `where` is a guard too, and an `eq` matcher's value (`[event == coin(value:
    /// 10)]`). Only a `transition` to another expression (a `ref`, an `if` expression…) is drawn
    /// as an edge to a node `? (computed)`, which a legend line explains. The diagram is
    /// otherwise the one `definition.diagram(format:)` draws for a code-defined machine, delays
    /// of `after` included (`timeout after 30 s`). A side effect is named by its case when the
    /// `emit` is a `value` or a `make` (`alpha / alphaNumeric`), and by its expression otherwise
    /// (`/ state.label`). Composite machines are drawn nested as it draws them: superstates,
    /// child machines and regions, and history targets (also in a branch of an `if`) as a node
    /// `H`.
    public func diagram(format: StateMachineTypes.DiagramFormat) -> String? {
        machine.map { FixtureDiagram.definition($0).diagram(format: format, undeclared: FixtureDiagram.computedTarget) }
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

    /// How a transition whose target is computed is drawn, and the legend line that says why.
    static let computedTarget = StateMachineTypes.UndeclaredTargetText(
        node: "? (computed)",
        legend: "? (computed): the transition's target is computed (a ref or an if expression), so it may lead to any state"
    )

    static func component(_ table: StateTable) -> Component {
        let stateCase: String
        let matcher: StateMatcher
        switch table.matcher {
        case .eq(let value):
            stateCase = value.caseName
            matcher = StateMatcher.any(stateCase).where("state == " + Expression.text(of: value)) { _ in true }
        case let .caseName(name, predicate):
            stateCase = name
            matcher = predicate.map { predicate in StateMatcher.any(name).where(predicate.diagramConjunct) { _ in true } } ?? .any(name)
        }
        if table.isFinal {
            return finalState(stateCase) {}
        }
        return state(matcher) {
            for timer in table.after {
                after(.milliseconds(UInt64(timer.milliseconds)), send: timer.event)
            }
            if let child = table.child { childDiagram(child) }
            handlers(table.handlers, staying: stateCase, state: table.matcher)
            // R27: drawn as an `onDone` edge to the cases it may lead to ("?" when computed).
            if let done = table.onDone, targets(done, staying: stateCase) != [] {
                onDone(toAnyOf: targets(done, staying: stateCase) ?? [], perform: { _, _ in dontTransition() })
            }
        }
    }

    /// The handlers of a state block whose matcher is `state`, or (with no case to stay in and
    /// no matcher) of a superstate: for each way a handler is drawn, one handler per history
    /// its branches go to, and one for its other branches, each branch on its own edges.
    @EventHandlerArrayBuilder
    static func handlers(_ tables: [HandlerTable], staying stateCase: String?, state: MatcherTable? = nil) -> [EventHandler] {
        for handler in tables {
            for variant in variants(handler, state: state) {
                // A history target, also in a branch of an `if`, is drawn as an edge to the
                // history (one handler per name); the other branches by one more handler.
                let names = TableBuilder.historyNames(in: handler.action)
                for name in names {
                    let branches = variant.leaves.filter { if case .history(name, _, _, _) = $0.action { true } else { false } }.map { leaf in
                        DiagramBranch<String>(condition: leaf.condition, targets: nil, sideEffects: sideEffects(leaf))
                    }
                    if !branches.isEmpty {
                        on(variant.matcher, toHistoryOf: name, default: { state, _ in state }, branches: branches) { _, _ in
                            dontTransition()
                        }
                    }
                }
                let others = variant.leaves.compactMap { leaf -> DiagramBranch<String>? in
                    if case .history = leaf.action { return nil }
                    let targets = targets(leaf, staying: stateCase)
                    // A branch that only throws leads nowhere: it is not drawn.
                    if targets == [] { return nil }
                    return DiagramBranch(condition: leaf.condition, targets: targets, sideEffects: sideEffects(leaf))
                }
                if names.isEmpty || !others.isEmpty {
                    // Every target the drawn branches name; nil (any) when one is computed.
                    let declared = others.contains { $0.targets == nil } ? nil : others.reduce(into: [String]()) { all, branch in
                        for target in branch.targets ?? [] where !all.contains(target) { all.append(target) }
                    }
                    on(variant.matcher, declaring: declared, branches: others) { _, _ in dontTransition() }
                }
            }
        }
    }

    /// The cases a branch leads to: the case of its `transition`'s `value` or `make` (once the
    /// guards' facts are put in), the state block's for `dontTransition`, none for `throw`;
    /// nil when computed.
    static func targets(_ leaf: DrawnLeaf, staying stateCase: String?) -> [String]? {
        switch leaf.action {
        case .transition(let expression, _): targets(expression.folded(leaf.facts))
        case .dontTransition, .stay: stateCase.map { [$0] }
        case .throwing, .history, .choice: []
        }
    }

    /// The side effect of a branch as its `emit` reads once the guards' facts are put in: a
    /// value (`openDoors`, `arrow(up)`), a `make` (`alphaNumeric(event._0)`), or the expression
    /// that computes it (`state.label`); none without `emit`.
    static func sideEffects(_ leaf: DrawnLeaf) -> [String] {
        switch leaf.action {
        case .transition(_, let emit?), .dontTransition(let emit?), .stay(let emit?), .history(_, _, let emit?, _):
            return [emit.folded(leaf.facts).diagramText]
        case .transition, .dontTransition, .stay, .history, .choice, .throwing:
            return []
        }
    }

    /// The cases `action` may lead to, in the order written, history targets left out; nil when
    /// one of them is computed.
    static func targets(_ action: ActionTable, staying stateCase: String?) -> [String]? {
        switch action {
        case .history: return []   // drawn by a handler of its own
        case .transition(let expression, _):
            return targets(expression)
        case .dontTransition, .stay:
            return stateCase.map { [$0] }
        case let .choice(_, then, otherwise):
            guard let first = targets(then, staying: stateCase), let second = targets(otherwise, staying: stateCase) else { return nil }
            return first + second.filter { !first.contains($0) }
        case .throwing:
            return []
        }
    }

    /// The case of a `value` or a `make`; nil for another expression.
    static func targets(_ expression: Expression) -> [String]? {
        switch expression {
        case .literal(.value(let value)): [value.caseName]
        case .make(let name, _): [name]
        default: nil
        }
    }
}
