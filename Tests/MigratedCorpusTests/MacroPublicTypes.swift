import StateMachine
import Testing

/// Public enums, with documentation, other attributes and the attribute on the same line.
public enum Player {

    /// What the player is doing.
    public enum State: Equatable, Sendable, StateMachineHashable {
        case idle
        case playing(track: String, position: Int)
        case paused(track: String)
        public enum HashableIdentifier: String { case idle, playing, paused }
    }

    /// What the user asks for.
    @frozen
    public enum Event: Equatable, StateMachineHashable {
        case play(String)
        case pause
        case stop
        public enum HashableIdentifier: String { case play, pause, stop }
    }

    public enum SideEffect: Equatable { case startAudio, stopAudio }
}

@Suite struct MacroPublicTypesTests: StateMachineBuilder {
    typealias State = Player.State
    typealias Event = Player.Event
    typealias SideEffect = Player.SideEffect

    static func player() -> StateMachine<State, Event, SideEffect> {
        StateMachine {
            initialState(.idle)
            state(.idle) {
                on(.play) { _, play in transition(to: .playing(track: try play.value(), position: 0), emit: .startAudio) }
            }
            state(.playing) {
                on(.pause) { playing in transition(to: .paused(track: try playing.track()), emit: .stopAudio) }
                on(.stop) { transition(to: .idle, emit: .stopAudio) }
            }
            state(.paused) {
                on(.play) { _, play in transition(to: .playing(track: try play.value(), position: 0), emit: .startAudio) }
            }
        }
    }

    @Test static func pausingKeepsTheTrack() throws {
        let machine = player()
        try machine.transition(.play("Intro"))
        let paused = try machine.transition(.pause)
        #expect(machine.state == .paused(track: "Intro"))
        #expect(paused.sideEffect == .stopAudio)
    }

    @Test static func stopIsInvalidWhenIdle() {
        let machine = player()
        #expect(throws: StateMachine<State, Event, SideEffect>.Transition.Invalid.self) { try machine.transition(.stop) }
    }
}
