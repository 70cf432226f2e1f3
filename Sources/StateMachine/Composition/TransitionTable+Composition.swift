/// The steps of a composite table: superstates, children, regions, history.
///
/// A composite definition's cells are all conditional, and its handler lookup answers
/// ``TransitionTable/composite``, so that composition costs a flat definition nothing: the
/// hot path of ``TransitionTable/step(from:row:on:context:)`` has the same branches with or
/// without it, and a flat definition's conditional cells take the same path as before.
extension TransitionTable {

    /// What a composite table adds to the flat one.
    final class Composition {

        /// The regions of a product definition (rule R23).
        struct Regions {
            let initialIdentifier: State.HashableIdentifier
            let links: [RegionLink<State, Event>]
            /// Makes the product's side effect from the side effects of the regions that took
            /// the event, in region order.
            let collect: ([Any]) -> SideEffect
            let location: SourceLocation
        }

        let superstates: [SuperstateDefinition<State, Event, SideEffect>]
        let superstateHandlers: [[Int32]]
        let superstateEnter: [[Listener]]
        let superstateExit: [[Listener]]
        /// The superstates containing each case, innermost (fewest members) first.
        let superstatesOfCase: [State.HashableIdentifier: [Int]]
        let children: [Int: ChildLink<State, Event, SideEffect>]
        let historyOfHandler: [Int: HistoryLink<State, Event>]
        /// The cells as a flat table would have them: the state's own handlers.
        let ownCells: [Int32]
        let regions: Regions?

        init(
            superstates: [SuperstateDefinition<State, Event, SideEffect>], superstateHandlers: [[Int32]],
            superstateEnter: [[Listener]], superstateExit: [[Listener]],
            children: [Int: ChildLink<State, Event, SideEffect>], historyOfHandler: [Int: HistoryLink<State, Event>],
            ownCells: [Int32], regions: Regions?
        ) {
            self.superstates = superstates
            self.superstateHandlers = superstateHandlers
            self.superstateEnter = superstateEnter
            self.superstateExit = superstateExit
            self.children = children
            self.historyOfHandler = historyOfHandler
            self.ownCells = ownCells
            self.regions = regions
            var ofCase: [State.HashableIdentifier: [Int]] = [:]
            for (index, superstate) in superstates.enumerated() {
                for member in Set(superstate.members) { ofCase[member, default: []].append(index) }
            }
            // Innermost first: a nested superstate has fewer members; equal sizes keep
            // declaration order.
            superstatesOfCase = ofCase.mapValues { list in
                list.enumerated().sorted { left, right in
                    let (l, r) = (Set(superstates[left.element].members).count, Set(superstates[right.element].members).count)
                    return l != r ? l < r : left.offset < right.offset
                }.map(\.element)
            }
        }

        func superstates(containing state: State) -> [Int] {
            superstates.isEmpty ? [] : superstatesOfCase[state.hashableIdentifier] ?? []
        }

        func index(ofSuperstate name: String) -> Int? {
            superstates.firstIndex { $0.name == name }
        }
    }

    /// The step of a composite table, out of line. ``step(from:row:on:)`` answers "invalid" for
    /// every event of a composite table; its callers call this on their invalid path.
    ///
    /// - Parameter context: What the step keeps its history and listener plan in: a
    ///   ``CompositeMemory`` (children, regions, the pure core with a history), or the machine
    ///   that runs the step (its memory); nil for a step without history.
    @usableFromInline
    func compositeStep(from state: State, row: Int, on event: Event, context: AnyObject?) throws -> Step {
        let memory = context as? CompositeMemory
            ?? (context as? StateMachine<State, Event, SideEffect>)?.timers?.memory
            ?? CompositeMemory()
        let definition = try self.definition(of: state, row: row)
        guard definition >= 0 else {
            throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: state)
        }
        let cell = definition * columnCount + events.row(of: event)
        return try compositeStep(composition!, from: state, row: row, on: event, definition: definition, cell: cell, memory: memory)
    }

    // MARK: - Composite steps

    private func compositeStep(
        _ composition: Composition, from state: State, row: Int, on event: Event, definition: Int, cell: Int,
        memory: CompositeMemory
    ) throws -> Step {
        if memory.depth == 0 {
            memory.plan = []
            memory.working = memory.history
        }
        memory.depth += 1
        defer { memory.depth -= 1 }
        let invalid = Step(action: nil, definition: definition, toRow: row, toDefinition: definition)

        if let regions = composition.regions {
            var product = state
            var sideEffects: [Any] = []
            var taken = false
            for region in regions.links {
                let mark = memory.plan.count
                let result: (State, Any?)?
                do {
                    result = try region.step(product, event, memory)
                } catch is StateMachineTypes.RegionMissingDefinition {
                    throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: state)
                }
                if let (next, sideEffect) = result {
                    product = next
                    taken = true
                    if let sideEffect { sideEffects.append(sideEffect) }
                } else {
                    memory.plan.removeSubrange(mark...)
                }
            }
            guard taken else { return invalid }
            return Step(action: Action(toState: product, sideEffect: regions.collect(sideEffects)), definition: definition, toRow: row, toDefinition: definition)
        }

        // A child takes the event first (R21); its listeners are planned by its own step.
        if let child = composition.children[definition] {
            let mark = memory.plan.count
            if let (next, sideEffect) = try child.step(state, event, memory) {
                let toRow = states.row(of: next)
                let toDefinition = try self.definition(of: next, row: toRow)
                return Step(action: Action(toState: next, sideEffect: sideEffect), definition: definition, toRow: toRow, toDefinition: toDefinition)
            }
            memory.plan.removeSubrange(mark...)
        }

        // The state's own handlers, then its superstates', innermost first (R19).
        var handler = -1
        let own = composition.ownCells[cell]
        if own >= 0 {
            handler = Int(own)
        } else if own == Self.conditional {
            handler = try predicateHandler(for: event, cell: cell)
        }
        if handler < 0 {
            let identifier = event.hashableIdentifier
            search: for superstate in composition.superstates(containing: state) {
                for candidate in composition.superstateHandlers[superstate] {
                    let matcher = handlerMatchers[Int(candidate)]
                    if matcher.identifier == identifier, try matcher.matches(event) {
                        handler = Int(candidate)
                        break search
                    }
                }
            }
        }
        guard handler >= 0 else { return invalid }
        var action: Action
        if let history = composition.historyOfHandler[handler] {
            // The target first (the default only when there is no history), then the side effect.
            let remembered = historyKey(history.target, composition).flatMap { memory.working[$0] as? State }
            let target = try remembered ?? history.defaultState(state, event)
            action = Action(toState: target, sideEffect: try handlers[handler](state, event).sideEffect)
        } else {
            action = try handlers[handler](state, event)
        }
        let next = action.toState ?? state
        let toRow = action.toState == nil ? row : states.row(of: next)
        let toDefinition = action.toState == nil ? definition : try self.definition(of: next, row: toRow)
        planTransition(composition, from: state, definition: definition, to: next, toDefinition: toDefinition, event: event, memory: memory)
        return Step(action: action, definition: definition, toRow: toRow, toDefinition: toDefinition)
    }

    /// The listener calls of a transition decided at this level, and the history it leaves
    /// (R20, R22, R24): the state's exit, the exits of the superstates left (innermost first),
    /// the enters of the superstates entered (outermost first), the state's enter. No listener
    /// of a child held by either state runs: a child's listeners describe its own moves (R22).
    private func planTransition(
        _ composition: Composition, from state: State, definition: Int, to next: State, toDefinition: Int,
        event: Event, memory: CompositeMemory
    ) {
        let left = composition.superstates(containing: state)
        let entered = composition.superstates(containing: next)
        if composition.children[definition] != nil {
            memory.working[HistoryKey(table: ObjectIdentifier(self), index: -1 - states.row(of: state))] = state
        }
        for listener in exitListeners[definition] { memory.plan.append { listener(state, event) } }
        for superstate in left where !entered.contains(superstate) {
            memory.working[HistoryKey(table: ObjectIdentifier(self), index: superstate)] = state
            for listener in composition.superstateExit[superstate] { memory.plan.append { listener(state, event) } }
        }
        for superstate in entered.reversed() where !left.contains(superstate) {
            for listener in composition.superstateEnter[superstate] { memory.plan.append { listener(next, event) } }
        }
        guard toDefinition >= 0 else { return }
        for listener in enterListeners[toDefinition] { memory.plan.append { listener(next, event) } }
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

    /// A step of this definition inside another one: the next state and side effect, or nil
    /// when the event is invalid. Its listener calls go to `memory.plan`; its `onTransition`
    /// listeners do not run (R21).
    func plannedStep(from state: State, on event: Event, memory: CompositeMemory) throws -> (State, SideEffect?)? {
        let row = states.row(of: state)
        var step = try self.step(from: state, row: row, on: event)
        if step.action == nil, isComposite {
            step = try compositeStep(from: state, row: row, on: event, context: memory)
        }
        guard let action = step.action else { return nil }
        let next = action.toState ?? state
        if composition == nil {
            for listener in exitListeners[step.definition] { memory.plan.append { listener(state, event) } }
            if step.toDefinition >= 0 {
                for listener in enterListeners[step.toDefinition] { memory.plan.append { listener(next, event) } }
            }
        }
        return (next, action.sideEffect)
    }
}
