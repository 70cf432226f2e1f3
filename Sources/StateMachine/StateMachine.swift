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

    private typealias Table = TransitionTable<State, Event, SideEffect>

    private struct Observer {
        weak var object: AnyObject?
        let callback: Transition.Callback
    }

    /// The definition this machine runs, starting in its initial state.
    public let definition: Definition

    private let table: Table
    private let lock = Lock()
    // Guarded by `lock`.
    private var currentState: State
    private var currentRow: Int
    private var observers: [Observer] = []

    /// The current state.
    public var state: State {
        lock.withLock { currentState }
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
        table = definition.table
        currentState = definition.initialState
        currentRow = table.states.row(of: definition.initialState)
    }

    deinit {
        lock.deallocate()
    }

    // MARK: - Observers

    /// Calls `callback` after every transition while `observer` is alive.
    ///
    /// The machine keeps a weak reference to `observer`; a `nil` observer is ignored.
    @discardableResult
    public func startObserving(_ observer: AnyObject?, callback: @escaping Transition.Callback) -> Self {
        guard let observer else { return self }
        lock.withLock { observers.append(Observer(object: observer, callback: callback)) }
        return self
    }

    public func stopObserving(_ observers: AnyObject?...) {
        stopObserving(observers)
    }

    /// Stops calling back the given observers, and forgets observers that are gone.
    public func stopObserving(_ observers: [AnyObject?]) {
        lock.withLock {
            self.observers.removeAll { entry in
                guard let object = entry.object else { return true }
                return observers.contains { $0 === object }
            }
        }
    }

    // MARK: - Transitions

    /// Sends `event` and returns the valid transition.
    ///
    /// - Throws: ``Transition/Invalid`` when the current state's definition does not handle
    ///   `event`; the error thrown by a handler or predicate; ``MissingDefinitionError`` when no
    ///   definition matches the current state; ``StateMachineError/recursionDetected`` when
    ///   called from inside this machine's own handler or listener.
    @discardableResult
    public func transition(_ event: Event) throws -> Transition.Valid {
        switch tryTransition(event) {
        case .valid(let valid): return valid
        case .invalid(let invalid): throw invalid
        case .failed(let error): throw error
        }
    }

    /// Sends `event` and returns the outcome without throwing: Kotlin's `transition(event)`.
    @discardableResult
    public func tryTransition(_ event: Event) -> Transition {
        let machine = ObjectIdentifier(self)
        if ListenerScope.contains(machine) || !lock.lock() {
            return .failed(StateMachineError.recursionDetected)
        }
        let fromState = currentState
        let fromRow = currentRow
        let step = table.transition(from: fromState, row: fromRow, on: event)
        let outcome: Transition
        var exitDefinition: Int?
        var enterDefinition: Int?
        switch step {
        case .valid(let action, let definition):
            let toState: State
            if let next = action.toState {
                toState = next
                currentRow = table.states.row(of: next)
                currentState = next
            } else {
                toState = fromState
            }
            if table.hasEnterOrExitListeners {
                exitDefinition = definition
                enterDefinition = action.toState == nil ? definition : table.definitionForEntering(toState, row: currentRow)
            }
            outcome = .valid(Transition.Valid(fromState: fromState, event: event, toState: toState, sideEffect: action.sideEffect))
        case .invalid:
            outcome = .invalid(Transition.Invalid(fromState: fromState, event: event))
        case .failed(let error):
            outcome = .failed(error)
        }
        // Copying the array retains it: only pay for that when there are observers.
        let observers = self.observers.isEmpty ? [] : self.observers
        lock.unlock()

        if !observers.isEmpty || !table.callbacks.isEmpty || exitDefinition != nil {
            ListenerScope.run(machine) {
                notify(outcome, observers: observers, event: event, exit: exitDefinition, enter: enterDefinition)
            }
        }
        return outcome
    }

    private func notify(_ outcome: Transition, observers: [Observer], event: Event, exit: Int?, enter: Int?) {
        if !table.callbacks.isEmpty || !observers.isEmpty {
            let result = outcome.result
            for callback in table.callbacks {
                callback(result)
            }
            var someObserverIsGone = false
            for observer in observers {
                if observer.object == nil {
                    someObserverIsGone = true
                } else {
                    observer.callback(result)
                }
            }
            if someObserverIsGone {
                lock.withLock { self.observers.removeAll { $0.object == nil } }
            }
        }
        guard case .valid(let valid) = outcome else { return }
        if let exit {
            for listener in table.exitListeners[exit] { listener(valid.fromState, event) }
        }
        if let enter {
            for listener in table.enterListeners[enter] { listener(valid.toState, event) }
        }
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
