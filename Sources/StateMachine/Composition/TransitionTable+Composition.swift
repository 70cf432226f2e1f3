/// The steps of a composite table: superstates, children, regions, history.
///
/// A composite definition's cells are all conditional, and its handler lookup answers
/// ``TransitionTable/composite``, so that composition costs a flat definition nothing: the
/// hot path of ``TransitionTable/step(from:row:on:context:)`` has the same branches with or
/// without it, and a flat definition's conditional cells take the same path as before.
extension TransitionTable {

    /// What a composite table adds to the flat one.
    @usableFromInline
    final class Composition {

        /// The regions of a product definition (rule R23).
        @usableFromInline
        struct Regions {
            let initialIdentifier: State.HashableIdentifier
            let links: [RegionLink<State, Event>]
            /// The regions' step, made where the side effects' element type is known: the
            /// product state and side effect (the side effects of the regions that took the
            /// event, in region order), or nil when no region took it.
            @usableFromInline let step: (State, Event, CompositeMemory) throws -> (State, SideEffect)?
            let location: SourceLocation
            /// The regions stepped directly from the product's cells, when every region can be:
            /// see ``TransitionTable/directProductBox``.
            var direct: Handler? = nil
        }

        @usableFromInline let superstates: [SuperstateDefinition<State, Event, SideEffect>]
        let superstateHandlers: [[Int32]]
        let superstateEnter: [[Listener]]
        let superstateExit: [[Listener]]
        /// The superstates containing each case, innermost (fewest members) first.
        let superstatesOfCase: [State.HashableIdentifier: [Int]]
        let children: [Int: ChildLink<State, Event, SideEffect>]
        /// The steps of `children` by definition index, so that a step finds its child without
        /// hashing, and without copying the rest of its link.
        @usableFromInline let childSteps: [ChildLink<State, Event, SideEffect>.Step?]
        /// The step of ``regions``, apart, so that a step reads it without copying the links.
        @usableFromInline let regionStep: ((State, Event, CompositeMemory) throws -> (State, SideEffect)?)?
        @usableFromInline let historyOfHandler: [Int: HistoryLink<State, Event>]
        /// The history targets of eventless transitions (R38), where they are declared, for
        /// validation.
        let eventlessHistories: [(link: HistoryLink<State, Event>, location: SourceLocation)]
        /// The cells as a flat table would have them: the state's own handlers, read as
        /// ``TransitionTable/cells`` is (in the sparse layout, one row that says
        /// ``TransitionTable/conditional``).
        @usableFromInline let ownCells: [Int32]
        @usableFromInline let regions: Regions?
        /// The `onDone` handlers of the definitions that hold a child, by definition index (R27).
        @usableFromInline let doneHandlers: [Int: Action.Perform]
        /// The superstate of each handler written with `reenter: true`, by handler (R29).
        @usableFromInline let reentering: [Int: Int]

        init(
            superstates: [SuperstateDefinition<State, Event, SideEffect>], superstatesOfCase: [State.HashableIdentifier: [Int]],
            superstateHandlers: [[Int32]],
            superstateEnter: [[Listener]], superstateExit: [[Listener]],
            children: [Int: ChildLink<State, Event, SideEffect>], historyOfHandler: [Int: HistoryLink<State, Event>],
            ownCells: [Int32], regions: Regions?, doneHandlers: [Int: Action.Perform] = [:], reentering: [Int: Int] = [:],
            eventlessHistories: [(link: HistoryLink<State, Event>, location: SourceLocation)] = []
        ) {
            self.eventlessHistories = eventlessHistories
            self.doneHandlers = doneHandlers
            self.reentering = reentering
            self.superstates = superstates
            self.superstateHandlers = superstateHandlers
            self.superstateEnter = superstateEnter
            self.superstateExit = superstateExit
            self.children = children
            var childSteps = [ChildLink<State, Event, SideEffect>.Step?](repeating: nil, count: (children.keys.max() ?? -1) + 1)
            for (definition, child) in children { childSteps[definition] = child.step }
            self.childSteps = childSteps
            regionStep = regions?.step
            self.historyOfHandler = historyOfHandler
            self.ownCells = ownCells
            self.regions = regions
            var indexOfName: [String: Int] = [:]
            for (index, superstate) in superstates.enumerated() where indexOfName[superstate.name] == nil {
                indexOfName[superstate.name] = index
            }
            self.indexOfName = indexOfName
            self.superstatesOfCase = superstatesOfCase
        }

        /// The step of the child held by `definition`, if any.
        @inlinable @inline(__always)
        func child(of definition: Int) -> ChildLink<State, Event, SideEffect>.Step? {
            definition < childSteps.count ? childSteps[definition] : nil
        }

        func superstates(containing state: State) -> [Int] {
            superstates.isEmpty ? [] : superstatesOfCase[state.hashableIdentifier] ?? []
        }

        /// The first superstate of each name.
        private let indexOfName: [String: Int]

        func index(ofSuperstate name: String) -> Int? {
            indexOfName[name]
        }
    }

    // MARK: - Composite steps

    /// The whole step of `event` in `state`: the flat lookup, then, when it answers "invalid"
    /// in a composite table, the composite step. What ``StateMachineTypes/Definition/transition(from:on:)``,
    /// its `history:` form and a nested level's ``plannedStep(from:on:memory:)`` share; a machine
    /// takes the same two steps, from its cells.
    ///
    /// - Parameter memory: The history and listener plan to use; a composite step without one
    ///   gets an empty one.
    @inlinable
    func decidedStep(from state: State, row: Int, on event: Event, memory: CompositeMemory?) throws -> Step {
        let step = try self.step(from: state, row: row, on: event)
        guard step.action == nil, isComposite else { return step }
        return try compositeStep(from: state, row: row, definition: step.definition, on: event, memory: memory ?? CompositeMemory())
    }

    /// The step of a composite table. ``step(from:row:on:)`` answers "invalid" for every event
    /// of a composite table; its callers call this on their invalid path, with the definition
    /// that step matched to `state` (so that its `where:` predicates run once).
    ///
    /// `@inlinable`, as the flat lookups are, so that it is specialized in the client's module:
    /// run as unspecialized generic code, its values cost runtime metadata lookups. The rare
    /// parts (superstates, history) stay out of line.
    ///
    /// - Parameter memory: What the step keeps its history and listener plan in: the
    ///   machine's, or one per call of the pure core.
    @inlinable
    func compositeStep(from state: State, row: Int, definition: Int, on event: Event, memory: CompositeMemory) throws -> Step {
        let composition = self.composition.unsafelyUnwrapped
        if memory.depth == 0 {
            if !memory.plan.isEmpty { memory.plan = [] }
            if !memory.enterPlan.isEmpty { memory.enterPlan = [] }
            if keepsHistory { memory.working = memory.history }
            memory.handledInChild = false
            memory.reentered = -1
            if memory.tracksLevels {
                memory.path.removeAll(keepingCapacity: true)
                memory.moves.removeAll(keepingCapacity: true)
            }
        }
        memory.depth &+= 1
        defer { memory.depth &-= 1 }
        let invalid = Step(action: nil, definition: definition, toRow: row, toDefinition: definition)

        if let regionStep = composition.regionStep {
            let result: (State, SideEffect)?
            do {
                result = try regionStep(state, event, memory)
            } catch is StateMachineTypes.RegionMissingDefinition {
                throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: state)
            }
            guard let (product, sideEffect) = result else { return invalid }
            return Step(action: Action(toState: product, sideEffect: sideEffect), definition: definition, toRow: row, toDefinition: definition)
        }

        // A child takes the event first (R21); its listeners are planned by its own step.
        if let childStep = composition.child(of: definition) {
            let mark = memory.mark
            let childResult: (State, SideEffect?)?
            if memory.tracksLevels {
                memory.path.append(definition)
                defer { memory.path.removeLast() }
                childResult = try childStep(state, event, memory)
            } else {
                childResult = try childStep(state, event, memory)
            }
            if let (next, sideEffect) = childResult {
                if !composition.doneHandlers.isEmpty, let step = try doneStep(
                    composition, childMovedTo: next, definition: definition, childSideEffect: sideEffect, event: event, memory: memory
                ) {
                    return step
                }
                if memory.depth == 1 { memory.handledInChild = true }
                let toRow = states.row(of: next)
                let toDefinition = try self.definition(of: next, row: toRow)
                return Step(action: Action(toState: next, sideEffect: sideEffect), definition: definition, toRow: toRow, toDefinition: toDefinition)
            }
            memory.drop(after: mark)
        }

        // The state's own handlers, then its superstates', innermost first (R19).
        var handler = -1
        let column = events.row(of: event)
        if column >= 0 {
            let own = composition.ownCells[definition &* cellStride &+ column]
            if own >= 0 {
                handler = Int(own)
            } else if own == Self.conditional {
                handler = try predicateHandler(for: event, definition: definition, column: column)
            }
        }
        if handler < 0, !composition.superstates.isEmpty {
            handler = try superstateHandler(composition, in: state, for: event)
        }
        guard handler >= 0 else { return invalid }
        let action: Action
        if !composition.historyOfHandler.isEmpty, let history = composition.historyOfHandler[handler] {
            action = try historyAction(composition, history, handler: handler, from: state, on: event, memory: memory)
        } else {
            action = try handlers[handler](state, event)
        }
        // R35: a targetless action plans no exit, entry or history, and moves no level's timers.
        if action.isTargetless { return Step(action: action, definition: definition, toRow: row, toDefinition: definition) }
        let next = action.toState ?? state
        let toRow = action.toState == nil ? row : states.row(of: next)
        let toDefinition = action.toState == nil ? definition : try self.definition(of: next, row: toRow)
        let reentering = composition.reentering.isEmpty ? nil : composition.reentering[handler]
        planTransition(composition, from: state, definition: definition, to: next, toDefinition: toDefinition, event: event, memory: memory,
                       reentering: reentering)
        if let reentering, memory.depth == 1 { memory.reentered = reentering }
        memory.recordMove(reentering: reentering)
        return Step(action: action, definition: definition, toRow: toRow, toDefinition: toDefinition)
    }

    /// The step of a delegated event that moved the child into a final state, in a state with
    /// `onDone` (R27): the child's move (its listener calls already planned, and kept before the
    /// parent's), then the `onDone` handler's transition from the parent state holding the
    /// finished child, planned as the parent's own. The side effect is the `onDone` handler's,
    /// or else the child's mapped one. Nil when the state has no `onDone` or the child is not
    /// in a final state: the child's move is the step.
    @usableFromInline
    func doneStep(
        _ composition: Composition, childMovedTo next: State, definition: Int,
        childSideEffect: SideEffect?, event: Event, memory: CompositeMemory
    ) throws -> Step? {
        guard let done = composition.doneHandlers[definition], composition.children[definition]?.isDone(next) == true else {
            return nil
        }
        // The child's move is a step of its own: its exits and entries run before the parent's.
        memory.plan += memory.enterPlan
        memory.enterPlan = []
        let action = try done(next, event)
        let target = action.toState ?? next
        let toRow = states.row(of: target)
        let toDefinition = try self.definition(of: target, row: toRow)
        planTransition(composition, from: next, definition: definition, to: target, toDefinition: toDefinition, event: event, memory: memory)
        memory.recordMove(reentering: nil)
        return Step(
            action: Action(toState: target, sideEffect: action.sideEffect ?? childSideEffect),
            definition: definition, toRow: toRow, toDefinition: toDefinition
        )
    }

    /// The first handler of the superstates containing `state`, innermost first, that takes
    /// `event`; -1 when none does.
    @usableFromInline
    func superstateHandler(_ composition: Composition, in state: State, for event: Event) throws -> Int {
        let identifier = event.hashableIdentifier
        for superstate in composition.superstates(containing: state) {
            for candidate in composition.superstateHandlers[superstate] {
                let matcher = handlerMatchers[Int(candidate)]
                if matcher.identifier == identifier, try matcher.matches(event) {
                    return Int(candidate)
                }
            }
        }
        return -1
    }

    /// The action of an eventless transition with a history target (R38): the target from what
    /// the machine remembers (the default only when there is no history), then `perform`'s side
    /// effect, as ``historyAction(_:_:handler:from:on:memory:)`` decides a handler's.
    func eventlessHistoryAction(
        _ composition: Composition, _ history: HistoryLink<State, Event>, perform: Action.Perform,
        from state: State, on event: Event, memory: CompositeMemory
    ) throws -> Action {
        let remembered = { (target: HistoryTarget<State>, kind: StateMachineTypes.HistoryKind) in
            self.historyKey(target, composition).flatMap { memory.history[$0] as? State }
                .map { self.historyEntry($0, of: target, kind: kind, composition) }
        }
        let target: State?
        if let choose = history.choose {
            target = try choose(state, event, remembered)
        } else {
            target = try remembered(history.target, history.kind) ?? history.defaultState(state, event)
        }
        let action = try perform(state, event)
        guard let target else { return action }
        return Action(toState: target, sideEffect: action.sideEffect)
    }

    /// The action of a handler with a history target: the target first (the default only when
    /// there is no history), then the side effect.
    @usableFromInline
    func historyAction(
        _ composition: Composition, _ history: HistoryLink<State, Event>, handler: Int, from state: State, on event: Event,
        memory: CompositeMemory
    ) throws -> Action {
        if let choose = history.choose {
            let remembered = { target, kind in
                self.historyKey(target, composition).flatMap { memory.working[$0] as? State }
                    .map { self.historyEntry($0, of: target, kind: kind, composition) }
            }
            guard let target = try choose(state, event, remembered) else { return try handlers[handler](state, event) }
            return Action(toState: target, sideEffect: try handlers[handler](state, event).sideEffect)
        }
        let remembered = historyKey(history.target, composition).flatMap { memory.working[$0] as? State }
        let target = try remembered.map { historyEntry($0, of: history.target, kind: history.kind, composition) }
            ?? history.defaultState(state, event)
        return Action(toState: target, sideEffect: try handlers[handler](state, event).sideEffect)
    }

    /// The listener calls of a transition decided at this level, and the history it leaves
    /// (R20, R22, R24): the state's exit, the exits of the superstates left (innermost first),
    /// the enters of the superstates entered (outermost first), the state's enter. No listener
    /// of a child held by either state runs: a child's listeners describe its own moves (R22).
    @inlinable
    func planTransition(
        _ composition: Composition, from state: State, definition: Int, to next: State, toDefinition: Int,
        event: Event, memory: CompositeMemory, reentering: Int? = nil
    ) {
        if keepsHistory, composition.child(of: definition) != nil {
            memory.working[HistoryKey(table: ObjectIdentifier(self), index: -1 - states.row(of: state))] = state
        }
        if plansListeners {
            for listener in exitListeners[definition] { memory.plan.append { listener(state, event) } }
        }
        if !composition.superstates.isEmpty, keepsHistory || plansListeners {
            planSuperstates(composition, from: state, to: next, event: event, memory: memory, reentering: reentering)
        }
        guard plansListeners, toDefinition >= 0 else { return }
        for listener in enterListeners[toDefinition] { memory.enterPlan.append { listener(next, event) } }
    }

    /// The superstates' part of ``planTransition``: the exits of the superstates left and the
    /// enters of those entered, and the history of those left. `reentering` is the superstate
    /// whose `reenter: true` handler ran (R29): it and the superstates inside it are left and
    /// entered even when they contain both states.
    @usableFromInline
    func planSuperstates(
        _ composition: Composition, from state: State, to next: State, event: Event, memory: CompositeMemory, reentering: Int? = nil
    ) {
        let left = composition.superstates(containing: state)
        let entered = composition.superstates(containing: next)
        // Innermost first: the superstates through the re-entered one are left and entered.
        var reexited: ArraySlice<Int> = []
        var reentered: ArraySlice<Int> = []
        if let reentering, let inner = left.firstIndex(of: reentering), let outer = entered.firstIndex(of: reentering) {
            reexited = left[...inner]
            reentered = entered[...outer]
        }
        for superstate in left where !entered.contains(superstate) || reexited.contains(superstate) {
            if keepsHistory { memory.working[HistoryKey(table: ObjectIdentifier(self), index: superstate)] = state }
            for listener in composition.superstateExit[superstate] { memory.plan.append { listener(state, event) } }
        }
        for superstate in entered.reversed() where !left.contains(superstate) || reentered.contains(superstate) {
            for listener in composition.superstateEnter[superstate] { memory.enterPlan.append { listener(next, event) } }
        }
    }

    private func historyKey(_ target: HistoryTarget<State>, _ composition: Composition) -> HistoryKey? {
        switch target {
        case .superstate(let name):
            return composition.index(ofSuperstate: name).map { HistoryKey(table: ObjectIdentifier(self), index: $0) }
        case .child(let identifier):
            return states.rowOfIdentifier[identifier].map { HistoryKey(table: ObjectIdentifier(self), index: -1 - $0) }
        case .named(let name):
            if let superstate = composition.index(ofSuperstate: name) {
                return HistoryKey(table: ObjectIdentifier(self), index: superstate)
            }
            return (name as? State.HashableIdentifier).flatMap { historyKey(.child($0), composition) }
        }
    }

    // MARK: - This table as a child or a region

    /// What a directly stepped region does with an event.
    @usableFromInline
    enum DirectRegionStep {
        case moved(State, SideEffect?)
        case invalid
        /// No definition names the region's state (R23: the product's error).
        case missingDefinition
    }

    /// A step of a directly stepped region, whose cells decide alone (``decidesByCells``).
    @inlinable @inline(__always)
    func directRegionStep(from state: State, on event: Event) throws -> DirectRegionStep {
        let cell = fastCells.cell(row: states.row(of: state), event: event, events: events)
        guard cell > Cells.invalid else { return cell == Cells.invalid ? .invalid : .missingDefinition }
        return try Unmanaged<HandlerBox>.fromOpaque(UnsafeRawPointer(bitPattern: cell).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { handler in
                let action = try handler.perform(state, event)
                guard let next = action.toState else { return .moved(state, action.sideEffect) }
                _ = try rowAndDefinition(of: next)
                return .moved(next, action.sideEffect)
            }
    }

    /// Whether a parent may step this definition directly from its cells: a flat, dense table
    /// whose cells say everything, without listeners, timers or final states.
    @usableFromInline var isDirectlySteppable: Bool {
        layout == .dense && !isComposite && !hasEnterOrExitListeners && !hasTimersAtAnyDepth && !hasFinalStates
    }

    /// A step of a directly stepped child: the next state and side effect when one unconditional
    /// handler takes the event; nil otherwise (invalid, or a `where:` predicate decides), and
    /// the composite step decides. No listener, history or timer to plan: see
    /// ``isDirectlySteppable``.
    @inlinable @inline(__always)
    func directStep(from state: State, on event: Event) throws -> (State, SideEffect?)? {
        let cell = fastCells.cell(row: states.row(of: state), event: event, events: events)
        guard cell > Cells.invalid else { return nil }
        return try Unmanaged<HandlerBox>.fromOpaque(UnsafeRawPointer(bitPattern: cell).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { handler in
                let action = try handler.perform(state, event)
                guard let next = action.toState else { return (state, action.sideEffect) }
                _ = try rowAndDefinition(of: next)
                return (next, action.sideEffect)
            }
    }

    /// A step of this definition inside another one: the next state and side effect, or nil
    /// when the event is invalid. Its listener calls go to `memory.plan`; its `onTransition`
    /// listeners do not run (R21). `@inlinable`: the closures of children and regions, made in
    /// the client's module, call it specialized.
    @inlinable
    func plannedStep(from state: State, on event: Event, memory: CompositeMemory) throws -> (State, SideEffect?)? {
        let row = states.row(of: state)
        if !hasEnterOrExitListeners {
            // A flat level without listeners: the cell names the handler or says the event is
            // invalid, as on a machine's own quiet path; the entered state's definition is
            // still looked up, since its `where:` predicate may throw (R15).
            let cell = fastCells.cell(row: row, event: event, events: events)
            if cell > Cells.invalid {
                return try Unmanaged<HandlerBox>.fromOpaque(UnsafeRawPointer(bitPattern: cell).unsafelyUnwrapped)
                    ._withUnsafeGuaranteedRef { handler in
                        let action = try handler.perform(state, event)
                        // R35: a targetless action moves nothing, so no level's timers restart.
                        if action.isTargetless { return (state, action.sideEffect) }
                        memory.recordMove(reentering: nil)
                        guard let next = action.toState else { return (state, action.sideEffect) }
                        _ = try rowAndDefinition(of: next)
                        return (next, action.sideEffect)
                    }
            }
            if cell == Cells.invalid { return nil }
        }
        let step = try decidedStep(from: state, row: row, on: event, memory: memory)
        guard let action = step.action else { return nil }
        // R35: a targetless action plans no exit or entry and moves no level's timers.
        if action.isTargetless { return (state, action.sideEffect) }
        let next = action.toState ?? state
        if !isComposite { memory.recordMove(reentering: nil) }
        if !isComposite && hasEnterOrExitListeners {
            for listener in exitListeners[step.definition] { memory.plan.append { listener(state, event) } }
            if step.toDefinition >= 0 {
                for listener in enterListeners[step.toDefinition] { memory.enterPlan.append { listener(next, event) } }
            }
        }
        return (next, action.sideEffect)
    }
}
