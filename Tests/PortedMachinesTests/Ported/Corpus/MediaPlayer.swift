// Ported from PlayerStateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusMediaPlayer: StateMachineBuilder {

    typealias State = PlayerState
    typealias Event = PlayerEvent
    typealias SideEffect = PlayerSideEffect

    enum PlayerState: StateMachineHashable, Codable, Equatable {
        case idle
        case preparing(track: Track, startAtMillis: Int64)
        case playing(track: Track, positionMillis: Int64, speed: Float)
        case paused(track: Track, positionMillis: Int64, speed: Float)
        case buffering(track: Track, positionMillis: Int64, speed: Float)
        case ended(track: Track)
        case error(track: Track?, message: String)

        enum HashableIdentifier: String { case idle, preparing, playing, paused, buffering, ended, error }
    }

    enum PlayerEvent: StateMachineHashable, Codable, Equatable {
        case load(track: Track, resumeAtMillis: Int64?)
        case prepared
        case play
        case pause
        case seek(positionMillis: Int64)
        case setSpeed(speed: Float)
        case setVolume(volume: Double)
        case tick(elapsedMillis: Int64)
        case bufferingStarted
        case bufferingEnded
        case failed(cause: KotlinThrowable)
        case stop

        enum HashableIdentifier: String { case load, prepared, play, pause, seek, setSpeed, setVolume, tick, bufferingStarted, bufferingEnded, failed, stop }
    }

    enum PlayerSideEffect: Codable, Equatable {
        case prepare(track: Track)
        case startPlayback(fromMillis: Int64, speed: Float)
        case pausePlayback
        case seekTo(positionMillis: Int64)
        case applySpeed(speed: Float)
        case applyVolume(volume: Double)
        case reportError(cause: KotlinThrowable)
        case release
    }

    struct Track: Codable, Equatable {
        var id: String
        var title: String
        var durationMillis: Int64
        var artworkUrl: String?
    }

    /// A key of a throwable as a fixture writes it: its class name, then `message`.
    struct ThrowableCodingKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A Kotlin `Throwable` a value carries (`IOException("disk full")`): its class name and message. Kotlin
    /// compares throwables by identity, and so does this: two are equal only when they are the same one. It is
    /// written as a fixture writes a throwable, `{"iOException": {"message": "disk full"}}`.
    final class KotlinThrowable: Error, Hashable, Codable, CustomStringConvertible, @unchecked Sendable {
        let type: String
        let message: String?

        init(_ type: String, _ message: String? = nil) {
            self.type = type
            self.message = message
        }

        static func == (lhs: KotlinThrowable, rhs: KotlinThrowable) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

        /// Kotlin's `toString()`: the class's qualified name, then the message.
        var description: String { message.map { "\(qualifiedType): \($0)" } ?? qualifiedType }

        private var qualifiedType: String { Self.packages[type].map { "\($0).\(type)" } ?? type }

        private static let packages = [
            "Throwable": "java.lang", "Exception": "java.lang", "Error": "java.lang",
            "RuntimeException": "java.lang", "IOException": "java.io", "IllegalStateException": "java.lang",
            "IllegalArgumentException": "java.lang", "UnsupportedOperationException": "java.lang", "TimeoutException": "java.util.concurrent",
            "CancellationException": "java.util.concurrent", "SocketTimeoutException": "java.net", "UnknownHostException": "java.net",
            "FileNotFoundException": "java.io", "NoSuchElementException": "java.util",
        ]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ThrowableCodingKey.self)
            var fields = container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: ThrowableCodingKey(type.prefix(1).lowercased() + type.dropFirst()))
            try fields.encode(message, forKey: ThrowableCodingKey("message"))
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ThrowableCodingKey.self)
            guard container.allKeys.count == 1, let name = container.allKeys.first else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a throwable is {\"class\": {\"message\": …}}"))
            }
            type = name.stringValue.prefix(1).uppercased() + name.stringValue.dropFirst()
            message = try container.nestedContainer(keyedBy: ThrowableCodingKey.self, forKey: name).decodeIfPresent(String.self, forKey: ThrowableCodingKey("message"))
        }
    }

    protocol PlaybackAnalytics {
        func track(_ event: String, _ trackId: String?, _ positionMillis: Int64)
        func error(_ cause: KotlinThrowable)
    }

    protocol MediaEngine {
        func prepare(_ track: Track)
        func play(_ fromMillis: Int64, _ speed: Float)
        func pause()
        func seekTo(_ positionMillis: Int64)
        func setSpeed(_ speed: Float)
        func setVolume(_ volume: Double)
        func release()
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var analytics: any PlaybackAnalytics { get }
        var minSpeed: Float { get }
        var maxSpeed: Float { get }
        var engine: any MediaEngine { get }
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.idle)
            state(.idle) {
                on(.load) { _, event in
                    guard case let .load(track, resumeAtMillis) = event else { preconditionFailure() }
                    return transition(to: .preparing(track: track, startAtMillis: resumeAtMillis ?? 0), emit: .prepare(track: track))
                }
            }
            state(.preparing) {
                on(.eq(.prepared)) { state in
                    guard case let .preparing(track, startAtMillis) = state else { preconditionFailure() }
                    return transition(to: .playing(track: track, positionMillis: startAtMillis, speed: 1.0), emit: .startPlayback(fromMillis: startAtMillis, speed: 1.0))
                }
                on(.failed) { state, event in
                    guard case let .preparing(track, _) = state else { preconditionFailure() }
                    guard case let .failed(cause) = event else { preconditionFailure() }
                    return transition(to: .error(track: track, message: cause.message ?? "Could not prepare"), emit: .reportError(cause: cause))
                }
                on(.eq(.stop)) { transition(to: .idle, emit: .release) }
            }
            state(.playing) {
                onEnter { state, _ in
                    guard case let .playing(track, positionMillis, _) = state else { preconditionFailure() }
                    context.analytics.track("play", track.id, positionMillis)
                }
                onExit { state, _ in
                    guard case let .playing(track, positionMillis, _) = state else { preconditionFailure() }
                    context.analytics.track("stop_playing", track.id, positionMillis)
                }
                on(.tick) { state, event in
                    guard case let .playing(track, positionMillis, speed) = state else { preconditionFailure() }
                    guard case let .tick(elapsedMillis) = event else { preconditionFailure() }
                    let position = positionMillis + Int64(Float(elapsedMillis) * speed)
                    if position >= track.durationMillis {
                        return transition(to: .ended(track: track), emit: .release)
                    } else {
                        return transition(to: .playing(track: track, positionMillis: position, speed: speed))
                    }
                }
                on(.eq(.pause)) { state in
                    guard case let .playing(track, positionMillis, speed) = state else { preconditionFailure() }
                    return transition(to: .paused(track: track, positionMillis: positionMillis, speed: speed), emit: .pausePlayback)
                }
                on(.seek) { state, event in
                    guard case let .playing(track, _, speed) = state else { preconditionFailure() }
                    guard case let .seek(eventPositionMillis) = event else { preconditionFailure() }
                    let target = min(max(eventPositionMillis, 0), track.durationMillis)
                    return transition(to: .playing(track: track, positionMillis: target, speed: speed), emit: .seekTo(positionMillis: target))
                }
                on(.setSpeed) { state, event in
                    guard case let .playing(track, positionMillis, speed) = state else { preconditionFailure() }
                    guard case let .setSpeed(eventSpeed) = event else { preconditionFailure() }
                    let clamped = min(max(eventSpeed, context.minSpeed), context.maxSpeed)
                    if clamped == speed {
                        return dontTransition()
                    } else {
                        return transition(to: .playing(track: track, positionMillis: positionMillis, speed: clamped), emit: .applySpeed(speed: clamped))
                    }
                }
                on(.setVolume) { _, event in
                    guard case let .setVolume(volume) = event else { preconditionFailure() }
                    return dontTransition(emit: .applyVolume(volume: min(max(volume, 0.0), 1.0)))
                }
                on(.eq(.bufferingStarted)) { state in
                    guard case let .playing(track, positionMillis, speed) = state else { preconditionFailure() }
                    return transition(to: .buffering(track: track, positionMillis: positionMillis, speed: speed))
                }
                on(.failed) { state, event in
                    guard case let .playing(track, _, _) = state else { preconditionFailure() }
                    guard case let .failed(cause) = event else { preconditionFailure() }
                    return transition(to: .error(track: track, message: cause.message ?? cause.type), emit: .reportError(cause: cause))
                }
                on(.eq(.stop)) { transition(to: .idle, emit: .release) }
            }
            state(.buffering) {
                on(.eq(.bufferingEnded)) { state in
                    guard case let .buffering(track, positionMillis, speed) = state else { preconditionFailure() }
                    return transition(to: .playing(track: track, positionMillis: positionMillis, speed: speed))
                }
                on(.eq(.pause)) { state in
                    guard case let .buffering(track, positionMillis, speed) = state else { preconditionFailure() }
                    return transition(to: .paused(track: track, positionMillis: positionMillis, speed: speed), emit: .pausePlayback)
                }
                on(.eq(.stop)) { transition(to: .idle, emit: .release) }
            }
            state(.paused) {
                on(.eq(.play)) { state in
                    guard case let .paused(track, positionMillis, speed) = state else { preconditionFailure() }
                    return transition(to: .playing(track: track, positionMillis: positionMillis, speed: speed), emit: .startPlayback(fromMillis: positionMillis, speed: speed))
                }
                on(.seek) { state, event in
                    guard case let .paused(track, _, speed) = state else { preconditionFailure() }
                    guard case let .seek(eventPositionMillis) = event else { preconditionFailure() }
                    let target = min(max(eventPositionMillis, 0), track.durationMillis)
                    return transition(to: .paused(track: track, positionMillis: target, speed: speed), emit: .seekTo(positionMillis: target))
                }
                on(.eq(.stop)) { transition(to: .idle, emit: .release) }
            }
            state(.ended) {
                on(.eq(.play)) { state in
                    guard case let .ended(track) = state else { preconditionFailure() }
                    return transition(to: .playing(track: track, positionMillis: 0, speed: 1.0), emit: .startPlayback(fromMillis: 0, speed: 1.0))
                }
                on(.load) { _, event in
                    guard case let .load(eventTrack, _) = event else { preconditionFailure() }
                    return transition(to: .preparing(track: eventTrack, startAtMillis: 0), emit: .prepare(track: eventTrack))
                }
            }
            state(.error) {
                onEnter { state, _ in
                    guard case let .error(track, _) = state else { preconditionFailure() }
                    context.analytics.track("error", track?.id, 0)
                }
                on(.load) { _, event in
                    guard case let .load(eventTrack, _) = event else { preconditionFailure() }
                    return transition(to: .preparing(track: eventTrack, startAtMillis: 0), emit: .prepare(track: eventTrack))
                }
                on(.eq(.play)) { state in
                    guard case let .error(track, _) = state else { preconditionFailure() }
                    if let value = track {
                        return transition(to: .preparing(track: value, startAtMillis: 0), emit: .prepare(track: value))
                    } else {
                        return dontTransition()
                    }
                }
            }
            onTransition { result in
                guard case .success(let validTransition) = result else { return }
                let sideEffect = validTransition.sideEffect
                switch sideEffect {
                case let .prepare(track):
                    context.engine.prepare(track)
                case let .startPlayback(fromMillis, speed):
                    context.engine.play(fromMillis, speed)
                case .pausePlayback:
                    context.engine.pause()
                case let .seekTo(positionMillis):
                    context.engine.seekTo(positionMillis)
                case let .applySpeed(speed):
                    context.engine.setSpeed(speed)
                case let .applyVolume(volume):
                    context.engine.setVolume(volume)
                case let .reportError(cause):
                    context.analytics.error(cause)
                case .release:
                    context.engine.release()
                case nil:
                    break
                }
            }
        }
    }
}
