import StateMachine
import Testing

/// Issue 28: `for`, `if`, `if`/`else`, `switch` and `if #available` in `Definition { }`, in
/// `StateMachine<…> { }`, in `with { }` and in `state { }` / `superstate { }` blocks, so that a
/// machine is written from a table of rows. Before, `Definition { … for … }` did not compile:
/// the compiler tried the regions initializer, `init(initialState:regions:file:line:)`.
@Suite struct DefinitionControlFlowTests {

    // MARK: - A table-driven door

    enum Door: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case closed, open, locked, broken }
        enum Event: StateMachineHashable, Equatable { case open, close, lock, unlock, kick }
        enum SideEffect: Equatable { case creak, click, alarm }
        enum Broken { case final, repairable }

        typealias Row = (from: State, event: Event, to: State, sideEffect: SideEffect?)

        static let rows: [Row] = [
            (.closed, .open, .open, .creak),
            (.open, .close, .closed, nil),
            (.closed, .lock, .locked, .click),
            (.locked, .unlock, .closed, .click),
        ]

        static func definition(broken: Broken, log: CallLog? = nil) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.closed)
                for from in [State.closed, .open, .locked] {
                    state(from) {
                        for row in rows where row.from == from {
                            on(row.event) { transition(to: row.to, emit: row.sideEffect) }
                        }
                        if from == .locked {
                            on(.kick) { transition(to: .broken, emit: .alarm) }
                        } else {
                            on(.kick) { dontTransition(emit: .alarm) }
                        }
                        switch from {
                        case .closed: onExit { _, cause in log?.append("left closed on \(cause)") }
                        case .open: onEnter { _, cause in log?.append("entered open on \(cause)") }
                        case .locked, .broken: on(.close) { dontTransition() }
                        }
                    }
                }
                switch broken {
                case .final: finalState(.broken)
                case .repairable: state(.broken) { on(.unlock) { transition(to: .closed, emit: .click) } }
                }
                if let log {
                    onTransition { result in
                        if case .success(let valid) = result { log.append("\(valid.fromState) -> \(valid.toState)") }
                    }
                }
                if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
                    superstate("intact", containing: .closed, .open, .locked) {
                        if let log {
                            onExit { _, cause in log.append("left intact on \(cause)") }
                        }
                    }
                }
            }
        }

        /// The outcome of `event` in `state`, written as `"to, sideEffect"` or `"invalid"`.
        static func outcome(_ definition: StateMachine<State, Event, SideEffect>.Definition, _ state: State, _ event: Event) -> String {
            switch definition.transition(from: state, on: event) {
            case .valid(let valid): "\(valid.toState), \(valid.sideEffect.map { "\($0)" } ?? "nil")"
            case .invalid: "invalid"
            case .failed(let error): "failed: \(error)"
            }
        }
    }

    @Test func rowsInALoopBecomeTransitions() {
        let door = Door.definition(broken: .final)
        // The four rows, as written in the table.
        #expect(Door.outcome(door, .closed, .open) == "open, creak")
        #expect(Door.outcome(door, .open, .close) == "closed, nil")
        #expect(Door.outcome(door, .closed, .lock) == "locked, click")
        #expect(Door.outcome(door, .locked, .unlock) == "closed, click")
        // No row: the state has no handler for the event.
        #expect(Door.outcome(door, .open, .lock) == "invalid")
        #expect(Door.outcome(door, .closed, .unlock) == "invalid")
        #expect(Door.outcome(door, .locked, .open) == "invalid")
    }

    @Test func ifElseAndSwitchInsideAStateChooseItsHandlers() {
        let door = Door.definition(broken: .final)
        // if/else: only the locked door breaks; the others ring and stay.
        #expect(Door.outcome(door, .locked, .kick) == "broken, alarm")
        #expect(Door.outcome(door, .closed, .kick) == "closed, alarm")
        #expect(Door.outcome(door, .open, .kick) == "open, alarm")
        // switch: only the locked door's case adds a `close` handler.
        #expect(Door.outcome(door, .locked, .close) == "locked, nil")
        #expect(Door.outcome(door, .closed, .close) == "invalid")
    }

    @Test func switchAtTheTopLevelChoosesAComponent() throws {
        let final = Door.definition(broken: .final)
        let repairable = Door.definition(broken: .repairable)
        #expect(Door.outcome(final, .broken, .unlock) == "invalid")
        #expect(Door.outcome(repairable, .broken, .unlock) == "closed, click")
        try final.validate()
        try repairable.validate()
    }

    @Test func ifAndIfAvailableAtTheTopLevelAddListenersAndSuperstates() throws {
        let log = CallLog()
        let machine = StateMachine(definition: Door.definition(broken: .final, log: log))
        try machine.transition(.open)
        try machine.transition(.close)
        try machine.transition(.lock)
        try machine.transition(.kick)
        #expect(machine.state == .broken)
        #expect(log.calls == [
            "closed -> open", "left closed on open", "entered open on open",
            "open -> closed",
            "closed -> locked", "left closed on lock",
            "locked -> broken", "left intact on kick",
        ])
    }

    // MARK: - A ring of 10,000 states

    enum Ring: StateMachineBuilder {
        /// Station `index` of the ring; each station is a case of its own.
        struct State: StateMachineHashable, Hashable {
            let index: Int
            var associatedValue: Any { index }
        }
        enum Event: StateMachineHashable { case next, back }
        typealias SideEffect = Int

        static func definition(count: Int) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(State(index: 0))
                for index in 0..<count {
                    let next = State(index: (index + 1) % count)
                    let back = State(index: (index + count - 1) % count)
                    state(State(index: index)) {
                        on(.next, to: next) { transition(to: next, emit: next.index) }
                        on(.back, to: back) { transition(to: back, emit: back.index) }
                    }
                }
            }
        }

        /// The same ring, written Tinder's way: a machine made by the DSL directly, with its
        /// handlers under `if #available` (true wherever the tests run).
        static func machine(count: Int) -> StateMachine<State, Event, SideEffect> {
            StateMachine<State, Event, SideEffect> {
                initialState(State(index: 0))
                for index in 0..<count {
                    state(State(index: index)) {
                        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
                            on(.next) { transition(to: State(index: (index + 1) % count)) }
                        }
                    }
                }
            }
        }

        /// A ring of four stations added to a definition that has only its initial state: two
        /// by a loop, two as a list made by `map`.
        static func fourStationsAddedWithLoops() -> StateMachine<State, Event, SideEffect> {
            let start = StateMachine<State, Event, SideEffect>.Definition { initialState(State(index: 0)) }
            return StateMachine(definition: start).with {
                for index in 0..<2 {
                    state(State(index: index)) {
                        on(.next) { transition(to: State(index: index + 1)) }
                    }
                }
                (2..<4).map { index in
                    state(State(index: index)) {
                        on(.next) { transition(to: State(index: (index + 1) % 4)) }
                    }
                }
            }
        }
    }

    @Test func aRingOfTenThousandStatesBuiltByALoopIsValid() throws {
        let ring = Ring.definition(count: 10_000)
        try ring.validate()
        #expect(ring.transition(from: .init(index: 0), on: .next).valid?.toState == .init(index: 1))
        #expect(ring.transition(from: .init(index: 0), on: .back).valid?.toState == .init(index: 9_999))
        #expect(ring.transition(from: .init(index: 9_999), on: .next).valid?.sideEffect == 0)
        #expect(ring.transition(from: .init(index: 5_000), on: .back).valid?.toState == .init(index: 4_999))
    }

    @Test func tenThousandStepsGoRoundTheRingOnce() throws {
        let machine = StateMachine(definition: Ring.definition(count: 10_000))
        for _ in 0..<9_999 { try machine.transition(.next) }
        #expect(machine.state == .init(index: 9_999))
        #expect(try machine.transition(.next).sideEffect == 0)
        #expect(machine.state == .init(index: 0))
        for _ in 0..<3 { try machine.transition(.back) }
        #expect(machine.state == .init(index: 9_997))
    }

    @Test func tinderStyleMachineTakesALoop() throws {
        let machine = Ring.machine(count: 3)
        try machine.transition(.next)
        #expect(machine.state == .init(index: 1))
        try machine.transition(.next)
        try machine.transition(.next)
        #expect(machine.state == .init(index: 0))
        #expect(machine.tryTransition(.back).invalid != nil)
    }

    @Test func withTakesALoopAndAListOfComponents() throws {
        let machine = Ring.fourStationsAddedWithLoops()
        #expect(machine.state == .init(index: 0))
        for expected in [1, 2, 3, 0, 1] {
            try machine.transition(.next)
            #expect(machine.state == .init(index: expected))
        }
    }
}
