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

    associatedtype SideEffect

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

    // MARK: - Events
    //
    // Every overload keeps the closure as written (see `Action.Perform`). The actions below
    // are `@inlinable`, so that the `Action` a handler returns is built in the client's module
    // with its concrete types, not by generic code that looks up type metadata on every call.

    public static func on(
        _ event: Event.HashableIdentifier,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        on(EventMatcher.any(event), file: file, line: line, perform: perform)
    }

    public static func on(
        _ event: Event.HashableIdentifier,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event), file: file, line: line, .state(perform))
    }

    public static func on(
        _ event: Event.HashableIdentifier,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        handler(EventMatcher.any(event), file: file, line: line, .nothing(perform))
    }

    /// Handles the events of the case `event` for which `predicate` holds.
    public static func on(
        _ event: Event.HashableIdentifier,
        where predicate: @escaping (Event) throws -> Bool,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        on(EventMatcher.any(event).where(predicate), file: file, line: line, perform: perform)
    }

    /// Handles the events `matcher` accepts.
    public static func on(
        _ matcher: EventMatcher,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        handler(matcher, file: file, line: line, .stateAndEvent(perform))
    }

    public static func on(
        _ matcher: EventMatcher,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State) throws -> Action
    ) -> [EventHandler] {
        handler(matcher, file: file, line: line, .state(perform))
    }

    public static func on(
        _ matcher: EventMatcher,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        handler(matcher, file: file, line: line, .nothing(perform))
    }

    static func handler(
        _ matcher: EventMatcher,
        file: StaticString,
        line: UInt,
        _ perform: Action.Perform
    ) -> [EventHandler] {
        [EventHandler(kind: .on(matcher, perform), location: SourceLocation(file, line))]
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

    // MARK: - Listeners

    /// Called after every transition: valid ones with `.success`, invalid ones with
    /// `.failure(Transition.Invalid)`, and errors thrown by handlers with `.failure(error)`.
    public static func onTransition(
        _ callback: @escaping StateMachine<State, Event, SideEffect>.Transition.Callback
    ) -> Component {
        Component(kind: .callback(callback))
    }
}
