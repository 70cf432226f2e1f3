extension StateMachineTypes {

    /// Assembles a ``Definition`` from `initialState(_:)`, written first, and the state
    /// definitions and listeners after it: `state`, `finalState`, `superstate`, `onTransition`.
    ///
    /// `for`, `if`, `if`/`else`, `switch` and `if #available` may repeat or choose the
    /// components after `initialState(_:)`, so that a machine is built from data:
    ///
    /// ```swift
    /// StateMachine<State, Event, SideEffect>.Definition {
    ///     initialState(.closed)
    ///     for from in [State.closed, .open, .locked] {
    ///         state(from) {
    ///             for row in rows where row.from == from {
    ///                 on(row.event) { transition(to: row.to, emit: row.sideEffect) }
    ///             }
    ///         }
    ///     }
    ///     if withAlarm { state(.alarm) { on(.reset) { transition(to: .closed) } } }
    /// }
    /// ```
    ///
    /// Components made by a loop come in the order of the loop, and the first `state` block
    /// that matches a state is its definition, as when they are written out one by one.
    /// `initialState(_:)` is not allowed inside a loop or a condition: write
    /// `initialState(condition ? .a : .b)` instead.
    @resultBuilder
    public struct DefinitionBuilder {

        public static func buildExpression<State>(_ initialState: InitialState<State>) -> InitialState<State> {
            initialState
        }

        public static func buildExpression<State, Event, SideEffect>(
            _ component: Component<State, Event, SideEffect>
        ) -> [Component<State, Event, SideEffect>] {
            [component]
        }

        /// A list of components made elsewhere, such as `rows.map { state($0.id) { … } }`.
        public static func buildExpression<State, Event, SideEffect>(
            _ components: [Component<State, Event, SideEffect>]
        ) -> [Component<State, Event, SideEffect>] {
            components
        }

        /// A definition with `initialState(_:)` only.
        public static func buildBlock<State>(_ initialState: InitialState<State>) -> InitialState<State> {
            initialState
        }

        /// The whole definition: `initialState(_:)` first, then the components.
        public static func buildBlock<State, Event, SideEffect>(
            _ initialState: InitialState<State>,
            _ components: [Component<State, Event, SideEffect>]...
        ) -> Definition<State, Event, SideEffect> {
            Definition(initialState: initialState.state, components: Array(components.joined()))
        }

        /// The components of a loop's body, a branch of a condition, or a `with { … }` block.
        public static func buildBlock<State, Event, SideEffect>(
            _ components: [Component<State, Event, SideEffect>]...
        ) -> [Component<State, Event, SideEffect>] {
            Array(components.joined())
        }

        public static func buildArray<State, Event, SideEffect>(
            _ components: [[Component<State, Event, SideEffect>]]
        ) -> [Component<State, Event, SideEffect>] {
            Array(components.joined())
        }

        public static func buildOptional<State, Event, SideEffect>(
            _ components: [Component<State, Event, SideEffect>]?
        ) -> [Component<State, Event, SideEffect>] {
            components ?? []
        }

        public static func buildEither<State, Event, SideEffect>(
            first components: [Component<State, Event, SideEffect>]
        ) -> [Component<State, Event, SideEffect>] {
            components
        }

        public static func buildEither<State, Event, SideEffect>(
            second components: [Component<State, Event, SideEffect>]
        ) -> [Component<State, Event, SideEffect>] {
            components
        }

        public static func buildLimitedAvailability<State, Event, SideEffect>(
            _ components: [Component<State, Event, SideEffect>]
        ) -> [Component<State, Event, SideEffect>] {
            components
        }

        public static func buildFinalResult<State, Event, SideEffect>(
            _ initialState: InitialState<State>
        ) -> Definition<State, Event, SideEffect> {
            Definition(initialState: initialState.state, components: [])
        }

        public static func buildFinalResult<State, Event, SideEffect>(
            _ definition: Definition<State, Event, SideEffect>
        ) -> Definition<State, Event, SideEffect> {
            definition
        }

        public static func buildFinalResult<State, Event, SideEffect>(
            _ components: [Component<State, Event, SideEffect>]
        ) -> [Component<State, Event, SideEffect>] {
            components
        }

        /// Chosen only for the components of a ``StateMachineBuilder`` type that names no
        /// `SideEffect`, which does not compile (see ``SideEffectNotNamed``): the definition then
        /// keeps the type written for it, so that the compiler's one error is the one at the
        /// builder type that says what to write, not one here and more wherever it is used.
        public static func buildFinalResult<State, Event, SideEffect>(
            _ definition: Definition<State, Event, SideEffectNotNamed>
        ) -> Definition<State, Event, SideEffect> {
            fatalError("a StateMachineBuilder type that names no SideEffect does not compile")
        }

        // MARK: - Mistakes, named by the compiler
        //
        // A block that holds `initialState(_:)` builds an `InitialState` or a `Definition`, not a
        // list of components; these overloads are chosen only then, so that the compiler's error
        // names the mistake and its fix instead of an unrelated initializer.

        @available(*, unavailable, message: "a definition starts with initialState(_:); add it as the first line")
        public static func buildFinalResult<State, Event, SideEffect>(
            _ components: [Component<State, Event, SideEffect>]
        ) -> Definition<State, Event, SideEffect> {
            fatalError("unavailable")
        }

        @available(*, unavailable, message: "initialState(_:) is written once, first, outside any if or switch; to choose it, write initialState(condition ? a : b)")
        public static func buildOptional<Misplaced>(_ block: Misplaced?) -> Misplaced {
            fatalError("unavailable")
        }

        @available(*, unavailable, message: "initialState(_:) is written once, first, outside any if or switch; to choose it, write initialState(condition ? a : b)")
        public static func buildEither<Misplaced>(first block: Misplaced) -> Misplaced {
            fatalError("unavailable")
        }

        @available(*, unavailable, message: "initialState(_:) is written once, first, outside any if or switch; to choose it, write initialState(condition ? a : b)")
        public static func buildEither<Misplaced>(second block: Misplaced) -> Misplaced {
            fatalError("unavailable")
        }

        @available(*, unavailable, message: "initialState(_:) is written once, first, outside any for loop")
        public static func buildArray<Misplaced>(_ blocks: [Misplaced]) -> Misplaced {
            fatalError("unavailable")
        }
    }

    /// The extra definitions given to ``StateMachine/with(_:)``: ``DefinitionBuilder`` without
    /// `initialState(_:)`.
    public typealias ComponentsBuilder = DefinitionBuilder

    /// Assembles the `on` handlers and the `onEnter`, `onExit` and `after` listeners of a
    /// `state`, `finalState` or `superstate` block. `for`, `if`, `if`/`else`, `switch` and
    /// `if #available` may repeat or choose them:
    ///
    /// ```swift
    /// state(.closed) {
    ///     for row in rows where row.from == .closed {
    ///         on(row.event) { transition(to: row.to, emit: row.sideEffect) }
    ///     }
    /// }
    /// ```
    @resultBuilder
    public struct EventHandlerArrayBuilder {

        public static func buildBlock<State, Event, SideEffect>(
            _ events: [EventHandler<State, Event, SideEffect>]...
        ) -> [EventHandler<State, Event, SideEffect>] {
            Array(events.joined())
        }

        public static func buildOptional<State, Event, SideEffect>(
            _ events: [EventHandler<State, Event, SideEffect>]?
        ) -> [EventHandler<State, Event, SideEffect>] {
            events ?? []
        }

        public static func buildEither<State, Event, SideEffect>(
            first events: [EventHandler<State, Event, SideEffect>]
        ) -> [EventHandler<State, Event, SideEffect>] {
            events
        }

        public static func buildEither<State, Event, SideEffect>(
            second events: [EventHandler<State, Event, SideEffect>]
        ) -> [EventHandler<State, Event, SideEffect>] {
            events
        }

        public static func buildArray<State, Event, SideEffect>(
            _ events: [[EventHandler<State, Event, SideEffect>]]
        ) -> [EventHandler<State, Event, SideEffect>] {
            Array(events.joined())
        }

        public static func buildLimitedAvailability<State, Event, SideEffect>(
            _ events: [EventHandler<State, Event, SideEffect>]
        ) -> [EventHandler<State, Event, SideEffect>] {
            events
        }
    }
}
