package com.example.chat

import com.tinder.StateMachine

class ChatConnectionManager(
    private val socket: ChatSocket,
    private val scheduler: Scheduler,
    private val logger: Logger,
    private val maxAttempts: Int = 6,
    private val baseDelayMillis: Long = 500L,
    private val maxDelayMillis: Long = 30_000L,
) {

    internal val stateMachine = StateMachine.create<ConnectionState, ConnectionEvent, ConnectionSideEffect> {
        initialState(ConnectionState.Disconnected)

        state<ConnectionState.Disconnected> {
            on<ConnectionEvent.Connect> {
                transitionTo(ConnectionState.Connecting(attempt = 1), ConnectionSideEffect.OpenSocket)
            }
        }

        state<ConnectionState.Connecting> {
            on<ConnectionEvent.Opened> {
                transitionTo(ConnectionState.Connected(it.sessionId), ConnectionSideEffect.FlushOutbox)
            }
            on<ConnectionEvent.Timeout> {
                val (next, sideEffect) = reconnectAfter(attempt)
                transitionTo(next, sideEffect)
            }
            on<ConnectionEvent.Closed> {
                val (next, sideEffect) = reconnectAfter(attempt)
                transitionTo(next, sideEffect)
            }
            on<ConnectionEvent.Disconnect> {
                transitionTo(ConnectionState.Disconnected, ConnectionSideEffect.CloseSocket(NORMAL_CLOSURE))
            }
        }

        state<ConnectionState.Connected> {
            onEnter {
                logger.d(TAG, "connected as $sessionId")
            }
            onExit {
                logger.d(TAG, "leaving session $sessionId because of ${it::class.simpleName}")
            }
            on<ConnectionEvent.MessageSent> {
                transitionTo(copy(unacked = unacked + 1))
            }
            on<ConnectionEvent.Acked> {
                transitionTo(copy(unacked = maxOf(0, unacked - it.count)))
            }
            on<ConnectionEvent.Timeout> {
                when (it) {
                    ConnectionEvent.Timeout.Ping -> dontTransition(ConnectionSideEffect.SendPing)
                    else -> {
                        val (next, sideEffect) = reconnectAfter(attempt = 0)
                        transitionTo(next, sideEffect)
                    }
                }
            }
            on<ConnectionEvent.Closed> {
                if (it.code == NORMAL_CLOSURE) {
                    transitionTo(ConnectionState.Disconnected)
                } else {
                    val (next, sideEffect) = reconnectAfter(attempt = 0)
                    transitionTo(next, sideEffect)
                }
            }
            on<ConnectionEvent.Disconnect> {
                transitionTo(ConnectionState.Disconnected, ConnectionSideEffect.CloseSocket(NORMAL_CLOSURE))
            }
        }

        state<ConnectionState.WaitingToReconnect> {
            on<ConnectionEvent.ReconnectTimerFired> {
                transitionTo(ConnectionState.Connecting(attempt + 1), ConnectionSideEffect.OpenSocket)
            }
            on<ConnectionEvent.Connect> {
                transitionTo(ConnectionState.Connecting(attempt + 1), ConnectionSideEffect.OpenSocket)
            }
            on<ConnectionEvent.Disconnect> {
                transitionTo(ConnectionState.Disconnected)
            }
        }

        state<ConnectionState.GaveUp> {
            on<ConnectionEvent.Connect> {
                transitionTo(ConnectionState.Connecting(attempt = 1), ConnectionSideEffect.OpenSocket)
            }
        }

        onTransition {
            val validTransition = it as? StateMachine.Transition.Valid ?: run {
                logger.w(TAG, "invalid: ${it.event} in ${it.fromState}")
                return@onTransition
            }
            when (val sideEffect = validTransition.sideEffect) {
                ConnectionSideEffect.OpenSocket -> socket.open()
                is ConnectionSideEffect.CloseSocket -> socket.close(sideEffect.code)
                is ConnectionSideEffect.ScheduleReconnect -> scheduler.schedule(sideEffect.delayMillis) {
                    logger.d(TAG, "reconnect timer fired after ${sideEffect.delayMillis} ms")
                }
                ConnectionSideEffect.FlushOutbox -> socket.flush()
                ConnectionSideEffect.SendPing -> socket.ping()
                ConnectionSideEffect.ShowOffline -> logger.w(TAG, "offline")
                null -> Unit
            }
        }
    }

    private fun reconnectAfter(attempt: Int): Pair<ConnectionState, ConnectionSideEffect> =
        if (attempt >= maxAttempts) {
            ConnectionState.GaveUp(attempt) to ConnectionSideEffect.ShowOffline
        } else {
            val delay = backoffDelay(attempt)
            ConnectionState.WaitingToReconnect(attempt, delay) to ConnectionSideEffect.ScheduleReconnect(delay)
        }

    private fun backoffDelay(attempt: Int): Long = minOf(maxDelayMillis, baseDelayMillis * (1L shl minOf(attempt, 16)))

    fun connect() = stateMachine.transition(ConnectionEvent.Connect)

    companion object {
        private const val TAG = "ChatConnection"
        const val NORMAL_CLOSURE = 1000
    }
}
