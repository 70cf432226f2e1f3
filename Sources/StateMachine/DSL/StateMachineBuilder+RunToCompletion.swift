extension StateMachineBuilder {

    // MARK: - Run to completion (R32–R34)

    /// Makes the definition run to completion, as SCXML statecharts do (rules R32–R34).
    ///
    /// ```swift
    /// StateMachine {
    ///     initialState(.idle)
    ///     runToCompletion(initialEvent: .start)
    ///     state(.idle) {
    ///         onEnter { _, _ in machine?.raise(.ready) }   // queued, handled after this step
    ///         always(where: { state, _ in try state.isReady() }) { transition(to: .running) }
    ///     }
    /// }
    /// ```
    ///
    /// A machine of such a definition:
    /// - queues the events sent with ``StateMachine/raise(_:)`` from its own handlers and
    ///   listeners, and handles them in order after the current step, before the call that sent
    ///   the first event returns;
    /// - takes the eventless transitions (`always`) of its state after every step until none is
    ///   enabled, at most 1,000 steps per call (``StateMachine/LivelockError`` beyond);
    /// - runs the `onEnter` listeners of its initial state when it is made, with `initialEvent`
    ///   as their event (superstates first, outermost first).
    ///
    /// - Parameter initialEvent: The event the listeners of the machine's start see: the
    ///   `onEnter` listeners of the initial state and the eventless transitions taken before the
    ///   first event. No handler receives it.
    public static func runToCompletion(initialEvent: Event) -> Component {
        Component(kind: .runToCompletion(initialEvent: initialEvent))
    }

    /// An eventless transition (rule R33), taken after every step of a definition that runs to
    /// completion while the machine is in a state of this definition; the first one of the
    /// definition whose `condition` holds is taken, as a valid transition whose event is the
    /// event of the step before it.
    ///
    /// ```swift
    /// state(.counting) {
    ///     always(where: { state, _ in try state.count() >= 3 }) { transition(to: .done) }
    /// }
    /// ```
    public static func always(
        where condition: @escaping (State, Event) throws -> Bool,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        [EventHandler(kind: .always(condition: condition, perform: .stateAndEvent(perform)), location: SourceLocation(file, line))]
    }

    /// An eventless transition whose action needs neither the state nor the event.
    public static func always(
        where condition: @escaping (State, Event) throws -> Bool,
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        [EventHandler(kind: .always(condition: condition, perform: .nothing(perform)), location: SourceLocation(file, line))]
    }

    /// An eventless transition without condition: taken as soon as the machine is in a state of
    /// this definition after a step.
    public static func always(
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping (State, Event) throws -> Action
    ) -> [EventHandler] {
        [EventHandler(kind: .always(condition: nil, perform: .stateAndEvent(perform)), location: SourceLocation(file, line))]
    }

    /// An eventless transition without condition whose action needs neither the state nor the
    /// event.
    public static func always(
        file: StaticString = #fileID,
        line: UInt = #line,
        perform: @escaping () throws -> Action
    ) -> [EventHandler] {
        [EventHandler(kind: .always(condition: nil, perform: .nothing(perform)), location: SourceLocation(file, line))]
    }

    /// Raise actions on entry (rule R36): each time a state of this definition is entered, the
    /// machine raises `events`, in this order, as ``StateMachine/raise(_:)`` called from an
    /// `onEnter` listener at this place would: they are queued and handled after the current
    /// step, before the call that started it returns. Entering the initial state when the
    /// machine is made raises them too, and they are handled before the machine is returned,
    /// which a listener cannot do: it has no machine to call yet.
    ///
    /// ```swift
    /// state(.connecting) {
    ///     onEnter(raise: .dial, .wait)
    ///     on(.dial) { transition(to: .dialing) }
    /// }
    /// ```
    ///
    /// Only in a state definition of a definition that runs to completion
    /// (``runToCompletion(initialEvent:)``); elsewhere they are not run.
    public static func onEnter(
        raise events: Event...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        onEnter(raising: events, file: file, line: line)
    }

    /// ``onEnter(raise:file:line:)`` with the events in an array, for tools that build
    /// definitions from data.
    @_spi(Tooling) public static func onEnter(
        raising events: [Event],
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        [EventHandler(kind: .onEnter { _, _ in RunToCompletion<Event>.raiseOnCurrentMacrostep(events) },
                      location: SourceLocation(file, line), isRaiseAction: true)]
    }

    /// Raise actions on exit (rule R36): each time a state of this definition is left, the
    /// machine raises `events`, in this order, where its `onExit` listeners run; see
    /// ``onEnter(raise:file:line:)``.
    public static func onExit(
        raise events: Event...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        onExit(raising: events, file: file, line: line)
    }

    /// ``onExit(raise:file:line:)`` with the events in an array, for tools that build
    /// definitions from data.
    @_spi(Tooling) public static func onExit(
        raising events: [Event],
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        [EventHandler(kind: .onExit { _, _ in RunToCompletion<Event>.raiseOnCurrentMacrostep(events) },
                      location: SourceLocation(file, line), isRaiseAction: true)]
    }

    /// Post actions on entry (rule R37): each time a state of this definition is entered, the
    /// machine puts `events`, in this order, on its external queue, as SCXML's `<send>` to the
    /// machine itself does. A posted event waits until the machine has settled: no eventless
    /// transition enabled and no raised event queued (``onEnter(raise:file:line:)``); then each is
    /// handled in turn, with the events its own step raises, before the call that started the
    /// step returns.
    ///
    /// ```swift
    /// state(.loading) {
    ///     onEnter(raise: .validate)       // handled first
    ///     onEnter(post: .loaded)          // handled once .validate and what it raises are done
    /// }
    /// ```
    ///
    /// Only in a state definition of a definition that runs to completion
    /// (``runToCompletion(initialEvent:)``); elsewhere they are not run.
    public static func onEnter(
        post events: Event...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        onEnter(posting: events, file: file, line: line)
    }

    /// ``onEnter(post:file:line:)`` with the events in an array, for tools that build
    /// definitions from data.
    @_spi(Tooling) public static func onEnter(
        posting events: [Event],
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        [EventHandler(kind: .onEnter { _, _ in RunToCompletion<Event>.postOnCurrentMacrostep(events) },
                      location: SourceLocation(file, line), isRaiseAction: true)]
    }

    /// Post actions on exit (rule R37): each time a state of this definition is left, the
    /// machine puts `events` on its external queue where its `onExit` listeners run; see
    /// ``onEnter(post:file:line:)``.
    public static func onExit(
        post events: Event...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        onExit(posting: events, file: file, line: line)
    }

    /// ``onExit(post:file:line:)`` with the events in an array, for tools that build
    /// definitions from data.
    @_spi(Tooling) public static func onExit(
        posting events: [Event],
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> [EventHandler] {
        [EventHandler(kind: .onExit { _, _ in RunToCompletion<Event>.postOnCurrentMacrostep(events) },
                      location: SourceLocation(file, line), isRaiseAction: true)]
    }
}
