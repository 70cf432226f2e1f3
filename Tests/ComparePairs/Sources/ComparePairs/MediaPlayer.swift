import StateMachine

/// A media player, written for Swift: a track plays from a position, pauses and resumes there, seeks forward or back
/// (never before the start), and stops.
public enum MediaPlayer: StateMachineBuilder {
    public enum State: StateMachineHashable, Codable, Equatable {
        case stopped
        case playing(track: String, seconds: Int)
        case paused(track: String, seconds: Int)
        public enum HashableIdentifier: String { case stopped, playing, paused }
    }

    public enum Event: StateMachineHashable, Codable, Equatable {
        case play(track: String)
        case pause
        case resume
        case seek(to: Int)
        case stop
        public enum HashableIdentifier: String { case play, pause, resume, seek, stop }
    }

    public enum SideEffect: Codable, Equatable {
        case startPlayback(track: String)
        case pausePlayback
        case resumePlayback
        case moveTo(seconds: Int)
        case stopPlayback
    }

    public static let definition = StateMachine<State, Event, SideEffect>.Definition {
        initialState(.stopped)
        state(.stopped) {
            on(.play) { _, play in
                let track: String = try play.track()
                return transition(to: .playing(track: track, seconds: 0), emit: .startPlayback(track: track))
            }
        }
        state(.playing) {
            on(.pause) { playing in
                transition(to: .paused(track: try playing.track(), seconds: try playing.seconds()), emit: .pausePlayback)
            }
            on(.seek, where: { (try $0.to() as Int) >= 0 }) { playing, seek in
                let seconds: Int = try seek.to()
                return transition(to: .playing(track: try playing.track(), seconds: seconds), emit: .moveTo(seconds: seconds))
            }
            on(.play) { _, play in
                let track: String = try play.track()
                return transition(to: .playing(track: track, seconds: 0), emit: .startPlayback(track: track))
            }
            on(.stop) { transition(to: .stopped, emit: .stopPlayback) }
        }
        state(.paused) {
            on(.resume) { paused in
                transition(to: .playing(track: try paused.track(), seconds: try paused.seconds()), emit: .resumePlayback)
            }
            on(.seek, where: { (try $0.to() as Int) >= 0 }) { paused, seek in
                transition(to: .paused(track: try paused.track(), seconds: try seek.to()))
            }
            on(.stop) { transition(to: .stopped, emit: .stopPlayback) }
        }
    }
}
