extension StateMachine {

    /// The timers of a machine whose definition has delayed events (rule R18). Its mutable
    /// fields are guarded by the machine's lock.
    @usableFromInline
    final class Timers: TimerOwner, @unchecked Sendable {
        let clock: any StateMachineClock
        /// The machine, held weakly: a pending timer does not keep it alive.
        weak var machine: StateMachine?
        /// The last generation given out: each start of a state's or a superstate's timers
        /// takes the next one.
        var lastGeneration: UInt64 = 0
        /// The generation of the current state's timers, renewed by every valid transition that
        /// leaves the state: a timer fires only in the generation that started it, so one that
        /// was already on its way when the state was left is dropped.
        var generation: UInt64 = 0
        var scheduled: [StateMachineTypes.ScheduledTimer] = []
        /// The generation of each superstate's timers, 0 while the machine is outside it; empty
        /// when no superstate has delayed events (rule R28).
        var groupGenerations: [UInt64] = []
        var groupScheduled: [[StateMachineTypes.ScheduledTimer]] = []
        /// The running timers of each nested level, by path (R28.3); empty when no child machine
        /// or region has delayed events.
        var levels: [[Int]: RunningLevel] = [:]
        /// The events of the nested levels' running timer blocks, by generation: a block whose
        /// generation is missing was left.
        var levelEvents: [UInt64: [Any]] = [:]
        /// The macrostep lock and raised events of a definition that runs to completion (R32);
        /// nil for every other definition.
        @usableFromInline var runToCompletion: RunToCompletion<Event>?

        init(clock: any StateMachineClock) {
            self.clock = clock
        }

        func fire(definition definitionIndex: Int, index: Int, generation: UInt64) {
            machine?.fireTimer(definition: definitionIndex, index: index, generation: generation)
        }

        func fireLevel(index: Int, generation: UInt64) {
            machine?.fireLevelTimer(index: index, generation: generation)
        }
    }

    /// The event of a timer whose state was left before it fired; never reported.
    @usableFromInline
    struct StaleTimerError: Error {
        @usableFromInline init() {}
    }

    /// Call with the lock held.
    @usableFromInline
    final func isCurrentTimerGeneration(_ generation: UInt64) -> Bool {
        guard let timers else { return false }
        return timers.generation == generation || timers.groupGenerations.contains(generation) || timers.levelEvents[generation] != nil
    }

    /// Starts the timers of the state the machine is made in, and of the superstates that
    /// contain it.
    func startInitialTimers(row: Int) {
        let definitionIndex = (try? definition.table.definition(of: definition.initialState, row: row)) ?? -1
        current.withLockOrOwned { _ in
            if definition.table.hasGroupTimers {
                moveGroupTimers(from: nil, to: definition.initialState)
            }
            restartTimers(entering: definitionIndex)
            if definition.table.hasNestedTimers {
                moveLevelTimers(to: definition.initialState, entered: true)
            }
        }
    }

    /// Cancels the running timers of the state and starts those of `definitionIndex` (-1:
    /// none), after a valid transition that left the state. Call with the lock held; only
    /// called when the definition has timers.
    @usableFromInline
    final func restartTimers(entering definitionIndex: Int) {
        guard let timers else { return }
        timers.lastGeneration &+= 1
        timers.generation = timers.lastGeneration
        for timer in timers.scheduled {
            timer.cancel()
        }
        timers.scheduled.removeAll(keepingCapacity: true)
        guard definitionIndex >= 0 else { return }
        schedule(definition.table.timersOfDefinition[definitionIndex], owner: definitionIndex, generation: timers.generation, into: &timers.scheduled)
    }

    /// Cancels the timers of the superstates that contain `state` but not `next`, then starts
    /// those of the superstates that contain `next` but not `state`, outermost first (rule
    /// R28); a superstate that contains both keeps its timers, unless `reentering` is a
    /// superstate around it whose `reenter: true` handler ran (R29). Call with the lock held.
    @usableFromInline
    final func moveGroupTimers(from state: State?, to next: State, reentering: Int = -1) {
        guard let timers else { return }
        let table = definition.table
        if timers.groupGenerations.isEmpty {
            timers.groupGenerations = Array(repeating: 0, count: table.timersOfSuperstate.count)
            timers.groupScheduled = Array(repeating: [], count: table.timersOfSuperstate.count)
        }
        let left = state.map { table.timerGroupsOfCase[$0.hashableIdentifier] ?? [] } ?? []
        let entered = table.timerGroupsOfCase[next.hashableIdentifier] ?? []
        // Innermost first: the superstates through the re-entered one are left and entered.
        var reentered: ArraySlice<Int> = []
        if reentering >= 0, let state, let all = table.composition?.superstates(containing: state),
           let index = all.firstIndex(of: reentering) {
            reentered = all[...index]
        }
        for group in left where !entered.contains(group) || reentered.contains(group) {
            timers.groupGenerations[group] = 0
            for timer in timers.groupScheduled[group] { timer.cancel() }
            timers.groupScheduled[group].removeAll()
        }
        for group in entered.reversed() where !left.contains(group) || reentered.contains(group) {
            timers.lastGeneration &+= 1
            timers.groupGenerations[group] = timers.lastGeneration
            schedule(table.timersOfSuperstate[group], owner: -1 - group, generation: timers.lastGeneration, into: &timers.groupScheduled[group])
        }
    }

    /// Schedules `list` on the clock: `owner` is a definition index, or `-1 - superstate`.
    private func schedule(
        _ list: [(delay: StateMachineTypes.Delay, event: Event)], owner ownerIndex: Int, generation: UInt64,
        into scheduled: inout [StateMachineTypes.ScheduledTimer]
    ) {
        guard let timers else { return }
        // Held as a non-generic owner: the clock's `@Sendable` closure then needs no metatype of
        // `State` or `Event`, which need not be `Sendable`.
        let owner: any TimerOwner = timers
        for (index, timer) in list.enumerated() {
            scheduled.append(timers.clock.schedule(after: timer.delay) { [weak owner] in
                owner?.fire(definition: ownerIndex, index: index, generation: generation)
            })
        }
    }

    /// Sends a timer's event, unless the state or superstate was left since the timer started.
    func fireTimer(definition ownerIndex: Int, index: Int, generation: UInt64) {
        let table = definition.table
        let event = ownerIndex >= 0 ? table.timersOfDefinition[ownerIndex][index].event : table.timersOfSuperstate[-1 - ownerIndex][index].event
        _ = send(event, timerGeneration: generation)
    }

    /// Cancels every timer: the machine is going away.
    func cancelTimers(_ timers: Timers) {
        for timer in timers.scheduled + timers.groupScheduled.joined() {
            timer.cancel()
        }
        for level in timers.levels.values {
            for timer in level.scheduled + level.groups.values.flatMap(\.scheduled) { timer.cancel() }
        }
        timers.scheduled.removeAll()
        timers.groupScheduled.removeAll()
        timers.levels.removeAll()
        timers.levelEvents.removeAll()
    }
}

/// What a running timer calls when it fires: a machine's timers, seen without their generic
/// parameters.
protocol TimerOwner: AnyObject, Sendable {
    func fire(definition definitionIndex: Int, index: Int, generation: UInt64)
    /// A nested level's timer (R28.3): its event is the one its block's generation remembers.
    func fireLevel(index: Int, generation: UInt64)
}
