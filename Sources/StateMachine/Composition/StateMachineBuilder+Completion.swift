extension StateMachineBuilder {

    // MARK: - Completion

    /// What the state does when its child machine reaches one of its final states (rule R27).
    ///
    /// ```swift
    /// state(.checkingOut) {
    ///     child(Checkout.definition, in: State.checkingOut, events: Event.checkout)
    ///     onDone(to: .thanking) { transition(to: .thanking, emit: .sendReceipt) }
    /// }
    /// ```
    ///
    /// When a delegated event moves the child into a state declared with `finalState`, the
    /// handler runs in the same `transition(_:)` call, with the parent state that holds the
    /// finished child and the event that finished it: the machine reports one transition, from
    /// the state before the event to the handler's target, whose side effect is the handler's,
    /// or, when it emits none, the child's mapped one. The child's `onExit` / `onEnter` run
    /// first, then the parent's, as for any move of the parent.
    ///
    /// Without `onDone`, the parent stays in the case with the child finished, and the events
    /// the child no longer takes go to the state's own handlers.
    ///
    /// - Parameters:
    ///   - targets: The cases the handler may lead to, checked as in `on(_:to:perform:)`; none
    ///     to declare nothing.
    ///   - file: The file of the handler, for validation problems; leave the default.
    ///   - line: The line of the handler; leave the default.
    ///   - perform: The handler, given the parent state holding the finished child and the
    ///     event that finished it.
    public static func onDone(
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        doneHandler(targets: targets, file: file, line: line, .stateAndEvent(perform))
    }

    /// `onDone(to:file:line:perform:)` with a handler that reads the state only.
    public static func onDone(
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        doneHandler(targets: targets, file: file, line: line, .state(perform))
    }

    /// `onDone(to:file:line:perform:)` with a handler that reads nothing.
    public static func onDone(
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        doneHandler(targets: targets, file: file, line: line, .nothing(perform))
    }

    /// `onDone(to:file:line:perform:)` with its targets as a list (none: undeclared), for tools
    /// that build definitions from data.
    @_spi(Tooling)
    public static func onDone(
        toAnyOf targets: [State.HashableIdentifier],
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        doneHandler(targets: targets, file: file, line: line, .stateAndEvent(perform))
    }

    static func doneHandler(
        targets: [State.HashableIdentifier], file: StaticString, line: UInt, _ perform: Action.Perform
    ) -> [EventHandler] {
        let location = SourceLocation(file, line)
        if targets.isEmpty {
            return [EventHandler(kind: .onDone(perform), location: location)]
        }
        return [EventHandler(kind: .onDone(perform.checking(targets: targets, at: location)), location: location, targets: targets)]
    }
}
