extension StateMachine {

    /// What a valid transition does besides moving the state: restart the timers, keep the
    /// history and the listener plan of a composite step. Call with the lock held.
    ///
    /// - Parameter keepsTimers: Whether the state was not left (a child machine took the event,
    ///   rule R28): its timers and its superstates' keep running.
    @inlinable
    final func enterWork(entering definitionIndex: Int, from fromState: State, to toState: State, keepsTimers: Bool = false) {
        let memory = composite
        if definition.table.hasTimers && !keepsTimers {
            if definition.table.hasGroupTimers {
                moveGroupTimers(from: fromState, to: toState, reentering: memory?.reentered ?? -1)
            }
            restartTimers(entering: definitionIndex)
        }
        if definition.table.hasNestedTimers {
            moveLevelTimers(to: toState, entered: false)
        }
        guard let memory else { return }
        if definition.table.keepsHistory { memory.history = memory.working }
        // A valid step of a composite definition always notifies: its ticket is the next one.
        // An empty plan is not kept: no listener call waits for that ticket.
        guard !memory.plan.isEmpty || !memory.enterPlan.isEmpty else { return }
        // Every exit, then every entry (R20, R23).
        memory.plans[current.tickets.pointee.next] = memory.plan + memory.enterPlan
        memory.plan = []
        memory.enterPlan = []
    }

    /// The transition of a composite definition: moves the state and does the entry work of a
    /// valid one. Call with the lock held. `definition` is the one the flat lookup matched to
    /// `fromState`, so that its `where:` predicates are not evaluated again.
    ///
    /// `@inlinable`, as the flat path is, so that it is specialized in the client's module.
    @inlinable @inline(never)
    final func compositeTransition(from fromState: State, definition stateDefinition: Int, on event: Event) throws -> Transition {
        let table = definition.table
        let step = try table.compositeStep(
            from: fromState, row: Int(current.contents.row), definition: stateDefinition, on: event, memory: composite!
        )
        guard let action = step.action else {
            return .invalid(Transition.Invalid(fromState: fromState, event: event))
        }
        let toState = action.toState ?? fromState
        if action.toState != nil {
            current.contents.row = Int32(truncatingIfNeeded: step.toRow)
            current.contents.state = toState
        }
        if action.isTargetless {
            // R35: nothing exited or entered at any level, no timer restarted, no history written.
            composite!.plan = []
            composite!.enterPlan = []
        } else {
            enterWork(entering: step.toDefinition, from: fromState, to: toState, keepsTimers: composite!.handledInChild)
        }
        return .valid(Transition.Valid(fromState: fromState, event: event, toState: toState, sideEffect: action.sideEffect))
    }

    /// Forgets the listener calls planned for `ticket`, which an `onTransition` listener's error
    /// ended before they ran (R39).
    @usableFromInline @inline(never)
    final func discardPlannedListeners(ticket: UInt32) {
        guard let memory = composite else { return }
        current.withLockOrOwned { _ in _ = memory.plans.removeValue(forKey: ticket) }
    }

    /// Runs the listener calls planned for the transition of `ticket` (rules R20, R22, R23).
    @inlinable @inline(never)
    final func runPlannedListeners(ticket: UInt32) {
        guard let memory = composite else { return }
        let plan = current.withLockOrOwned { _ in memory.plans.isEmpty ? nil : memory.plans.removeValue(forKey: ticket) }
        guard let plan else { return }
        for call in plan { call() }
    }
}
