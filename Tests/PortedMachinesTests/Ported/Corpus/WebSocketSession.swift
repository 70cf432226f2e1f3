// Ported from WebSocketSession.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusWebSocketSession: StateMachineBuilder {

    static let AUTH_PREFIX = "AUTH "
    static let GOING_AWAY = 1001
    static let POLICY_VIOLATION = 1008
    static let MESSAGE_TOO_BIG = 1009
    static let ABNORMAL = 1006

    typealias State = SessionState
    typealias Event = SessionEvent
    typealias SideEffect = SessionSideEffect

    enum SessionState: StateMachineHashable, Codable, Equatable {
        case handshaking
        case authenticating(connectedAtMillis: Int64)
        case `open`(userId: String, missedPongs: Int, messagesIn: Int64, bytesIn: Int64)
        case closing(code: Int, reason: String)
        case closed(code: Int)

        enum HashableIdentifier: String { case handshaking, authenticating, `open`, closing, closed }
    }

    enum SessionEvent: StateMachineHashable, Codable, Equatable {
        case handshakeCompleted(atMillis: Int64)
        case pingTimerFired
        case transportClosed
        case text(body: String)
        case binary(size: Int64)
        case ping
        case pong
        case close(code: Int, reason: String)

        enum HashableIdentifier: String { case handshakeCompleted, pingTimerFired, transportClosed, text, binary, ping, pong, close }

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .handshakeCompleted: "HandshakeCompleted"
            case .pingTimerFired: "PingTimerFired"
            case .transportClosed: "TransportClosed"
            case .text: "Text"
            case .binary: "Binary"
            case .ping: "Ping"
            case .pong: "Pong"
            case .close: "Close"
            }
        }
    }

    enum SessionSideEffect: Codable, Equatable {
        case sendText(body: String)
        case sendPing
        case sendPong
        case sendClose(code: Int, reason: String)
        case deliver(userId: String, body: String)
        case closeTransport
    }

    protocol TokenAuthenticator {
        func userIdFor(_ token: String) -> String?
    }

    protocol Metrics {
        func increment(_ name: String, _ tags: [String: String])
    }

    protocol FrameSink {
        func sendText(_ body: String)
        func sendPing()
        func sendPong()
        func sendClose(_ code: Int, _ reason: String)
        func closeTransport()
    }

    protocol MessageRouter {
        func deliver(_ userId: String, _ body: String)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var authenticator: any TokenAuthenticator { get }
        var maxFrameBytes: Int64 { get }
        var maxMissedPongs: Int { get }
        var metrics: any Metrics { get }
        var sessionId: String { get }
        var sink: any FrameSink { get }
        var router: any MessageRouter { get }
    }

    /// Kotlin's `removePrefix`: the text without `prefix` when it starts with it, else the text.
    static func removePrefix(_ prefix: String, from text: String) -> String {
        text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.handshaking)
            state(.handshaking) {
                on(.handshakeCompleted) { _, event in
                    guard case let .handshakeCompleted(atMillis) = event else { preconditionFailure() }
                    return transition(to: .authenticating(connectedAtMillis: atMillis))
                }
                on(.transportClosed) { transition(to: .closed(code: ABNORMAL)) }
            }
            state(.authenticating) {
                on(.text) { _, event in
                    guard case let .text(body) = event else { preconditionFailure() }
                    let token = removePrefix(AUTH_PREFIX, from: body)
                    if !body.hasPrefix(AUTH_PREFIX) {
                        return transition(to: .closing(code: POLICY_VIOLATION, reason: "expected \(AUTH_PREFIX)<token>"), emit: .sendClose(code: POLICY_VIOLATION, reason: "unauthenticated"))
                    } else {
                        if let userId = context.authenticator.userIdFor(token) {
                            return transition(to: .`open`(userId: userId, missedPongs: 0, messagesIn: 0, bytesIn: 0), emit: .sendText(body: "welcome \(userId)"))
                        } else {
                            return transition(to: .closing(code: POLICY_VIOLATION, reason: "bad token"), emit: .sendClose(code: POLICY_VIOLATION, reason: "bad token"))
                        }
                    }
                }
                on(.text) {
                    dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first"))
                }
                on(.binary) {
                    dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first"))
                }
                on(.ping) {
                    dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first"))
                }
                on(.pong) {
                    dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first"))
                }
                on(.close) {
                    dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first"))
                }
                on(.transportClosed) { transition(to: .closed(code: ABNORMAL)) }
            }
            state(.`open`) {
                on(.text) { state, event in
                    guard case let .`open`(userId, missedPongs, messagesIn, bytesIn) = state else { preconditionFailure() }
                    guard case let .text(body) = event else { preconditionFailure() }
                    return transition(to: .`open`(userId: userId, missedPongs: missedPongs, messagesIn: messagesIn + 1, bytesIn: bytesIn + Int64(body.count)), emit: .deliver(userId: userId, body: body))
                }
                on(.binary, where: { event in
                    guard case let .binary(size) = event else { preconditionFailure() }
                    return size > context.maxFrameBytes
                }) { _, event in
                    guard case let .binary(size) = event else { preconditionFailure() }
                    return transition(to: .closing(code: MESSAGE_TOO_BIG, reason: "frame of \(size) bytes"), emit: .sendClose(code: MESSAGE_TOO_BIG, reason: "too big"))
                }
                on(.binary) { state, event in
                    guard case let .`open`(userId, missedPongs, messagesIn, bytesIn) = state else { preconditionFailure() }
                    guard case let .binary(size) = event else { preconditionFailure() }
                    return transition(to: .`open`(userId: userId, missedPongs: missedPongs, messagesIn: messagesIn + 1, bytesIn: bytesIn + size))
                }
                on(.text) { state, event in
                    guard case let .`open`(userId, _, messagesIn, bytesIn) = state else { preconditionFailure() }
                    switch event {
                    case .ping:
                        return dontTransition(emit: .sendPong)
                    case .pong:
                        return transition(to: .`open`(userId: userId, missedPongs: 0, messagesIn: messagesIn, bytesIn: bytesIn))
                    case let .close(code, reason):
                        return transition(to: .closing(code: code, reason: reason), emit: .sendClose(code: code, reason: reason))
                    default:
                        return dontTransition()
                    }
                }
                on(.binary) { state, event in
                    guard case let .`open`(userId, _, messagesIn, bytesIn) = state else { preconditionFailure() }
                    switch event {
                    case .ping:
                        return dontTransition(emit: .sendPong)
                    case .pong:
                        return transition(to: .`open`(userId: userId, missedPongs: 0, messagesIn: messagesIn, bytesIn: bytesIn))
                    case let .close(code, reason):
                        return transition(to: .closing(code: code, reason: reason), emit: .sendClose(code: code, reason: reason))
                    default:
                        return dontTransition()
                    }
                }
                on(.ping) { state, event in
                    guard case let .`open`(userId, _, messagesIn, bytesIn) = state else { preconditionFailure() }
                    switch event {
                    case .ping:
                        return dontTransition(emit: .sendPong)
                    case .pong:
                        return transition(to: .`open`(userId: userId, missedPongs: 0, messagesIn: messagesIn, bytesIn: bytesIn))
                    case let .close(code, reason):
                        return transition(to: .closing(code: code, reason: reason), emit: .sendClose(code: code, reason: reason))
                    default:
                        return dontTransition()
                    }
                }
                on(.pong) { state, event in
                    guard case let .`open`(userId, _, messagesIn, bytesIn) = state else { preconditionFailure() }
                    switch event {
                    case .ping:
                        return dontTransition(emit: .sendPong)
                    case .pong:
                        return transition(to: .`open`(userId: userId, missedPongs: 0, messagesIn: messagesIn, bytesIn: bytesIn))
                    case let .close(code, reason):
                        return transition(to: .closing(code: code, reason: reason), emit: .sendClose(code: code, reason: reason))
                    default:
                        return dontTransition()
                    }
                }
                on(.close) { state, event in
                    guard case let .`open`(userId, _, messagesIn, bytesIn) = state else { preconditionFailure() }
                    switch event {
                    case .ping:
                        return dontTransition(emit: .sendPong)
                    case .pong:
                        return transition(to: .`open`(userId: userId, missedPongs: 0, messagesIn: messagesIn, bytesIn: bytesIn))
                    case let .close(code, reason):
                        return transition(to: .closing(code: code, reason: reason), emit: .sendClose(code: code, reason: reason))
                    default:
                        return dontTransition()
                    }
                }
                on(.eq(.pingTimerFired)) { state in
                    guard case let .`open`(userId, missedPongs, messagesIn, bytesIn) = state else { preconditionFailure() }
                    if missedPongs >= context.maxMissedPongs {
                        return transition(to: .closing(code: GOING_AWAY, reason: "ping timeout"), emit: .sendClose(code: GOING_AWAY, reason: "ping timeout"))
                    } else {
                        return transition(to: .`open`(userId: userId, missedPongs: missedPongs + 1, messagesIn: messagesIn, bytesIn: bytesIn), emit: .sendPing)
                    }
                }
                on(.transportClosed) { transition(to: .closed(code: ABNORMAL)) }
            }
            state(.closing) {
                on(.close) { state in
                    guard case let .closing(code, _) = state else { preconditionFailure() }
                    return transition(to: .closed(code: code), emit: .closeTransport)
                }
                on(.transportClosed) { state in
                    guard case let .closing(code, _) = state else { preconditionFailure() }
                    return transition(to: .closed(code: code))
                }
            }
            state(.closed) {
                onEnter { state, _ in
                    guard case let .closed(code) = state else { preconditionFailure() }
                    context.metrics.increment("ws.closed", ["code": String(describing: code), "session": context.sessionId])
                }
            }
            onTransition { result in
                if case .success(let valid) = result {
                    let sideEffect = valid.sideEffect
                    switch sideEffect {
                    case let .sendText(body):
                        context.sink.sendText(body)
                    case .sendPing:
                        context.sink.sendPing()
                    case .sendPong:
                        context.sink.sendPong()
                    case let .sendClose(code, reason):
                        context.sink.sendClose(code, reason)
                    case let .deliver(userId, body):
                        context.router.deliver(userId, body)
                    case .closeTransport:
                        context.sink.closeTransport()
                    case nil:
                        break
                    }
                } else if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                    context.metrics.increment("ws.unexpected_event", ["event": invalid.event.simpleName])
                }
            }
        }
    }
}
