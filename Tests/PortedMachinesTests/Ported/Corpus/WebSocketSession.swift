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
    }

    enum SessionSideEffect: Codable, Equatable {
        case sendText(body: String)
        case sendPing
        case sendPong
        case sendClose(code: Int, reason: String)
        case deliver(userId: String, body: String)
        case closeTransport
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
        var maxFrameBytes: Int64 { get }
        var maxMissedPongs: Int { get }
        var metrics: any Metrics { get }
        var sink: any FrameSink { get }
        var router: any MessageRouter { get }
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
                on(.text) {
                    // port: not ported, Kotlin line 33: the operator ?: in `authenticator.userIdFor(token)?.let { userId -> …`
                    // val token = it.body.removePrefix(AUTH_PREFIX)
                    // if (!it.body.startsWith(AUTH_PREFIX)) {
                    //     transitionTo(SessionState.Closing(POLICY_VIOLATION, "expected $AUTH_PREFIX<token>"), SessionSideEffect.SendClose(POLICY_VIOLATION, "unauthenticated"))
                    // } else {
                    //     authenticator.userIdFor(token)?.let { userId ->
                    //         transitionTo(SessionState.Open(userId), SessionSideEffect.SendText("welcome $userId"))
                    //     } ?: transitionTo(SessionState.Closing(POLICY_VIOLATION, "bad token"), SessionSideEffect.SendClose(POLICY_VIOLATION, "bad token"))
                    // }
                    fatalError("port: WebSocketSession.kt:33: the operator ?: in `authenticator.userIdFor(token)?.let { userId -> …` is not ported")
                }
                on(.text) { dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first")) }
                on(.binary) {
                    dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first"))
                }
                on(.ping) { dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first")) }
                on(.pong) { dontTransition(emit: .sendClose(code: POLICY_VIOLATION, reason: "authenticate first")) }
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
                onEnter { _, _ in
                    // port: not ported, Kotlin line 90: the operator to in `"code" to code.toString()`
                    // metrics.increment("ws.closed", mapOf("code" to code.toString(), "session" to sessionId))
                    fatalError("port: WebSocketSession.kt:90: the operator to in `\"code\" to code.toString()` is not ported")
                }
            }
            onTransition { _ in
                // port: not ported, Kotlin line 106: the operator to in `"event" to it.event.javaClass.simpleName`
                // if (it is StateMachine.Transition.Valid) {
                //     when (val sideEffect = it.sideEffect) {
                //         is SessionSideEffect.SendText -> sink.sendText(sideEffect.body)
                //         SessionSideEffect.SendPing -> sink.sendPing()
                //         SessionSideEffect.SendPong -> sink.sendPong()
                //         is SessionSideEffect.SendClose -> sink.sendClose(sideEffect.code, sideEffect.reason)
                //         is SessionSideEffect.Deliver -> router.deliver(sideEffect.userId, sideEffect.body)
                //         SessionSideEffect.CloseTransport -> sink.closeTransport()
                //         null -> Unit
                //     }
                // } else {
                //     metrics.increment("ws.unexpected_event", mapOf("event" to it.event.javaClass.simpleName))
                // }
                fatalError("port: WebSocketSession.kt:106: the operator to in `\"event\" to it.event.javaClass.simpleName` is not ported")
            }
        }
    }
}
