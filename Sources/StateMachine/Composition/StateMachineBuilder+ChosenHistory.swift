extension StateMachineBuilder {

    /// Handles the events `matcher` accepts with a handler that may go to a history target in
    /// some of its cases only (a fixture's `if` whose branches hold history targets): for
    /// tools that build definitions from data.
    ///
    /// `target` is asked first, with the state each history target (a superstate, or else a
    /// child-holding case, by name) leads to for a history kind, nil when it was never left: it returns the state
    /// the handler's history branch leads to (the remembered one, or the branch's default), or
    /// nil when the handler takes a branch without a history target. `perform` then gives the
    /// action: only its side effect counts when `target` returned a state. Both are called for
    /// the same state and event, so they must choose the same branch (pure conditions).
    ///
    /// - Parameter names: Every history target the handler may name, checked by
    ///   ``StateMachineTypes/Definition/validate()``.
    @_spi(Tooling)
    public static func on(
        _ matcher: EventMatcher,
        choosingHistoryOf names: [String],
        target: @escaping (State, Event, _ remembered: (String, StateMachineTypes.HistoryKind) -> State?) throws -> State?,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] where State.HashableIdentifier == String {
        var handlers = handler(matcher, targets: [], file: file, line: line, .stateAndEvent(perform))
        handlers[0].history = chosenHistoryLink(names, target: target)
        return handlers
    }

    /// The history link of a handler or an eventless transition that chooses its history target
    /// by name (`target`); nil when `names` is empty.
    static func chosenHistoryLink(
        _ names: [String],
        target: @escaping (State, Event, _ remembered: (String, StateMachineTypes.HistoryKind) -> State?) throws -> State?
    ) -> HistoryLink<State, Event>? where State.HashableIdentifier == String {
        guard let first = names.first else { return nil }
        var link = HistoryLink<State, Event>(target: .named(first), defaultState: { state, _ in state })
        link.choose = { state, event, remembered in try target(state, event) { remembered(.named($0), $1) } }
        link.otherTargets = names.dropFirst().map { .named($0) }
        return link
    }
}
