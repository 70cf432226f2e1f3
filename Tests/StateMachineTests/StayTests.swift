import Foundation
import StateMachine
import Testing

/// R35: `stay(emit:)` is a targetless transition. It is valid, its onTransition listeners and
/// observers run, and nothing is exited or entered: no onExit, no onEnter (at any level), the
/// running timers keep their deadlines. `dontTransition(emit:)` (R8, R12) exits and enters.
@Suite struct StayTests {

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        var lines: [String] { lock.withLock { storage } }
        func callAsFunction(_ line: String) { lock.withLock { storage.append(line) } }
    }

    enum Door: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case open, closed }
        enum Event: StateMachineHashable, Equatable { case knock, ring, close, timeout }
        enum SideEffect: Equatable { case answer, chime }

        static func definition(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.open)
                onTransition { result in
                    switch result {
                    case .success(let valid):
                        log("\(valid.event): \(valid.fromState) -> \(valid.toState) \(valid.sideEffect.map { "\($0)" } ?? "-")")
                    case .failure(let error): log("failure \(error)")
                    }
                }
                state(.open) {
                    onEnter { _, _ in log("enter open") }
                    onExit { _, _ in log("exit open") }
                    on(.knock) { stay(emit: .answer) }
                    on(.ring) { dontTransition(emit: .chime) }
                    on(.close) { transition(to: .closed) }
                }
                state(.closed) {}
            }
        }

        /// `open` closes itself 10 s after it is entered; `knock` stays, `ring` re-enters.
        static func timed(_ log: Log) -> StateMachine<State, Event, SideEffect>.Definition {
            StateMachine<State, Event, SideEffect>.Definition {
                initialState(.open)
                state(.open) {
                    after(.seconds(10), send: .timeout)
                    on(.knock) { stay() }
                    on(.ring) { dontTransition() }
                    on(.timeout) { transition(to: .closed) }
                }
                state(.closed) {}
            }
        }
    }

    @Test func stayRunsTheTransitionListenersButNoExitOrEntry() throws {
        let log = Log()
        let machine = StateMachine(definition: Door.definition(log))
        let stayed = try machine.transition(.knock)
        #expect(stayed.fromState == .open)
        #expect(stayed.toState == .open)
        #expect(stayed.sideEffect == .answer)
        #expect(log.lines == ["knock: open -> open answer"])
    }

    @Test func dontTransitionStillExitsAndEnters() throws {
        let log = Log()
        let machine = StateMachine(definition: Door.definition(log))
        _ = try machine.transition(.ring)
        #expect(log.lines == ["ring: open -> open chime", "exit open", "enter open"])
    }

    @Test func stayNotifiesObservers() throws {
        let log = Log()
        let machine = StateMachine(definition: Door.definition(log))
        let seen = Log()
        let token = machine.observe { result in
            if case .success(let valid) = result { seen("\(valid.event) \(valid.toState)") }
        }
        _ = try machine.transition(.knock)
        #expect(seen.lines == ["knock open"])
        _ = token
    }

    @Test func stayKeepsTheRunningTimersDeadlines() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Door.timed(log), clock: clock)
        clock.advance(by: .seconds(6))
        machine.tryTransition(.knock)
        clock.advance(by: .seconds(4))
        #expect(machine.state == .closed)
    }

    @Test func dontTransitionRestartsTheTimers() {
        let log = Log()
        let clock = ManualClock()
        let machine = StateMachine(definition: Door.timed(log), clock: clock)
        clock.advance(by: .seconds(6))
        machine.tryTransition(.ring)
        clock.advance(by: .seconds(4))
        #expect(machine.state == .open)
        clock.advance(by: .seconds(6))
        #expect(machine.state == .closed)
    }

    // MARK: - Superstates

    enum Player: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case normal, muted }
        enum Event: StateMachineHashable, Equatable { case ping, mute }
        typealias SideEffect = Never

        static func definition(_ log: Log) -> StateMachine<State, Event, Never>.Definition {
            StateMachine<State, Event, Never>.Definition {
                initialState(.normal)
                onTransition { result in
                    if case .success(let valid) = result { log("\(valid.event): \(valid.fromState) -> \(valid.toState)") }
                }
                superstate("playing", containing: .normal, .muted) {
                    onEnter { _, _ in log("enter playing") }
                    onExit { _, _ in log("exit playing") }
                    on(.ping) { stay() }
                }
                state(.normal) {
                    onEnter { _, _ in log("enter normal") }
                    onExit { _, _ in log("exit normal") }
                    on(.mute) { transition(to: .muted) }
                }
                state(.muted) {}
            }
        }
    }

    @Test func aSuperstatesStayExitsAndEntersNothing() {
        let log = Log()
        let machine = StateMachine(definition: Player.definition(log))
        machine.tryTransition(.ping)
        #expect(machine.state == .normal)
        #expect(log.lines == ["ping: normal -> normal"])
    }
}
