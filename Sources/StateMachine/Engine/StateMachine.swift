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
/// always a state the machine was in, and listeners run after the lock is released, in this
/// order: `onTransition` listeners and observers, the old state's `onExit`, the new state's
/// `onEnter`.
open class StateMachine<State: StateMachineHashable, Event: StateMachineHashable, SideEffect> {

    public typealias Definition = StateMachineTypes.Definition<State, Event, SideEffect>

    @usableFromInline typealias Table = TransitionTable<State, Event, SideEffect>

    /// An observer and its callback. A class, so that taking a snapshot of the observers
    /// copies references, not weak references (copying a weak reference costs two atomic
    /// updates of the side table).
    @usableFromInline
    final class Observer {
        /// Only written by the initializer: no dynamic exclusivity check is needed to read it.
        @usableFromInline @exclusivity(unchecked) weak var object: AnyObject?
        @usableFromInline let callback: Transition.Callback

        init(object: AnyObject, callback: @escaping Transition.Callback) {
            self.object = object
            self.callback = callback
        }
    }

    /// What changes, guarded by the machine's mutex. The mutex and this live in one heap
    /// block next to the instance, so a machine is two small allocations.
    @usableFromInline
    struct Current {
        @usableFromInline var observers: [Observer]
        /// The row of `state` in the table's state index.
        @usableFromInline var row: Int32
        /// How many threads are running this machine's listeners. While it is 0, no listener
        /// of this machine can be on the calling thread's stack, so a transition skips the
        /// thread-local recursion check.
        @usableFromInline var notifying: UInt16
        @usableFromInline var state: State

        init(observers: [Observer], row: Int32, state: State) {
            self.observers = observers
            self.row = row
            self.notifying = 0
            self.state = state
        }
    }

    /// The definition this machine runs, starting in its initial state.
    public let definition: Definition

    @usableFromInline let current: Locked<Current>

    /// The current state.
    @inlinable
    public final var state: State {
        current.withLock { $0.state }
    }

    /// Makes a machine from a definition written with the DSL.
    public convenience init(@StateMachineTypes.DefinitionBuilder build: () -> Definition) {
        self.init(definition: build())
    }

    /// Makes a machine from a definition, after checking it with
    /// ``StateMachineTypes/Definition/validate()``.
    ///
    /// - Throws: ``StateMachineTypes/DefinitionError`` listing every problem found.
    public convenience init(validating definition: Definition) throws(StateMachineTypes.DefinitionError) {
        try definition.validate()
        self.init(definition: definition)
    }

    /// Makes a machine that runs `definition`. Machines made from the same definition share
    /// its compiled table.
    public init(definition: Definition) {
        self.definition = definition
        let row = definition.table.states.row(of: definition.initialState)
        current = Locked(Current(observers: [], row: Int32(row), state: definition.initialState))
    }

    deinit {
        current.deallocate()
    }

    // MARK: - Observers

    /// Calls `callback` after every transition while `observer` is alive.
    ///
    /// The machine keeps a weak reference to `observer`; a `nil` observer is ignored.
    @discardableResult
    public func startObserving(_ observer: AnyObject?, callback: @escaping Transition.Callback) -> Self {
        guard let observer else { return self }
        current.withLock { $0.observers.append(Observer(object: observer, callback: callback)) }
        return self
    }

    public func stopObserving(_ observers: AnyObject?...) {
        stopObserving(observers)
    }

    /// Stops calling back the given observers, and forgets observers that are gone.
    public func stopObserving(_ observers: [AnyObject?]) {
        current.withLock { current in
            current.observers.removeAll { entry in
                guard let object = entry.object else { return true }
                return observers.contains { $0 === object }
            }
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
    @inlinable
    @discardableResult
    public final func tryTransition(_ event: Event) -> Transition {
        let machine = ObjectIdentifier(self)
        // Inside a handler, the mutex is held by this thread and reports the relock; inside
        // a listener, the thread-local scope names this machine.
        guard current.lock() else {
            return .failed(StateMachineError.recursionDetected)
        }
        if current.contents.notifying != 0 && ListenerScope.contains(machine) {
            current.unlock()
            return .failed(StateMachineError.recursionDetected)
        }
        let table = definition.table
        let fromState = current.contents.state
        let outcome: Transition
        var exitDefinition = -1
        var enterDefinition = -1
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
                enterDefinition = step.toDefinition
                exitDefinition = step.definition
                outcome = .valid(Transition.Valid(fromState: fromState, event: event, toState: toState, sideEffect: action.sideEffect))
            } else {
                outcome = .invalid(Transition.Invalid(fromState: fromState, event: event))
            }
        } catch {
            outcome = .failed(error)
        }
        // Copying the array retains it: only pay for that when there are observers (nil, unlike
        // an empty array, needs no release either).
        let observers: [Observer]? = current.contents.observers.isEmpty ? nil : current.contents.observers
        let notifies = observers != nil || !table.callbacks.isEmpty
            || (table.hasEnterOrExitListeners && exitDefinition >= 0)
        if notifies {
            current.contents.notifying += 1   // traps past 65 535 threads in listeners at once
        }
        current.unlock()

        if notifies {
            let someObserverIsGone = ListenerScope.run(machine) {
                notify(outcome, observers: observers, event: event, exit: exitDefinition, enter: enterDefinition)
            }
            endNotifying(forgettingObserversThatAreGone: someObserverIsGone)
        }
        return outcome
    }

    /// Runs the listeners; returns whether some observer is gone.
    @inlinable
    final func notify(_ outcome: Transition, observers: [Observer]?, event: Event, exit: Int, enter: Int) -> Bool {
        let table = definition.table
        var someObserverIsGone = false
        if !table.callbacks.isEmpty || observers != nil {
            let result = outcome.result
            for callback in table.callbacks {
                callback(result)
            }
            // Borrow the entries from the snapshot's storage: no retain and release per entry.
            observers?.withUnsafeBufferPointer { observers in
                for index in observers.indices {
                    if observers[index].object == nil {
                        someObserverIsGone = true
                    } else {
                        observers[index].callback(result)
                    }
                }
            }
        }
        guard table.hasEnterOrExitListeners, case .valid(let valid) = outcome else { return someObserverIsGone }
        if exit >= 0 {
            for listener in table.exitListeners[exit] { listener(valid.fromState, event) }
        }
        if enter >= 0 {
            for listener in table.enterListeners[enter] { listener(valid.toState, event) }
        }
        return someObserverIsGone
    }

    @inlinable
    final func endNotifying(forgettingObserversThatAreGone forget: Bool) {
        let locked = current.lock()
        assert(locked)
        current.contents.notifying &-= 1
        current.unlock()
        if forget {
            forgetObserversThatAreGone()
        }
    }

    @usableFromInline
    final func forgetObserversThatAreGone() {
        current.withLock { $0.observers.removeAll { $0.object == nil } }
    }

    // MARK: - Derived machines

    /// A new machine that starts in this machine's current state and runs this machine's
    /// definition followed by `build`'s definitions (Kotlin's `with`).
    ///
    /// Definitions are matched in declaration order, so a new `state(.x)` only applies where
    /// the existing definitions do not already match. `onTransition` listeners of the
    /// definition carry over; observers registered with `startObserving` do not.
    public func with(
        @StateMachineTypes.ComponentsBuilder _ build: () -> [StateMachineTypes.Component<State, Event, SideEffect>]
    ) -> StateMachine<State, Event, SideEffect> {
        StateMachine(definition: Definition(initialState: state, components: definition.components + build()))
    }
}

extension StateMachine: @unchecked Sendable where State: Sendable, Event: Sendable, SideEffect: Sendable {}
