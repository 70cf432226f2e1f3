/// A definition compiled into flat arrays, so that a transition is a couple of array lookups
/// and one handler call.
///
/// Layout: every case named in a matcher gets a dense index (a *row* for states, a *column*
/// for events). `definitionOfRow[row]` is the state definition used for that case when its
/// first matching definition has no predicate; `cells[definition * cellStride + column]` is
/// the handler used when the first matching handler has no predicate. Cases with predicates
/// take the slower path through `stateCandidates` / `handlerCandidates`, in declaration order.
///
/// A large definition whose states handle few of its events has a sparse table instead (see
/// ``TableLayout``): `cellStride` is 0, so that every definition reads the one row of
/// `cells`, which says ``conditional`` everywhere, and the cell's value is looked up in
/// ``sparseCells``. The fast ``Cells`` are then one row of "take the step". The dense lookups
/// keep their instructions; the sparse table costs what the definition has, not states × events.
///
/// The lookups are `@inlinable` so that they are specialized in the client's module with its
/// concrete types: run as unspecialized generic code, every value of a type such as `Step` or
/// `Action` costs a runtime metadata lookup of tens of nanoseconds. The slow paths (predicates)
/// stay out of line.
@usableFromInline
final class TransitionTable<State: StateMachineHashable, Event: StateMachineHashable, SideEffect>: @unchecked Sendable {

    typealias Definition = StateDefinition<State, Event, SideEffect>
    @usableFromInline typealias Action = StateMachineTypes.Action<State, Event, SideEffect>
    @usableFromInline typealias Handler = Action.Perform
    @usableFromInline typealias Listener = (State, Event) -> Void
    @usableFromInline typealias Callback = StateMachine<State, Event, SideEffect>.Transition.Listener

    /// A cell or row that must evaluate predicates.
    @inlinable static var conditional: Int32 { -2 }
    /// A cell or row with nothing: invalid event / no definition.
    @inlinable static var none: Int32 { -1 }
    /// What the lookup of a handler gives in a composite table: see ``compositeStep``.
    @inlinable static var composite: Int32 { -3 }

    /// Whether a machine made from this table's definitions reported its problems, in debug
    /// builds (see ``ProblemReport``).
    let problemReport = ProblemReport()

    @usableFromInline let states: CaseIndex<State>
    @usableFromInline let events: CaseIndex<Event>
    /// The number of event columns; a conditional cell's key in ``handlerCandidates`` is
    /// `definition * columnCount + column`, in both layouts.
    let columnCount: Int
    /// Cells per definition in ``cells``: ``columnCount``, or 0 in the sparse layout.
    @usableFromInline let cellStride: Int
    /// The layout of the cells: see ``TableLayout``.
    let layout: TableLayout

    @usableFromInline let definitionOfRow: [Int32]
    let stateCandidates: [[Int32]]
    @usableFromInline let cells: [Int32]
    /// The cells of the sparse layout; nil in the dense one.
    @usableFromInline let sparseCells: SparseCells?
    let handlerCandidates: [Int: [Int32]]

    let definitions: [Definition]
    @usableFromInline let handlers: [Handler]
    /// `handlers`, each in a box referenced without retain counting (the boxes are kept alive by
    /// `handlerBoxes`), so that a transition calls a handler in place: no retain and release of
    /// the handler's context, no copy of its shape.
    @usableFromInline let handlerReferences: [Unmanaged<HandlerBox>]
    private let handlerBoxes: [HandlerBox]
    /// The boxes of the children that this composite table's cells step directly, by the
    /// definition that holds them: a flat child without listeners, timers or final states, in
    /// a parent without history, listeners or timers at any level (issue 25). The parent's cell
    /// of every event in that definition's row names the box, whose handler runs the child's
    /// cell and puts its state back in the parent's; when the child does not take the event that
    /// way, the box throws ``ChildDeclined`` and the machine takes the composite step.
    let directChildBoxes: [Int: HandlerBox]
    /// For a product whose regions are all stepped directly, the box every cell names: it steps
    /// each region from its cells, in region order (issue 25).
    let directProductBox: HandlerBox?
    /// Whether every cell of this flat table decides alone: no `where:` predicate on a state or
    /// an event, so that a cell that says "step" means that no definition names the state.
    @usableFromInline let decidesByCells: Bool

    /// A handler at a stable address, read through an unretained reference.
    @usableFromInline
    final class HandlerBox {
        @usableFromInline let perform: Handler
        /// The state definition the handler belongs to: the from-definition when it runs.
        @usableFromInline let definition: Int
        init(_ perform: Handler, definition: Int) {
            self.perform = perform
            self.definition = definition
        }
    }

    /// The cells of a transition, one per (state row, event case), each the answer of every
    /// lookup of ``step(from:row:on:)`` at once: see ``Cells``. Built for every table; a
    /// composite table's cells all say "take the step".
    @usableFromInline let fastCells: Cells
    /// The row and definition of each state case, by tag: see ``StateEntries``.
    @usableFromInline let stateEntries: StateEntries
    /// Whether a valid transition only moves the state: no `onTransition` listener, no
    /// `onEnter` or `onExit` listener, no delayed event, no composition. Observers are checked
    /// apart.
    @usableFromInline let validIsQuiet: Bool
    let handlerMatchers: [StateMachineTypes.Matcher<Event>]
    let handlerLocations: [SourceLocation]
    /// The `on` handlers of each definition, in declaration order.
    let handlersOfDefinition: [[Int32]]
    @usableFromInline let enterListeners: [[Listener]]
    @usableFromInline let exitListeners: [[Listener]]
    @usableFromInline let callbacks: [Callback]
    /// Whether any definition has an enter or exit listener; for a composite table, whether
    /// some level (superstates, children, regions) has one.
    @usableFromInline let hasEnterOrExitListeners: Bool
    /// Whether this definition or one nested in it (children, regions) has an `onEnter` or
    /// `onExit` listener, in a state or a superstate: only then do composite steps plan
    /// listener calls.
    @usableFromInline let plansListeners: Bool
    /// Whether this definition or one nested in it has a history target: only then do
    /// composite steps remember the superstates and child-holding cases they leave (R24).
    @usableFromInline let keepsHistory: Bool
    /// The delayed events (`after`) of each definition, in declaration order.
    let timersOfDefinition: [[(delay: StateMachineTypes.Delay, event: Event)]]
    /// The delayed events (`after`) of each superstate, in declaration order (rule R28).
    let timersOfSuperstate: [[(delay: StateMachineTypes.Delay, event: Event)]]
    /// The superstates with delayed events that contain each case, innermost first; empty
    /// when no superstate has one.
    let timerGroupsOfCase: [State.HashableIdentifier: [Int]]
    /// Whether a superstate has a delayed event: only then does a transition compare the
    /// superstates it leaves and enters.
    @usableFromInline let hasGroupTimers: Bool
    /// Whether any definition or superstate has a delayed event: only then does a transition
    /// touch timers.
    @usableFromInline let hasTimers: Bool
    /// Whether a child machine or a region, at any depth, has a delayed event: only then does a
    /// transition start and cancel the timers of nested levels (R28.3).
    @usableFromInline let hasNestedTimers: Bool
    /// Whether a valid transition has work besides moving the state: timers, or the history and
    /// listeners of a composite definition.
    @usableFromInline let hasEntryWork: Bool
    /// Superstates, children, history targets and regions; nil for a flat definition, whose
    /// transitions never look at it. A composite table's cells all take the conditional path.
    @usableFromInline let composition: Composition?
    /// Whether ``composition`` is set: the machine runs the listener calls its steps planned.
    @usableFromInline let isComposite: Bool
    /// Whether each definition is a `finalState` (R27).
    @usableFromInline let finalDefinitions: [Bool]
    /// Whether some definition is a `finalState`: a machine may finish (R27).
    @usableFromInline let hasFinalStates: Bool

    /// The superstates, in declaration order; also those compiled into the cells.
    let superstates: [SuperstateDefinition<State, Event, SideEffect>]

    /// The components the table was compiled from, for ``StateMachine/with(_:)``.
    let components: [StateMachineTypes.Component<State, Event, SideEffect>]

    /// The initial event of a definition that runs to completion (`runToCompletion`, R32–R34);
    /// nil for every other definition, whose transitions take no macrostep.
    @usableFromInline let initialEvent: Event?
    /// The eventless transitions (`always`, R33) of each state definition, by definition index,
    /// followed by those of its superstates, innermost first (R38); empty unless the definition
    /// runs to completion.
    let eventlessOfDefinition: [[Eventless]]

    /// An `always` of a state definition (R33).
    struct Eventless {
        let condition: ((State, Event) throws -> Bool)?
        let perform: Action.Perform
        /// Its history target (R24, R38): the target is what the target remembers, and
        /// `perform` gives only the side effect.
        var history: HistoryLink<State, Event>? = nil
    }

    /// - Parameter regions: The regions of a product definition, which has no state definition
    ///   of its own: every product state is in the one catch-all row.
    init(
        components: [StateMachineTypes.Component<State, Event, SideEffect>],
        regions: Composition.Regions? = nil
    ) {
        self.components = components
        let work = ValidationWork.counter
        work.add(components.count)
        var definitions: [Definition] = []
        var callbacks: [Callback] = []
        var superstates: [SuperstateDefinition<State, Event, SideEffect>] = []
        var initialEvent: Event?
        for component in components {
            switch component.kind {
            case .state(let definition): definitions.append(definition)
            case .callback(let callback): callbacks.append(callback)
            case .superstate(let superstate): superstates.append(superstate)
            case .runToCompletion(let event): initialEvent = initialEvent ?? event
            }
        }
        // A product has no state definitions of its own, so nothing of its own runs to completion.
        self.initialEvent = regions == nil ? initialEvent : nil
        if let regions {
            definitions = [Definition(matcher: .any(regions.initialIdentifier), handlers: [], location: regions.location)]
        }
        self.definitions = definitions
        self.callbacks = callbacks
        finalDefinitions = definitions.map(\.isFinal)
        // A product is done when every region is final (R27).
        hasFinalStates = definitions.contains { $0.isFinal } || regions.map { regions in
            !regions.links.isEmpty && regions.links.allSatisfy { $0.nested?.table.hasFinalStates ?? false }
        } ?? false

        var handlers: [Handler] = []
        var handlerMatchers: [StateMachineTypes.Matcher<Event>] = []
        var handlerLocations: [SourceLocation] = []
        var handlersOfDefinition: [[Int32]] = []
        var enter: [[Listener]] = []
        var exit: [[Listener]] = []
        var timers: [[(delay: StateMachineTypes.Delay, event: Event)]] = []
        var children: [Int: ChildLink<State, Event, SideEffect>] = [:]
        var historyOfHandler: [Int: HistoryLink<State, Event>] = [:]
        var doneHandlers: [Int: Action.Perform] = [:]
        var reentering: [Int: Int] = [:]
        var eventless: [[Eventless]] = []
        var eventlessHistories: [(link: HistoryLink<State, Event>, location: SourceLocation)] = []
        /// Appends the `on` handlers of `list` to `handlers` and sorts out the rest: the indices of
        /// its handlers, its listeners, its delayed events and its child link.
        func collect(_ list: [StateMachineTypes.EventHandler<State, Event, SideEffect>], raises: Bool = false) -> (
            own: [Int32], enter: [Listener], exit: [Listener],
            timers: [(delay: StateMachineTypes.Delay, event: Event)], child: ChildLink<State, Event, SideEffect>?,
            done: Action.Perform?, eventless: [Eventless]
        ) {
            var result: (own: [Int32], enter: [Listener], exit: [Listener],
                         timers: [(delay: StateMachineTypes.Delay, event: Event)], child: ChildLink<State, Event, SideEffect>?,
                         done: Action.Perform?, eventless: [Eventless])
                = ([], [], [], [], nil, nil, [])
            work.add(list.count)
            for handler in list {
                switch handler.kind {
                case .on(let matcher, let factory):
                    if let history = handler.history { historyOfHandler[handlers.count] = history }
                    result.own.append(Int32(handlers.count))
                    handlers.append(factory)
                    handlerMatchers.append(matcher)
                    handlerLocations.append(handler.location)
                // Raise actions run only in a state definition of a definition that runs to
                // completion (R36): elsewhere there is no queue of this level's to put them in.
                case .onEnter(let listener): if raises || !handler.isRaiseAction { result.enter.append(listener) }
                case .onExit(let listener): if raises || !handler.isRaiseAction { result.exit.append(listener) }
                case .after(let delay, let event): result.timers.append((delay, event))
                case .child(let link): result.child = result.child ?? link
                case .onDone(let perform): result.done = result.done ?? perform
                case .always(let condition, let perform):
                    result.eventless.append(Eventless(condition: condition, perform: perform, history: handler.history))
                    if let history = handler.history { eventlessHistories.append((history, handler.location)) }
                }
            }
            return result
        }
        for (definitionIndex, definition) in definitions.enumerated() {
            // A final state handles no event (R27): its `on` handlers, which `validate()`
            // reports, are left out of the table.
            let collected = collect(definition.isFinal ? definition.handlers.filter { !$0.isEventHandler } : definition.handlers,
                                    raises: regions == nil && initialEvent != nil)
            if let child = collected.child {
                children[definitionIndex] = child
                // `onDone` runs only where a child can finish (R27); `validate()` reports the rest.
                if let done = collected.done { doneHandlers[definitionIndex] = done }
            }
            timers.append(collected.timers)
            // A final state has no eventless transitions (R33).
            eventless.append(definition.isFinal ? [] : collected.eventless)
            handlersOfDefinition.append(collected.own)
            enter.append(collected.enter)
            exit.append(collected.exit)
        }
        // Superstate handlers come after every state's, in no cell: the composite path finds them.
        var superstateHandlers: [[Int32]] = []
        var superstateEnter: [[Listener]] = []
        var superstateExit: [[Listener]] = []
        var superstateTimers: [[(delay: StateMachineTypes.Delay, event: Event)]] = []
        var superstateEventless: [[Eventless]] = []
        for superstate in superstates {
            // A superstate keeps handlers, listeners, delayed events and eventless transitions (its
            // builder drops the rest); its raise actions run as a state definition's do (R38).
            let collected = collect(superstate.handlers, raises: regions == nil && initialEvent != nil)
            for (handler, declared) in zip(collected.own, superstate.handlers.filter(\.isEventHandler)) where declared.reenters {
                reentering[Int(handler)] = superstateHandlers.count
            }
            superstateHandlers.append(collected.own)
            superstateEnter.append(collected.enter)
            superstateExit.append(collected.exit)
            superstateTimers.append(collected.timers)
            superstateEventless.append(collected.eventless)
        }
        self.superstates = superstates
        let superstatesOfCase = Self.superstatesOfCase(superstates)
        if self.initialEvent != nil, superstateEventless.contains(where: { !$0.isEmpty }) {
            // A state's eventless transitions are tried before its superstates', innermost
            // first (R38): R19's order for handlers.
            for (definitionIndex, definition) in definitions.enumerated() where !definition.isFinal {
                for superstate in superstatesOfCase[definition.matcher.identifier] ?? [] {
                    eventless[definitionIndex] += superstateEventless[superstate]
                }
            }
        }
        eventlessOfDefinition = self.initialEvent == nil ? [] : eventless
        // Superstates without listeners, in a definition without children, regions or history
        // targets, are compiled into the cells: a superstate's handlers are handlers of every
        // state definition of the cases it contains, after the definition's own, innermost
        // superstate first (R19), so that the flat path runs them. Each definition gets its own
        // copy of each such handler, whose box names that definition as the from-definition.
        // An eventless transition to a history target counts only where the machine runs to
        // completion, the only place it is taken.
        if self.initialEvent == nil { eventlessHistories = [] }
        let flattensSuperstates = !superstates.isEmpty && regions == nil && children.isEmpty && historyOfHandler.isEmpty && reentering.isEmpty
            && eventlessHistories.isEmpty
            && superstateEnter.allSatisfy(\.isEmpty) && superstateExit.allSatisfy(\.isEmpty)
        var cellHandlersOfDefinition = handlersOfDefinition
        if flattensSuperstates {
            for (definitionIndex, definition) in definitions.enumerated() {
                for superstate in superstatesOfCase[definition.matcher.identifier] ?? [] {
                    work.add(1 + superstateHandlers[superstate].count)
                    for handler in superstateHandlers[superstate].lazy.map({ Int($0) }) {
                        cellHandlersOfDefinition[definitionIndex].append(Int32(handlers.count))
                        handlers.append(handlers[handler])
                        handlerMatchers.append(handlerMatchers[handler])
                        handlerLocations.append(handlerLocations[handler])
                    }
                }
            }
        }
        let isComposite = regions != nil || (!superstates.isEmpty && !flattensSuperstates) || !children.isEmpty || !historyOfHandler.isEmpty
            || !eventlessHistories.isEmpty
        self.isComposite = isComposite
        self.handlers = handlers
        self.handlersOfDefinition = handlersOfDefinition
        work.add(handlers.count)
        var definitionOfHandler = [Int](repeating: -1, count: handlers.count)
        for (definition, own) in cellHandlersOfDefinition.enumerated() {
            for handler in own { definitionOfHandler[Int(handler)] = definition }
        }
        let boxes = handlers.indices.map { HandlerBox(handlers[$0], definition: definitionOfHandler[$0]) }
        handlerBoxes = boxes
        handlerReferences = boxes.map { Unmanaged.passUnretained($0) }
        self.handlerMatchers = handlerMatchers
        self.handlerLocations = handlerLocations
        enterListeners = enter
        exitListeners = exit
        let ownListeners = enter.contains { !$0.isEmpty } || exit.contains { !$0.isEmpty }
        let plansListeners = ownListeners || superstateEnter.contains { !$0.isEmpty } || superstateExit.contains { !$0.isEmpty }
            || children.values.contains { $0.plansListeners } || (regions?.links.contains { $0.plansListeners } ?? false)
        self.plansListeners = plansListeners
        keepsHistory = !historyOfHandler.isEmpty || !eventlessHistories.isEmpty || children.values.contains { $0.keepsHistory }
            || (regions?.links.contains { $0.keepsHistory } ?? false)
        // A composite table plans its listeners itself, and notifies a valid transition when
        // some level has listeners.
        hasEnterOrExitListeners = (isComposite && plansListeners) || ownListeners
        timersOfDefinition = timers
        timersOfSuperstate = superstateTimers
        hasGroupTimers = superstateTimers.contains { !$0.isEmpty }
        timerGroupsOfCase = hasGroupTimers
            ? superstatesOfCase.mapValues { $0.filter { !superstateTimers[$0].isEmpty } }.filter { !$0.value.isEmpty } : [:]
        hasTimers = hasGroupTimers || timers.contains { !$0.isEmpty }
        hasNestedTimers = children.values.contains { $0.nested?.table.hasTimersAtAnyDepth ?? false }
            || (regions?.links.contains { $0.nested?.table.hasTimersAtAnyDepth ?? false } ?? false)
        hasEntryWork = hasTimers || isComposite

        states = CaseIndex(identifiers: definitions.map(\.matcher.identifier), otherRow: regions == nil ? -1 : 0)
        // A composite table has one more column, for the events no handler names (a child or a
        // region may take them).
        let eventIdentifiers = handlerMatchers.map(\.identifier)
        let namedEvents = Set(eventIdentifiers).count
        events = CaseIndex(identifiers: eventIdentifiers, otherRow: isComposite ? namedEvents : -1)
        columnCount = namedEvents + (isComposite ? 1 : 0)

        // State rows: the definitions of each case, in declaration order.
        var candidates = [[Int32]](repeating: [], count: states.count)
        for (index, definition) in definitions.enumerated() {
            candidates[states.row(ofIdentifier: definition.matcher.identifier)].append(Int32(index))
        }
        stateCandidates = candidates
        definitionOfRow = candidates.map { list in
            guard let first = list.first else { return Self.none }
            return definitions[Int(first)].matcher.isUnconditional ? first : Self.conditional
        }

        // The layout: dense unless its cells (the handler cells and the fast cells) would be
        // many for the definition's size. A product has one row: always dense.
        let fastWidth = Cells.width(events: events, columnCount: columnCount)
        let (denseCells, overflows) = definitions.count.multipliedReportingOverflow(by: columnCount)
        let (denseFastCells, fastOverflows) = (states.count + 1).multipliedReportingOverflow(by: fastWidth)
        let layout: TableLayout = regions != nil ? .dense : overflows || fastOverflows ? .sparse : TableLayout.chosen(
            denseCells: denseCells + denseFastCells, definitions: definitions.count, handlers: handlers.count
        )
        self.layout = layout
        let cellStride = layout == .dense ? columnCount : 0
        self.cellStride = cellStride

        // Cells: the handlers of each (definition, event case), in declaration order.
        var cells = [Int32](repeating: layout == .dense ? Self.none : Self.conditional, count: layout == .dense ? denseCells : columnCount)
        var sparseRows: [[(column: Int32, value: Int32)]] = []
        if layout == .sparse { sparseRows.reserveCapacity(definitions.count) }
        var conditionalCells: [Int: [Int32]] = [:]
        for (definition, own) in cellHandlersOfDefinition.enumerated() {
            work.add(1 + own.count)
            var byColumn: [Int: [Int32]] = [:]
            for handler in own {
                byColumn[events.row(ofIdentifier: handlerMatchers[Int(handler)].identifier), default: []].append(handler)
            }
            var sparseRow: [(column: Int32, value: Int32)] = []
            for (column, list) in byColumn {
                let key = definition * columnCount + column
                let value: Int32
                if handlerMatchers[Int(list[0])].isUnconditional {
                    value = list[0]
                } else {
                    value = Self.conditional
                    conditionalCells[key] = list
                }
                if layout == .dense {
                    cells[definition * cellStride + column] = value
                } else {
                    sparseRow.append((Int32(column), value))
                }
            }
            if layout == .sparse { sparseRows.append(sparseRow) }
        }
        let sparseCells = layout == .sparse ? SparseCells(rows: sparseRows) : nil
        self.sparseCells = sparseCells
        handlerCandidates = conditionalCells
        var directChildBoxes: [Int: HandlerBox] = [:]
        // A sparse table's fast cells all say "step": no child is stepped from them.
        if isComposite && layout == .dense && regions == nil && !keepsHistory && !plansListeners && !hasTimers && !hasNestedTimers {
            for (definition, child) in children where doneHandlers[definition] == nil {
                if let direct = child.direct { directChildBoxes[definition] = HandlerBox(direct, definition: definition) }
            }
        }
        self.directChildBoxes = directChildBoxes
        decidesByCells = layout == .dense && !isComposite && conditionalCells.isEmpty && !definitionOfRow.contains(Self.conditional)
        if let direct = regions?.direct, !keepsHistory && !plansListeners && !hasTimers && !hasNestedTimers {
            directProductBox = HandlerBox(direct, definition: -1)
        } else {
            directProductBox = nil
        }
        // A composite table's cells name only direct children, whose steps are quiet when the
        // table has no listener and no timer.
        validIsQuiet = callbacks.isEmpty && !hasEnterOrExitListeners && (isComposite ? !hasTimers && !hasNestedTimers : !hasEntryWork)
        // A definition that runs to completion takes every event through the step, where its
        // macrostep begins (R32): its fast cells all say "step", as the sparse layout's do.
        fastCells = Cells(
            states: states, events: events, definitionOfRow: definitionOfRow, cells: layout == .dense && self.initialEvent == nil ? cells : nil,
            columnCount: columnCount, handlers: isComposite ? [] : boxes, directRows: directChildBoxes,
            everyRow: directProductBox
        )
        stateEntries = StateEntries(states: states, definitionOfRow: definitionOfRow)
        if isComposite {
            // A composite table's lookup answers `conditional`, so that its steps are composite;
            // the sparse layout's one row already says so.
            self.cells = layout == .dense ? [Int32](repeating: Self.conditional, count: cells.count) : cells
            composition = Composition(
                superstates: superstates, superstatesOfCase: superstatesOfCase, superstateHandlers: superstateHandlers,
                superstateEnter: superstateEnter, superstateExit: superstateExit,
                children: children, historyOfHandler: historyOfHandler, ownCells: cells, regions: regions,
                doneHandlers: doneHandlers,
                reentering: reentering, eventlessHistories: eventlessHistories
            )
        } else {
            self.cells = cells
            composition = nil
        }
    }

    /// The superstates containing each case, innermost (fewest cases) first; equal sizes in
    /// declaration order.
    static func superstatesOfCase(_ superstates: [SuperstateDefinition<State, Event, SideEffect>]) -> [State.HashableIdentifier: [Int]] {
        let work = ValidationWork.counter
        var ofCase: [State.HashableIdentifier: [Int]] = [:]
        var sizes: [Int] = []
        for (index, superstate) in superstates.enumerated() {
            let members = Set(superstate.members)
            work.add(1 + members.count)
            sizes.append(members.count)
            for member in members { ofCase[member, default: []].append(index) }
        }
        // The lists are in declaration order, and the sort is stable.
        return ofCase.mapValues { list in
            work.add(list.count)
            return list.sorted { sizes[$0] < sizes[$1] }
        }
    }

    deinit {
        fastCells.deallocate()
        stateEntries.deallocate()
    }

    // MARK: - Lookup

    /// The definition used for `state`, given its row; -1 when none matches.
    @inlinable @inline(__always)
    func definition(of state: State, row: Int) throws -> Int {
        guard row >= 0 else { return -1 }
        let fast = definitionOfRow[row]
        if fast >= 0 { return Int(fast) }
        if fast == Self.none { return -1 }
        return try conditionalDefinition(of: state, row: row)
    }

    /// Whether the definition used for `state` is a `finalState`, or, for a product, whether
    /// every region's state is final (R27); false when a predicate of the lookup throws, or no
    /// definition matches.
    @usableFromInline
    func isFinal(_ state: State) -> Bool {
        guard hasFinalStates else { return false }
        if let regions = composition?.regions {
            return regions.links.allSatisfy { link in
                guard let nested = link.nested, let part = nested.extract(state) else { return false }
                return nested.table.isFinalState(part)
            }
        }
        let definition = (try? self.definition(of: state, row: states.row(of: state))) ?? -1
        return definition >= 0 && finalDefinitions[definition]
    }

    /// The first definition of the row whose predicates accept `state`; -1 when none does.
    @usableFromInline
    func conditionalDefinition(of state: State, row: Int) throws -> Int {
        for candidate in stateCandidates[row] where try definitions[Int(candidate)].matcher.matches(state) {
            return Int(candidate)
        }
        return -1
    }

    /// The handler for `event` in `definition`; -1 when the event is invalid there.
    @inlinable @inline(__always)
    func handler(for event: Event, in definition: Int) throws -> Int {
        let column = events.row(of: event)
        guard column >= 0 else { return -1 }
        let fast = cells[definition &* cellStride &+ column]
        if fast >= 0 { return Int(fast) }
        if fast == Self.none { return -1 }
        if let sparseCells, !isComposite {
            // The sparse layout: the cell's handler, unless a predicate decides.
            let cell = sparseCells.cell(definition: definition, column: column, empty: Self.none)
            if cell >= 0 { return Int(cell) }
            if cell == Self.none { return -1 }
        }
        return try conditionalHandler(for: event, definition: definition, column: column)
    }

    /// The handler of a cell that says ``conditional``; -1 when there is none; ``composite``
    /// for every cell of a composite table, whose steps ``compositeStep`` takes.
    @usableFromInline
    func conditionalHandler(for event: Event, definition: Int, column: Int) throws -> Int {
        if composition != nil { return Int(Self.composite) }
        return try predicateHandler(for: event, definition: definition, column: column)
    }

    /// The handler of a cell of `definition` that says ``conditional``: in the sparse layout,
    /// the cell's handler, or -1 when it has none; otherwise (and for a sparse cell with
    /// predicates) the first handler whose predicates accept `event`, or -1 when none does.
    @usableFromInline
    func predicateHandler(for event: Event, definition: Int, column: Int) throws -> Int {
        if let sparseCells {
            let cell = sparseCells.cell(definition: definition, column: column, empty: Self.none)
            if cell >= 0 { return Int(cell) }
            if cell == Self.none { return -1 }
        }
        for candidate in handlerCandidates[definition &* columnCount &+ column] ?? [] where try handlerMatchers[Int(candidate)].matches(event) {
            return Int(candidate)
        }
        return -1
    }

    /// The table's storage, for ``StateMachineTypes/Definition/tableStorage``.
    var storage: TableStorage {
        let fast = fastCells.storedCount
        let sparse = sparseCells?.storedCount ?? 0
        // A sparse composite table's own cells are its one row of `cells`.
        let own = layout == .dense ? composition?.ownCells.count ?? 0 : 0
        return TableStorage(
            layout: layout, cellCount: cells.count + own + fast + sparse,
            bytes: (cells.count + own + sparse) * MemoryLayout<Int32>.stride + fast * MemoryLayout<UInt>.stride
        )
    }

    /// The outcome of `event` in `state` (whose row is `row`): the pure core of every transition.
    ///
    /// - Returns: The handler's action, or nil when the event is invalid, the definition that
    ///   matched `state`, and the row and definition of the state the action enters. A
    ///   composite table's step answers "invalid" here: its callers then take
    ///   ``compositeStep(from:row:on:context:)``, on their invalid path only, so that
    ///   composition adds no branch to the path of a valid transition.
    /// - Throws: ``StateMachine/MissingDefinitionError`` when no definition matches `state`,
    ///   and what a handler or predicate throws, including a state predicate evaluated while the
    ///   definition of the entered state is looked up (rule R15: that lookup happens before the
    ///   state changes, so its error changes nothing). Errors travel by `throws` rather than in
    ///   the result so that the common path carries no existential.
    @inlinable @inline(__always)
    func step(from state: State, row: Int, on event: Event) throws -> Step {
        let definition = try definition(of: state, row: row)
        guard definition >= 0 else {
            throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: state)
        }
        let handler = try handler(for: event, in: definition)
        guard handler >= 0 else {
            return Step(action: nil, definition: definition, toRow: row, toDefinition: definition)
        }
        // Call the handler in place, through its box: `handlerBoxes` keeps it alive.
        let action = try handlerReferences.withUnsafeBufferPointer { references in
            try references[handler]._withUnsafeGuaranteedRef { box in try box.perform(state, event) }
        }
        guard let next = action.toState else {
            return Step(action: action, definition: definition, toRow: row, toDefinition: definition)
        }
        let toRow = states.row(of: next)
        let toDefinition = try self.definition(of: next, row: toRow)
        return Step(action: action, definition: definition, toRow: toRow, toDefinition: toDefinition)
    }

    /// The result of the pure core, with what the machine needs to notify listeners.
    @usableFromInline
    struct Step {
        /// The handler's action; nil when the event is invalid in the state.
        @usableFromInline let action: Action?
        /// The definition that matched the state.
        @usableFromInline let definition: Int
        /// The row of the state after the step (the same state's row unless the action enters
        /// another state).
        @usableFromInline let toRow: Int
        /// The definition of the state after the step, for its `onEnter` listeners; -1 when no
        /// definition matches it (entering such a state is allowed, rule R13).
        @usableFromInline let toDefinition: Int

        @inlinable
        init(action: Action?, definition: Int, toRow: Int, toDefinition: Int) {
            self.action = action
            self.definition = definition
            self.toRow = toRow
            self.toDefinition = toDefinition
        }
    }

    // MARK: - Validation

    /// - Parameter runningPredicates: Whether `where:` predicates may be called to find the
    ///   initial state's definition; when false (a machine's debug report, made while the
    ///   machine is being initialized), a definition that only a predicate could give is not
    ///   looked for.
    func problems(initialState: State, runningPredicates: Bool = true) -> [StateMachineTypes.DefinitionError.Problem] {
        typealias Problem = StateMachineTypes.DefinitionError.Problem
        var problems: [Problem] = []
        let work = ValidationWork.counter
        for row in 0..<states.count {
            let list = stateCandidates[row]
            work.add(1 + list.count)
            guard let winner = list.firstIndex(where: { definitions[Int($0)].matcher.isUnconditional }) else { continue }
            let first = definitions[Int(list[winner])]
            for shadowed in list[(winner + 1)...] {
                let definition = definitions[Int(shadowed)]
                problems.append(Problem(
                    file: definition.location.file, line: definition.location.line,
                    message: "this `state(\(first.matcher.identifier))` definition is never used: the one at \(first.location.file):\(first.location.line) matches every such state first. Merge the two blocks, or give the earlier one a `where:` predicate."
                ))
            }
        }
        for (definitionIndex, definition) in definitions.enumerated() {
            let own = handlersOfDefinition[definitionIndex]
            work.add(1 + own.count)
            var seen: [Event.HashableIdentifier: Int] = [:]
            for handler in own.lazy.map({ Int($0) }) {
                let matcher = handlerMatchers[handler]
                if let earlier = seen[matcher.identifier] {
                    let location = handlerLocations[handler]
                    let first = handlerLocations[earlier]
                    problems.append(Problem(
                        file: location.file, line: location.line,
                        message: "this `on(\(matcher.identifier))` handler in `state(\(definition.matcher.identifier))` is never used: the one at \(first.file):\(first.line) handles every such event first. Remove one of them, or give the earlier one a `where:` predicate."
                    ))
                } else if matcher.isUnconditional {
                    seen[matcher.identifier] = handler
                }
            }
        }
        let initialRow = states.row(of: initialState)
        let hasDefinition = runningPredicates
            ? (try? definition(of: initialState, row: initialRow)) ?? -1 >= 0
            : initialRow >= 0 && definitionOfRow[initialRow] != Self.none
        if !hasDefinition {
            problems.append(Problem(
                file: definitions.first?.location.file ?? "", line: definitions.first?.location.line ?? 0,
                message: "the initial state \(initialState) has no state definition, so its first event fails: add `state(\(initialState.hashableIdentifier)) { … }`."
            ))
        }
        return problems.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}
