extension StateMachineBuilder {

    /// An eventless transition to the history of the superstate `superstate` (rules R24, R33,
    /// R38), in a definition that runs to completion: taken, when `condition` holds (or it has
    /// none), to the state the machine was in when it last left the superstate, or to
    /// `defaultState` while it never did. In a state definition or in a superstate.
    ///
    /// ```swift
    /// state(.resuming) {
    ///     always(toHistoryOf: "player", default: .radio)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - condition: When the transition is enabled; nil: always.
    ///   - superstate: The name of the superstate whose history this is.
    ///   - kind: `.deep` (the default) returns to the state that was left, exactly; `.shallow`
    ///     to the superstate's direct substate that was active, entered at its default.
    ///   - defaultState: The target while the superstate was never left, taken as it is.
    ///   - sideEffect: The side effect of the transition.
    ///   - file: The file of the transition; leave the default.
    ///   - line: The line of the transition; leave the default.
    public static func always(
        where condition: ((State, Event) throws -> Bool)? = nil,
        toHistoryOf superstate: String,
        history kind: StateMachineTypes.HistoryKind = .deep,
        default defaultState: State,
        emit sideEffect: SideEffect? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        var handler = EventHandler(kind: .always(condition: condition, perform: .nothing { dontTransition(emit: sideEffect) }),
                                   location: SourceLocation(file, line))
        handler.history = HistoryLink(target: .superstate(superstate), defaultState: { _, _ in defaultState }, kind: kind, knownDefault: defaultState)
        return [handler]
    }

    /// An eventless transition that may go to a history target in some of its cases only (a
    /// fixture's `if` whose branches hold history targets), as
    /// ``on(_:choosingHistoryOf:target:file:line:perform:)`` is for a handler: for tools that
    /// build definitions from data. `target` gives the state of the history branch taken, or nil
    /// for another branch; `perform` the action (only its side effect counts when `target` gave
    /// a state).
    @_spi(Tooling)
    public static func always(
        where condition: ((State, Event) throws -> Bool)?,
        choosingHistoryOf names: [String],
        target: @escaping (State, Event, _ remembered: (String, StateMachineTypes.HistoryKind) -> State?) throws -> State?,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] where State.HashableIdentifier == String {
        var handler = EventHandler(kind: .always(condition: condition, perform: .stateAndEvent(perform)), location: SourceLocation(file, line))
        handler.history = chosenHistoryLink(names, target: target)
        return [handler]
    }
}
