/// The DSL for defining machines.
///
/// Adopt it on any type and name its `State`, `Event` and `SideEffect`; its static context then
/// has `initialState`, `state`, `on`, `transition(to:emit:)`, `dontTransition(emit:)`,
/// `onEnter`, `onExit` and `onTransition`:
///
/// ```swift
/// enum Matter: StateMachineBuilder {
///     enum State: StateMachineHashable { case solid, liquid, gas }
///     enum Event: StateMachineHashable { case melt, freeze, vaporize, condense }
///     enum SideEffect { case logMelted, logFrozen, logVaporized, logCondensed }
///
///     static func machine() -> StateMachine<State, Event, SideEffect> {
///         StateMachine {
///             initialState(.solid)
///             state(.solid) {
///                 on(.melt) { transition(to: .liquid, emit: .logMelted) }
///             }
///             state(.liquid) {
///                 on(.freeze) { transition(to: .solid, emit: .logFrozen) }
///                 on(.vaporize) { transition(to: .gas, emit: .logVaporized) }
///             }
///             state(.gas) {
///                 on(.condense) { transition(to: .liquid, emit: .logCondensed) }
///             }
///         }
///     }
/// }
/// ```
public protocol StateMachineBuilder {

    associatedtype State: StateMachineHashable
    associatedtype Event: StateMachineHashable

    /// The side effects that `transition(to:emit:)` and `dontTransition(emit:)` emit: a nested
    /// type of this name, or a `typealias SideEffect = Command` for a type named otherwise.
    /// A builder that names none fails to compile with one error that says so (the default,
    /// ``StateMachineTypes/SideEffectNotNamed``, exists only to carry that error).
    associatedtype SideEffect = StateMachineTypes.SideEffectNotNamed

    /// Satisfied by the DSL; a builder whose `SideEffect` is not named gets the unavailable
    /// witness below, whose message is the compiler's error.
    static var _sideEffectIsNamed: Void { get }

    typealias InitialState = StateMachineTypes.InitialState<State>
    typealias Component = StateMachineTypes.Component<State, Event, SideEffect>

    typealias EventHandlerArrayBuilder = StateMachineTypes.EventHandlerArrayBuilder

    typealias EventHandler = StateMachineTypes.EventHandler<State, Event, SideEffect>
    typealias Action = StateMachineTypes.Action<State, Event, SideEffect>

    /// Matches states: `.any(.locked)`, `.eq(.locked(credit: 0))`, `.any(.locked).where { … }`.
    typealias StateMatcher = StateMachineTypes.Matcher<State>
    /// Matches events: `.any(.insertCoin)`, `.eq(.insertCoin(10))`, `.any(.insertCoin).where { … }`.
    typealias EventMatcher = StateMachineTypes.Matcher<Event>
}

extension StateMachineBuilder {

    public static var _sideEffectIsNamed: Void { () }
}

extension StateMachineBuilder where SideEffect == StateMachineTypes.SideEffectNotNamed {

    @available(*, unavailable, message: "this type names no SideEffect: name the side-effect type SideEffect, or write `typealias SideEffect = Command` with the name of yours (a type without side effects writes `enum SideEffect {}`)")
    public static var _sideEffectIsNamed: Void { () }
}

extension StateMachineBuilder {

    /// The state a new machine starts in. No `onEnter` listener runs for it.
    public static func initialState(
        _ state: State
    ) -> InitialState {
        InitialState(state: state)
    }

    // MARK: - States

    /// A state with no handlers: every event in it is invalid.
    public static func state(
        _ state: State.HashableIdentifier,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Component {
        Self.state(.any(state), file: file, line: line) {}
    }

    /// The handlers and listeners of every state of the case `state`, whatever its payload.
    ///
    /// When several definitions match a state, the first one declared is used.
    public static func state(
        _ state: State.HashableIdentifier,
        file: StaticString = #fileID,
        line: UInt = #line,
        @EventHandlerArrayBuilder build: () -> [EventHandler]
    ) -> Component {
        Self.state(.any(state), file: file, line: line, build: build)
    }

    /// A state definition with no handlers for the states of the case `state` for which
    /// `predicate` holds: every event in them is invalid.
    public static func state(
        _ state: State.HashableIdentifier,
        where predicate: @escaping (State) throws -> Bool,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Component {
        Self.state(StateMatcher.any(state).where(predicate), file: file, line: line) {}
    }

    /// The handlers and listeners of the states of the case `state` for which `predicate` holds.
    public static func state(
        _ state: State.HashableIdentifier,
        where predicate: @escaping (State) throws -> Bool,
        file: StaticString = #fileID,
        line: UInt = #line,
        @EventHandlerArrayBuilder build: () -> [EventHandler]
    ) -> Component {
        Self.state(StateMatcher.any(state).where(predicate), file: file, line: line, build: build)
    }

    /// The handlers and listeners of the states `matcher` accepts.
    public static func state(
        _ matcher: StateMatcher,
        file: StaticString = #fileID,
        line: UInt = #line,
        @EventHandlerArrayBuilder build: () -> [EventHandler]
    ) -> Component {
        let definition = StateDefinition(matcher: matcher, handlers: build(), location: SourceLocation(file, line))
        return Component(kind: .state(definition))
    }

    /// A state in which the machine ends (rule R27): it handles no event, and
    /// ``StateMachineTypes/Definition/validate()`` does not report it as a state with no way
    /// out. Diagrams mark it final: an arrow to the end in Mermaid, a double circle in DOT.
    ///
    /// ```swift
    /// finalState(.done)
    /// ```
    ///
    /// A machine in a final state has finished (``StateMachine/isFinished``): every event is
    /// invalid and calls no listener, and its `states` and `transitions` sequences end. In a
    /// child machine, a final state finishes the parent's state instead: the parent's
    /// `onDone(to:file:line:perform:)` runs.
    public static func finalState(
        _ state: State.HashableIdentifier,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Component {
        finalState(state, file: file, line: line) {}
    }

    /// A state in which the machine ends, with listeners such as `onEnter`. An `on` handler
    /// written here never runs: ``StateMachineTypes/Definition/validate()`` reports it.
    ///
    /// ```swift
    /// finalState(.done) {
    ///     onEnter { _, cause in print("done after \(cause)") }
    /// }
    /// ```
    public static func finalState(
        _ state: State.HashableIdentifier,
        file: StaticString = #fileID,
        line: UInt = #line,
        @EventHandlerArrayBuilder build: () -> [EventHandler]
    ) -> Component {
        let definition = StateDefinition(matcher: .any(state), handlers: build(), location: SourceLocation(file, line), isFinal: true)
        return Component(kind: .state(definition))
    }

    // MARK: - Events
    //
    // Every overload keeps the closure as written (see `Action.Perform`). The actions below
    // are `@inlinable`, so that the `Action` a handler returns is built in the client's module
    // with its concrete types, not by generic code that looks up type metadata on every call.

    /// Handles the events of the case `event`; the handler gets the state and the event.
    ///
    /// ```swift
    /// on(.insertCoin, to: .locked, .unlocked) { locked, coin in … }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The case handled, whatever its payload.
    ///   - targets: The cases the handler may lead to (`dontTransition` leads to the current
    ///     state's case). Optional; when given, ``StateMachineTypes/Definition/validate()``
    ///     and ``StateMachineTypes/Definition/diagram(format:)`` use them, and a transition
    ///     to any other case fails with ``StateMachine/UndeclaredTargetError`` and changes
    ///     nothing. The check runs in every build configuration, release included: see
    ///     <doc:DeclaredTargets>.
    ///   - file: The file of the handler, for validation problems and
    ///     ``StateMachine/UndeclaredTargetError``; leave the default.
    ///   - line: The line of the handler; leave the default.
    ///   - perform: Decides the transition with `transition(to:emit:)` or
    ///     `dontTransition(emit:)`; may throw, which fails the transition.
    public static func on(
        _ event: Event.HashableIdentifier,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event), targets: targets, file: file, line: line, .stateAndEvent(perform))
    }

    /// Handles the events of the case `event`; the handler gets the state.
    ///
    /// `targets` optionally declares the cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ event: Event.HashableIdentifier,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event), targets: targets, file: file, line: line, .state(perform))
    }

    /// Handles the events of the case `event`.
    ///
    /// `targets` optionally declares the cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ event: Event.HashableIdentifier,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event), targets: targets, file: file, line: line, .nothing(perform))
    }

    /// Handles the events of the case `event` for which `predicate` holds.
    ///
    /// `targets` optionally declares the cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ event: Event.HashableIdentifier,
        where predicate: @escaping (Event) throws -> Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event).where(predicate), targets: targets, file: file, line: line, .stateAndEvent(perform))
    }

    /// Handles the events of the case `event` for which `predicate` holds; the handler gets the
    /// state.
    ///
    /// ```swift
    /// on(.answered, where: { try $0.correct() }) { asking in transition(to: .next) }
    /// ```
    ///
    /// `targets` optionally declares the cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ event: Event.HashableIdentifier,
        where predicate: @escaping (Event) throws -> Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event).where(predicate), targets: targets, file: file, line: line, .state(perform))
    }

    /// Handles the events of the case `event` for which `predicate` holds.
    ///
    /// ```swift
    /// on(.answered, where: { try $0.correct() }) { transition(to: .next) }
    /// ```
    ///
    /// `targets` optionally declares the cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ event: Event.HashableIdentifier,
        where predicate: @escaping (Event) throws -> Bool,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event).where(predicate), targets: targets, file: file, line: line, .nothing(perform))
    }

    /// Handles the events `matcher` accepts.
    ///
    /// `targets` optionally declares the cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ matcher: EventMatcher,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        handler(matcher, targets: targets, file: file, line: line, .stateAndEvent(perform))
    }

    /// Handles the events `matcher` accepts; the handler gets the state.
    ///
    /// `targets` optionally declares the cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ matcher: EventMatcher,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        handler(matcher, targets: targets, file: file, line: line, .state(perform))
    }

    /// Handles the events `matcher` accepts.
    ///
    /// `targets` optionally declares the cases the handler may lead to: see <doc:DeclaredTargets>.
    public static func on(
        _ matcher: EventMatcher,
        to targets: State.HashableIdentifier...,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        handler(matcher, targets: targets, file: file, line: line, .nothing(perform))
    }

    /// Handles the events `matcher` accepts, with targets given as a list that may be empty:
    /// for tools that build definitions from data (the fixture diagrams). `nil` declares
    /// nothing; `[]` declares that the handler never leads anywhere (it only throws).
    /// `branches`, when given, are the ways diagrams draw it, each on its own edges (a
    /// fixture's `if`/`then`/`else`); otherwise one, to `targets` with `sideEffects`.
    @_spi(Tooling)
    public static func on(
        _ matcher: EventMatcher,
        declaring targets: [State.HashableIdentifier]?,
        sideEffects: [String] = [],
        branches: [DiagramBranch<State.HashableIdentifier>]? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        let location = SourceLocation(file, line)
        let perform = Action.Perform.stateAndEvent(perform)
        return [EventHandler(
            kind: .on(matcher, targets.map { perform.checking(targets: $0, at: location) } ?? perform),
            location: location, targets: targets, sideEffects: sideEffects, branches: branches
        )]
    }

    /// A handler; with declared targets, wrapped in the check that the handler keeps to them,
    /// so that undeclared handlers run exactly as written.
    static func handler(
        _ matcher: EventMatcher,
        targets: [State.HashableIdentifier],
        file: StaticString,
        line: UInt,
        _ perform: Action.Perform
    ) -> [EventHandler] {
        let location = SourceLocation(file, line)
        if targets.isEmpty {
            return [EventHandler(kind: .on(matcher, perform), location: location)]
        }
        return [EventHandler(kind: .on(matcher, perform.checking(targets: targets, at: location)), location: location, targets: targets)]
    }

    // MARK: - Enter and exit

    /// Runs after every valid transition into a state of this definition, `dontTransition`
    /// and transitions to the same state included; `cause` is the event. Not run for the
    /// initial state.
    public static func onEnter(
        file: StaticString = #fileID,
        line: UInt = #line,
        _ perform: @escaping (_ state: State, _ cause: Event) -> Void
    ) -> [EventHandler] {
        [EventHandler(kind: .onEnter(perform), location: SourceLocation(file, line))]
    }

    /// Runs after every valid transition out of a state of this definition, before the new
    /// state's `onEnter` listeners.
    public static func onExit(
        file: StaticString = #fileID,
        line: UInt = #line,
        _ perform: @escaping (_ state: State, _ cause: Event) -> Void
    ) -> [EventHandler] {
        [EventHandler(kind: .onExit(perform), location: SourceLocation(file, line))]
    }

    // MARK: - Delayed events

    /// Sends `event` to the machine when it has stayed `delay` in a state of this definition
    /// (rule R18).
    ///
    /// ```swift
    /// state(.open) {
    ///     after(.seconds(30), send: .timeout)
    ///     on(.timeout) { transition(to: .closed) }
    /// }
    /// ```
    ///
    /// The timer starts when the machine enters the state (and when a machine is made or
    /// restored in it), measured by the machine's ``StateMachineClock``. Every valid
    /// transition out of the state cancels it, `dontTransition` and transitions to the same
    /// state included, which then start it again from zero. When it fires, the event is sent
    /// with ``StateMachine/tryTransition(_:)``: the state's handlers decide, and an event the
    /// state does not handle is reported to listeners as an invalid transition. A machine that
    /// is deinitialized cancels its timers; none fires afterwards.
    public static func after(
        _ delay: StateMachineTypes.Delay,
        send event: Event,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        [EventHandler(kind: .after(delay, event), location: SourceLocation(file, line))]
    }

    // MARK: - Actions

    /// Moves to `state`, optionally emitting a side effect.
    @inlinable
    public static func transition(
        to state: State,
        emit sideEffect: SideEffect? = nil
    ) -> Action {
        Action(toState: state, sideEffect: sideEffect)
    }

    /// Stays in the current state, optionally emitting a side effect. The transition is valid.
    @inlinable
    public static func dontTransition(
        emit sideEffect: SideEffect? = nil
    ) -> Action {
        Action(toState: nil, sideEffect: sideEffect)
    }

    /// Stays in the current state without leaving it (a targetless transition, SPEC R35),
    /// optionally emitting a side effect. The transition is valid and its onTransition
    /// listeners and observers run, but unlike `dontTransition(emit:)` no onExit and no onEnter
    /// listener runs, at any level, the running timers keep their deadlines and no history is
    /// written.
    @inlinable
    public static func stay(
        emit sideEffect: SideEffect? = nil
    ) -> Action {
        Action(toState: nil, sideEffect: sideEffect, isTargetless: true)
    }

    // MARK: - Listeners

    /// Called after every transition: valid ones with `.success`, invalid ones with
    /// `.failure(Transition.Invalid)`, and errors thrown by handlers with `.failure(error)`.
    ///
    /// An error the listener throws reaches the code that sent the event, as Kotlin's
    /// exceptions do: `transition(_:)` throws it and `tryTransition(_:)` returns `.failed`. The
    /// state has changed by then; the listeners after this one (the next `onTransition`
    /// listeners, observers, `onExit`, `onEnter`) do not run for that transition (SPEC R39).
    public static func onTransition(
        _ callback: @escaping StateMachine<State, Event, SideEffect>.Transition.Listener
    ) -> Component {
        Component(kind: .callback(callback))
    }
}
