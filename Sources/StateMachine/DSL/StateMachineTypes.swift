/// The building blocks of a machine definition, produced by the ``StateMachineBuilder`` DSL.
///
/// You rarely name these types: the DSL functions return them and the result builders
/// assemble them.
public enum StateMachineTypes {

    /// A complete machine definition: an initial state, state definitions and listeners.
    ///
    /// A definition is a value. It is compiled once, when it is built, into a lookup table that
    /// every machine made from it shares, and it answers transitions as a pure function:
    ///
    /// ```swift
    /// let definition = Turnstile.definition
    /// let result = definition.transition(from: .locked, on: .coin)   // no machine, no listeners
    /// ```
    public struct Definition<State: StateMachineHashable, Event: StateMachineHashable, SideEffect>: @unchecked Sendable {

        /// The state a machine made from this definition starts in.
        public let initialState: State

        /// The compiled definition, shared by every copy of this definition and every machine
        /// made from it; it also keeps the components.
        @usableFromInline let table: TransitionTable<State, Event, SideEffect>

        var components: [Component<State, Event, SideEffect>] { table.components }

        /// Where the definition was written (`Definition { … }` or `StateMachine { … }`), where
        /// ``validate()`` reports the problems of the whole definition; nil when it was made
        /// otherwise (regions, `with`), which report them at their first `state` block.
        var location: SourceLocation?

        /// Whether a machine made from this definition enters its initial state (R34, in a
        /// definition that runs to completion); false for the copies that resume a machine
        /// (restoring, `with`), whose state was entered already.
        var entersInitialState = true

        /// A copy that starts in `state` without entering it: a machine resumed there.
        func resuming(in state: State) -> Definition {
            var copy = startingIn(state)
            copy.entersInitialState = false
            return copy
        }

        init(
            initialState: State, components: [Component<State, Event, SideEffect>],
            regions: TransitionTable<State, Event, SideEffect>.Composition.Regions? = nil
        ) {
            self.initialState = initialState
            self.table = TransitionTable(components: components, regions: regions)
        }

        /// Builds a definition with the DSL.
        ///
        /// ```swift
        /// let definition = StateMachine<State, Event, SideEffect>.Definition {
        ///     initialState(.solid)
        ///     state(.solid) { on(.melt) { transition(to: .liquid, emit: .logMelted) } }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - file: The file of the definition, where ``validate()`` reports an event that no
        ///     state handles; leave the default.
        ///   - line: The line of the definition; leave the default.
        ///   - build: The definition: `initialState(_:)` first, then the states and listeners.
        public init(file: StaticString = #fileID, line: UInt = #line, @DefinitionBuilder build: () -> Definition) {
            self = build()
            location = SourceLocation(file, line)
        }

        /// The result of `event` in `state`, computed without a machine: no listeners run and
        /// nothing is mutated. Handlers run; they should be pure for this to be a pure function.
        ///
        /// - Returns: `.valid` with the new state and side effect, `.invalid` when the state's
        ///   definition has no handler for the event, `.failed` when a handler threw or no
        ///   definition matches `state`.
        @inlinable
        public func transition(
            from state: State,
            on event: Event
        ) -> StateMachine<State, Event, SideEffect>.Transition {
            do {
                let step = try table.decidedStep(from: state, row: table.states.row(of: state), on: event, memory: nil)
                guard let action = step.action else {
                    return .invalid(.init(fromState: state, event: event))
                }
                return .valid(.init(fromState: state, event: event, toState: action.toState ?? state, sideEffect: action.sideEffect))
            } catch {
                return .failed(error)
            }
        }

        /// The result of `event` in `state` for a definition with history targets (rule R24):
        /// `history` is what the machine remembers of the superstates and children it left, and
        /// is updated when the result is valid.
        ///
        /// ```swift
        /// var history = StateMachineTypes.History()
        /// let broken = definition.transition(from: .functioning(.unlocked), on: .machineDidFail, history: &history)
        /// let back = definition.transition(from: .broken, on: .machineRepairDidComplete, history: &history)
        /// // back.valid?.toState == .functioning(.unlocked)
        /// ```
        ///
        /// ``transition(from:on:)`` is this with an empty history: history targets lead to their
        /// defaults.
        public func transition(
            from state: State,
            on event: Event,
            history: inout History
        ) -> StateMachine<State, Event, SideEffect>.Transition {
            let memory = CompositeMemory()
            memory.history = history.storage
            do {
                let step = try table.decidedStep(from: state, row: table.states.row(of: state), on: event, memory: memory)
                guard let action = step.action else {
                    return .invalid(.init(fromState: state, event: event))
                }
                if table.keepsHistory { history.storage = memory.working }
                return .valid(.init(fromState: state, event: event, toState: action.toState ?? state, sideEffect: action.sideEffect))
            } catch {
                return .failed(error)
            }
        }

        /// A copy of this definition that starts in `state`.
        public func startingIn(_ state: State) -> Definition {
            Definition(initialState: state, sharing: self)
        }

        private init(initialState: State, sharing other: Definition) {
            self.initialState = initialState
            self.table = other.table
            self.location = other.location
        }

        /// Checks the definition for mistakes that the compiler cannot see, and reports them all
        /// at once, each with its source location and what to change.
        ///
        /// ```swift
        /// try definition.validate()   // or: try StateMachine(validating: definition)
        /// ```
        ///
        /// Always reported:
        /// - a `state` block that is never used because an earlier one for the same case has no
        ///   `where:` predicate and so always wins, and the same for `on` handlers;
        /// - an initial state without a state definition;
        /// - a state with no way out that is not declared with `finalState(_:)`: a state block
        ///   without `on` handlers, or one whose handlers all declare (with `to:`) no target
        ///   other than its own case;
        /// - a target declared with `to:` that has no state definition (every event fails there);
        /// - an event case that no `on` handler of any state handles, reported at the line of the
        ///   definition (`Definition {` or `StateMachine {`), with the case to handle or remove.
        ///   Events are enumerated by reflection when `Event` is an enum that is its own
        ///   identifier or whose `HashableIdentifier` is a `String` enum named after its cases;
        ///   for other `Event` types this problem is not looked for, and ``skippedChecks`` says so.
        ///
        /// Reported only when targets are declared enough to know it:
        /// - a state definition that no transition reaches from the initial state. Reachability
        ///   follows declared targets, so it is reported only when every handler of every state
        ///   reached that way declares its targets; a handler without `to:` may go anywhere, so
        ///   one such handler in a reachable state turns this check off rather than report a
        ///   state falsely. ``skippedChecks`` then names the handlers that turned it off, and the
        ///   thrown error lists them under "Not checked".
        ///
        /// Composite definitions (see <doc:ComposingMachines>) are also checked for: superstates
        /// that overlap without one containing the other, that have the same cases or name, or
        /// that name a case twice; a child's case with a `where:` or `.eq` matcher or with another
        /// definition; history targets that name no superstate or child; regions with one name,
        /// or whose machine has no handler, or that no event reaches (when every case of `Event`
        /// is payload-less, each is mapped with the region's `events`, and none gives an event
        /// its machine handles); and the problems of each child and region definition.
        /// With a child machine, events are not reported as never handled (its event mapping is a
        /// closure, which may handle any of them).
        ///
        /// A child's event mapping is a closure, so it is checked by calling it: for each case
        /// without payload of `Event` (enumerated by reflection when `Event` is an enum with
        /// reflection metadata), the value of that case is mapped once, and a parent event whose
        /// child event's case no `on` handler of the child definition handles (in a state
        /// definition or a superstate) is reported at the `child(…)` line. Parent events of cases
        /// with a payload are not checked (their values cannot be made), nor any event when
        /// `Event` is not such an enum, nor the mapping of a child whose own states hold a child
        /// machine or that has regions (it may hand any event on).
        ///
        /// A child's state definitions that the parent never enters it in, and that the child's
        /// declared targets do not lead to from there, are reported at the `child(…)` line. The
        /// parent enters the child in the child states held by its initial state, by the values
        /// its handlers declare with `entering:` and by its history defaults; when some parent
        /// handler declares no target, or declares the child's case without a value, or a child
        /// state reached has a handler without `to:`, nothing is reported for that child.
        ///
        /// - Throws: ``DefinitionError`` listing every problem, sorted by file and line.
        public func validate() throws(DefinitionError) {
            let problems = problems()
            if !problems.isEmpty { throw DefinitionError(problems: problems, skippedChecks: skippedChecks) }
        }

        /// The checks of ``validate()`` that could not be made for this definition, each with
        /// where and why, sorted by file and line; empty when every check was made.
        ///
        /// ```swift
        /// for note in definition.skippedChecks { print(note) }
        /// // Turnstile.swift:12: not checked: whether every state is reached from the initial
        /// // state locked, because these handlers declare no targets (`to:`), so they may lead
        /// // anywhere: `on(coin)` in `state(locked)` at line 14. …
        /// ```
        ///
        /// A check is skipped, rather than made on a guess, when the definition does not say
        /// enough: reachability when a reachable state has a handler without `to:`; events no
        /// state handles when `Event` cannot be enumerated or a state holds a child machine.
        /// ``DefinitionError`` lists them under "Not checked" after its problems.
        public var skippedChecks: [DefinitionError.Problem] {
            DefinitionGraph(initialState: initialState, components: components)
                .skippedChecks(checkingEvents: table.composition?.regions == nil, definedAt: location)
                .sorted { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
        }

        /// What ``validate()`` reports, sorted by file and line; without the events no state
        /// handles when `checkingEvents` is false (a region sharing its product's events).
        /// `runningPredicates` false: without calling `where:` predicates of this definition
        /// (a machine's debug report, see ``ProblemReport``).
        func problems(checkingEvents: Bool = true, runningPredicates: Bool = true) -> [DefinitionError.Problem] {
            (table.problems(initialState: initialState, runningPredicates: runningPredicates) + table.compositionProblems()
                + table.childReachabilityProblems(initialState: initialState)
                + DefinitionGraph(initialState: initialState, components: components).problems(checkingEvents: checkingEvents, definedAt: location))
                .sorted { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) }
        }
    }

    /// What a machine remembers of the superstates and child machines it left, for history
    /// targets (rule R24). Passed to ``Definition/transition(from:on:history:)``.
    public struct History {
        var storage: [HistoryKey: Any] = [:]

        /// No history: every history target leads to its default.
        public init() {}
    }

    /// Every problem found in a definition by ``Definition/validate()``.
    public struct DefinitionError: Error, CustomStringConvertible, Equatable {

        /// One problem, with where it is and what to change.
        public struct Problem: CustomStringConvertible, Equatable, Sendable {
            public let file: String
            public let line: Int
            public let message: String

            public var description: String { "\(file):\(line): \(message)" }
        }

        public let problems: [Problem]

        /// The checks that could not be made, with where and why (see
        /// ``Definition/skippedChecks``): the mistakes they look for may be there too.
        public let skippedChecks: [Problem]

        init(problems: [Problem], skippedChecks: [Problem] = []) {
            self.problems = problems
            self.skippedChecks = skippedChecks
        }

        /// The problems, one a line, then the skipped checks under "Not checked:".
        public var description: String {
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            let skipped = skippedChecks.isEmpty ? [] : ["Not checked:"] + skippedChecks.map { "- \($0)" }
            return (["The state machine definition has \(count):"] + problems.map { "- \($0)" } + skipped)
                .joined(separator: "\n")
        }
    }

    /// The `SideEffect` of a ``StateMachineBuilder`` type that names none, so that the compiler
    /// reports the missing name in one error that says what to write. It has no values.
    public enum SideEffectNotNamed {}

    /// The machine's starting state, from `initialState(_:)`.
    public struct InitialState<State> {
        let state: State
    }

    /// A state definition or a transition listener.
    public struct Component<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {

        enum Kind {
            case state(StateDefinition<State, Event, SideEffect>)
            case callback(StateMachine<State, Event, SideEffect>.Transition.Listener)
            case superstate(SuperstateDefinition<State, Event, SideEffect>)
            /// `runToCompletion(initialEvent:)`: the definition runs to completion (R32–R34).
            case runToCompletion(initialEvent: Event)
        }

        let kind: Kind
    }

    /// An `on` handler, an `onEnter` / `onExit` listener or an `after` delayed event inside a
    /// state definition.
    public struct EventHandler<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {

        typealias Listener = (State, Event) -> Void

        enum Kind {
            case on(Matcher<Event>, Action<State, Event, SideEffect>.Perform)
            case onEnter(Listener)
            case onExit(Listener)
            case after(Delay, Event)
            case child(ChildLink<State, Event, SideEffect>)
            /// What the state does when its child machine reaches a final state (R27).
            case onDone(Action<State, Event, SideEffect>.Perform)
            /// An eventless transition (`always`, R33): taken after a step while `condition`
            /// (none: always) holds, in a definition that runs to completion.
            case always(condition: ((State, Event) throws -> Bool)?, perform: Action<State, Event, SideEffect>.Perform)
        }

        var kind: Kind
        let location: SourceLocation
        /// The cases an `on` handler declared with `to:`; nil when it declared none. The cases
        /// of its `entering:` values come last, one per value.
        var targets: [State.HashableIdentifier]? = nil
        /// The whole values an `on` handler declared with `entering:`: values of child-holding
        /// cases, whose child states ``Definition/validate()`` takes as entered by the parent.
        var entering: [State] = []
        /// Where an `on` handler written with `toHistoryOf:` leads: a history target, and the
        /// state it leads to when there is no history yet. Its action gives the side effect.
        var history: HistoryLink<State, Event>? = nil
        /// Whether an `on` handler of a superstate written with `reenter: true` exits and
        /// re-enters its superstate when it leads to a state inside it (rule R29).
        var reenters = false
        /// Whether this `onEnter` / `onExit` listener is a raise or post action (`onEnter(raise:)`,
        /// `onEnter(post:)`, rules R36, R37), run only in a state definition of a definition that runs to completion.
        var isRaiseAction = false

        /// Whether this is an `on` handler.
        var isEventHandler: Bool {
            if case .on = kind { true } else { false }
        }
        /// The side effects an `on` handler declares before it runs, as diagrams name them
        /// (`event / sideEffect`); empty when it declares none: its action computes them.
        var sideEffects: [String] = []
        /// The ways an `on` handler may go, each drawn as its own edges, when the handler's
        /// definition tells them (a fixture's `if`); nil: one way, to `targets` with
        /// `sideEffects`.
        var branches: [DiagramBranch<State.HashableIdentifier>]? = nil
    }

    /// What a handler decided: the next state (nil for `dontTransition`) and a side effect.
    public struct Action<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {

        /// A handler as written: with the state and the event, the state only, or nothing.
        /// Kept in the shape it was written in, rather than wrapped into one closure type, so
        /// that a transition makes one call to the user's closure, whose context is usually
        /// empty, instead of a call through a wrapper that must be retained.
        @usableFromInline
        enum Perform {
            case stateAndEvent((State, Event) throws -> Action)
            case state((State) throws -> Action)
            case nothing(() throws -> Action)

            @inlinable @inline(__always)
            func callAsFunction(_ state: State, _ event: Event) throws -> Action {
                switch self {
                case .stateAndEvent(let perform): try perform(state, event)
                case .state(let perform): try perform(state)
                case .nothing(let perform): try perform()
                }
            }
        }

        @usableFromInline let toState: State?
        @usableFromInline let sideEffect: SideEffect?
        /// A targetless transition (`stay(emit:)`, R35): valid, to the current state, with no
        /// exit, no entry, no timer restarted and no history written.
        @usableFromInline let isTargetless: Bool

        @inlinable
        init(toState: State?, sideEffect: SideEffect?, isTargetless: Bool = false) {
            self.toState = toState
            self.sideEffect = sideEffect
            self.isTargetless = isTargetless
        }
    }

    /// Which values a `state` or `on` definition applies to: a case, optionally narrowed by a
    /// predicate or to one exact value (Kotlin's `Matcher.any`, `where` and `eq`).
    ///
    /// ```swift
    /// state(.locked) { … }                                     // any .locked(credit:)
    /// state(.eq(.locked(credit: 0))) { … }                     // exactly this value
    /// state(.any(.locked).where { try $0.credit() >= 50 }) { … }
    /// ```
    public struct Matcher<Value: StateMachineHashable> {

        let identifier: Value.HashableIdentifier
        let predicates: [(Value) throws -> Bool]
        /// What diagrams write for each predicate, in the same order (`Matcher+Guards.swift`).
        var guards: [Guard] = []

        /// Every value of the case `identifier`.
        public static func any(_ identifier: Value.HashableIdentifier) -> Matcher {
            Matcher(identifier: identifier, predicates: [])
        }

        /// Exactly `value`.
        public static func eq(_ value: Value) -> Matcher where Value: Equatable {
            Matcher(identifier: value.hashableIdentifier, predicates: [{ $0 == value }], guards: [.equal { "\(value)" }])
        }

        /// This matcher, narrowed to the values for which `predicate` is true.
        ///
        /// An error thrown by `predicate` reaches the caller of `transition`, like an error
        /// thrown by a handler. Diagrams write the guard `[guard]`; ``where(_:_:)`` names it.
        public func `where`(_ predicate: @escaping (Value) throws -> Bool) -> Matcher {
            Matcher(identifier: identifier, predicates: predicates + [predicate], guards: guards + [.unnamed])
        }

        var isUnconditional: Bool { predicates.isEmpty }

        func matches(_ value: Value) throws -> Bool {
            for predicate in predicates where try !predicate(value) { return false }
            return true
        }
    }

    /// The error thrown by payload access such as `try state.credit()` when the payload is not
    /// of the requested type.
    public struct IncorrectTypeError: Error, CustomDebugStringConvertible, CustomStringConvertible {

        public var debugDescription: String {
            "Incorrect Type: expected `\(expectedType)`, encountered `\(encounteredType)`"
        }

        public var description: String { debugDescription }

        public let expectedType: Any.Type
        public let encounteredType: Any.Type
    }
}

/// Where a DSL call was written, for validation messages.
struct SourceLocation: Equatable {
    let file: String
    let line: Int

    init(_ file: StaticString, _ line: UInt) {
        self.file = "\(file)"
        self.line = Int(line)
    }
}

/// One `state(...) { ... }` block.
struct StateDefinition<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {
    let matcher: StateMachineTypes.Matcher<State>
    var handlers: [StateMachineTypes.EventHandler<State, Event, SideEffect>]
    let location: SourceLocation
    /// Whether the block was written `finalState(...)`: the machine may end there.
    var isFinal = false
}
