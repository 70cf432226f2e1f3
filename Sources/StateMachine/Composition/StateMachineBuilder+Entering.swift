extension StateMachineBuilder {

    // MARK: - Declared child values

    /// Handles the events of the case `event`, declaring whole values it may lead to: values
    /// of a child-holding case, with the child state the parent enters (rule R25).
    ///
    /// ```swift
    /// state(.broken) {
    ///     on(.repaired, to: .broken, entering: .functioning(.locked(credit: 0))) { … }
    /// }
    /// ```
    ///
    /// Each value declares its case as a target, as `to:` does, and the run-time check is the
    /// same: a transition to a case neither `to:` nor `entering:` names fails with
    /// ``StateMachine/UndeclaredTargetError``. The child state a value holds is not checked
    /// when the transition runs; ``StateMachineTypes/Definition/validate()`` takes it as a state
    /// in which the parent enters the child, and reports the child's states that are reached
    /// neither so nor by the child's own declared transitions from there: see
    /// <doc:ComposingMachines>.
    ///
    /// - Parameters:
    ///   - event: The case handled, whatever its payload.
    ///   - targets: Cases the handler may lead to, whatever their payload.
    ///   - value: A value the handler may lead to.
    ///   - values: More values the handler may lead to.
    ///   - file: The file of the handler; leave the default.
    ///   - line: The line of the handler; leave the default.
    ///   - perform: Decides the transition.
    public static func on(
        _ event: Event.HashableIdentifier,
        to targets: State.HashableIdentifier...,
        entering value: State,
        _ values: State...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        entering([value] + values, targets: targets, .any(event), file: file, line: line, .stateAndEvent(perform))
    }

    /// Handles the events of the case `event`, declaring whole values it may lead to; the
    /// handler gets the state. See the overload whose handler gets the state and the event.
    public static func on(
        _ event: Event.HashableIdentifier,
        to targets: State.HashableIdentifier...,
        entering value: State,
        _ values: State...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        entering([value] + values, targets: targets, .any(event), file: file, line: line, .state(perform))
    }

    /// Handles the events of the case `event`, declaring whole values it may lead to. See the
    /// overload whose handler gets the state and the event.
    public static func on(
        _ event: Event.HashableIdentifier,
        to targets: State.HashableIdentifier...,
        entering value: State,
        _ values: State...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        entering([value] + values, targets: targets, .any(event), file: file, line: line, .nothing(perform))
    }

    /// A handler declaring `targets` and the cases of `values`, in that order, and the values.
    private static func entering(
        _ values: [State], targets: [State.HashableIdentifier], _ matcher: EventMatcher,
        file: StaticString, line: UInt, _ perform: Action.Perform
    ) -> [EventHandler] {
        var handlers = handler(matcher, targets: targets + values.map(\.hashableIdentifier), file: file, line: line, perform)
        handlers[0].entering = values
        return handlers
    }
}
