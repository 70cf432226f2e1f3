extension StateMachineBuilder {

    // MARK: - Superstates

    /// Handlers and listeners shared by a group of state cases, written once (rules R19, R20).
    ///
    /// ```swift
    /// superstate("operational", containing: .locked, .unlocked) {
    ///     on(.machineDidFail) { transition(to: .broken) }
    ///     onExit { state, cause in print("out of order after \(cause)") }
    /// }
    /// ```
    ///
    /// An event is first offered to the handlers of the state's own definition; when none takes
    /// it, to the superstates containing the state's case, innermost first. A superstate is not
    /// a state definition: a case without a `state` block still fails with
    /// ``StateMachine/MissingDefinitionError``. Its `onExit` runs when the machine leaves all of
    /// its cases, after the state's own `onExit`; its `onEnter` when the machine enters one of
    /// them from outside, before the state's own `onEnter`. A transition between two of its
    /// cases neither leaves nor enters it, even when one of its own handlers decided it.
    ///
    /// An `after(_:send:)` in a superstate runs while the machine is in any of its cases: it
    /// starts when the machine enters the superstate from outside, keeps its deadline across
    /// moves inside it, and is cancelled when the machine leaves it (rule R28).
    ///
    /// In a definition that runs to completion (``runToCompletion(initialEvent:)``), a superstate
    /// may also have eventless transitions (`always`), tried after the state's own, innermost
    /// superstate first, and raise and post actions (`onEnter(raise:)`, `onExit(post:)`, …), which
    /// run where its `onEnter` and `onExit` listeners run (rule R38).
    ///
    /// Superstates nest: one may contain all of another's cases. Two superstates that share
    /// some but not all cases are reported by ``StateMachineTypes/Definition/validate()``.
    ///
    /// - Parameters:
    ///   - name: Names the superstate for history targets (`on(_:toHistoryOf:history:default:)`),
    ///     validation messages and fixtures.
    ///   - states: The cases it contains.
    ///   - initial: The state it is entered in when a `.shallow` history of a superstate
    ///     around it returns to it (rule R24); needed only then, and reported by
    ///     ``StateMachineTypes/Definition/validate()`` when missing.
    ///   - file: The file of the superstate, for validation problems; leave the default.
    ///   - line: The line of the superstate; leave the default.
    ///   - build: Its `on` handlers, `onEnter` / `onExit` listeners, delayed events and, in a
    ///     definition that runs to completion, eventless transitions and raise and post actions.
    public static func superstate(
        _ name: String,
        containing states: State.HashableIdentifier...,
        initial: State? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        @EventHandlerArrayBuilder build: () -> [EventHandler]
    ) -> Component {
        superstate(name, containingAll: states, initial: initial, file: file, line: line, build: build)
    }

    /// ``superstate(_:containing:initial:file:line:build:)`` with the cases as an array: for tools that
    /// build definitions from data.
    @_spi(Tooling)
    public static func superstate(
        _ name: String,
        containingAll states: [State.HashableIdentifier],
        initial: State? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        @EventHandlerArrayBuilder build: () -> [EventHandler]
    ) -> Component {
        Component(kind: .superstate(SuperstateDefinition(
            name: name, members: states,
            handlers: build().filter {
                switch $0.kind {
                case .on, .onEnter, .onExit, .after, .always: true
                case .child, .onDone: false
                }
            },
            initial: initial,
            location: SourceLocation(file, line)
        )))
    }

    // MARK: - History

    /// Handles the events of the case `event` by going back to the last state the machine was
    /// in inside the superstate `superstate` when it left it, or to `default` when it has not
    /// left it yet (rule R24).
    ///
    /// ```swift
    /// state(.broken) {
    ///     on(.repaired, toHistoryOf: "operational", default: .locked)
    ///     on(.reset, toHistoryOf: "operational", history: .shallow, default: .locked)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The case handled, whatever its payload.
    ///   - superstate: The name of the superstate whose history this is.
    ///   - kind: `.deep` (the default) returns to the state that was left, exactly;
    ///     `.shallow` to the superstate's direct substate that was active, entered at its
    ///     default: see ``StateMachineTypes/HistoryKind``.
    ///   - defaultState: The target while the superstate was never left, taken as it is.
    ///   - sideEffect: The side effect of the transition.
    ///   - file: The file of the handler; leave the default.
    ///   - line: The line of the handler; leave the default.
    public static func on(
        _ event: Event.HashableIdentifier,
        toHistoryOf superstate: String,
        history kind: StateMachineTypes.HistoryKind = .deep,
        default defaultState: State,
        emit sideEffect: SideEffect? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        var handlers = on(.any(event), toHistory: .superstate(superstate), kind: kind, default: { _, _ in defaultState }, knownDefault: defaultState, file: file, line: line) { _, _ in
            dontTransition(emit: sideEffect)
        }
        handlers[0].sideEffects = sideEffect.map { ["\($0)"] } ?? []
        return handlers
    }

    /// Handles the events of the case `event` by going back to the state of the case `parent`
    /// the machine was in when it last left that case, child state included, or to `default`
    /// when it has not left it yet (history of a child machine, rule R24).
    ///
    /// ```swift
    /// state(.broken) {
    ///     on(.machineRepairDidComplete, toHistoryOfChild: .functioning, default: .functioning(.locked(credit: 0)))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The case handled, whatever its payload.
    ///   - parent: The case whose definition holds the child machine.
    ///   - kind: `.deep` (the default) returns to the child state that was left, exactly;
    ///     `.shallow` to the child's direct substate that was active, entered at its default:
    ///     see ``StateMachineTypes/HistoryKind``.
    ///   - defaultState: The target while the case was never left, taken as it is.
    ///   - sideEffect: The side effect of the transition.
    ///   - file: The file of the handler; leave the default.
    ///   - line: The line of the handler; leave the default.
    public static func on(
        _ event: Event.HashableIdentifier,
        toHistoryOfChild parent: State.HashableIdentifier,
        history kind: StateMachineTypes.HistoryKind = .deep,
        default defaultState: State,
        emit sideEffect: SideEffect? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        var handlers = on(.any(event), toHistory: .child(parent), kind: kind, default: { _, _ in defaultState }, knownDefault: defaultState, file: file, line: line) { _, _ in
            dontTransition(emit: sideEffect)
        }
        handlers[0].sideEffects = sideEffect.map { ["\($0)"] } ?? []
        return handlers
    }

    /// Handles the events `matcher` accepts by going to the history of a superstate (`name`) or
    /// of a child-holding case; `defaultState` is computed only when there is no history, and
    /// the side effect is that of `perform`'s action (`sideEffects` names those diagrams show,
    /// `branches` the ways they draw, each on its own edge): for tools that build definitions
    /// from data.
    @_spi(Tooling)
    public static func on(
        _ matcher: EventMatcher,
        toHistoryOf name: String,
        history kind: StateMachineTypes.HistoryKind = .deep,
        default defaultState: @escaping (State, Event) throws -> State,
        sideEffects: [String] = [],
        branches: [DiagramBranch<State.HashableIdentifier>]? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] where State.HashableIdentifier == String {
        var handlers = on(matcher, toHistory: .named(name), kind: kind, default: defaultState, file: file, line: line, perform: perform)
        handlers[0].sideEffects = sideEffects
        handlers[0].branches = branches
        return handlers
    }

    static func on(
        _ matcher: EventMatcher,
        toHistory target: HistoryTarget<State>,
        kind: StateMachineTypes.HistoryKind,
        default defaultState: @escaping (State, Event) throws -> State,
        knownDefault: State? = nil,
        file: StaticString,
        line: UInt,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        var handlers = handler(matcher, targets: [], file: file, line: line, .stateAndEvent(perform))
        handlers[0].history = HistoryLink(target: target, defaultState: defaultState, kind: kind, knownDefault: knownDefault)
        return handlers
    }

    // MARK: - Child machines

    /// Runs `definition` as a child machine inside this state case, whose payload holds the
    /// child's state (rules R21, R22).
    ///
    /// ```swift
    /// state(.functioning) {
    ///     child(FunctioningTurnstile.definition, in: State.functioning, events: Event.functioning)
    ///     on(.machineDidFail) { transition(to: .broken) }
    /// }
    /// ```
    ///
    /// An event is first mapped with `events`; when it maps to a child event and the child's
    /// definition handles it in the child state, the parent moves to `embed(nextChildState)`
    /// with the child's side effect mapped by `sideEffects`. Otherwise (no mapping, or the
    /// child finds it invalid) the state's own handlers and then its superstates are asked.
    /// An error in the child is the parent's; a missing definition in the child is reported
    /// with the parent's state.
    ///
    /// The child's `onEnter` / `onExit` listeners run for the child's own transitions only, with
    /// the child's state and the mapped event; they do not run when the parent enters or leaves
    /// the case (its event may mean nothing to the child): put that in the parent's `onEnter` /
    /// `onExit` of the case. The child's `onTransition` listeners do not run: the parent
    /// reports one transition per event.
    ///
    /// - Parameters:
    ///   - definition: The child's definition; it stays usable alone.
    ///   - embed: Makes the parent state from a child state, usually the case itself
    ///     (`State.functioning`).
    ///   - extract: Reads the child state from a parent state of this case; by default
    ///     (`nil`) the case's payload, found once when the definition is built and then read
    ///     in place.
    ///   - events: The child event a parent event stands for, or nil.
    ///   - timerEvents: The parent event a child's delayed event (`after`) stands for: what the
    ///     machine is sent when the child's timer fires, and which `events` must map back to the
    ///     timer's event. By default the event itself, when the child's events are the parent's.
    ///   - sideEffects: The parent side effect a child side effect stands for, or nil.
    ///   - file: The file of the child, for validation problems; leave the default.
    ///   - line: The line of the child; leave the default.
    @inlinable
    public static func child<ChildState, ChildEvent, ChildSideEffect>(
        _ definition: StateMachineTypes.Definition<ChildState, ChildEvent, ChildSideEffect>,
        in embed: @escaping (ChildState) -> State,
        extract: ((State) -> ChildState?)? = nil,
        events: @escaping (Event) -> ChildEvent?,
        timerEvents: ((ChildEvent) -> Event?)? = nil,
        sideEffects: @escaping (ChildSideEffect) -> SideEffect?,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        caseChild(definition, in: embed, extract: extract, events: events, timerEvents: timerEvents, sideEffects: sideEffects, file: file, line: line)
    }

    /// A child held in a case of the parent (`in:`); `sideEffectsAreTheParents` when the child's
    /// side effects are the parent's, so that its steps skip the identity mapping.
    @inlinable
    static func caseChild<ChildState, ChildEvent, ChildSideEffect>(
        _ definition: StateMachineTypes.Definition<ChildState, ChildEvent, ChildSideEffect>,
        in embed: @escaping (ChildState) -> State,
        extract: ((State) -> ChildState?)?,
        events: @escaping (Event) -> ChildEvent?,
        timerEvents: ((ChildEvent) -> Event?)?,
        sideEffects: @escaping (ChildSideEffect) -> SideEffect?,
        sideEffectsAreTheParents: Bool = false,
        file: StaticString,
        line: UInt
    ) -> [EventHandler] {
        let payload = extract == nil ? CasePayload<State, ChildState>(of: embed(definition.initialState)) : nil
        return childLink(
            definition, embed: { _, child in embed(child) }, extract: extract ?? payload.unsafelyUnwrapped.read, events: events,
            timerEvents: timerEvents ?? { $0 as? Event }, sideEffects: sideEffects, sideEffectsAreTheParents: sideEffectsAreTheParents,
            file: file, line: line, payload: payload, embedCase: embed
        )
    }

    /// A child machine whose state is read with a throwing `extract` (an error fails the step)
    /// and written back into the parent state with `embed`, which keeps the parent's other
    /// payload: for tools that build definitions from data.
    @_spi(Tooling)
    @inlinable
    public static func child<ChildState, ChildEvent, ChildSideEffect>(
        _ definition: StateMachineTypes.Definition<ChildState, ChildEvent, ChildSideEffect>,
        embed: @escaping (State, ChildState) -> State,
        extract: @escaping (State) throws -> ChildState?,
        events: @escaping (Event) -> ChildEvent?,
        timerEvents: ((ChildEvent) -> Event?)? = nil,
        sideEffects: @escaping (ChildSideEffect) -> SideEffect?,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        childLink(
            definition, embed: embed, extract: extract, events: events, timerEvents: timerEvents ?? { $0 as? Event },
            sideEffects: sideEffects, file: file, line: line
        )
    }

    /// The step closure is made here, in the client's module (`@inlinable`), so that it runs
    /// specialized for the parent's and the child's types.
    @inlinable
    static func childLink<ChildState, ChildEvent, ChildSideEffect>(
        _ definition: StateMachineTypes.Definition<ChildState, ChildEvent, ChildSideEffect>,
        embed: @escaping (State, ChildState) -> State,
        extract: @escaping (State) throws -> ChildState?,
        events: @escaping (Event) -> ChildEvent?,
        timerEvents: @escaping (ChildEvent) -> Event?,
        sideEffects: @escaping (ChildSideEffect) -> SideEffect?,
        sideEffectsAreTheParents: Bool = false,
        file: StaticString,
        line: UInt,
        payload: CasePayload<State, ChildState>? = nil,
        embedCase: ((ChildState) -> State)? = nil
    ) -> [EventHandler] {
        let table = definition.table
        return childHandlers(definition, step: { state, event, memory in
            guard let childEvent = events(event), let childState = try extract(state) else { return nil }
            let result: (ChildState, ChildSideEffect?)?
            do {
                result = try table.plannedStep(from: childState, on: childEvent, memory: memory)
            } catch is StateMachine<ChildState, ChildEvent, ChildSideEffect>.MissingDefinitionError {
                // The state whose event failed is the parent's (R21).
                throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: state)
            }
            guard let (next, sideEffect) = result else { return nil }
            return (embed(state, next), sideEffect.flatMap(sideEffects))
        }, direct: table.isDirectlySteppable ? .stateAndEvent { state, event in
            // The case's payload is read in place, and the case made directly, when the DSL
            // found them (the form "Composing machines" shows): two closure calls fewer.
            let read: ChildState? = if let payload { payload.read(state) } else { try extract(state) }
            guard let childEvent = events(event), let childState = read else { throw ChildDeclined.shared }
            let result: (ChildState, ChildSideEffect?)?
            do {
                result = try table.directStep(from: childState, on: childEvent)
            } catch is StateMachine<ChildState, ChildEvent, ChildSideEffect>.MissingDefinitionError {
                throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: state)
            }
            guard let (next, sideEffect) = result else { throw ChildDeclined.shared }
            // The child's side effects are the parent's: no call of the identity mapping.
            let parentSideEffect = sideEffectsAreTheParents
                ? unsafeBitCast(sideEffect, to: SideEffect?.self) : sideEffect.flatMap(sideEffects)
            return Action(toState: embedCase?(next) ?? embed(state, next), sideEffect: parentSideEffect)
        } : nil, extract: extract, events: events, timerEvents: timerEvents,
        nested: NestedLevel(table: table, extract: extract, embed: embed, timerEvents: timerEvents),
        atInitial: { state in embed(state, definition.initialState) },
        shallow: { state in
            guard let childState = (try? extract(state)) ?? nil else { return state }
            return embed(state, table.shallowEntry(childState, inside: nil))
        }, file: file, line: line)
    }

    @usableFromInline
    static func childHandlers<ChildState, ChildEvent, ChildSideEffect>(
        _ definition: StateMachineTypes.Definition<ChildState, ChildEvent, ChildSideEffect>,
        step: @escaping (State, Event, CompositeMemory) throws -> (State, SideEffect?)?,
        direct: TransitionTable<State, Event, SideEffect>.Handler? = nil,
        extract: @escaping (State) throws -> ChildState?,
        events: @escaping (Event) -> ChildEvent?,
        timerEvents: @escaping (ChildEvent) -> Event?,
        nested: NestedLevel<State>,
        atInitial: ((State) -> State)? = nil,
        shallow: ((State) -> State)? = nil,
        file: StaticString,
        line: UInt
    ) -> [EventHandler] {
        let location = SourceLocation(file, line)
        let table = definition.table
        let link = ChildLink<State, Event, SideEffect>(
            step: step,
            isDone: { state in
                guard table.hasFinalStates, let child = try? extract(state) else { return false }
                return table.isFinal(child)
            },
            direct: direct,
            hasFinalStates: table.hasFinalStates,
            plansListeners: definition.table.plansListeners,
            keepsHistory: definition.table.keepsHistory,
            problems: {
                Self.problems(of: definition) + Self.unhandledMappings(into: definition, events: events, at: location)
                    + definition.levelTimerProblems(
                        as: "a child machine (\(location.file):\(location.line))", events: events, timerEvents: timerEvents,
                        fix: "Pass `timerEvents:` to `child(…)`, giving the parent event whose mapping is the timer's event."
                    )
            },
            unreached: { entries in Self.unreachedChildStates(of: definition, entries: entries, extract: extract) },
            diagram: { DiagramTree(definition) },
            location: location,
            atInitial: atInitial,
            shallow: shallow,
            nested: nested
        )
        return [EventHandler(kind: .child(link), location: location)]
    }

    /// ``child(_:in:extract:events:timerEvents:sideEffects:file:line:)`` for a child whose side effects
    /// are the parent's.
    @inlinable
    public static func child<ChildState, ChildEvent>(
        _ definition: StateMachineTypes.Definition<ChildState, ChildEvent, SideEffect>,
        in embed: @escaping (ChildState) -> State,
        extract: ((State) -> ChildState?)? = nil,
        events: @escaping (Event) -> ChildEvent?,
        timerEvents: ((ChildEvent) -> Event?)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        caseChild(
            definition, in: embed, extract: extract, events: events, timerEvents: timerEvents, sideEffects: { $0 },
            sideEffectsAreTheParents: true, file: file, line: line
        )
    }

    static func problems<S, E, F>(of definition: StateMachineTypes.Definition<S, E, F>) -> [StateMachineTypes.DefinitionError.Problem] {
        do {
            try definition.validate()
            return []
        } catch {
            return error.problems
        }
    }
}
