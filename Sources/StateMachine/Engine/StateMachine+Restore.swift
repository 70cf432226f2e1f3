extension StateMachine {

    /// Makes a machine that resumes `definition` in `state`, a state saved earlier from a
    /// machine's ``state`` (rule R17).
    ///
    /// Save the state with your own `Codable` conformance, and restore it in a new machine:
    ///
    /// ```swift
    /// let saved = try JSONEncoder().encode(machine.state)          // State: Codable
    /// // … later, after a relaunch:
    /// let state = try JSONDecoder().decode(State.self, from: saved)
    /// let restored = StateMachine(definition: Turnstile.definition, restoring: state)
    /// ```
    ///
    /// Restoring runs nothing: no `onEnter` listener of the restored state (it ran when the
    /// state was entered, before it was saved, and running it again would repeat its effects on
    /// every relaunch), no `onExit` and no `onTransition`. The next event is handled as in any
    /// state; when no `state(...)` definition matches the restored state, for example one saved
    /// by an older version of the definition, that event fails with ``MissingDefinitionError``.
    ///
    /// The delayed events (`after`) of the restored state start from zero, as when a machine
    /// is made in its initial state: the time spent in the state before it was saved is not
    /// part of the state, so it is not known.
    ///
    /// - Parameters:
    ///   - definition: The definition to run; the restored machine shares its compiled table.
    ///   - state: The saved state, which becomes the machine's current state.
    ///   - clock: What measures the delays of delayed events; by default a ``TaskClock``.
    public convenience init(definition: Definition, restoring state: State, clock: any StateMachineClock = TaskClock()) {
        self.init(definition: definition.resuming(in: state), clock: clock)
    }
}
