import StateMachine
import Testing

/// The composition rules: superstates, child machines, regions, history, listeners across levels.
@Suite struct CompositionTests {

    /// Records listener calls, in order.
    final class Log: @unchecked Sendable {
        var entries: [String] = []
        func callAsFunction(_ entry: String) { entries.append(entry) }
        func take() -> [String] { defer { entries = [] }; return entries }
    }

    struct Boom: Error, Equatable {}

    // MARK: - Superstates

    enum Door: StateMachineBuilder {
        enum State: StateMachineHashable { case open, closed, locked, broken, gone }
        enum Event: StateMachineHashable { case open, close, lock, unlock, fail, repair, kick, knock, vanish }
        enum SideEffect: Equatable { case alarm, fromSuperstate, fromState }

        /// `closed` and `locked` are in "shut"; "shut" and `open` are in "working".
        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.open)
                state(.open) {
                    on(.close) { transition(to: .closed) }
                    onEnter { _, _ in log("enter open") }
                    onExit { _, _ in log("exit open") }
                }
                state(.closed) {
                    on(.open) { transition(to: .open) }
                    on(.lock) { transition(to: .locked) }
                    on(.knock) { dontTransition(emit: .fromState) }
                    onEnter { _, _ in log("enter closed") }
                    onExit { _, _ in log("exit closed") }
                }
                state(.locked) {
                    on(.unlock) { transition(to: .closed) }
                    onEnter { _, _ in log("enter locked") }
                    onExit { _, _ in log("exit locked") }
                }
                state(.broken) {
                    on(.repair, toHistoryOf: "working", default: .open)
                    on(.vanish) { transition(to: .gone) }
                    onEnter { _, _ in log("enter broken") }
                    onExit { _, _ in log("exit broken") }
                }
                superstate("shut", containing: .closed, .locked) {
                    on(.knock) { dontTransition(emit: .fromSuperstate) }
                    on(.kick) { transition(to: .locked) }
                    onEnter { _, _ in log("enter shut") }
                    onExit { _, _ in log("exit shut") }
                }
                superstate("working", containing: .open, .closed, .locked) {
                    on(.fail) { transition(to: .broken, emit: .alarm) }
                    on(.kick) { transition(to: .open) }
                    onEnter { _, _ in log("enter working") }
                    onExit { _, _ in log("exit working") }
                }
                superstate("limbo", containing: .gone) {}
            }
        }
    }

    @Test func superstateHandlesWhatTheStateDoesNot() {
        let definition = Door.definition(Log())
        #expect(definition.transition(from: .locked, on: .fail).valid?.toState == .broken)
        #expect(definition.transition(from: .open, on: .fail).valid?.sideEffect == .alarm)
        #expect(definition.transition(from: .broken, on: .fail).invalid != nil)
    }

    @Test func theStatesOwnHandlerComesBeforeItsSuperstates() {
        let definition = Door.definition(Log())
        #expect(definition.transition(from: .closed, on: .knock).valid?.sideEffect == .fromState)
        #expect(definition.transition(from: .locked, on: .knock).valid?.sideEffect == .fromSuperstate)
    }

    @Test func theInnermostSuperstateComesFirst() {
        let definition = Door.definition(Log())
        #expect(definition.transition(from: .closed, on: .kick).valid?.toState == .locked)
        #expect(definition.transition(from: .open, on: .kick).valid?.toState == .open)
    }

    @Test func aStateWithoutDefinitionInASuperstateIsStillMissing() {
        let result = Door.definition(Log()).transition(from: .gone, on: .repair)
        #expect(result.error is StateMachine<Door.State, Door.Event, Door.SideEffect>.MissingDefinitionError)
    }

    @Test func leavingExitsInnermostFirstAndEnteringEntersOutermostFirst() throws {
        let log = Log()
        let machine = StateMachine(definition: Door.definition(log).startingIn(.locked))
        try machine.transition(.fail)
        #expect(log.take() == ["exit locked", "exit shut", "exit working", "enter broken"])
        try machine.transition(.repair)
        #expect(log.take() == ["exit broken", "enter working", "enter shut", "enter locked"])
    }

    @Test func aTransitionInsideASuperstateNeitherLeavesNorEntersIt() throws {
        let log = Log()
        let machine = StateMachine(definition: Door.definition(log))
        try machine.transition(.close)
        #expect(log.take() == ["exit open", "enter shut", "enter closed"])
        try machine.transition(.lock)
        #expect(log.take() == ["exit closed", "enter locked"])
    }

    @Test func aSuperstatesOwnHandlerInsideItIsLocal() throws {
        let log = Log()
        let machine = StateMachine(definition: Door.definition(log).startingIn(.closed))
        try machine.transition(.kick)   // "shut" handles it: closed → locked, both in "shut"
        #expect(log.take() == ["exit closed", "enter locked"])
    }

    @Test func dontTransitionFromASuperstateHandlerExitsAndEntersTheStateOnly() throws {
        let log = Log()
        let machine = StateMachine(definition: Door.definition(log).startingIn(.locked))
        #expect(try machine.transition(.knock).sideEffect == .fromSuperstate)
        #expect(log.take() == ["exit locked", "enter locked"])
    }

    @Test func superstateHistoryReturnsToTheLastStateInside() throws {
        let machine = StateMachine(definition: Door.definition(Log()))
        try machine.transition(.close)
        try machine.transition(.lock)
        try machine.transition(.fail)
        try machine.transition(.repair)
        #expect(machine.state == .locked)
    }

    @Test func superstateHistoryWithoutAnExitGoesToTheDefault() throws {
        let machine = StateMachine(definition: Door.definition(Log()).startingIn(.broken))
        try machine.transition(.repair)
        #expect(machine.state == .open)
    }

    @Test func anInvalidEventChangesNoHistory() throws {
        let machine = StateMachine(definition: Door.definition(Log()).startingIn(.closed))
        try machine.transition(.fail)
        _ = machine.tryTransition(.close)   // invalid in broken
        try machine.transition(.repair)
        #expect(machine.state == .closed)
    }

    // MARK: - Child machines

    enum Light: StateMachineBuilder {
        enum State: StateMachineHashable { case off, on }
        enum Event: StateMachineHashable { case toggle, explode }
        enum SideEffect: Equatable { case clicked }

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.off)
                state(.off) {
                    on(.toggle) { transition(to: .on, emit: .clicked) }
                    on(.explode) { throw Boom() }
                    onEnter { _, _ in log("enter light off") }
                    onExit { _, _ in log("exit light off") }
                }
                state(.on) {
                    on(.toggle) { transition(to: .off, emit: .clicked) }
                    onEnter { _, _ in log("enter light on") }
                    onExit { _, _ in log("exit light on") }
                }
                onTransition { _ in log("light onTransition") }
            }
        }
    }

    enum Room: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case lit(Light.State), dark
            enum HashableIdentifier: String { case lit, dark }
        }
        enum Event: StateMachineHashable, Equatable { case flip, blast, leave, enter, reset, toggleOther }
        enum SideEffect: Equatable { case sound, reset }

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.lit(.off))
                state(.lit) {
                    child(Light.definition(log), in: State.lit, events: { event in
                        switch event {
                        case .flip, .leave: .toggle   // `leave` maps, but the child finds it valid: it wins
                        case .blast: .explode
                        case .reset, .toggleOther: .toggle
                        case .enter: nil
                        }
                    }, sideEffects: { _ in .sound })
                    on(.enter) { transition(to: .dark) }
                    on(.reset) { transition(to: .lit(.off), emit: .reset) }
                    onEnter { _, _ in log("enter lit") }
                    onExit { _, _ in log("exit lit") }
                }
                state(.dark) {
                    on(.enter) { transition(to: .lit(.on)) }
                    on(.leave, toHistoryOfChild: .lit, default: .lit(.off))
                    onEnter { _, _ in log("enter dark") }
                    onExit { _, _ in log("exit dark") }
                }
                onTransition { _ in log("room onTransition") }
            }
        }
    }

    @Test func aChildTakesTheEventsItIsMappedTo() {
        let result = Room.definition(Log()).transition(from: .lit(.off), on: .flip)
        #expect(result.valid?.toState == .lit(.on))
        #expect(result.valid?.sideEffect == .sound)
    }

    @Test func anEventMappedToNothingGoesToTheParentsHandlers() {
        let result = Room.definition(Log()).transition(from: .lit(.on), on: .enter)
        #expect(result.valid?.toState == .dark)
    }

    @Test func aChildErrorIsTheParentsError() {
        let result = Room.definition(Log()).transition(from: .lit(.off), on: .blast)
        #expect(result.error as? Boom == Boom())
    }

    @Test func anEventTheChildFindsInvalidGoesToTheParentsHandlers() {
        // `.blast` maps to `.explode`, which `on` does not handle; the parent has no handler.
        #expect(Room.definition(Log()).transition(from: .lit(.on), on: .blast).invalid != nil)
    }

    @Test func aChildTransitionRunsTheChildsListenersOnlyAndOneOnTransition() throws {
        let log = Log()
        let machine = StateMachine(definition: Room.definition(log))
        try machine.transition(.flip)
        #expect(log.take() == ["room onTransition", "exit light off", "enter light on"])
    }

    @Test func enteringAParentStateEntersTheParentOnly() throws {
        let log = Log()
        let machine = StateMachine(definition: Room.definition(log).startingIn(.dark))
        try machine.transition(.enter)
        #expect(log.take() == ["room onTransition", "exit dark", "enter lit"])
        try machine.transition(.enter)
        #expect(log.take() == ["room onTransition", "exit lit", "enter dark"])
    }

    @Test func aParentHandlerFromOneChildStateToAnotherLeavesAndEntersBothLevels() throws {
        let log = Log()
        let machine = StateMachine(definition: Room.definition(log).startingIn(.lit(.on)))
        // `.reset` maps to `.toggle`, so the child takes it first: on → off.
        try machine.transition(.reset)
        #expect(log.take() == ["room onTransition", "exit light on", "enter light off"])
        #expect(machine.state == .lit(.off))
    }

    @Test func aParentTransitionIntoOrOutOfAChildRunsNoChildListener() throws {
        let log = Log()
        let machine = StateMachine(definition: Room.definition(log).startingIn(.lit(.on)))
        try machine.transition(.enter)
        #expect(log.take() == ["room onTransition", "exit lit", "enter dark"])
        try machine.transition(.leave)   // history: back to lit(on), whose child is not entered
        #expect(machine.state == .lit(.on))
        #expect(log.take() == ["room onTransition", "exit dark", "enter lit"])
    }

    @Test func aMissingDefinitionInTheChildIsReportedWithTheParentsState() {
        let child = StateMachine<Light.State, Light.Event, Light.SideEffect>.Definition {
            Light.initialState(.off)
            Light.state(.off) { Light.on(.toggle) { Light.transition(to: .on) } }
        }
        let parent = StateMachine<Room.State, Room.Event, Room.SideEffect>.Definition {
            Room.initialState(.lit(.on))
            Room.state(.lit) {
                Room.child(child, in: Room.State.lit, events: { _ in .toggle }, sideEffects: { _ in nil })
            }
        }
        let error = parent.transition(from: .lit(.on), on: .flip).error
        #expect((error as? StateMachine<Room.State, Room.Event, Room.SideEffect>.MissingDefinitionError)?.state == .lit(.on))
    }

    // MARK: - Regions

    enum Counter: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case count(Int)
            enum HashableIdentifier: String { case count }

            var value: Int {
                switch self { case .count(let value): value }
            }
        }
        enum Event: StateMachineHashable { case up, both, fail, none }
        typealias SideEffect = String

        static func definition(_ name: String, handlesUp: Bool, log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.count(0))
                state(.count) {
                    if handlesUp {
                        on(.up) { state in transition(to: .count(state.value + 1), emit: "\(name) up") }
                    }
                    on(.both) { state in transition(to: .count(state.value + 10)) }
                    on(.fail) { state in
                        if handlesUp { throw Boom() }
                        return transition(to: .count(-1), emit: "\(name) fail")
                    }
                    onEnter { state, _ in log("enter \(name) \(state)") }
                    onExit { state, _ in log("exit \(name) \(state)") }
                }
            }
        }
    }

    static func pair(_ log: Log) -> StateMachine<OrthogonalState<Counter.State, Counter.State>, Counter.Event, [String]>.Definition {
        .init(
            orthogonal: Counter.definition("b", handlesUp: false, log: log), events: { $0 },
            and: Counter.definition("a", handlesUp: true, log: log), events: { $0 }
        )
    }

    @Test func everyRegionThatHandlesTheEventMoves() {
        let result = Self.pair(Log()).transition(from: OrthogonalState(.count(0), .count(0)), on: .both)
        #expect(result.valid?.toState == OrthogonalState(.count(10), .count(10)))
        #expect(result.valid?.sideEffect == [])
    }

    @Test func aRegionThatFindsTheEventInvalidStays() {
        let result = Self.pair(Log()).transition(from: OrthogonalState(.count(0), .count(0)), on: .up)
        #expect(result.valid?.toState == OrthogonalState(.count(0), .count(1)))
        #expect(result.valid?.sideEffect == ["a up"])
    }

    @Test func anEventNoRegionHandlesIsInvalid() {
        #expect(Self.pair(Log()).transition(from: OrthogonalState(.count(0), .count(0)), on: .none).invalid != nil)
    }

    @Test func aRegionErrorFailsTheTransitionAndMovesNoRegion() throws {
        let log = Log()
        let machine = StateMachine(definition: Self.pair(log))
        let result = machine.tryTransition(.fail)   // the first region moves, the second throws
        #expect(result.error as? Boom == Boom())
        #expect(machine.state == OrthogonalState(.count(0), .count(0)))
        #expect(log.take() == [])
    }

    /// SCXML's order (R23): every exit, the later region's first, then every entry in region order.
    @Test func regionListenersRunEveryExitLaterRegionFirstThenEveryEntry() throws {
        let log = Log()
        let machine = StateMachine(definition: Self.pair(log))
        try machine.transition(.both)
        // The first region is named "b", the second "a".
        #expect(log.take() == ["exit a count(0)", "exit b count(0)", "enter b count(10)", "enter a count(10)"])
        try machine.transition(.up)
        #expect(log.take() == ["exit a count(10)", "enter a count(11)"])
    }

    @Test func aProductDefinitionComposesAsAChild() {
        enum Outer: StateMachineBuilder {
            enum State: StateMachineHashable, Equatable {
                case running(OrthogonalState<Counter.State, Counter.State>), stopped
                enum HashableIdentifier: String { case running, stopped }
            }
            typealias Event = Counter.Event
            typealias SideEffect = [String]
        }
        let definition = StateMachine<Outer.State, Outer.Event, Outer.SideEffect>.Definition {
            Outer.initialState(.stopped)
            Outer.state(.running) {
                Outer.child(Self.pair(Log()), in: Outer.State.running, events: { $0 })
            }
        }
        let result = definition.transition(from: .running(OrthogonalState(.count(1), .count(2))), on: .up)
        #expect(result.valid?.toState == .running(OrthogonalState(.count(1), .count(3))))
        #expect(result.valid?.sideEffect == ["a up"])
    }
}

