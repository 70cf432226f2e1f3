@testable import StateMachine
import Testing

/// What `statemachine compare` writes of a Swift machine's listener calls (Spec/VERIFY.md, V10):
/// ``StateMachineTypes/Definition/probingListeners(_:)`` reports each call of the definition's
/// onTransition listeners and of the onEnter and onExit listeners of its state definitions and its
/// superstates, in the order R11 and R20 give, before the listener runs; observers and the listeners
/// of a child machine are not the definition's and are not reported.
@Suite struct ListenerProbeTests {
    final class Log: @unchecked Sendable {
        var lines: [String] = []
    }

    enum Volume: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable { case quiet, loud }
        enum Event: StateMachineHashable, Equatable { case tick }
        typealias SideEffect = Never

        static func definition(_ log: Log) -> StateMachine<State, Event, Never>.Definition {
            StateMachine<State, Event, Never>.Definition {
                initialState(.quiet)
                state(.quiet) {
                    onExit { _, _ in log.lines.append("child exit") }
                    on(.tick) { transition(to: .loud) }
                }
                state(.loud) {}
            }
        }
    }

    enum Player: StateMachineBuilder {
        enum State: StateMachineHashable, Equatable {
            case idle, playing(Volume.State), paused
            enum HashableIdentifier: String { case idle, playing, paused }
        }
        enum Event: StateMachineHashable, Equatable { case play, pause, stop, tick }
        typealias SideEffect = Never

        static func definition(_ log: Log) -> StateMachine<State, Event, Never>.Definition {
            StateMachine<State, Event, Never>.Definition {
                initialState(.idle)
                onTransition { _ in log.lines.append("transition") }
                state(.idle) {
                    onExit { _, _ in log.lines.append("exit idle") }
                    on(.play) { transition(to: .playing(.quiet)) }
                }
                superstate("media", containing: .playing, .paused) {
                    onEnter { _, _ in log.lines.append("enter media") }
                    onExit { _, _ in log.lines.append("exit media") }
                    on(.stop) { transition(to: .idle) }
                }
                state(.playing) {
                    onEnter { _, _ in log.lines.append("enter playing") }
                    child(Volume.definition(log), in: State.playing, events: { event in event == .tick ? .tick : nil })
                    on(.pause) { transition(to: .paused) }
                }
                state(.paused) {}
            }
        }
    }

    static func name(_ call: StateMachine<Player.State, Player.Event, Never>.Definition.ListenerCall) -> String {
        switch call {
        case .onTransition: "probe transition"
        case .onEnter(let state, _): "probe enter \(text(state))"
        case .onExit(let state, _): "probe exit \(text(state))"
        }
    }

    static func text(_ state: Player.State) -> String {
        switch state {
        case .idle: "idle"
        case .playing(let volume): "playing(\(volume))"
        case .paused: "paused"
        }
    }

    /// R11 then R20 (onExit of the state, superstates left innermost first, superstates entered
    /// outermost first, onEnter of the state), each probe before its listener, written by hand.
    @Test func theProbeReportsStateAndSuperstateListenersBeforeTheyRun() throws {
        let log = Log()
        let machine = StateMachine(definition: Player.definition(log).probingListeners { log.lines.append(Self.name($0)) })
        try machine.transition(.play)
        #expect(log.lines == [
            "probe transition", "transition",
            "probe exit idle", "exit idle",
            "probe enter playing(quiet)", "enter media",
            "probe enter playing(quiet)", "enter playing",
        ])
        log.lines = []
        try machine.transition(.tick)
        log.lines = []
        try machine.transition(.stop)
        #expect(log.lines == [
            "probe transition", "transition",
            "probe exit playing(loud)", "exit media",
        ])
    }

    /// A child machine's listeners run, unreported: Tinder's API has no child machines (V10).
    @Test func theListenersOfAChildMachineAreNotReported() throws {
        let log = Log()
        let machine = StateMachine(definition: Player.definition(log).probingListeners { log.lines.append(Self.name($0)) })
        try machine.transition(.play)
        log.lines = []
        try machine.transition(.tick)
        #expect(log.lines.contains("child exit"))
        #expect(!log.lines.contains { $0.hasPrefix("probe") && $0 != "probe transition" })
    }
}
