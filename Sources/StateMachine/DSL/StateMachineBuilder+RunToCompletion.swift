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
}
