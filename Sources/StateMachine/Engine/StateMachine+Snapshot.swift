extension StateMachine {

    /// The machine's state and its history, to save and restore later with
    /// ``init(definition:restoring:clock:)-(_,StateMachineTypes.Snapshot<State>,_)`` (rules R17, R24).
    ///
    /// ```swift
    /// let saved = try JSONEncoder().encode(machine.snapshot)     // State: Codable
    /// ```
    ///
    /// The history is empty for a definition without superstates or child machines, and until
    /// the machine leaves one of them. Read from inside one of the machine's own handlers, it is
    /// the snapshot of the state the transition starts from.
    public var snapshot: StateMachineTypes.Snapshot<State> {
        let (state, history) = current.withLockOrOwned { current in
            (current.state, composite?.history ?? [:])
        }
        return StateMachineTypes.Snapshot(
            state: state, history: definition.table.snapshotHistory(history),
            nestedHistory: definition.table.nestedSnapshotHistory(history, base: state)
        )
    }

    /// Makes a machine that resumes `definition` in a snapshot taken earlier with
    /// ``snapshot``: in its state, and with its history, so that a history target leads where it
    /// would have led in the machine that was saved (rules R17, R24).
    ///
    /// ```swift
    /// let snapshot = try JSONDecoder().decode(StateMachineTypes.Snapshot<State>.self, from: saved)
    /// let restored = try StateMachine(definition: definition, restoring: snapshot)
    /// ```
    ///
    /// Restoring runs nothing, as with ``init(definition:restoring:clock:)-(_,State,_)``: no
    /// `onEnter`, `onExit` or `onTransition` listener of the machine, its superstates or its
    /// children.
    ///
    /// - Parameters:
    ///   - definition: The definition to run; the restored machine shares its compiled table.
    ///   - snapshot: The saved state and history.
    ///   - clock: What measures the delays of delayed events; by default a ``TaskClock``.
    /// - Throws: ``StateMachineTypes/SnapshotError`` when a history entry names a superstate
    ///   the definition does not have, holds a state outside its superstate, or names a case
    ///   that holds no child machine. Nothing is restored then.
    public convenience init(
        definition: Definition,
        restoring snapshot: StateMachineTypes.Snapshot<State>,
        clock: any StateMachineClock = TaskClock()
    ) throws(StateMachineTypes.SnapshotError) {
        let history = try definition.table.history(of: snapshot.history, nested: snapshot.nestedHistory)
        self.init(definition: definition.resuming(in: snapshot.state), clock: clock)
        if !history.isEmpty {
            // A non-empty history comes only from a composite definition, which keeps a memory.
            composite?.history = history
        }
    }
}
