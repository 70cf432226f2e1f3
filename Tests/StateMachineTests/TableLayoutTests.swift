@_spi(Testing) import StateMachine
import Testing

/// Issue 36: a transition table's memory is bounded by the definition's size. A large
/// definition whose states handle events of their own stores only the cells that name a
/// handler (the sparse layout); a small one, or a large one whose states share their events,
/// keeps one cell per state and event (the dense layout, the flat hot path). Both layouts give
/// the same transitions.
@Suite struct TableLayoutTests {

    typealias Log = CompositionTests.Log

    // MARK: - Size

    /// A ring of numbered stations: station `n` handles its own signal (or, `shared`, signal 0)
    /// by going to the next station, the last one back to 0.
    enum Ring: StateMachineBuilder {
        struct State: StateMachineHashable, Equatable {
            let number: Int
            var hashableIdentifier: Int { number }
            var associatedValue: Any { number }
        }
        struct Event: StateMachineHashable, Equatable {
            let number: Int
            var hashableIdentifier: Int { number }
            var associatedValue: Any { number }
        }
        typealias SideEffect = Int
        typealias Definition = StateMachine<State, Event, SideEffect>.Definition

        static func definition(stations count: Int, shared: Bool) -> Definition {
            let components: [Component] = (0..<count).map { number in
                let next = (number + 1) % count
                return state(number) {
                    on(shared ? 0 : number) { transition(to: State(number: next), emit: number) }
                }
            }
            let empty = Definition { initialState(State(number: 0)) }
            return StateMachine(definition: empty).with { return components }.definition
        }
    }

    @Test func aLargeDefinitionWithAnEventPerStateStoresCellsInProportionToItsSize() throws {
        // 10 000 definitions and 10 000 handlers: a dense table would hold 10⁸ handler cells
        // and as many transition cells (1.2 GB); `#require` stops before the doubled one.
        let storage = Ring.definition(stations: 10_000, shared: false).tableStorage
        try #require(storage.cellCount <= 3 * (10_000 + 10_000))
        #expect(storage.bytes <= 3 * (10_000 + 10_000) * 8)
        #expect(storage.layout == .sparse)
        // Twice the states, about twice the cells: linear, not quadratic.
        let doubled = Ring.definition(stations: 20_000, shared: false).tableStorage
        #expect(doubled.cellCount <= 2 * storage.cellCount + 10)
    }

    @Test func aLargeDefinitionWithAnEventPerStateStillTransitions() {
        let definition = Ring.definition(stations: 10_000, shared: false)
        typealias State = Ring.State
        typealias Event = Ring.Event
        // R6, R7: station 0's own signal takes it to station 1; R9: station 1's handler does
        // not take station 0's signal; the last station goes back to 0.
        #expect(definition.transition(from: State(number: 0), on: Event(number: 0)).valid?.toState == State(number: 1))
        #expect(definition.transition(from: State(number: 1), on: Event(number: 0)).invalid != nil)
        #expect(definition.transition(from: State(number: 9_999), on: Event(number: 9_999)).valid?.toState == State(number: 0))
        // An event no handler names is invalid; a state no definition names has none (R13).
        #expect(definition.transition(from: State(number: 5), on: Event(number: 10_000)).invalid != nil)
        #expect(definition.transition(from: State(number: 10_000), on: Event(number: 0)).error != nil)

        let machine = StateMachine(definition: definition)
        #expect(machine.tryTransition(Event(number: 0)).valid?.sideEffect == 0)
        #expect(machine.tryTransition(Event(number: 0)).invalid != nil)
        #expect(machine.tryTransition(Event(number: 1)).valid?.toState == State(number: 2))
        #expect(machine.state == State(number: 2))
    }

    @Test func smallDefinitionsAndSharedEventsKeepTheDenseTable() {
        // 10 000 states sharing one event: 10 000 handler cells, as many as handlers.
        #expect(Ring.definition(stations: 10_000, shared: true).tableStorage.layout == .dense)
        // A few states and events, however few handlers: the flat hot path.
        #expect(Ring.definition(stations: 50, shared: false).tableStorage.layout == .dense)
        #expect(Flat.definition(Log()).tableStorage.layout == .dense)
    }

    // MARK: - Same transitions in both layouts

    /// A flat definition with every kind of cell: unconditional, with `where:` predicates on
    /// events and on states, a handler that throws, an event that is invalid, and a case
    /// without definition.
    enum Flat: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case idle, counting(Int), done, lost
            enum HashableIdentifier: String { case idle, counting, done, lost }
        }
        enum Event: StateMachineHashable, Equatable {
            case start, tick(Int), stop, fail, wander
            enum HashableIdentifier: String { case start, tick, stop, fail, wander }
        }
        typealias SideEffect = String
        struct Failed: Error {}

        static let states: [State] = [.idle, .counting(0), .counting(2), .counting(5), .done, .lost]
        static let events: [Event] = [.start, .tick(1), .tick(-1), .stop, .fail, .wander]

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.idle)
                state(.idle) {
                    on(.start) { transition(to: .counting(0), emit: "started") }
                    on(.wander) { transition(to: .lost) }
                    onExit { state, _ in log("exit \(state)") }
                }
                // Only a count of 5 or more: `stop` finishes.
                state(.counting, where: { state in
                    guard case .counting(let count) = state else { return false }
                    return count >= 5
                }) {
                    on(.stop) { transition(to: .done, emit: "finished") }
                    on(.tick) { dontTransition(emit: "full") }
                }
                state(.counting) {
                    on(.tick, where: { event in
                        guard case .tick(let step) = event else { return false }
                        return step > 0
                    }) { state, event in
                        guard case .counting(let count) = state, case .tick(let step) = event else { return dontTransition() }
                        return transition(to: .counting(count + step), emit: "+\(step)")
                    }
                    on(.tick) { dontTransition(emit: "ignored") }
                    on(.stop) { transition(to: .idle, emit: "cancelled") }
                    on(.fail) { _ in throw Failed() }
                    onEnter { state, _ in log("enter \(state)") }
                }
                state(.done) {
                    on(.start) { transition(to: .counting(0), emit: "again") }
                }
            }
        }
    }

    /// Superstates: `withListener` gives the outer one an `onEnter`, which makes the definition
    /// composite (without it, the superstates' handlers are compiled into the cells).
    enum Nested: StateMachineBuilder {
        enum State: StateMachineHashable { case a, b, c, d, e }
        enum Event: StateMachineHashable { case x, y, z, w }
        typealias SideEffect = Int

        static let states: [State] = [.a, .b, .c, .d, .e]
        static let events: [Event] = [.x, .y, .z, .w]

        static func definition(_ log: Log, withListener: Bool) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.a)
                state(.a) {
                    on(.y) { transition(to: .b, emit: 4) }
                    onExit { _, _ in log("exit a") }
                }
                state(.b) {
                    onEnter { _, _ in log("enter b") }
                }
                state(.c)
                state(.d) {
                    on(.y) { transition(to: .e) }
                    on(.w) { transition(to: .a, emit: 9) }
                }
                superstate("outer", containing: .a, .b, .c, .e) {
                    on(.x) { transition(to: .d, emit: 1) }
                    on(.y) { transition(to: .a, emit: 2) }
                    if withListener { onEnter { _, _ in log("enter outer") } }
                }
                superstate("inner", containing: .a, .b) {
                    on(.z, where: { _ in false }) { _, _ in transition(to: .d) }
                    on(.x) { transition(to: .c, emit: 3) }
                }
            }
        }

        /// The definition extended with `with { }`: a definition for `e` and one more for `c`
        /// (after the first, which wins, R14).
        static func extended(_ log: Log, withListener: Bool) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine(definition: definition(log, withListener: withListener)).with {
                state(.e) {
                    on(.w) { transition(to: .b, emit: 5) }
                    onEnter { _, _ in log("enter e") }
                }
                state(.c) {
                    on(.w) { transition(to: .a, emit: 6) }
                }
            }.definition
        }
    }

    /// A flat child stepped directly from the parent's cells (dense) or by the composite step.
    enum Parent: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case powered(Flat.State), off
            enum HashableIdentifier: String { case powered, off }
        }
        enum Event: StateMachineHashable, Equatable {
            case inner(Flat.Event), power
            enum HashableIdentifier: String { case inner, power }
        }
        typealias SideEffect = String

        static let states: [State] = Flat.states.map { .powered($0) } + [.off]
        static let events: [Event] = Flat.events.map { .inner($0) } + [.power]

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.off)
                state(.powered) {
                    child(Flat.childDefinition(), in: State.powered, events: { event in
                        guard case .inner(let inner) = event else { return nil }
                        return inner
                    }, sideEffects: { $0 })
                    on(.power) { transition(to: .off, emit: "off") }
                }
                state(.off) {
                    on(.power) { transition(to: .powered(.idle), emit: "on") }
                }
            }
        }
    }

    @Test func theSparseLayoutGivesTheDenseLayoutsTransitions() {
        expectSameTransitions("flat", states: Flat.states, events: Flat.events) { Flat.definition($0) }
        for withListener in [false, true] {
            expectSameTransitions("superstates, listener \(withListener)", states: Nested.states, events: Nested.events) {
                Nested.definition($0, withListener: withListener)
            }
            expectSameTransitions("with { }, listener \(withListener)", states: Nested.states, events: Nested.events) {
                Nested.extended($0, withListener: withListener)
            }
        }
        expectSameTransitions("child", states: Parent.states, events: Parent.events) { Parent.definition($0) }
    }

    @Test func theSparseLayoutFollowsTheRules() {
        // Hand-derived from the rules, on the sparse layout alone.
        let log = Log()
        let flat = TableLayout.forcing(.sparse) { Flat.definition(log) }
        #expect(flat.tableStorage.layout == .sparse)
        // R5: counting(5) matches the predicate's definition first; counting(2) the second.
        #expect(flat.transition(from: .counting(5), on: .stop).valid?.toState == .done)
        #expect(flat.transition(from: .counting(2), on: .stop).valid?.sideEffect == "cancelled")
        // R6: a positive tick counts, another is ignored by the next handler.
        #expect(flat.transition(from: .counting(2), on: .tick(1)).valid?.toState == .counting(3))
        #expect(flat.transition(from: .counting(2), on: .tick(-1)).valid?.sideEffect == "ignored")
        // R9: `start` is not handled while counting; R13: `lost` has no definition; R15: a throw.
        #expect(flat.transition(from: .counting(0), on: .start).invalid != nil)
        #expect(flat.transition(from: .lost, on: .start).error != nil)
        #expect(flat.transition(from: .counting(0), on: .fail).error is Flat.Failed)

        let nested = TableLayout.forcing(.sparse) { Nested.extended(log, withListener: false) }
        #expect(nested.tableStorage.layout == .sparse)
        // R19: the state's own handler, then the innermost superstate's, then the outer one's.
        #expect(nested.transition(from: .a, on: .y).valid?.sideEffect == 4)
        #expect(nested.transition(from: .a, on: .x).valid?.sideEffect == 3)
        #expect(nested.transition(from: .c, on: .x).valid?.sideEffect == 1)
        // R14: the added definition of `e` is used; the added second one of `c` is not.
        #expect(nested.transition(from: .e, on: .w).valid?.sideEffect == 5)
        #expect(nested.transition(from: .c, on: .w).invalid != nil)
    }

    /// Builds `definition` in each layout and expects every state × event to give the same
    /// outcome and listener calls: through the pure core, and through a machine restored in
    /// the state (whose dense table answers from its transition cells).
    func expectSameTransitions<State: Equatable, Event, SideEffect>(
        _ name: String, states: [State], events: [Event],
        _ definition: (Log) -> StateMachine<State, Event, SideEffect>.Definition,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let denseLog = Log()
        let sparseLog = Log()
        let dense = TableLayout.forcing(.dense) { definition(denseLog) }
        let sparse = TableLayout.forcing(.sparse) { definition(sparseLog) }
        #expect(dense.tableStorage.layout == .dense, "\(name)", sourceLocation: sourceLocation)
        #expect(sparse.tableStorage.layout == .sparse, "\(name)", sourceLocation: sourceLocation)
        var compared = 0
        for state in states {
            for event in events {
                let pure = (describe(dense.transition(from: state, on: event)), describe(sparse.transition(from: state, on: event)))
                #expect(pure.0 == pure.1, "\(name): \(state) on \(event), pure core", sourceLocation: sourceLocation)
                let denseMachine = StateMachine(definition: dense, restoring: state)
                let sparseMachine = StateMachine(definition: sparse, restoring: state)
                _ = (denseLog.take(), sparseLog.take())
                let sent = (describe(denseMachine.tryTransition(event)), describe(sparseMachine.tryTransition(event)))
                #expect(sent.0 == sent.1, "\(name): \(state) on \(event), machine", sourceLocation: sourceLocation)
                #expect(denseLog.take() == sparseLog.take(), "\(name): \(state) on \(event), listeners", sourceLocation: sourceLocation)
                #expect(denseMachine.state == sparseMachine.state, "\(name): \(state) on \(event), state", sourceLocation: sourceLocation)
                compared += 1
            }
        }
        #expect(compared == states.count * events.count, sourceLocation: sourceLocation)
    }

    func describe<State, Event, SideEffect>(_ transition: StateMachine<State, Event, SideEffect>.Transition) -> String {
        switch transition {
        case .valid(let valid): "valid \(valid.fromState) -> \(valid.toState) \(valid.sideEffect.map { "\($0)" } ?? "nil")"
        case .invalid(let invalid): "invalid \(invalid.fromState)"
        case .failed(let error): "failed \(error)"
        }
    }
}

extension TableLayoutTests.Flat {

    /// The flat definition without listeners, as a child stepped from its parent's cells.
    static func childDefinition() -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.start) { transition(to: .counting(0), emit: "started") }
            }
            state(.counting) {
                on(.tick) { state, event in
                    guard case .counting(let count) = state, case .tick(let step) = event else { return dontTransition() }
                    return transition(to: .counting(count + step), emit: "+\(step)")
                }
                on(.stop) { transition(to: .done, emit: "finished") }
                on(.fail) { _ in throw Failed() }
            }
            state(.done)
        }
    }
}
