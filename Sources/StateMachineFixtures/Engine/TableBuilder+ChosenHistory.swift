@_spi(Tooling) import StateMachine

/// Handlers whose `if` actions hold history targets in some branches (schemaVersion 2,
/// R24): the branch is chosen by the conditions; a history branch goes to the remembered
/// state, or its default, and then emits.
extension TableBuilder {

    /// The `historyOf` names of the history targets inside `action`'s `if` branches, in the
    /// order they are written, each once; empty when it has none.
    static func historyNames(in action: ActionTable) -> [String] {
        switch action {
        case let .choice(_, then, otherwise):
            var names = historyNames(in: then)
            for name in historyNames(in: otherwise) where !names.contains(name) { names.append(name) }
            return names
        case .history(let name, _, _, _):
            return [name]
        case .transition, .dontTransition, .stay, .throwing:
            return []
        }
    }

    /// The handler for an action whose branches hold history targets.
    static func chosenHistoryHandler(_ handler: HandlerTable) -> [EventHandler] {
        on(matcher(handler.event, root: "event"), choosingHistoryOf: historyNames(in: handler.action), target: { state, event, remembered in
            try historyTarget(handler.action, Bindings(state: state, event: event), remembered)
        }) { state, event in
            try decideChosen(handler.action, Bindings(state: state, event: event))
        }
    }

    /// The state the chosen branch leads to when it is a history target: the remembered state,
    /// or the default evaluated only then; nil for any other branch.
    static func historyTarget(
        _ action: ActionTable, _ bindings: Bindings, _ remembered: (String, StateMachineTypes.HistoryKind) -> FixtureValue?
    ) throws(FixtureThrownError) -> FixtureValue? {
        switch action {
        case let .choice(condition, then, otherwise):
            return try historyTarget(try condition.evaluateCondition(bindings) ? then : otherwise, bindings, remembered)
        case let .history(name, defaultState, _, shallow):
            if let state = remembered(name, shallow ? .shallow : .deep) { return state }
            return try defaultState.evaluateValue(bindings, "transition")
        case .transition, .dontTransition, .stay, .throwing:
            return nil
        }
    }

    /// The action of the chosen branch; a history branch gives only its side effect (its
    /// target is ``historyTarget(_:_:_:)``'s).
    static func decideChosen(_ action: ActionTable, _ bindings: Bindings) throws(FixtureThrownError) -> Action {
        switch action {
        case let .choice(condition, then, otherwise):
            return try decideChosen(try condition.evaluateCondition(bindings) ? then : otherwise, bindings)
        case let .history(_, _, emit, _):
            return dontTransition(emit: try emit.map { expression throws(FixtureThrownError) in try expression.evaluateValue(bindings, "emit") })
        case .transition, .dontTransition, .stay, .throwing:
            return try decide(action, bindings)
        }
    }
}
