#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#endif

/// What a machine of a definition that runs to completion (`runToCompletion`, rules R32–R34)
/// keeps besides its state: the lock its macrosteps hold, and its queue of raised events.
@usableFromInline
final class RunToCompletion<Event>: @unchecked Sendable {

    /// Held by the thread running a macrostep, from its event's step until the queue is empty:
    /// another thread's event waits for the whole macrostep, and a relock by the owner tells
    /// `raise` that it is called from inside one.
    let macrostep = Lock()
    /// The raised events waiting for their macrostep, in the order they were raised. Read and
    /// written only by the thread holding `macrostep`.
    var queue: [Event] = []
    /// The posted events (R37), SCXML's external queue: each is taken when the macrostep before it
    /// has settled, no raised event left. Read and written only by the thread holding `macrostep`.
    var posted: [Event] = []

    init() {}

    deinit {
        macrostep.deallocate()
    }

    /// Queues `events` on the machine whose macrostep runs on this thread: what a raise action
    /// (`onEnter(raise:)`, R36) does when it runs. Raise actions are listeners of a definition,
    /// shared by its machines, so they find their machine's queue here rather than capture it.
    static func raiseOnCurrentMacrostep(_ events: [Event]) {
        guard let pointer = pthread_getspecific(currentMacrostepKey),
              let current = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? RunToCompletion<Event>
        else { return }
        current.queue.append(contentsOf: events)
    }

    /// Puts `events` on the external queue of the machine whose macrostep runs on this thread:
    /// what a post action (`onEnter(post:)`, R37) does.
    static func postOnCurrentMacrostep(_ events: [Event]) {
        guard let pointer = pthread_getspecific(currentMacrostepKey),
              let current = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? RunToCompletion<Event>
        else { return }
        current.posted.append(contentsOf: events)
    }

    /// Makes this the machine whose macrostep runs on this thread until ``leave(restoring:)``;
    /// returns the one it replaces (a listener of one machine may send an event to another).
    func enter() -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(currentMacrostepKey)
        pthread_setspecific(currentMacrostepKey, Unmanaged.passUnretained(self).toOpaque())
        return previous
    }

    func leave(restoring previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(currentMacrostepKey, previous)
    }
}

/// The thread's running macrostep (a ``RunToCompletion``), for the raise actions of R36.
private let currentMacrostepKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
}()

extension StateMachine {

    /// The microsteps one call may take after its own event's (R32): beyond, the definition is
    /// taken to livelock.
    public static var macrostepLimit: Int { 1_000 }

    /// A call stopped after ``macrostepLimit`` microsteps that its event started (eventless
    /// transitions or raised events that never stop, rule R32): the machine stayed in `state`.
    ///
    /// The steps taken stay taken and were reported to the listeners; the events still queued
    /// were dropped. Check the `always` conditions of the states the machine went through and
    /// the events their listeners raise.
    public struct LivelockError: Error, CustomStringConvertible {

        /// The state the machine stopped in.
        public let state: State
        /// The number of microsteps taken after the event's own.
        public let limit: Int

        public var description: String {
            "The machine took \(limit) steps after one event without coming to rest (eventless transitions or raised events that never stop) and stopped in \(state): check the `always` conditions and the events its listeners raise."
        }
    }

    /// Sends `event` from inside this machine's own handlers and listeners: in a definition that
    /// runs to completion (`runToCompletion`, rule R32), the event is queued and handled after
    /// the current step, before the call that started that step returns, and this returns nil.
    ///
    /// ```swift
    /// state(.connecting) {
    ///     onEnter { _, _ in machine.raise(.connected) }
    /// }
    /// ```
    ///
    /// Called when no step of the machine runs on this thread, or on a definition that does not
    /// run to completion, it is ``tryTransition(_:)``. (`transition` and `tryTransition` from
    /// inside a handler or listener fail with ``StateMachineError/recursionDetected`` in every
    /// definition: their outcome would not be known when they return.)
    @discardableResult
    public final func raise(_ event: Event) -> Transition? {
        if let runToCompletion {
            guard runToCompletion.macrostep.lock() else {
                // This thread runs a macrostep of this machine.
                runToCompletion.queue.append(event)
                return nil
            }
            runToCompletion.macrostep.unlock()
        }
        return tryTransition(event)
    }

    /// Called by a step of a definition that runs to completion, with the lock held. On the thread
    /// running a macrostep of this machine, relocks and returns nil: the step is a microstep of
    /// it. Otherwise runs the macrostep of `event` and returns its outcome, with the lock released.
    @usableFromInline @inline(never)
    final func macrostep(_ event: Event, thread: UInt, timerGeneration: UInt64?) -> Transition? {
        let runToCompletion = self.runToCompletion.unsafelyUnwrapped
        current.unlock()
        guard runToCompletion.macrostep.lock() else {
            let locked = current.lock(thread)
            assert(locked)
            return nil
        }
        let previous = runToCompletion.enter()
        defer {
            runToCompletion.leave(restoring: previous)
            runToCompletion.macrostep.unlock()
        }
        let outcome = send(event, timerGeneration: timerGeneration)
        if case .failed(let error) = outcome, error is StaleTimerError { return outcome }
        if let livelock = settle(after: event, thread: thread) { return .failed(livelock) }
        return outcome
    }

    /// Enters the initial state of a definition that runs to completion (R34): its superstates'
    /// and its own onEnter listeners, with the initial event, then the macrostep they start.
    final func enterInitialState(_ initialEvent: Event) {
        guard let runToCompletion else { return }
        let thread = ThreadID.current
        let locked = runToCompletion.macrostep.lock()
        assert(locked)
        let previous = runToCompletion.enter()
        defer {
            runToCompletion.leave(restoring: previous)
            runToCompletion.macrostep.unlock()
        }
        let table = definition.table
        let state = definition.initialState
        let stateDefinition: Int
        do {
            stateDefinition = try table.definition(of: state, row: table.states.row(of: state))
        } catch {
            report(error, thread: thread)
            return
        }
        var listeners: [(State, Event) -> Void] = []
        if let composition = table.composition {
            for superstate in composition.superstates(containing: state).reversed() {
                listeners += composition.superstateEnter[superstate]
            }
        }
        if stateDefinition >= 0 { listeners += table.enterListeners[stateDefinition] }
        if !listeners.isEmpty {
            // As for any listener, a transition sent from these is refused (R16).
            current.withLockOrOwned { _ in current.tickets.pointee.deliveringThread = thread }
            for listener in listeners { listener(state, initialEvent) }
            current.withLockOrOwned { _ in current.tickets.pointee.deliveringThread = 0 }
        }
        _ = settle(after: initialEvent, thread: thread)
    }

    /// The rest of a macrostep (R32, R33): the eventless transitions, then each queued event with
    /// its own, then each posted event as a macrostep of its own (R37), within ``macrostepLimit``
    /// microsteps. Call holding the macrostep lock, without
    /// the machine's. Returns the livelock error when the limit was reached.
    final func settle(after event: Event, thread: UInt) -> LivelockError? {
        let runToCompletion = self.runToCompletion.unsafelyUnwrapped
        var steps = 0
        var cause = event
        while true {
            eventless: while true {
                switch eventlessStep(cause: cause, allowed: steps < Self.macrostepLimit, thread: thread) {
                case .none: break eventless
                case .failed: steps += 1; break eventless
                case .taken: steps += 1
                case .blocked: return livelock(steps: steps, thread: thread)
                }
            }
            guard !runToCompletion.queue.isEmpty || !runToCompletion.posted.isEmpty else { return nil }
            guard steps < Self.macrostepLimit else { return livelock(steps: steps, thread: thread) }
            cause = runToCompletion.queue.isEmpty ? runToCompletion.posted.removeFirst() : runToCompletion.queue.removeFirst()
            steps += 1
            _ = send(cause, timerGeneration: nil)
        }
    }

    private func livelock(steps: Int, thread: UInt) -> LivelockError {
        runToCompletion.unsafelyUnwrapped.queue.removeAll()
        runToCompletion.unsafelyUnwrapped.posted.removeAll()
        let error = LivelockError(state: state, limit: steps)
        report(error, thread: thread)
        return error
    }

    /// Reports a failure that has no caller of its own to the listeners that see failures.
    private func report(_ error: any Error, thread: UInt) {
        guard current.lock(thread) else { return }
        _ = finish(.failed(error), exit: -1, enter: -1, thread: thread)
    }

    enum EventlessOutcome {
        /// No eventless transition of the state is enabled.
        case none
        /// One was taken.
        case taken
        /// Its condition or action threw; nothing changed.
        case failed
        /// One is enabled, but the macrostep has taken its microsteps.
        case blocked
    }

    /// Takes the first enabled eventless transition of the current state (R33), as a microstep
    /// with `cause` as its event.
    private func eventlessStep(cause: Event, allowed: Bool, thread: UInt) -> EventlessOutcome {
        let table = definition.table
        guard !table.eventlessOfDefinition.isEmpty, current.lock(thread) else { return .none }
        let fromState = current.contents.state
        let row = Int(current.contents.row)
        do {
            let stateDefinition = try table.definition(of: fromState, row: row)
            guard stateDefinition >= 0, !table.eventlessOfDefinition[stateDefinition].isEmpty,
                  !(table.hasFinalStates && table.finalDefinitions[stateDefinition]) else {
                current.unlock()
                return .none
            }
            var enabled: TransitionTable<State, Event, SideEffect>.Eventless?
            for eventless in table.eventlessOfDefinition[stateDefinition] where try eventless.condition?(fromState, cause) ?? true {
                enabled = eventless
                break
            }
            guard let enabled else {
                current.unlock()
                return .none
            }
            guard allowed else {
                current.unlock()
                return .blocked
            }
            var action: StateMachineTypes.Action<State, Event, SideEffect>
            if let history = enabled.history, let composition = table.composition, let memory = composite {
                action = try table.eventlessHistoryAction(composition, history, perform: enabled.perform, from: fromState, on: cause, memory: memory)
            } else {
                action = try enabled.perform(fromState, cause)
            }
            let toState = action.toState ?? fromState
            let (toRow, toDefinition) = action.toState == nil ? (row, stateDefinition) : try table.rowAndDefinition(of: toState)
            if action.isTargetless {
                // R35: an eventless targetless step exits and enters nothing; the macrostep goes on.
                let outcome = Transition.valid(Transition.Valid(fromState: fromState, event: cause, toState: toState, sideEffect: action.sideEffect))
                _ = finish(outcome, exit: -1, enter: -1, thread: thread)
                return .taken
            }
            if let composition = table.composition, let memory = composite {
                table.planEventless(composition, from: fromState, definition: stateDefinition, to: toState,
                                    toDefinition: toDefinition, event: cause, memory: memory)
            }
            current.contents.row = Int32(truncatingIfNeeded: toRow)
            current.contents.state = toState
            if table.hasEntryWork {
                enterWork(entering: toDefinition, from: fromState, to: toState)
            }
            let outcome = Transition.valid(Transition.Valid(fromState: fromState, event: cause, toState: toState, sideEffect: action.sideEffect))
            _ = finish(outcome, exit: stateDefinition, enter: toDefinition, thread: thread)
            return .taken
        } catch {
            _ = finish(.failed(error), exit: -1, enter: -1, thread: thread)
            return .failed
        }
    }
}

extension TransitionTable {

    /// Plans the listener calls and history of an eventless transition of a composite table, as
    /// ``compositeStep(from:row:definition:on:memory:)`` plans a handler's at the top level.
    func planEventless(
        _ composition: Composition, from state: State, definition: Int, to next: State, toDefinition: Int,
        event: Event, memory: CompositeMemory
    ) {
        memory.plan = []
        memory.enterPlan = []
        if keepsHistory { memory.working = memory.history }
        memory.handledInChild = false
        memory.reentered = -1
        if memory.tracksLevels {
            memory.path.removeAll(keepingCapacity: true)
            memory.moves.removeAll(keepingCapacity: true)
        }
        planTransition(composition, from: state, definition: definition, to: next, toDefinition: toDefinition, event: event, memory: memory)
        memory.recordMove(reentering: nil)
    }
}

extension StateMachine.LivelockError: Sendable where State: Sendable {}
