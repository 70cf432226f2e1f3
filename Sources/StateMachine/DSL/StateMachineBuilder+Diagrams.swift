extension StateMachineBuilder {

    // MARK: - Handlers that diagrams draw whole

    /// Handles the events of the case `event` by moving to `state` and emitting `sideEffect`:
    /// a handler whose target and side effect are known before it runs, so that
    /// ``StateMachineTypes/Definition/validate()`` knows where it leads and
    /// ``StateMachineTypes/Definition/diagram(format:)`` draws both.
    ///
    /// ```swift
    /// state(.unlocked) {
    ///     on(.admitPerson, to: .locked(credit: 0), emit: .closeDoors)
    /// }
    /// // unlocked --> locked: admitPerson / closeDoors
    /// ```
    ///
    /// It is `on(.admitPerson, to: .locked) { transition(to: .locked(credit: 0), emit: .closeDoors) }`
    /// written so that the side effect is declared too.
    ///
    /// - Parameters:
    ///   - event: The case handled, whatever its payload.
    ///   - state: The state the machine moves to.
    ///   - sideEffect: The side effect of the transition; nil for none.
    ///   - file: The file of the handler; leave the default.
    ///   - line: The line of the handler; leave the default.
    public static func on(
        _ event: Event.HashableIdentifier,
        to state: State,
        emit sideEffect: SideEffect? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        on(EventMatcher.any(event), to: state, emit: sideEffect, file: file, line: line)
    }

    /// Handles the events `matcher` accepts by moving to `state` and emitting `sideEffect`; a
    /// guard named with ``StateMachineTypes/Matcher/where(_:_:)`` is drawn with its label.
    ///
    /// ```swift
    /// on(.any(.coin).where("refund") { try $0.value() < 0 }, to: .idle, emit: .giveChange)
    /// // paying --> idle: coin [refund] / giveChange
    /// ```
    public static func on(
        _ matcher: EventMatcher,
        to state: State,
        emit sideEffect: SideEffect? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        let perform = Action.Perform.nothing { transition(to: state, emit: sideEffect) }
        // It leads nowhere else, so it needs no run-time check of its target.
        return [EventHandler(
            kind: .on(matcher, perform), location: SourceLocation(file, line),
            targets: [state.hashableIdentifier], sideEffects: sideEffect.map { ["\($0)"] } ?? []
        )]
    }

    // MARK: - Guards with a label

    /// Handles the events of the case `event` for which `predicate` holds; diagrams write
    /// `label` for the guard: `coin [value > 0]` instead of `coin [guard]`.
    ///
    /// ```swift
    /// on(.coin, where: { try $0.value() > 0 }, label: "value > 0", to: .paying, .serving) { paying, coin in … }
    /// ```
    ///
    /// The label is only drawn: `predicate` alone decides. `targets` optionally declares the
    /// cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ event: Event.HashableIdentifier,
        where predicate: @escaping (Event) throws -> Bool,
        label: String,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event).where(label, predicate), targets: targets, file: file, line: line, .stateAndEvent(perform))
    }

    /// `on(_:where:label:to:file:line:perform:)` whose handler gets the state.
    public static func on(
        _ event: Event.HashableIdentifier,
        where predicate: @escaping (Event) throws -> Bool,
        label: String,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event).where(label, predicate), targets: targets, file: file, line: line, .state(perform))
    }

    /// `on(_:where:label:to:file:line:perform:)` whose handler gets nothing.
    public static func on(
        _ event: Event.HashableIdentifier,
        where predicate: @escaping (Event) throws -> Bool,
        label: String,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event).where(label, predicate), targets: targets, file: file, line: line, .nothing(perform))
    }

    /// The handlers and listeners of the states of the case `state` for which `predicate` holds;
    /// diagrams write `label` for the guard on the edges of its handlers.
    ///
    /// ```swift
    /// state(.locked, where: { try $0.credit() > 0 }, label: "credit > 0") { … }
    /// ```
    public static func state(
        _ state: State.HashableIdentifier,
        where predicate: @escaping (State) throws -> Bool,
        label: String,
        file: StaticString = #fileID,
        line: UInt = #line,
        @EventHandlerArrayBuilder build: () -> [EventHandler]
    ) -> Component {
        Self.state(StateMatcher.any(state).where(label, predicate), file: file, line: line, build: build)
    }
}
