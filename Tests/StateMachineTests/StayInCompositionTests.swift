import StateMachine
import Testing

/// R35 inside composition (R21, R23, R28): a child machine's or a region's `stay(emit:)` exits and
/// enters nothing at any level, and the timers of the state it stays in keep their deadlines;
/// `dontTransition(emit:)` in the same place exits and enters the child's state and starts its
/// timers again.
@Suite struct StayInCompositionTests {
    typealias Log = StayTests.Log

    /// `open` closes itself 10 s after it is entered; `knock` stays, `ring` re-enters.
    enum Door: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case open, closed }
        enum Event: StateMachineHashable, Equatable { case knock, ring, timeout }
        enum SideEffect: Equatable { case answer, chime }

        static func definition(_ log: Log, name: String) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.open)
                state(.open) {
                    onEnter { _, _ in log("enter \(name) open") }
                    onExit { _, _ in log("exit \(name) open") }
                    after(.seconds(10), send: .timeout)
                    on(.knock) { stay(emit: .answer) }
                    on(.ring) { dontTransition(emit: .chime) }
                    on(.timeout) { transition(to: .closed) }
                }
                state(.closed) {}
            }
        }
    }

    enum House: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case home(Door.State), away
            enum HashableIdentifier: String { case home, away }
        }
        enum Event: StateMachineHashable, Equatable { case knock, ring, doorTimeout, leave }
        enum SideEffect: Equatable { case door(Door.SideEffect) }

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.home(.open))
                onTransition { result in
                    if case .success(let valid) = result { log("transition \(valid.event)") }
                }
                state(.home) {
                    onEnter { _, _ in log("enter home") }
                    onExit { _, _ in log("exit home") }
                    child(Door.definition(log, name: "door"), in: State.home, events: { event in
                        switch event {
                        case .knock: .knock
                        case .ring: .ring
                        case .doorTimeout: .timeout
                        case .leave: nil
                        }
                    }, timerEvents: { $0 == .timeout ? .doorTimeout : nil }, sideEffects: { .door($0) })
                    on(.leave) { transition(to: .away) }
                }
                state(.away) {}
            }
        }
    }

    @Test func aChildsStayExitsAndEntersNothingAtEitherLevel() throws {
        let log = Log()
        let machine = StateMachine(definition: House.definition(log))
        let valid = try machine.transition(.knock)
        #expect(valid.toState == .home(.open))
        #expect(valid.sideEffect == .door(.answer))
        #expect(log.lines == ["transition knock"])
    }

    @Test func aChildsDontTransitionExitsAndEntersTheChildsStateOnly() throws {
        let log = Log()
        let machine = StateMachine(definition: House.definition(log))
        try machine.transition(.ring)
        #expect(log.lines == ["transition ring", "exit door open", "enter door open"])
    }

    @Test func aChildsStayKeepsItsTimersDeadline() {
        let clock = ManualClock()
        let machine = StateMachine(definition: House.definition(Log()), clock: clock)
        clock.advance(by: .seconds(6))
        machine.tryTransition(.knock)
        clock.advance(by: .seconds(4))
        // 10 s after the door's `open` was entered, whatever stays in between.
        #expect(machine.state == .home(.closed))
    }

    @Test func aChildsDontTransitionStartsItsTimerAgain() {
        let clock = ManualClock()
        let machine = StateMachine(definition: House.definition(Log()), clock: clock)
        clock.advance(by: .seconds(6))
        machine.tryTransition(.ring)
        clock.advance(by: .seconds(4))
        #expect(machine.state == .home(.open))
        clock.advance(by: .seconds(6))
        #expect(machine.state == .home(.closed))
    }

    // MARK: - Regions

    typealias Doors = StateMachine<OrthogonalState<Door.State, Door.State>, Door.Event, [Door.SideEffect]>

    /// The front door takes every event; the back door `ring` and `timeout` only.
    static func doors(_ log: Log) -> Doors.Definition {
        Doors.Definition(
            orthogonal: Door.definition(log, name: "front"), events: { $0 },
            and: Door.definition(log, name: "back"), events: { $0 == .knock ? nil : $0 }
        )
    }

    @Test func aRegionsStayExitsAndEntersNothing() throws {
        let log = Log()
        let machine = StateMachine(definition: Self.doors(log))
        let valid = try machine.transition(.knock)
        #expect(valid.toState == OrthogonalState(.open, .open))
        #expect(valid.sideEffect == [.answer])
        #expect(log.lines.isEmpty)
    }

    @Test func aRegionsStayKeepsItsTimersDeadline() {
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.doors(Log()), clock: clock)
        clock.advance(by: .seconds(6))
        machine.tryTransition(.knock)
        clock.advance(by: .seconds(4))
        #expect(machine.state == OrthogonalState(.closed, .closed))
    }

    @Test func aRegionsDontTransitionStartsItsTimerAgain() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Self.doors(log), clock: clock)
        clock.advance(by: .seconds(6))
        machine.tryTransition(.ring)
        // R23: every exit, the last region's first; then every entry, in region order.
        #expect(log.lines == ["exit back open", "exit front open", "enter front open", "enter back open"])
        clock.advance(by: .seconds(4))
        #expect(machine.state == OrthogonalState(.open, .open))
        clock.advance(by: .seconds(6))
        #expect(machine.state == OrthogonalState(.closed, .closed))
    }
}
