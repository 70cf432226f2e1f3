package com.example.websocket

import com.tinder.StateMachine

class WebSocketSession(
    private val sessionId: String,
    private val sink: FrameSink,
    private val router: MessageRouter,
    private val authenticator: TokenAuthenticator,
    private val metrics: Metrics,
    private val maxMissedPongs: Int = 2,
    private val maxFrameBytes: Long = 1L shl 20,
) {

    val stateMachine = StateMachine.create<SessionState, SessionEvent, SessionSideEffect> {
        initialState(SessionState.Handshaking)

        state<SessionState.Handshaking> {
            on<SessionEvent.HandshakeCompleted> {
                transitionTo(SessionState.Authenticating(it.atMillis))
            }
            on<SessionEvent.TransportClosed> {
                transitionTo(SessionState.Closed(ABNORMAL))
            }
        }

        state<SessionState.Authenticating> {
            on<SessionEvent.Frame.Text> {
                val token = it.body.removePrefix(AUTH_PREFIX)
                if (!it.body.startsWith(AUTH_PREFIX)) {
                    transitionTo(SessionState.Closing(POLICY_VIOLATION, "expected $AUTH_PREFIX<token>"), SessionSideEffect.SendClose(POLICY_VIOLATION, "unauthenticated"))
                } else {
                    authenticator.userIdFor(token)?.let { userId ->
                        transitionTo(SessionState.Open(userId), SessionSideEffect.SendText("welcome $userId"))
                    } ?: transitionTo(SessionState.Closing(POLICY_VIOLATION, "bad token"), SessionSideEffect.SendClose(POLICY_VIOLATION, "bad token"))
                }
            }
            on<SessionEvent.Frame> {
                dontTransition(SessionSideEffect.SendClose(POLICY_VIOLATION, "authenticate first"))
            }
            on<SessionEvent.TransportClosed> {
                transitionTo(SessionState.Closed(ABNORMAL))
            }
        }

        state<SessionState.Open> {
            on<SessionEvent.Frame.Text> {
                transitionTo(
                    copy(messagesIn = messagesIn + 1, bytesIn = bytesIn + it.body.length),
                    SessionSideEffect.Deliver(userId, it.body),
                )
            }
            on(any<SessionEvent.Frame.Binary>().where { size > maxFrameBytes }) {
                transitionTo(SessionState.Closing(MESSAGE_TOO_BIG, "frame of ${it.size} bytes"), SessionSideEffect.SendClose(MESSAGE_TOO_BIG, "too big"))
            }
            on<SessionEvent.Frame.Binary> {
                transitionTo(copy(messagesIn = messagesIn + 1, bytesIn = bytesIn + it.size))
            }
            on<SessionEvent.Frame> {
                when (it) {
                    SessionEvent.Frame.Ping -> dontTransition(SessionSideEffect.SendPong)
                    SessionEvent.Frame.Pong -> transitionTo(copy(missedPongs = 0))
                    is SessionEvent.Frame.Close -> transitionTo(SessionState.Closing(it.code, it.reason), SessionSideEffect.SendClose(it.code, it.reason))
                    else -> dontTransition()
                }
            }
            on(SessionEvent.PingTimerFired) {
                if (missedPongs >= maxMissedPongs) {
                    transitionTo(SessionState.Closing(GOING_AWAY, "ping timeout"), SessionSideEffect.SendClose(GOING_AWAY, "ping timeout"))
                } else {
                    transitionTo(copy(missedPongs = missedPongs + 1), SessionSideEffect.SendPing)
                }
            }
            on<SessionEvent.TransportClosed> {
                transitionTo(SessionState.Closed(ABNORMAL))
            }
        }

        state<SessionState.Closing> {
            on<SessionEvent.Frame.Close> {
                transitionTo(SessionState.Closed(code), SessionSideEffect.CloseTransport)
            }
            on<SessionEvent.TransportClosed> {
                transitionTo(SessionState.Closed(code))
            }
        }

        state<SessionState.Closed> {
            onEnter {
                metrics.increment("ws.closed", mapOf("code" to code.toString(), "session" to sessionId))
            }
        }

        onTransition {
            if (it is StateMachine.Transition.Valid) {
                when (val sideEffect = it.sideEffect) {
                    is SessionSideEffect.SendText -> sink.sendText(sideEffect.body)
                    SessionSideEffect.SendPing -> sink.sendPing()
                    SessionSideEffect.SendPong -> sink.sendPong()
                    is SessionSideEffect.SendClose -> sink.sendClose(sideEffect.code, sideEffect.reason)
                    is SessionSideEffect.Deliver -> router.deliver(sideEffect.userId, sideEffect.body)
                    SessionSideEffect.CloseTransport -> sink.closeTransport()
                    null -> Unit
                }
            } else {
                metrics.increment("ws.unexpected_event", mapOf("event" to it.event.javaClass.simpleName))
            }
        }
    }

    companion object {
        const val AUTH_PREFIX = "AUTH "
        const val GOING_AWAY = 1001
        const val POLICY_VIOLATION = 1008
        const val MESSAGE_TOO_BIG = 1009
        const val ABNORMAL = 1006
    }
}
