extension StateMachineTypes {

    /// One region of a product definition: a machine that owns one part of the product state
    /// (rule R23). Made for ``Definition/init(initialState:regions:file:line:)``.
    ///
    /// ```swift
    /// Region("caps lock", MainKeypad.definition, at: \.main, events: MainKeypad.Event.init)
    /// ```
    public struct Region<State: StateMachineHashable, Event: StateMachineHashable, Element> {

        @usableFromInline let link: RegionLink<State, Event>
        /// The region's step: the product state with this region's part moved and its side
        /// effect, or nil when the event maps to nothing or the region finds it invalid.
        @usableFromInline let step: (State, Event, CompositeMemory) throws -> (State, Element?)?
        /// The region's step from its cells, moving its part of the product in place: whether it
        /// took the event, and its side effect. Nil when the region's definition has listeners,
        /// timers, final states or `where:` predicates: see ``TransitionTable/directProductBox``.
        @usableFromInline var direct: ((inout State, Event) throws -> (taken: Bool, element: Element?))? = nil

        /// A region that runs `definition` on the part of the product state at `keyPath`.
        ///
        /// - Parameters:
        ///   - name: Names the region in validation messages and fixtures.
        ///   - definition: The region's definition; it stays usable alone. Its initial state
        ///     is not used: the product's initial state holds the region's.
        ///   - keyPath: The region's part of the product state.
        ///   - events: The region event a product event stands for, or nil.
        ///   - timerEvents: The product event a region's delayed event (`after`) stands for:
        ///     what the machine is sent when the region's timer fires, and which `events` must map
        ///     back to the timer's event. By default the event itself, when the region's events are
        ///     the product's.
        ///   - sideEffects: The element of the product's side effect list a region side effect
        ///     stands for, or nil.
        ///   - file: The file of the region, for validation problems; leave the default.
        ///   - line: The line of the region; leave the default.
        @inlinable
        public init<RegionState, RegionEvent, RegionSideEffect>(
            _ name: String,
            _ definition: Definition<RegionState, RegionEvent, RegionSideEffect>,
            at keyPath: WritableKeyPath<State, RegionState>,
            events: @escaping (Event) -> RegionEvent?,
            timerEvents: ((RegionEvent) -> Event?)? = nil,
            sideEffects: @escaping (RegionSideEffect) -> Element?,
            file: StaticString = #fileID,
            line: UInt = #line
        ) {
            self.init(
                name, definition, getter: { $0[keyPath: keyPath] }, setter: { $0[keyPath: keyPath] = $1 },
                events: events, timerEvents: timerEvents ?? { $0 as? Event }, sideEffects: sideEffects, file: file, line: line
            )
        }

        /// A region whose part of the product state is read with a throwing `get` (an error
        /// fails the step) and written with `set`: for tools that build definitions from data.
        @_spi(Tooling)
        @inlinable
        public init<RegionState, RegionEvent, RegionSideEffect>(
            _ name: String,
            _ definition: Definition<RegionState, RegionEvent, RegionSideEffect>,
            get: @escaping (State) throws -> RegionState,
            set: @escaping (inout State, RegionState) -> Void,
            events: @escaping (Event) -> RegionEvent?,
            timerEvents: ((RegionEvent) -> Event?)? = nil,
            sideEffects: @escaping (RegionSideEffect) -> Element?,
            file: StaticString = #fileID,
            line: UInt = #line
        ) {
            self.init(
                name, definition, getter: get, setter: set, events: events, timerEvents: timerEvents ?? { $0 as? Event },
                sideEffects: sideEffects, file: file, line: line
            )
        }

        /// The SPI initializer's body, usable from inlinable code.
        @inlinable
        init<RegionState, RegionEvent, RegionSideEffect>(
            _ name: String,
            _ definition: Definition<RegionState, RegionEvent, RegionSideEffect>,
            getter get: @escaping (State) throws -> RegionState,
            setter set: @escaping (inout State, RegionState) -> Void,
            events: @escaping (Event) -> RegionEvent?,
            timerEvents: @escaping (RegionEvent) -> Event?,
            sideEffects: @escaping (RegionSideEffect) -> Element?,
            file: StaticString,
            line: UInt
        ) {
            // The step closure is made here, in the client's module (`@inlinable`), so that it
            // runs specialized for the product's and the region's types.
            let table = definition.table
            self.init(name, definition, step: { product, event, memory in
                guard let regionEvent = events(event) else { return nil }
                let result: (RegionState, RegionSideEffect?)?
                do {
                    result = try table.plannedStep(from: get(product), on: regionEvent, memory: memory)
                } catch is StateMachine<RegionState, RegionEvent, RegionSideEffect>.MissingDefinitionError {
                    // The state whose event failed is the product's (R23).
                    throw RegionMissingDefinition()
                }
                guard let (next, sideEffect) = result else { return nil }
                var product = product
                set(&product, next)
                return (product, sideEffect.flatMap(sideEffects))
            }, nested: NestedLevel(table: table, extract: get, embed: { product, part in
                var product = product
                set(&product, part)
                return product
            }, timerEvents: timerEvents), events: events, timerEvents: timerEvents, direct: table.isDirectlySteppable && table.decidesByCells ? { product, event in
                guard let regionEvent = events(event) else { return (false, nil) }
                switch try table.directRegionStep(from: get(product), on: regionEvent) {
                case .invalid:
                    return (false, nil)
                case .missingDefinition:
                    throw RegionMissingDefinition()
                case .moved(let next, let sideEffect):
                    set(&product, next)
                    return (true, sideEffect.flatMap(sideEffects))
                }
            } : nil, noEventReaches: { StateMachineTypes.noEventReaches(definition, events: events) },
            eventsTaken: { StateMachineTypes.eventsTaken(by: definition, events: events) }, file: file, line: line)
        }

        @usableFromInline
        init<RegionState, RegionEvent, RegionSideEffect>(
            _ name: String,
            _ definition: Definition<RegionState, RegionEvent, RegionSideEffect>,
            step: @escaping (State, Event, CompositeMemory) throws -> (State, Element?)?,
            nested: NestedLevel<State>,
            events: @escaping (Event) -> RegionEvent?,
            timerEvents: @escaping (RegionEvent) -> Event?,
            direct: ((inout State, Event) throws -> (taken: Bool, element: Element?))? = nil,
            noEventReaches: @escaping () -> Bool = { false },
            eventsTaken: @escaping () -> Set<Int>? = { nil },
            file: StaticString,
            line: UInt
        ) {
            self.step = step
            self.direct = direct
            link = RegionLink(
                name: name,
                plansListeners: definition.table.plansListeners,
                keepsHistory: definition.table.keepsHistory,
                // A region that takes the product's own events leaves the product's other events
                // to the other regions: whether some region takes each is checked for the product.
                problems: {
                    StateMachineTypes.problems(of: definition, checkingEvents: RegionEvent.self != Event.self)
                        + definition.levelTimerProblems(
                            as: "region \"\(name)\"", events: events, timerEvents: timerEvents,
                            fix: "Pass `timerEvents:` to the region, giving the product event whose mapping is the timer's event."
                        )
                },
                handlerCount: definition.table.handlers.count,
                noEventReaches: noEventReaches,
                eventsTaken: eventsTaken,
                diagram: { product in DiagramTree(definition, initialState: nested.extract(product) as? RegionState) },
                location: SourceLocation(file, line),
                nested: nested
            )
        }

        /// A region whose side effects are the product's list elements.
        @inlinable
        public init<RegionState, RegionEvent>(
            _ name: String,
            _ definition: Definition<RegionState, RegionEvent, Element>,
            at keyPath: WritableKeyPath<State, RegionState>,
            events: @escaping (Event) -> RegionEvent?,
            file: StaticString = #fileID,
            line: UInt = #line
        ) {
            self.init(name, definition, at: keyPath, events: events, sideEffects: { $0 }, file: file, line: line)
        }

        /// A region that takes the product's events as they are.
        @inlinable
        public init<RegionState>(
            _ name: String,
            _ definition: Definition<RegionState, Event, Element>,
            at keyPath: WritableKeyPath<State, RegionState>,
            file: StaticString = #fileID,
            line: UInt = #line
        ) {
            self.init(name, definition, at: keyPath, events: { $0 }, sideEffects: { $0 }, file: file, line: line)
        }
    }

    /// A region's state has no definition: the product reports its whole state (R23).
    @usableFromInline
    struct RegionMissingDefinition: Error {
        @inlinable init() {}
    }

    static func problems<S, E, F>(of definition: Definition<S, E, F>, checkingEvents: Bool = true) -> [DefinitionError.Problem] {
        definition.problems(checkingEvents: checkingEvents)
    }
}

extension StateMachineTypes.Definition {

    /// A product definition: `regions` run side by side, each on its part of the state
    /// (rule R23).
    ///
    /// ```swift
    /// let keyboard = StateMachine<Keyboard, Key, [Output]>.Definition(
    ///     initialState: Keyboard(main: .capsLockOff, numeric: .numLockOn),
    ///     regions:
    ///         .init("main keypad", MainKeypad.definition, at: \.main, events: MainKeypad.Event.init),
    ///         .init("numeric keypad", NumericKeypad.definition, at: \.numeric, events: NumericKeypad.Event.init)
    /// )
    /// ```
    ///
    /// Every event is offered to every region, in order. A region that handles it moves its
    /// part; the others stay. The transition is valid when at least one region handled it; its
    /// side effect lists the side effects of those regions, in region order (empty when none
    /// emitted). It is invalid when no region handled it. When a region fails (a handler
    /// throws, no definition matches its part), the transition fails and no region moves.
    /// Listeners run for the regions that moved in SCXML's order: every exit, the last region's
    /// first, then every entry in region order.
    @inlinable
    public init<Element>(
        initialState: State,
        regions: StateMachineTypes.Region<State, Event, Element>...,
        file: StaticString = #fileID,
        line: UInt = #line
    ) where SideEffect == [Element] {
        self.init(initialState: initialState, regionList: regions, collecting: { $0 }, file: file, line: line)
    }

    /// A product definition whose side effect is made from the list of the regions' side
    /// effects by `sideEffects`, for a `SideEffect` type that is not an array (tools that
    /// represent lists in their own values).
    @_spi(Tooling)
    @inlinable
    public init<Element>(
        initialState: State,
        regions: [StateMachineTypes.Region<State, Event, Element>],
        sideEffects: @escaping ([Element]) -> SideEffect,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(initialState: initialState, regionList: regions, collecting: sideEffects, file: file, line: line)
    }

    /// The SPI initializer's body, usable from inlinable code: the product's step is made here,
    /// in the client's module, so that it runs specialized. Every event is offered to every
    /// region, in order; a region that declines it leaves no listener call planned.
    @inlinable
    init<Element>(
        initialState: State,
        regionList regions: [StateMachineTypes.Region<State, Event, Element>],
        collecting sideEffects: @escaping ([Element]) -> SideEffect,
        direct specialized: TransitionTable<State, Event, SideEffect>.Handler? = nil,
        file: StaticString,
        line: UInt
    ) {
        let steps = regions.map(\.step)
        // Every region stepped from its cells: the product's cells name one handler that steps
        // them in order on a copy of the product (issue 25); when none takes the event, the
        // composite step decides (it finds the same).
        let directSteps = regions.compactMap(\.direct)
        let direct: TransitionTable<State, Event, SideEffect>.Handler? = directSteps.count < regions.count ? nil : specialized ?? .stateAndEvent { state, event in
            var product = state
            var elements: [Element] = []
            var taken = false
            do {
                for step in directSteps {
                    let result = try step(&product, event)
                    guard result.taken else { continue }
                    taken = true
                    if let element = result.element {
                        if elements.isEmpty { elements.reserveCapacity(directSteps.count) }
                        elements.append(element)
                    }
                }
            } catch is StateMachineTypes.RegionMissingDefinition {
                throw StateMachine<State, Event, SideEffect>.MissingDefinitionError(state: state)
            }
            guard taken else { throw ChildDeclined.shared }
            return StateMachineTypes.Action(toState: product, sideEffect: sideEffects(elements))
        }
        self.init(initialState: initialState, regionLinks: regions.map(\.link), direct: direct, step: { product, event, memory in
            var product = product
            var elements: [Element] = []
            var taken = false
            // R23, SCXML's order: the exits of a later region run before those of an earlier one.
            let start = memory.plan.count
            for (index, step) in steps.enumerated() {
                let mark = memory.mark
                if memory.tracksLevels { memory.path.append(index) }
                defer { if memory.tracksLevels { memory.path.removeLast() } }
                if let (next, element) = try step(product, event, memory) {
                    if memory.plan.count > mark.exits, mark.exits > start {
                        let exits = memory.plan[mark.exits...]
                        memory.plan.removeSubrange(mark.exits...)
                        memory.plan.insert(contentsOf: exits, at: start)
                    }
                    product = next
                    taken = true
                    if let element {
                        if elements.isEmpty { elements.reserveCapacity(steps.count) }
                        elements.append(element)
                    }
                } else {
                    memory.drop(after: mark)
                }
            }
            return taken ? (product, sideEffects(elements)) : nil
        }, file: file, line: line)
    }

    @usableFromInline
    init(
        initialState: State, regionLinks: [RegionLink<State, Event>],
        direct: TransitionTable<State, Event, SideEffect>.Handler? = nil,
        step: @escaping (State, Event, CompositeMemory) throws -> (State, SideEffect)?,
        file: StaticString, line: UInt
    ) {
        self.init(initialState: initialState, components: [], regions: .init(
            initialIdentifier: initialState.hashableIdentifier,
            links: regionLinks,
            step: step,
            location: SourceLocation(file, line),
            direct: direct
        ))
    }
}
