/// The timers of child machines and regions (rule R28.3): each nested level runs the timers of
/// its own state definition and superstates while its holder is active, and a fired timer
/// sends the top machine's event that stands for it (R28.4).

/// The timer blocks of one nested level in a state of the machine, with their events already
/// lifted to the top machine's event type.
@usableFromInline
struct TimerLevel {
    /// The level, from the top: a child by its holder's definition index, a region by its index.
    let path: [Int]
    /// The delayed events of the level's state definition.
    let stateTimers: [(delay: StateMachineTypes.Delay, event: Any)]
    /// The level's superstates with delayed events that contain its state, innermost first.
    let groups: [(index: Int, timers: [(delay: StateMachineTypes.Delay, event: Any)])]
    /// Every superstate of the level that contains its state, innermost first: those a
    /// re-entering handler leaves and enters (R29).
    let superstates: [Int]
}

extension TransitionTable {

    @usableFromInline
    var hasTimersAtAnyDepth: Bool { hasTimers || hasNestedTimers }

    @usableFromInline
    func appendTimerLevels(of state: Any, path: [Int], lift: (Any) -> Any?, into levels: inout [TimerLevel]) {
        guard let state = state as? State else { return }
        let definitionIndex = (try? definition(of: state, row: states.row(of: state))) ?? -1
        if hasTimers {
            func lifted(_ timers: [(delay: StateMachineTypes.Delay, event: Event)]) -> [(delay: StateMachineTypes.Delay, event: Any)] {
                timers.compactMap { timer in lift(timer.event).map { (timer.delay, $0) } }
            }
            levels.append(TimerLevel(
                path: path,
                stateTimers: definitionIndex >= 0 ? lifted(timersOfDefinition[definitionIndex]) : [],
                groups: (timerGroupsOfCase[state.hashableIdentifier] ?? []).map { ($0, lifted(timersOfSuperstate[$0])) },
                superstates: composition?.superstates(containing: state) ?? []
            ))
        }
        appendNestedTimerLevels(of: state, definition: definitionIndex, path: path, lift: lift, into: &levels)
    }

    /// The timer levels nested in `state`, a state of this table: its child's, then its
    /// regions', in entry order.
    func appendNestedTimerLevels(of state: State, definition definitionIndex: Int, path: [Int], lift: (Any) -> Any?, into levels: inout [TimerLevel]) {
        guard hasNestedTimers, let composition else { return }
        func append(_ level: NestedLevel<State>, _ component: Int) {
            guard level.table.hasTimersAtAnyDepth, let part = level.extract(state) else { return }
            level.table.appendTimerLevels(of: part, path: path + [component], lift: { level.liftTimerEvent($0).flatMap(lift) }, into: &levels)
        }
        if definitionIndex >= 0, let level = composition.children[definitionIndex]?.nested {
            append(level, definitionIndex)
        }
        for (index, link) in (composition.regions?.links ?? []).enumerated() {
            if let level = link.nested { append(level, index) }
        }
    }
}

extension StateMachine {

    /// The running timers of one nested level. Its mutable fields are guarded by the machine's lock.
    final class RunningLevel {
        var stateGeneration: UInt64 = 0
        var scheduled: [StateMachineTypes.ScheduledTimer] = []
        /// The generation and timers of each superstate of the level that runs its timers.
        var groups: [Int: (generation: UInt64, scheduled: [StateMachineTypes.ScheduledTimer])] = [:]
    }

    /// Starts, keeps or cancels the timers of the nested levels after a valid transition to
    /// `state`, or when the machine is made in it (`entered`: every level starts). Call with the
    /// lock held.
    ///
    /// A level starts from zero when it is new, or when a level above it moved by its own
    /// handler (its holder was left and entered, R22); it restarts its state's timers when its
    /// own handler moved it, and its superstates' as they are left and entered; otherwise it
    /// keeps them (R28.3).
    @usableFromInline
    final func moveLevelTimers(to state: State, entered: Bool) {
        guard let timers else { return }
        let moves = composite?.moves ?? [:]
        var levels: [TimerLevel] = []
        let table = definition.table
        table.appendNestedTimerLevels(
            of: state, definition: (try? table.definition(of: state, row: table.states.row(of: state))) ?? -1, path: [], lift: { $0 }, into: &levels
        )
        let active = Set(levels.map(\.path))
        for (path, running) in timers.levels where !active.contains(path) {
            cancel(running, timers)
            timers.levels[path] = nil
        }
        for level in levels {
            let holderMoved = entered || (0..<level.path.count).contains { moves[Array(level.path[..<$0])] != nil }
            if let running = timers.levels[level.path], !holderMoved {
                guard let reentering = moves[level.path] else { continue }
                restartLevel(running, level, reentering: reentering, timers)
            } else {
                if let running = timers.levels[level.path] { cancel(running, timers) }
                let running = RunningLevel()
                timers.levels[level.path] = running
                restartLevel(running, level, reentering: nil, timers)
            }
        }
    }

    /// Restarts the timers of the level's state, and starts those of its superstates that do
    /// not run (all of them in a new level) or that a re-entering handler left and entered,
    /// outermost first, before the state's; cancels those of superstates no longer containing it.
    private func restartLevel(_ running: RunningLevel, _ level: TimerLevel, reentering: Int?, _ timers: Timers) {
        var reentered: ArraySlice<Int> = []
        if let reentering, reentering >= 0, let index = level.superstates.firstIndex(of: reentering) {
            reentered = level.superstates[...index]
        }
        let groups = Set(level.groups.map(\.index))
        for (index, group) in running.groups where !groups.contains(index) || reentered.contains(index) {
            cancel(group.scheduled, generation: group.generation, timers)
            running.groups[index] = nil
        }
        for group in level.groups.reversed() where running.groups[group.index] == nil {
            let generation = startLevelTimers(group.timers, timers)
            running.groups[group.index] = (generation.generation, generation.scheduled)
        }
        cancel(running.scheduled, generation: running.stateGeneration, timers)
        (running.stateGeneration, running.scheduled) = startLevelTimers(level.stateTimers, timers)
    }

    /// Schedules one block's timers under a new generation, remembering their events.
    private func startLevelTimers(
        _ list: [(delay: StateMachineTypes.Delay, event: Any)], _ timers: Timers
    ) -> (generation: UInt64, scheduled: [StateMachineTypes.ScheduledTimer]) {
        guard !list.isEmpty else { return (0, []) }
        timers.lastGeneration &+= 1
        let generation = timers.lastGeneration
        timers.levelEvents[generation] = list.map(\.event)
        let owner: any TimerOwner = timers
        let scheduled = list.indices.map { index in
            timers.clock.schedule(after: list[index].delay) { [weak owner] in
                owner?.fireLevel(index: index, generation: generation)
            }
        }
        return (generation, scheduled)
    }

    private func cancel(_ running: RunningLevel, _ timers: Timers) {
        cancel(running.scheduled, generation: running.stateGeneration, timers)
        for group in running.groups.values { cancel(group.scheduled, generation: group.generation, timers) }
    }

    private func cancel(_ scheduled: [StateMachineTypes.ScheduledTimer], generation: UInt64, _ timers: Timers) {
        for timer in scheduled { timer.cancel() }
        timers.levelEvents[generation] = nil
    }

    /// Sends the event of a nested level's timer, unless its block was left since it started.
    func fireLevelTimer(index: Int, generation: UInt64) {
        guard let timers else { return }
        let event = current.withLockOrOwned { _ in timers.levelEvents[generation]?[index] as? Event }
        guard let event else { return }
        _ = send(event, timerGeneration: generation)
    }
}
