/// A finite-state machine defined with the ``StateMachineBuilder`` DSL.
///
/// ```swift
/// let machine = StateMachine<State, Event, SideEffect> {
///     initialState(.solid)
///     state(.solid) {
///         on(.melt) { transition(to: .liquid, emit: .logMelted) }
///     }
///     state(.liquid) {
///         on(.freeze) { transition(to: .solid, emit: .logFrozen) }
///     }
/// }
/// let valid = try machine.transition(.melt)      // throws Transition.Invalid when not handled
/// let outcome = machine.tryTransition(.freeze)   // .valid / .invalid / .failed, never throws
/// ```
///
/// The machine is safe to use from several threads: transitions are serialized, `state` is
/// always a state the machine was in, and listeners run after the lock is released, one
/// transition at a time in the order the state changed, in this order: `onTransition` listeners
/// and observers, the old state's `onExit`, the new state's `onEnter`.
open class StateMachine<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {

    public typealias Definition = StateMachineTypes.Definition<State, Event, SideEffect>

    @usableFromInline typealias Table = TransitionTable<State, Event, SideEffect>

    /// An observer and its callback. A class, so that taking a snapshot of the observers
    /// copies references, not weak references (copying a weak reference costs two atomic
    /// updates of the side table).
    @usableFromInline
    final class Observer {
        /// The object of `startObserving`; nil for an ``ObservationToken``'s entry. Only
        /// written by the initializer: no dynamic exclusivity check is needed to read it.
        @usableFromInline @exclusivity(unchecked) weak var object: AnyObject?
        /// Whether the entry observes `object` (held weakly) rather than belonging to a token.
        @usableFromInline let isWeak: Bool
        @usableFromInline let callback: Transition.Callback

        init(object: AnyObject?, callback: @escaping Transition.Callback) {
            self.object = object
            self.isWeak = object != nil
            self.callback = callback
        }

        /// Whether the entry observes an object that is gone.
        var isGone: Bool { isWeak && object == nil }
    }

    /// What changes, guarded by the machine's lock. The lock and this live in one heap block
    /// next to the instance, so a machine is two small allocations.
    @usableFromInline
    struct Current {
        /// Change it with ``StateMachine/changeObservers(_:)`` only: the listeners of a
        /// transition read the list as it was when the state changed without retaining it.
        @usableFromInline var observers: [Observer]
        /// The row of `state` in the table's state index.
        @usableFromInline var row: Int32
        @usableFromInline var state: State
        /// Observer lists replaced while some transition's listeners may still read them, kept
        /// until those transitions are delivered: see ``StateMachine/changeObservers(_:)``.
        @usableFromInline var retired: [RetiredObservers] = []

        init(observers: [Observer], row: Int32, state: State) {
            self.observers = observers
            self.row = row
            self.state = state
        }
    }

    /// An observer list that transitions up to (not including) ticket `until` may be reading.
    @usableFromInline
    struct RetiredObservers {
        let until: UInt32
        let observers: [Observer]
    }

    /// The definition this machine runs, starting in its initial state.
    public let definition: Definition

    @usableFromInline let current: Locked<Current>

    /// The delayed events' timers; nil when the definition has no `after`.
    @usableFromInline let timers: Timers?

    /// What a composite definition's steps keep between transitions: the history of the
    /// superstates and children left, and the listener calls planned for each transition
    /// waiting for its turn. Nil for a flat definition.
    @usableFromInline let composite: CompositeMemory?

    /// The macrostep lock and raised events of a definition that runs to completion (R32); nil
    /// for every other definition. Kept with the timers, so that every other machine stays as
    /// small as it was.
    @usableFromInline var runToCompletion: RunToCompletion<Event>? { timers?.runToCompletion }

    /// The current state.
    ///
    /// Read from inside one of the machine's own handlers or `where:` predicates, it is the
    /// state the transition starts from.
    @inlinable
    public final var state: State {
        if current.lock(ThreadID.current) {
            let state = current.contents.state
            current.unlock()
            return state
        }
        // This thread holds the lock: it is running a handler or predicate of this machine,
        // which cannot change the state.
        return current.contents.state
    }

    /// Whether the machine is in a final state (`finalState`, rule R27): it has finished.
    ///
    /// A finished machine stays where it is: every event is invalid and calls no listener, and
    /// its ``states`` and ``transitions`` streams have ended. A machine made or restored in a
    /// final state is finished from the start.
    public final var isFinished: Bool {
        let table = definition.table
        guard table.hasFinalStates else { return false }
        return table.isFinal(state)
    }

    /// Makes a machine from a definition written with the DSL.
    ///
    /// - Parameters:
    ///   - file: The file of the definition, where ``StateMachineTypes/Definition/validate()``
    ///     reports an event that no state handles; leave the default.
    ///   - line: The line of the definition; leave the default.
    ///   - build: The definition: `initialState(_:)` first, then the states and listeners.
    public convenience init(
        file: StaticString = #fileID,
        line: UInt = #line,
        @StateMachineTypes.DefinitionBuilder build: () -> Definition
    ) {
        var definition = build()
        definition.location = SourceLocation(file, line)
        self.init(definition: definition)
    }

    /// Makes a machine from a definition, after checking it with
    /// ``StateMachineTypes/Definition/validate()``.
    ///
    /// - Parameters:
    ///   - definition: The definition to run.
    ///   - clock: What measures the delays of the definition's delayed events (`after`).
    /// - Throws: ``StateMachineTypes/DefinitionError`` listing every problem found.
    public convenience init(
        validating definition: Definition,
        clock: any StateMachineClock = TaskClock()
    ) throws(StateMachineTypes.DefinitionError) {
        try definition.validate()
        self.init(definition: definition, clock: clock)
    }

    /// Makes a machine that runs `definition`. Machines made from the same definition share
    /// its compiled table.
    ///
    /// When the definition has delayed events (`after(_:send:)`, rule R18), `clock` measures
    /// their delays, and the timers of the initial state start now. Pass a ``ManualClock`` in
    /// tests:
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let machine = StateMachine(definition: Door.definition, clock: clock)
    /// clock.advance(by: .seconds(30))
    /// ```
    ///
    /// - Parameters:
    ///   - definition: The definition to run.
    ///   - clock: What measures the delays of delayed events; by default a ``TaskClock``.
    ///     Unused, and not kept, when the definition has none.
    ///
    /// In debug builds, the first machine made from a definition with problems prints them on
    /// standard error, once per definition, as ``StateMachineTypes/Definition/validate()``
    /// reports them: a handler that is never used or a timer that never fires does not go
    /// unnoticed. Release builds check nothing here.
    public init(definition: Definition, clock: any StateMachineClock = TaskClock()) {
        definition.reportProblemsOnce()
        self.definition = definition
        let row = definition.table.states.row(of: definition.initialState)
        current = Locked(Current(observers: [], row: Int32(row), state: definition.initialState))
        // A definition that runs to completion keeps its raised events next to the timers, so
        // that a flat machine stays as small as it was.
        let runsToCompletion = definition.table.initialEvent != nil
        timers = definition.table.hasEntryWork || runsToCompletion ? Timers(clock: clock) : nil
        if runsToCompletion { timers?.runToCompletion = RunToCompletion() }
        composite = definition.table.composition == nil ? nil : CompositeMemory(tracksLevels: definition.table.hasNestedTimers)
        if let timers {
            timers.machine = self
            startInitialTimers(row: row)
        }
        if let initialEvent = definition.table.initialEvent, definition.entersInitialState {
            enterInitialState(initialEvent)
        }
    }

    deinit {
        if let timers {
            cancelTimers(timers)
        }
        current.deallocate()
    }

    // MARK: - Observers

    /// Calls `callback` after every transition while `observer` is alive.
    ///
    /// The machine keeps a weak reference to `observer`, and a strong one while its callback
    /// runs, so the observer is never deinitialized in the middle of its callback, and is not
    /// called back once it is gone. A `nil` observer is ignored. For a callback that is not
    /// tied to an object's lifetime, ``observe(_:)`` is cheaper.
    ///
    /// Observers are called with the other listeners, in the order of the transitions (see
    /// ``tryTransition(_:)``). Started from inside one of this machine's handlers, the
    /// observation already covers the transition that runs the handler.
    @discardableResult
    public func startObserving(_ observer: AnyObject?, callback: @escaping Transition.Callback) -> Self {
        guard let observer else { return self }
        let entry = Observer(object: observer, callback: callback)
        changeObservers { $0.observers.append(entry) }
        return self
    }

    /// Stops calling back the given observers, and forgets observers that are gone.
    ///
    /// Called from inside one of this machine's handlers, the transition that runs the handler
    /// no longer calls them back.
    public func stopObserving(_ observers: AnyObject?...) {
        stopObserving(observers)
    }

    /// Stops calling back the given observers, and forgets observers that are gone.
    public func stopObserving(_ observers: [AnyObject?]) {
        changeObservers { current in
            current.observers.removeAll { entry in
                guard entry.isWeak else { return false }
                guard let object = entry.object else { return true }
                return observers.contains { $0 === object }
            }
        }
    }

    /// Calls `callback` after every transition until the returned token is cancelled or
    /// deinitialized.
    ///
    /// ```swift
    /// let token = machine.observe { result in
    ///     if case .success(let valid) = result { print(valid.toState) }
    /// }
    /// // …
    /// token.cancel()   // or let the token go
    /// ```
    ///
    /// The machine holds `callback` strongly, and the token holds the machine strongly until
    /// the token is gone. Callbacks run with the other listeners, in the order of the
    /// transitions (see ``tryTransition(_:)``). A transition whose state changed before
    /// `cancel()` may still call back while `cancel()` runs on another thread; none that
    /// changes it afterwards does. This is the cheapest way to observe a machine: unlike
    /// ``startObserving(_:callback:)``, no weak reference is checked per transition.
    public func observe(_ callback: @escaping Transition.Callback) -> ObservationToken {
        let entry = Observer(object: nil, callback: callback)
        changeObservers { $0.observers.append(entry) }
        return ObservationToken { [self] in
            changeObservers { $0.observers.removeAll { $0 === entry } }
        }
    }

    // MARK: - Transitions
    //
    // `transition` and `tryTransition` are `@inlinable`: they are compiled in the caller's
    // module with its concrete `State`, `Event` and `SideEffect`. Compiled once as generic
    // code, every transition would look up the runtime metadata of `Transition`, `Valid`,
    // `Action` and friends, which costs far more than the transition itself. What they use
    // is `@usableFromInline` internal API, so the public surface does not change.

    /// Sends `event` and returns the valid transition.
    ///
    /// - Throws: ``Transition/Invalid`` when the current state's definition does not handle
    ///   `event`; the error thrown by a handler or predicate; ``MissingDefinitionError`` when no
    ///   definition matches the current state; ``StateMachineError/recursionDetected`` when
    ///   called from inside this machine's own handler or listener.
    @inlinable
    @discardableResult
    public final func transition(_ event: Event) throws -> Transition.Valid {
        switch tryTransition(event) {
        case .valid(let valid): return valid
        case .invalid(let invalid): throw invalid
        case .failed(let error): throw error
        }
    }

    /// Sends `event` and returns the outcome without throwing: Kotlin's `transition(event)`.
    ///
    /// Transitions from several threads are serialized. The listeners (`onTransition`,
    /// observers, `onExit`, `onEnter`) run on the thread that sent the event, outside the
    /// machine's lock, one transition at a time and in the order the state changed; they have
    /// all run when this returns. A thread whose transition comes next waits until the
    /// listeners of the one before have returned.
    ///
    /// > Important: A handler or listener must not wait for a transition of the same machine
    /// > sent from another thread: that transition waits for the handler's lock or for the
    /// > listener's turn to end, and both threads wait forever. Sent from the same thread, such
    /// > a transition fails with ``StateMachineError/recursionDetected``.
    @inlinable
    @discardableResult
    public final func tryTransition(_ event: Event) -> Transition {
        send(event, timerGeneration: nil)
    }

    /// `tryTransition`, or, with a timer generation, the event of a timer that fires: dropped
    /// (``StaleTimerError``, never reported) when the state was left since the timer started.
    /// Inlined: for `tryTransition`, the timer check is compiled away.
    @inlinable @inline(__always)
    final func send(_ event: Event, timerGeneration: UInt64?) -> Transition {
        let thread = ThreadID.current
        // Inside a handler, the lock is held by this thread and reports the relock; inside a
        // listener, this thread is the one delivering this machine's transitions.
        guard current.lock(thread) else {
            return .failed(StateMachineError.recursionDetected)
        }
        let tickets = current.tickets
        if tickets.pointee.deliveringThread == thread {
            current.unlock()
            return .failed(StateMachineError.recursionDetected)
        }
        if let timerGeneration, !isCurrentTimerGeneration(timerGeneration) {
            current.unlock()
            return .failed(StaleTimerError())
        }
        let table = definition.table
        let cell = table.fastCells.cell(row: Int(current.contents.row), event: event, events: table.events)
        if cell > TransitionTable<State, Event, SideEffect>.Cells.invalid {
            return Unmanaged<TransitionTable<State, Event, SideEffect>.HandlerBox>
                .fromOpaque(UnsafeRawPointer(bitPattern: cell).unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef { handler in transition(event, handler: handler, thread: thread) }
        }
        if cell == TransitionTable<State, Event, SideEffect>.Cells.invalid {
            return invalidTransition(event, thread: thread)
        }
        return steppedTransition(event, thread: thread, timerGeneration: timerGeneration)
    }

    /// The transition of a cell that says the event is invalid. Call with the lock held;
    /// returns with it released. Inlined into `send`.
    @inlinable @inline(__always)
    final func invalidTransition(_ event: Event, thread: UInt) -> Transition {
        let table = definition.table
        let outcome = Transition.invalid(Transition.Invalid(fromState: current.contents.state, event: event))
        // A finished machine (R27) answers every event invalid and tells no listener.
        if (table.callbacks.isEmpty && current.contents.observers.isEmpty)
            || (table.hasFinalStates && table.isFinal(current.contents.state)) {
            current.unlock()
            return outcome
        }
        return finish(outcome, exit: -1, enter: -1, thread: thread)
    }

    /// The transition of a cell that names its handler: no other lookup than the entered
    /// state's. Call with the lock held; returns with it released. Inlined into `send`.
    @inlinable @inline(__always)
    final func transition(_ event: Event, handler: TransitionTable<State, Event, SideEffect>.HandlerBox, thread: UInt) -> Transition {
        let table = definition.table
        let action: Table.Action
        do {
            action = try handler.perform(current.contents.state, event)
        } catch {
            // A child stepped from the cells declined the event: the composite step decides.
            if table.isComposite, error is ChildDeclined {
                return steppedTransition(event, thread: thread)
            }
            return finish(.failed(error), exit: -1, enter: -1, thread: thread)
        }
        let fromState: State
        let toState: State
        var enter = handler.definition
        if let next = action.toState {
            let row: Int
            do {
                (row, enter) = try table.rowAndDefinition(of: next)
            } catch {
                return finish(.failed(error), exit: -1, enter: -1, thread: thread)
            }
            current.contents.row = Int32(truncatingIfNeeded: row)
            var state = next
            swap(&state, &current.contents.state)
            fromState = state
            toState = next
        } else {
            fromState = current.contents.state
            toState = fromState
        }
        let outcome = Transition.valid(Transition.Valid(fromState: fromState, event: event, toState: toState, sideEffect: action.sideEffect))
        if table.validIsQuiet && current.contents.observers.isEmpty {
            current.unlock()
            return outcome
        }
        if action.isTargetless {
            // R35: no exit, no entry, the timers keep their deadlines.
            return finish(outcome, exit: -1, enter: -1, thread: thread)
        }
        if table.hasTimers {
            enterWork(entering: enter, from: fromState, to: toState)
        }
        return finish(outcome, exit: handler.definition, enter: enter, thread: thread)
    }

    /// The transition of a cell that says "take the step": predicates, a composite table, a
    /// state without definition. Call with the lock held; returns with it released. Marked
    /// `@inline(__always)`, but the release builds measured keep it out of line (one call per
    /// composite transition; written into `send` instead, every scenario measured slower).
    @inlinable @inline(__always)
    final func steppedTransition(_ event: Event, thread: UInt, timerGeneration: UInt64? = nil) -> Transition {
        let table = definition.table
        // A definition that runs to completion: the event starts a macrostep (R32), unless it is
        // one of the running macrostep's.
        if table.initialEvent != nil, let outcome = macrostep(event, thread: thread, timerGeneration: timerGeneration) {
            return outcome
        }
        if let sparseCells = table.sparseCells, !table.isComposite {
            // A sparse table (`TableLayout`), whose cells all say "step": when no predicate
            // chooses the state's definition, its cell for the event decides, as a dense
            // table's cell would, and the transition takes the same path.
            let row = Int(current.contents.row)
            let stateDefinition = row >= 0 ? Int(table.definitionOfRow[row]) : -1
            let column = stateDefinition >= 0 ? table.events.row(of: event) : -1
            if column >= 0 {
                let cell = sparseCells.cell(definition: stateDefinition, column: column, empty: Table.none)
                if cell >= 0 {
                    return table.handlerReferences[Int(cell)]._withUnsafeGuaranteedRef { handler in
                        transition(event, handler: handler, thread: thread)
                    }
                }
                if cell == Table.none { return invalidTransition(event, thread: thread) }
            }
        }
        let fromState = current.contents.state
        let outcome: Transition
        var exitDefinition = -1
        var enterDefinition = -1
        if table.isComposite {
            // Every cell of a composite table says "step", and every step of one answers
            // "invalid" (see `TransitionTable.step`): only the from-definition is needed here.
            do {
                let stateDefinition = try table.definition(of: fromState, row: Int(current.contents.row))
                guard stateDefinition >= 0 else {
                    throw MissingDefinitionError(state: fromState)
                }
                if table.hasFinalStates && table.isFinal(fromState) {
                    current.unlock()
                    return .invalid(Transition.Invalid(fromState: fromState, event: event))
                }
                outcome = try compositeTransition(from: fromState, definition: stateDefinition, on: event)
                exitDefinition = 0
            } catch {
                outcome = .failed(error)
            }
            return finishInline(outcome, exit: exitDefinition, enter: enterDefinition, thread: thread)
        }
        do {
            let step = try table.step(from: fromState, row: Int(current.contents.row), on: event)
            if let action = step.action {
                let toState: State
                if let next = action.toState {
                    toState = next
                    current.contents.row = Int32(truncatingIfNeeded: step.toRow)
                    current.contents.state = next
                } else {
                    toState = fromState
                }
                if action.isTargetless {
                    // R35: no exit, no entry, the timers keep their deadlines.
                    enterDefinition = -1
                    exitDefinition = -1
                } else {
                    enterDefinition = step.toDefinition
                    exitDefinition = step.definition
                }
                if table.hasEntryWork && !action.isTargetless {
                    enterWork(entering: step.toDefinition, from: fromState, to: toState)
                }
                outcome = .valid(Transition.Valid(fromState: fromState, event: event, toState: toState, sideEffect: action.sideEffect))
            } else {
                outcome = .invalid(Transition.Invalid(fromState: fromState, event: event))
                if table.hasFinalStates && table.finalDefinitions[step.definition] {
                    current.unlock()
                    return outcome
                }
            }
        } catch {
            outcome = .failed(error)
        }
        return finishInline(outcome, exit: exitDefinition, enter: enterDefinition, thread: thread)
    }

    /// ``finishInline(_:exit:enter:thread:)`` out of line, for the paths of a transition that
    /// notifies or fails, so that the path of a quiet one keeps few registers.
    @inlinable @inline(never)
    final func finish(_ outcome: Transition, exit exitDefinition: Int, enter enterDefinition: Int, thread: UInt) -> Transition {
        finishInline(outcome, exit: exitDefinition, enter: enterDefinition, thread: thread)
    }

    /// Releases the lock and runs the listeners of `outcome`, in the order of R11. Call with
    /// the lock held, after the state changed; `exit` is -1 unless the transition is valid.
    @inlinable @inline(__always)
    final func finishInline(_ outcome: Transition, exit exitDefinition: Int, enter enterDefinition: Int, thread: UInt) -> Transition {
        let table = definition.table
        let tickets = current.tickets
        // The observers as of the state change (read after the handler, which may have started
        // or stopped observing), read in place: `changeObservers` keeps the list intact until
        // this transition is delivered.
        let observers: UnsafeBufferPointer<Observer>? = current.contents.observers.isEmpty
            ? nil : current.contents.observers.withUnsafeBufferPointer { $0 }
        let notifies = observers != nil || !table.callbacks.isEmpty
            || (table.hasEnterOrExitListeners && exitDefinition >= 0)
        guard notifies else {
            current.unlock()
            return outcome
        }
        // Take a ticket: listeners run in ticket order, which is the order of the state changes.
        let ticket = tickets.pointee.next
        tickets.pointee.next = ticket &+ 1
        let myTurn = tickets.pointee.delivered == ticket
        if myTurn {
            tickets.pointee.deliveringThread = thread
        } else {
            tickets.pointee.waiters &+= 1
        }
        current.unlock()
        if !myTurn {
            LockHeader.waitForTurn(current.header, ticket: ticket, thread: thread)
        }
        var listenerError: (any Error)?
        let someObserverIsGone = notify(outcome, observers: observers, exit: exitDefinition, enter: enterDefinition, ticket: ticket, error: &listenerError)
        endDelivery(ticket: ticket, thread: thread, forgettingObserversThatAreGone: someObserverIsGone)
        // R39: the error of an onTransition listener reaches the sender; the state has changed.
        if let listenerError { return .failed(listenerError) }
        return outcome
    }

    /// Runs the listeners; returns whether some observer is gone. An error an `onTransition`
    /// listener throws ends the notification (R39): it is put in `error`, and no listener after
    /// it runs. Inlined into its one caller.
    @inlinable @inline(__always)
    final func notify(_ outcome: Transition, observers: UnsafeBufferPointer<Observer>?, exit: Int, enter: Int, ticket: UInt32, error: inout (any Error)?) -> Bool {
        let table = definition.table
        var someObserverIsGone = false
        let hasCallbacks = !table.callbacks.isEmpty
        if hasCallbacks || observers != nil {
            let result = outcome.result
            if hasCallbacks {
                for callback in table.callbacks {
                    do {
                        try callback(result)
                    } catch let thrown {
                        error = thrown
                        if table.isComposite { discardPlannedListeners(ticket: ticket) }
                        return false
                    }
                }
            }
            // The list keeps the entries alive: call them through unretained references.
            if let observers {
                for index in observers.indices {
                    Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef { observer in
                        guard observer.isWeak else {
                            observer.callback(result)
                            return
                        }
                        // Hold the object for the duration of its callback.
                        if let object = observer.object {
                            observer.callback(result)
                            _fixLifetime(object)
                        } else {
                            someObserverIsGone = true
                        }
                    }
                }
            }
        }
        guard table.hasEnterOrExitListeners, case .valid(let valid) = outcome else { return someObserverIsGone }
        if table.isComposite {
            runPlannedListeners(ticket: ticket)
            return someObserverIsGone
        }
        if exit >= 0 {
            for listener in table.exitListeners[exit] { listener(valid.fromState, valid.event) }
        }
        if enter >= 0 {
            for listener in table.enterListeners[enter] { listener(valid.toState, valid.event) }
        }
        return someObserverIsGone
    }

    /// Hands the turn to the next ticket. Inlined into its one caller.
    @inlinable @inline(__always)
    final func endDelivery(ticket: UInt32, thread: UInt, forgettingObserversThatAreGone forget: Bool) {
        let tickets = current.tickets
        let locked = current.lock(thread)
        assert(locked)
        tickets.pointee.delivered = ticket &+ 1
        tickets.pointee.deliveringThread = 0
        let wake = tickets.pointee.waiters != 0
        if forget {
            forgetObserversThatAreGone()
        }
        if current.contents.retired.isEmpty {
            current.unlock()
        } else {
            let released = takeRetiredObservers()
            current.unlock()
            withExtendedLifetime(released) {}   // released here, after the lock
        }
        if wake {
            LockHeader.wakeTicketWaiter(current.header, ticket: ticket &+ 1)
        }
    }

    /// Call with the lock held.
    @usableFromInline
    final func forgetObserversThatAreGone() {
        changeObservers { $0.observers.removeAll { $0.isGone } }
    }

    /// Changes the observers with the lock held (taken here, or already held by this thread).
    ///
    /// The listeners of a transition read the observer list of its state change in place,
    /// without retaining it (a retain and a release per notifying transition otherwise). So
    /// while a transition that took a delivery ticket is not delivered, the list is not changed
    /// in place: it is kept in `retired`, which makes the change copy it, until every ticket
    /// taken so far is delivered.
    @usableFromInline
    final func changeObservers<R>(_ change: (inout Current) -> R) -> R {
        let tickets = current.tickets
        return current.withLockOrOwned { contents in
            if tickets.pointee.next != tickets.pointee.delivered {
                contents.retired.append(RetiredObservers(until: tickets.pointee.next, observers: contents.observers))
            }
            return change(&contents)
        }
    }

    /// Removes from `retired` the lists no transition reads any more, and returns them, to be
    /// released after the lock is (an observer's deinitialization runs no code under it).
    /// Call with the lock held.
    @usableFromInline
    final func takeRetiredObservers() -> [RetiredObservers] {
        let delivered = current.tickets.pointee.delivered
        var released: [RetiredObservers] = []
        current.contents.retired.removeAll { retired in
            // Wrapping ticket arithmetic: `until` is at most `delivered` once it is reached.
            guard Int32(bitPattern: delivered &- retired.until) >= 0 else { return false }
            released.append(retired)
            return true
        }
        return released
    }

    // MARK: - Derived machines

    /// A new machine that starts in this machine's current state and runs this machine's
    /// definition followed by `build`'s definitions (Kotlin's `with`).
    ///
    /// The new machine uses this machine's clock, and starts the timers of its state anew. A
    /// machine whose definition has no delayed events keeps no clock: when `build` adds the
    /// first `after`, the new machine measures it with a ``TaskClock``; to use another clock,
    /// make the machine from the result's definition, `StateMachine(definition:
    /// machine.with { … }.definition, clock: clock)`.
    ///
    /// Definitions are matched in declaration order, so a new `state(.x)` only applies where
    /// the existing definitions do not already match. `onTransition` listeners of the
    /// definition carry over; observers registered with `startObserving` do not.
    public func with(
        @StateMachineTypes.ComponentsBuilder _ build: () -> [StateMachineTypes.Component<State, Event, SideEffect>]
    ) -> StateMachine<State, Event, SideEffect> {
        var extended = Definition(initialState: state, components: definition.components + build(), regions: definition.table.composition?.regions)
        extended.location = definition.location
        extended.entersInitialState = false
        if definition.table.problemReport.isSilenced { extended = extended.withoutProblemReport() }
        return StateMachine(definition: extended, clock: timers?.clock ?? TaskClock())
    }
}

extension StateMachine: @unchecked Sendable where State: Sendable, Event: Sendable, SideEffect: Sendable {}
