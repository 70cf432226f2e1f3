// Ported from StateMachine.kt by scripts/port-kotlin. Change the Kotlin machine and port it again
// rather than editing this file.

import StateMachine

enum CorpusChatConnection: StateMachineBuilder {

    static let TAG = "ChatConnection"
    static let NORMAL_CLOSURE = 1000

    typealias State = ConnectionState
    typealias Event = ConnectionEvent
    typealias SideEffect = ConnectionSideEffect

    enum ConnectionState: StateMachineHashable, Codable, Equatable {
        case disconnected
        case connecting(attempt: Int)
        case connected(sessionId: String, unacked: Int)
        case waitingToReconnect(attempt: Int, delayMillis: Int64)
        case gaveUp(attempts: Int)

        enum HashableIdentifier: String { case disconnected, connecting, connected, waitingToReconnect, gaveUp }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .disconnected: "Disconnected"
            case let .connecting(attempt): "Connecting(attempt=\(attempt))"
            case let .connected(sessionId, unacked): "Connected(sessionId=\(sessionId), unacked=\(unacked))"
            case let .waitingToReconnect(attempt, delayMillis): "WaitingToReconnect(attempt=\(attempt), delayMillis=\(delayMillis))"
            case let .gaveUp(attempts): "GaveUp(attempts=\(attempts))"
            }
        }
    }

    enum ConnectionEvent: StateMachineHashable, Codable, Equatable {
        case connect
        case opened(sessionId: String)
        case messageSent(id: Int64)
        case acked(count: Int)
        case closed(code: Int, reason: String)
        case reconnectTimerFired
        case disconnect
        case timeoutConnect
        case read
        case ping

        enum HashableIdentifier: String { case connect, opened, messageSent, acked, closed, reconnectTimerFired, disconnect, timeoutConnect, read, ping }

        /// The value's text as Kotlin's `toString()` writes it.
        var kotlinText: String {
            switch self {
            case .connect: "Connect"
            case let .opened(sessionId): "Opened(sessionId=\(sessionId))"
            case let .messageSent(id): "MessageSent(id=\(id))"
            case let .acked(count): "Acked(count=\(count))"
            case let .closed(code, reason): "Closed(code=\(code), reason=\(reason))"
            case .reconnectTimerFired: "ReconnectTimerFired"
            case .disconnect: "Disconnect"
            case .timeoutConnect: "Connect"
            case .read: "Read"
            case .ping: "Ping"
            }
        }

        /// The name of this value's Kotlin class, as `value::class.simpleName` gives it.
        var simpleName: String {
            switch self {
            case .connect: "Connect"
            case .opened: "Opened"
            case .messageSent: "MessageSent"
            case .acked: "Acked"
            case .closed: "Closed"
            case .reconnectTimerFired: "ReconnectTimerFired"
            case .disconnect: "Disconnect"
            case .timeoutConnect: "Connect"
            case .read: "Read"
            case .ping: "Ping"
            }
        }
    }

    enum ConnectionSideEffect: Codable, Equatable {
        case openSocket
        case closeSocket(code: Int)
        case scheduleReconnect(delayMillis: Int64)
        case flushOutbox
        case sendPing
        case showOffline
    }

    protocol Logger {
        func d(_ tag: String, _ message: String)
        func w(_ tag: String, _ message: String)
    }

    protocol ChatSocket {
        func `open`()
        func close(_ code: Int)
        func ping()
        func flush()
    }

    protocol Scheduler {
        func schedule(_ delayMillis: Int64, _ action: @escaping () -> Void)
    }

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var maxAttempts: Int { get }
        var maxDelayMillis: Int64 { get }
        var baseDelayMillis: Int64 { get }
        var logger: any Logger { get }
        var socket: any ChatSocket { get }
        var scheduler: any Scheduler { get }
    }

    /// Kotlin's `ChatConnectionManager.reconnectAfter`, ported: it reads the class's properties on `context`.
    private static func reconnectAfter(_ context: some Collaborators, _ attempt: Int) -> (ConnectionState, ConnectionSideEffect) {
        if attempt >= context.maxAttempts {
            return (ConnectionState.gaveUp(attempts: attempt), ConnectionSideEffect.showOffline)
        } else {
            let delay = backoffDelay(context, attempt)
            return (ConnectionState.waitingToReconnect(attempt: attempt, delayMillis: delay), ConnectionSideEffect.scheduleReconnect(delayMillis: delay))
        }
    }

    /// Kotlin's `ChatConnectionManager.backoffDelay`, ported: it reads the class's properties on `context`.
    private static func backoffDelay(_ context: some Collaborators, _ attempt: Int) -> Int64 {
        min(context.maxDelayMillis, context.baseDelayMillis * (1 << min(attempt, 16)))
    }

    static func definition(_ context: some Collaborators) -> StateMachine<State, Event, SideEffect>.Definition {
        StateMachine<State, Event, SideEffect>.Definition {
            initialState(.disconnected)
            state(.disconnected) {
                on(.connect) { transition(to: .connecting(attempt: 1), emit: .openSocket) }
            }
            state(.connecting) {
                on(.opened) { _, event in
                    guard case let .opened(sessionId) = event else { preconditionFailure() }
                    return transition(to: .connected(sessionId: sessionId, unacked: 0), emit: .flushOutbox)
                }
                on(.timeoutConnect) { state in
                    guard case let .connecting(attempt) = state else { preconditionFailure() }
                    let (next, sideEffect) = reconnectAfter(context, attempt)
                    return transition(to: next, emit: sideEffect)
                }
                on(.read) { state in
                    guard case let .connecting(attempt) = state else { preconditionFailure() }
                    let (next, sideEffect) = reconnectAfter(context, attempt)
                    return transition(to: next, emit: sideEffect)
                }
                on(.ping) { state in
                    guard case let .connecting(attempt) = state else { preconditionFailure() }
                    let (next, sideEffect) = reconnectAfter(context, attempt)
                    return transition(to: next, emit: sideEffect)
                }
                on(.closed) { state in
                    guard case let .connecting(attempt) = state else { preconditionFailure() }
                    let (next, sideEffect) = reconnectAfter(context, attempt)
                    return transition(to: next, emit: sideEffect)
                }
                on(.disconnect) { transition(to: .disconnected, emit: .closeSocket(code: NORMAL_CLOSURE)) }
            }
            state(.connected) {
                onEnter { state, _ in
                    guard case let .connected(sessionId, _) = state else { preconditionFailure() }
                    context.logger.d(TAG, "connected as \(sessionId)")
                }
                onExit { state, cause in
                    guard case let .connected(sessionId, _) = state else { preconditionFailure() }
                    context.logger.d(TAG, "leaving session \(sessionId) because of \(cause.simpleName)")
                }
                on(.messageSent) { state in
                    guard case let .connected(sessionId, unacked) = state else { preconditionFailure() }
                    return transition(to: .connected(sessionId: sessionId, unacked: unacked + 1))
                }
                on(.acked) { state, event in
                    guard case let .connected(sessionId, unacked) = state else { preconditionFailure() }
                    guard case let .acked(count) = event else { preconditionFailure() }
                    return transition(to: .connected(sessionId: sessionId, unacked: max(0, unacked - count)))
                }
                on(.timeoutConnect) { _, event in
                    switch event {
                    case .ping:
                        return dontTransition(emit: .sendPing)
                    default:
                        let (next, sideEffect) = reconnectAfter(context, 0)
                        return transition(to: next, emit: sideEffect)
                    }
                }
                on(.read) { _, event in
                    switch event {
                    case .ping:
                        return dontTransition(emit: .sendPing)
                    default:
                        let (next, sideEffect) = reconnectAfter(context, 0)
                        return transition(to: next, emit: sideEffect)
                    }
                }
                on(.ping) { _, event in
                    switch event {
                    case .ping:
                        return dontTransition(emit: .sendPing)
                    default:
                        let (next, sideEffect) = reconnectAfter(context, 0)
                        return transition(to: next, emit: sideEffect)
                    }
                }
                on(.closed) { _, event in
                    guard case let .closed(code, _) = event else { preconditionFailure() }
                    if code == NORMAL_CLOSURE {
                        return transition(to: .disconnected)
                    } else {
                        let (next, sideEffect) = reconnectAfter(context, 0)
                        return transition(to: next, emit: sideEffect)
                    }
                }
                on(.disconnect) { transition(to: .disconnected, emit: .closeSocket(code: NORMAL_CLOSURE)) }
            }
            state(.waitingToReconnect) {
                on(.reconnectTimerFired) { state in
                    guard case let .waitingToReconnect(attempt, _) = state else { preconditionFailure() }
                    return transition(to: .connecting(attempt: attempt + 1), emit: .openSocket)
                }
                on(.connect) { state in
                    guard case let .waitingToReconnect(attempt, _) = state else { preconditionFailure() }
                    return transition(to: .connecting(attempt: attempt + 1), emit: .openSocket)
                }
                on(.disconnect) { transition(to: .disconnected) }
            }
            state(.gaveUp) {
                on(.connect) { transition(to: .connecting(attempt: 1), emit: .openSocket) }
            }
            onTransition { result in
                guard case .success(let validTransition) = result else {
                    if case .failure(let invalid as StateMachine<State, Event, SideEffect>.Transition.Invalid) = result {
                        context.logger.w(TAG, "invalid: \(invalid.event.kotlinText) in \(invalid.fromState.kotlinText)")
                    }
                    return
                }
                let sideEffect = validTransition.sideEffect
                switch sideEffect {
                case .openSocket:
                    context.socket.`open`()
                case let .closeSocket(code):
                    context.socket.close(code)
                case let .scheduleReconnect(delayMillis):
                    context.scheduler.schedule(delayMillis) {
                        context.logger.d(TAG, "reconnect timer fired after \(delayMillis) ms")
                    }
                case .flushOutbox:
                    context.socket.flush()
                case .sendPing:
                    context.socket.ping()
                case .showOffline:
                    context.logger.w(TAG, "offline")
                case nil:
                    break
                }
            }
        }
    }
}
