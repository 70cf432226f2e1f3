extension StateMachine {

    /// The timers of a machine whose definition has delayed events (rule R18). Its mutable
    /// fields are guarded by the machine's lock.
    @usableFromInline
    final class Timers: TimerOwner, @unchecked Sendable {
        let clock: any StateMachineClock
        /// The machine, held weakly: a pending timer does not keep it alive.
        weak var machine: StateMachine?
        /// Incremented by every valid transition: a timer fires only in the generation that
        /// started it, so one that was already on its way when the state was left is dropped.
        var generation: UInt64 = 0
        var scheduled: [StateMachineTypes.ScheduledTimer] = []
        /// The history and listener plans of a composite definition; nil for a flat one.
        @usableFromInline @exclusivity(unchecked) var memory: CompositeMemory?

        init(clock: any StateMachineClock) {
            self.clock = clock
        }

        func fire(definition definitionIndex: Int, index: Int, generation: UInt64) {
            machine?.fireTimer(definition: definitionIndex, index: index, generation: generation)
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
        timers?.generation == generation
    }

    /// Starts the timers of the state the machine is made in.
    func startInitialTimers(row: Int) {
        let definitionIndex = (try? definition.table.definition(of: definition.initialState, row: row)) ?? -1
        current.withLockOrOwned { _ in restartTimers(entering: definitionIndex) }
    }

    /// Cancels the running timers and starts those of `definitionIndex` (-1: none), after a
    /// valid transition. Call with the lock held; only called when the definition has timers.
    @usableFromInline
    final func restartTimers(entering definitionIndex: Int) {
        guard let timers else { return }
        timers.generation &+= 1
        for timer in timers.scheduled {
            timer.cancel()
        }
        timers.scheduled.removeAll(keepingCapacity: true)
        guard definitionIndex >= 0 else { return }
        let generation = timers.generation
        // Held as a non-generic owner: the clock's `@Sendable` closure then needs no metatype of
        // `State` or `Event`, which need not be `Sendable`.
        let owner: any TimerOwner = timers
        for (index, timer) in definition.table.timersOfDefinition[definitionIndex].enumerated() {
            timers.scheduled.append(timers.clock.schedule(after: timer.delay) { [weak owner] in
                owner?.fire(definition: definitionIndex, index: index, generation: generation)
            })
        }
    }

    /// Sends a timer's event, unless the state was left since the timer started.
    func fireTimer(definition definitionIndex: Int, index: Int, generation: UInt64) {
        _ = send(definition.table.timersOfDefinition[definitionIndex][index].event, timerGeneration: generation)
    }

    /// Cancels every timer: the machine is going away.
    func cancelTimers(_ timers: Timers) {
        for timer in timers.scheduled {
            timer.cancel()
        }
        timers.scheduled.removeAll()
    }
}

/// What a running timer calls when it fires: a machine's timers, seen without their generic
/// parameters.
protocol TimerOwner: AnyObject, Sendable {
    func fire(definition definitionIndex: Int, index: Int, generation: UInt64)
}
