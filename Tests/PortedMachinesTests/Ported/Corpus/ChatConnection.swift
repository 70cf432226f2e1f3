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

    /// What the Kotlin handlers use from the class that builds the machine (constructor parameters,
    /// properties, member functions): conform the Swift type that owns the machine to it.
    protocol Collaborators {
        var logger: any Logger { get }
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
                on(.timeoutConnect) {
                    // port: not ported, Kotlin line 28: the expression `val (next, sideEffect) = reconnectAfter(attempt)`
                    // val (next, sideEffect) = reconnectAfter(attempt)
                    // transitionTo(next, sideEffect)
                    fatalError("port: StateMachine.kt:28: the expression `val (next, sideEffect) = reconnectAfter(attempt)` is not ported")
                }
                on(.read) {
                    // port: not ported, Kotlin line 28: the expression `val (next, sideEffect) = reconnectAfter(attempt)`
                    // val (next, sideEffect) = reconnectAfter(attempt)
                    // transitionTo(next, sideEffect)
                    fatalError("port: StateMachine.kt:28: the expression `val (next, sideEffect) = reconnectAfter(attempt)` is not ported")
                }
                on(.ping) {
                    // port: not ported, Kotlin line 28: the expression `val (next, sideEffect) = reconnectAfter(attempt)`
                    // val (next, sideEffect) = reconnectAfter(attempt)
                    // transitionTo(next, sideEffect)
                    fatalError("port: StateMachine.kt:28: the expression `val (next, sideEffect) = reconnectAfter(attempt)` is not ported")
                }
                on(.closed) {
                    // port: not ported, Kotlin line 32: the expression `val (next, sideEffect) = reconnectAfter(attempt)`
                    // val (next, sideEffect) = reconnectAfter(attempt)
                    // transitionTo(next, sideEffect)
                    fatalError("port: StateMachine.kt:32: the expression `val (next, sideEffect) = reconnectAfter(attempt)` is not ported")
                }
                on(.disconnect) { transition(to: .disconnected, emit: .closeSocket(code: NORMAL_CLOSURE)) }
            }
            state(.connected) {
                onEnter { state, _ in
                    guard case let .connected(sessionId, _) = state else { preconditionFailure() }
                    context.logger.d(TAG, "connected as \(sessionId)")
                }
                onExit { _, _ in
                    // port: not ported, Kotlin line 45: the expression `it::class`
                    // logger.d(TAG, "leaving session $sessionId because of ${it::class.simpleName}")
                    fatalError("port: StateMachine.kt:45: the expression `it::class` is not ported")
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
                on(.timeoutConnect) {
                    // port: not ported, Kotlin line 57: the expression `val (next, sideEffect) = reconnectAfter(attempt = 0)`
                    // when (it) {
                    //     ConnectionEvent.Timeout.Ping -> dontTransition(ConnectionSideEffect.SendPing)
                    //     else -> {
                    //         val (next, sideEffect) = reconnectAfter(attempt = 0)
                    //         transitionTo(next, sideEffect)
                    //     }
                    // }
                    fatalError("port: StateMachine.kt:57: the expression `val (next, sideEffect) = reconnectAfter(attempt = 0)` is not ported")
                }
                on(.read) {
                    // port: not ported, Kotlin line 57: the expression `val (next, sideEffect) = reconnectAfter(attempt = 0)`
                    // when (it) {
                    //     ConnectionEvent.Timeout.Ping -> dontTransition(ConnectionSideEffect.SendPing)
                    //     else -> {
                    //         val (next, sideEffect) = reconnectAfter(attempt = 0)
                    //         transitionTo(next, sideEffect)
                    //     }
                    // }
                    fatalError("port: StateMachine.kt:57: the expression `val (next, sideEffect) = reconnectAfter(attempt = 0)` is not ported")
                }
                on(.ping) {
                    // port: not ported, Kotlin line 57: the expression `val (next, sideEffect) = reconnectAfter(attempt = 0)`
                    // when (it) {
                    //     ConnectionEvent.Timeout.Ping -> dontTransition(ConnectionSideEffect.SendPing)
                    //     else -> {
                    //         val (next, sideEffect) = reconnectAfter(attempt = 0)
                    //         transitionTo(next, sideEffect)
                    //     }
                    // }
                    fatalError("port: StateMachine.kt:57: the expression `val (next, sideEffect) = reconnectAfter(attempt = 0)` is not ported")
                }
                on(.closed) {
                    // port: not ported, Kotlin line 66: the expression `val (next, sideEffect) = reconnectAfter(attempt = 0)`
                    // if (it.code == NORMAL_CLOSURE) {
                    //     transitionTo(ConnectionState.Disconnected)
                    // } else {
                    //     val (next, sideEffect) = reconnectAfter(attempt = 0)
                    //     transitionTo(next, sideEffect)
                    // }
                    fatalError("port: StateMachine.kt:66: the expression `val (next, sideEffect) = reconnectAfter(attempt = 0)` is not ported")
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
            onTransition { _ in
                // port: not ported, Kotlin line 95: the property `it.event`
                // val validTransition = it as? StateMachine.Transition.Valid ?: run {
                //     logger.w(TAG, "invalid: ${it.event} in ${it.fromState}")
                //     return@onTransition
                // }
                // when (val sideEffect = validTransition.sideEffect) {
                //     ConnectionSideEffect.OpenSocket -> socket.open()
                //     is ConnectionSideEffect.CloseSocket -> socket.close(sideEffect.code)
                //     is ConnectionSideEffect.ScheduleReconnect -> scheduler.schedule(sideEffect.delayMillis) {
                //         logger.d(TAG, "reconnect timer fired after ${sideEffect.delayMillis} ms")
                //     }
                //     ConnectionSideEffect.FlushOutbox -> socket.flush()
                //     ConnectionSideEffect.SendPing -> socket.ping()
                //     ConnectionSideEffect.ShowOffline -> logger.w(TAG, "offline")
                //     null -> Unit
                // }
                fatalError("port: StateMachine.kt:95: the property `it.event` is not ported")
            }
        }
    }
}
