import Foundation
import StateMachine
import Testing

/// R28: a timer belongs to the block that declares it. A superstate's `after` runs while the
/// machine is anywhere inside the superstate; a parent state's `after` keeps running while its
/// child machine moves; an `after` in a child machine's or a region's definition runs at its level
/// and sends the parent event that stands for it (R28.3, R28.4).
@Suite struct CompositeTimerTests {

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        var lines: [String] { lock.withLock { storage } }
        func callAsFunction(_ line: String) { lock.withLock { storage.append(line) } }
    }

    // MARK: - Superstates

    enum Player: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case normal, muted, stopped }
        enum Event: StateMachineHashable, Equatable { case mute, unmute, stop, play, idle }
        typealias SideEffect = Never

        /// `playing` = {normal, muted} stops itself after 30 s of playing, muted or not.
        /// `withListener` gives the superstate an `onEnter`, which takes the composite path
        /// instead of the cells the superstate's handlers are compiled into.
        static func definition(_ log: Log, withListener: Bool) -> StateMachine<State, Event, Never>.Definition {
            StateMachine<State, Event, Never>.Definition {
                initialState(.normal)
                onTransition { result in
                    switch result {
                    case .success(let valid): log("\(valid.event): \(valid.fromState) -> \(valid.toState)")
                    case .failure(let error): log("failure \(error)")
                    }
                }
                superstate("playing", containing: .normal, .muted) {
                    after(.seconds(30), send: .idle)
                    on(.idle) { transition(to: .stopped) }
                    on(.stop) { transition(to: .stopped) }
                    if withListener {
                        onEnter { _, _ in }
                    }
                }
                state(.normal) { on(.mute) { transition(to: .muted) } }
                state(.muted) { on(.unmute) { transition(to: .normal) } }
                state(.stopped) { on(.play) { transition(to: .normal) } }
            }
        }

        /// `playing`'s timer sends idle, which only `normal` handles: in `muted` it is invalid.
        static func idleHandledByNormalOnly() -> StateMachine<State, Event, Never>.Definition {
            StateMachine<State, Event, Never>.Definition {
                initialState(.normal)
                superstate("playing", containing: .normal, .muted) {
                    after(.seconds(30), send: .idle, line: 50)
                    on(.stop) { transition(to: .stopped) }
                }
                state(.normal) {
                    on(.idle) { transition(to: .stopped) }
                    on(.mute) { transition(to: .muted) }
                }
                state(.muted) { on(.unmute) { transition(to: .normal) } }
                state(.stopped) { on(.play) { transition(to: .normal) } }
            }
        }
    }

    @Test(arguments: [false, true])
    func aSuperstatesTimerIsKeptAcrossMovesInsideIt(withListener: Bool) {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Player.definition(log, withListener: withListener), clock: clock)
        clock.advance(by: .seconds(20))
        machine.tryTransition(.mute)
        machine.tryTransition(.unmute)
        clock.advance(by: .seconds(9))
        #expect(machine.state == .normal)
        clock.advance(by: .seconds(1))
        #expect(machine.state == .stopped)
        #expect(log.lines == ["mute: normal -> muted", "unmute: muted -> normal", "idle: normal -> stopped"])
    }

    @Test(arguments: [false, true])
    func aSuperstatesTimerStartsAgainWhenTheSuperstateIsEnteredFromOutside(withListener: Bool) {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Player.definition(log, withListener: withListener), clock: clock)
        clock.advance(by: .seconds(10))
        machine.tryTransition(.stop)
        clock.advance(by: .seconds(60))
        #expect(clock.pendingCount == 0)
        machine.tryTransition(.play)
        clock.advance(by: .seconds(29))
        #expect(machine.state == .normal)
        clock.advance(by: .seconds(1))
        #expect(machine.state == .stopped)
        #expect(log.lines == ["stop: normal -> stopped", "play: stopped -> normal", "idle: normal -> stopped"])
    }

    // MARK: - A parent state's timer and its child

    enum Light: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case off, on }
        enum Event: StateMachineHashable { case toggle }
        typealias SideEffect = Never

        static func definition(timer: Bool = false, line: UInt = #line) -> StateMachine<State, Event, Never>.Definition {
            StateMachine<State, Event, Never>.Definition {
                initialState(.off)
                state(.off) {
                    if timer {
                        after(.seconds(5), send: .toggle, line: line)
                    }
                    on(.toggle) { transition(to: .on) }
                }
                state(.on) { on(.toggle) { transition(to: .off) } }
            }
        }
    }

    enum Room: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case lit(Light.State), dark
            enum HashableIdentifier: String { case lit, dark }
        }
        enum Event: StateMachineHashable, Equatable { case flip, reset, timeout }
        typealias SideEffect = Never

        /// A lit room goes dark 30 s after it was lit, whatever its light does meanwhile.
        static func definition(
            _ log: Log, child light: StateMachine<Light.State, Light.Event, Never>.Definition = Light.definition(),
            timerEvents: ((Light.Event) -> Event?)? = nil
        ) -> StateMachine<State, Event, Never>.Definition {
            StateMachine<State, Event, Never>.Definition {
                initialState(.lit(.off))
                onTransition { result in
                    if case .success(let valid) = result { log("\(valid.event)") }
                }
                state(.lit) {
                    child(light, in: State.lit, events: { $0 == .flip ? Light.Event.toggle : nil }, timerEvents: timerEvents)
                    after(.seconds(30), send: .timeout)
                    on(.timeout) { transition(to: .dark) }
                    on(.reset) { transition(to: .lit(.off)) }
                }
                state(.dark) {}
            }
        }
    }

    @Test func aParentStatesTimerKeepsRunningWhileItsChildMoves() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Room.definition(log), clock: clock)
        clock.advance(by: .seconds(20))
        machine.tryTransition(.flip)
        clock.advance(by: .seconds(9))
        machine.tryTransition(.flip)
        #expect(machine.state == .lit(.off))
        clock.advance(by: .seconds(1))
        #expect(machine.state == .dark)
        #expect(log.lines == ["flip", "flip", "timeout"])
    }

    @Test func aParentStatesOwnTransitionToItsCaseRestartsItsTimer() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Room.definition(log), clock: clock)
        clock.advance(by: .seconds(20))
        machine.tryTransition(.reset)
        clock.advance(by: .seconds(29))
        #expect(machine.state == .lit(.off))
        clock.advance(by: .seconds(1))
        #expect(machine.state == .dark)
    }

    // MARK: - Validation

    @Test func validateReportsAChildTimerThatNoParentEventStandsFor() {
        let definition = Room.definition(Log(), child: Light.definition(timer: true, line: 7))
        do {
            try definition.validate()
            Issue.record("the definition was valid")
        } catch {
            let problems = error.problems.filter { $0.message.contains("R28.4") }
            #expect(problems.count == 1)
            #expect(problems.first?.file == "StateMachineTests/CompositeTimerTests.swift")
            #expect(problems.first?.line == 7)
            #expect(problems.first?.message.hasPrefix(
                "`after(5 s, send: toggle)` in `state(off)` runs in a child machine (StateMachineTests/CompositeTimerTests.swift:"
            ) == true)
            #expect(problems.first?.message.hasSuffix(
                "), whose timers send the parent event that stands for theirs (R28.4), but no parent event stands for toggle, so the timer is never scheduled. Pass `timerEvents:` to `child(…)`, giving the parent event whose mapping is the timer's event."
            ) == true)
        }
    }

    @Test func validateReportsAChildTimerWhoseParentEventTheMappingDoesNotMapBack() {
        let definition = Room.definition(Log(), child: Light.definition(timer: true, line: 9), timerEvents: { _ in .reset })
        do {
            try definition.validate()
            Issue.record("the definition was valid")
        } catch {
            let problems = error.problems.filter { $0.message.contains("R28.4") }
            #expect(problems.map(\.line) == [9])
            #expect(problems.first?.message.contains("but its parent event reset maps to no event, not to toggle, so the fired timer would not reach it.") == true)
        }
    }

    /// The problems `validate()` finds with the timers of nested levels (R28.4).
    static func levelTimerProblems<S, E, F>(_ definition: StateMachine<S, E, F>.Definition) -> [StateMachineTypes.DefinitionError.Problem] {
        do {
            try definition.validate()
            return []
        } catch {
            return error.problems.filter { $0.message.contains("R28.4") }
        }
    }

    @Test func aChildTimerSendsTheParentEventThatStandsForIt() throws {
        let log = Log()
        let clock = ManualClock()
        let definition = Room.definition(log, child: Light.definition(timer: true), timerEvents: { $0 == .toggle ? .flip : nil })
        #expect(Self.levelTimerProblems(definition).isEmpty)
        let machine = StateMachine(definition: definition, clock: clock)
        clock.advance(by: .milliseconds(4_999))
        #expect(machine.state == .lit(.off))
        clock.advance(by: .milliseconds(1))
        #expect(machine.state == .lit(.on))
        // Back in `off`, the child's state timer starts again; the room's own keeps its 30 s.
        clock.advance(by: .seconds(1))
        machine.tryTransition(.flip)
        clock.advance(by: .seconds(5))
        #expect(machine.state == .lit(.on))
        clock.advance(by: .seconds(19))
        #expect(machine.state == .dark)
        #expect(log.lines == ["flip", "flip", "flip", "timeout"])
        #expect(clock.pendingCount == 0)
    }

    /// A building whose open state holds a room, which holds a light: the light's timer is lifted
    /// through two levels, and the room's own timer through one.
    enum Building: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case open(Room.State), closed
            enum HashableIdentifier: String { case open, closed }
        }
        enum Event: StateMachineHashable, Equatable { case press, expire, close }
        typealias SideEffect = Never

        static func definition(_ log: Log) -> StateMachine<State, Event, Never>.Definition {
            let room = Room.definition(log, child: Light.definition(timer: true), timerEvents: { $0 == .toggle ? .flip : nil })
            return StateMachine<State, Event, Never>.Definition {
                initialState(.open(.lit(.off)))
                state(.open) {
                    child(room, in: State.open, events: { event in
                        switch event {
                        case .press: .flip
                        case .expire: .timeout
                        case .close: nil
                        }
                    }, timerEvents: { event in
                        switch event {
                        case .flip: .press
                        case .timeout: .expire
                        case .reset: nil
                        }
                    })
                    on(.close) { transition(to: .closed) }
                }
                state(.closed) {}
            }
        }
    }

    @Test func aGrandchildsTimerIsLiftedThroughEveryLevel() throws {
        let clock = ManualClock()
        let definition = Building.definition(Log())
        #expect(Self.levelTimerProblems(definition).isEmpty)
        let machine = StateMachine(definition: definition, clock: clock)
        clock.advance(by: .seconds(5))
        #expect(machine.state == .open(.lit(.on)))
        clock.advance(by: .seconds(25))
        #expect(machine.state == .open(.dark))
        machine.tryTransition(.close)
        #expect(clock.pendingCount == 0)
    }

    @Test func leavingTheParentCancelsTheTimersOfEveryLevelInside() throws {
        let clock = ManualClock()
        let machine = StateMachine(definition: Building.definition(Log()), clock: clock)
        clock.advance(by: .seconds(1))
        machine.tryTransition(.close)
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(60))
        #expect(machine.state == .closed)
    }

    @Test func validateReportsASuperstatesTimerThatAStateInsideCannotHandle() {
        let definition = Player.idleHandledByNormalOnly()
        do {
            try definition.validate()
            Issue.record("the definition was valid")
        } catch {
            #expect(error.problems.map(\.description) == [
                "StateMachineTests/CompositeTimerTests.swift:50: `superstate(\"playing\")` sends idle after 30 s (`after`), but neither `state(muted)` nor a superstate containing it handles idle, so that transition is invalid when the timer fires there. Add an `on(idle)` handler to the superstate, or remove the delayed event."
            ])
        }
    }

    @Test func aSuperstatesTimerThatItHandlesItselfIsValid() throws {
        try Player.definition(Log(), withListener: false).validate()
    }

    @Test func theSameChildAloneIsValid() throws {
        try Light.definition(timer: true).validate()
    }

    @Test func aRegionsTimerSendsItsEventToTheProduct() throws {
        let definition = StateMachine<OrthogonalState<Light.State, Light.State>, Light.Event, [Never]>.Definition(
            orthogonal: Light.definition(timer: true), events: { $0 },
            and: Light.definition(), events: { $0 }
        )
        try definition.validate()
        let clock = ManualClock()
        let machine = StateMachine(definition: definition, clock: clock)
        clock.advance(by: .seconds(5))
        // R23: the product's event goes to every region.
        #expect(machine.state == OrthogonalState(.on, .on))
    }

    @Test func validateReportsARegionTimerThatNoProductEventStandsFor() {
        let definition = StateMachine<OrthogonalState<Light.State, Light.State>, Room.Event, [Never]>.Definition(
            orthogonal: Light.definition(timer: true, line: 40), events: { $0 == .flip ? .toggle : nil },
            and: Light.definition(), events: { $0 == .flip ? .toggle : nil }
        )
        do {
            try definition.validate()
            Issue.record("the definition was valid")
        } catch {
            let problems = error.problems.filter { $0.message.contains("R28.4") }
            #expect(problems.map(\.line) == [40])
            #expect(problems.first?.message.contains("runs in region \"") == true)
            #expect(problems.first?.message.contains("no parent event stands for toggle") == true)
        }
    }
}
