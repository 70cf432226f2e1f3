extension StateMachineBuilder {

    // MARK: - Re-entering transitions

    /// Handles the events of the case `event` in a superstate, leaving and entering the
    /// superstate again when the transition leads to one of its own states (rule R29).
    ///
    /// ```swift
    /// superstate("player", containing: .stopped, .playing, .paused) {
    ///     on(.reset, reenter: true) { transition(to: .stopped) }
    ///     onEnter { _, _ in print("player started") }
    /// }
    /// ```
    ///
    /// Without `reenter:` (or with `reenter: false`) a superstate's handler that leads to a
    /// state inside it is **local**: the state is left and entered (R12), the superstate is
    /// not (R20). With `reenter: true` the listeners run as if the machine left the superstate
    /// and came back: the state's `onExit`, the `onExit` of every superstate from the state's
    /// innermost up to this one, then their `onEnter`, outermost first, then the target's
    /// `onEnter`; the superstate's history is set, as on any exit. A transition to a state
    /// outside the superstate leaves it either way. In a state's own handler (not a
    /// superstate's) `reenter: true` changes nothing: the state is already left and entered.
    ///
    /// - Parameters:
    ///   - event: The case handled, whatever its payload.
    ///   - reenter: Whether the superstate is left and entered again.
    ///   - targets: Cases the handler may lead to, as in `on(_:to:perform:)`.
    ///   - file: The file of the handler; leave the default.
    ///   - line: The line of the handler; leave the default.
    ///   - perform: Decides the transition.
    public static func on(
        _ event: Event.HashableIdentifier,
        reenter: Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        reentering(reenter, handler(.any(event), targets: targets, file: file, line: line, .stateAndEvent(perform)))
    }

    /// `on(_:reenter:to:perform:)` whose handler gets the state.
    public static func on(
        _ event: Event.HashableIdentifier,
        reenter: Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        reentering(reenter, handler(.any(event), targets: targets, file: file, line: line, .state(perform)))
    }

    /// `on(_:reenter:to:perform:)` whose handler gets nothing.
    public static func on(
        _ event: Event.HashableIdentifier,
        reenter: Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        reentering(reenter, handler(.any(event), targets: targets, file: file, line: line, .nothing(perform)))
    }

    /// `on(_:reenter:to:perform:)` for the events `matcher` accepts.
    public static func on(
        _ matcher: EventMatcher,
        reenter: Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        reentering(reenter, handler(matcher, targets: targets, file: file, line: line, .stateAndEvent(perform)))
    }

    /// `on(_:reenter:to:perform:)` for the events `matcher` accepts, whose handler gets the state.
    public static func on(
        _ matcher: EventMatcher,
        reenter: Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        reentering(reenter, handler(matcher, targets: targets, file: file, line: line, .state(perform)))
    }

    /// `on(_:reenter:to:perform:)` for the events `matcher` accepts, whose handler gets nothing.
    public static func on(
        _ matcher: EventMatcher,
        reenter: Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        reentering(reenter, handler(matcher, targets: targets, file: file, line: line, .nothing(perform)))
    }

    private static func reentering(_ reenter: Bool, _ handlers: [EventHandler]) -> [EventHandler] {
        var handlers = handlers
        handlers[0].reenters = reenter
        return handlers
    }
}
