package com.example.lobby

import com.tinder.StateMachine
import java.time.Duration

/** One player's lobby on the game server: matchmaking, the ready check and the countdown. */
class LobbyService(
    private val queueType: QueueType,
    private val matchmaker: Matchmaker,
    private val broadcaster: LobbyBroadcaster,
    private val ids: LobbyIds,
    private val roster: Roster = Roster(capacity = DEFAULT_CAPACITY),
) {
    val stateMachine = StateMachine.create<LobbyState, LobbyEvent, LobbySideEffect> {
        when (queueType) {
            QueueType.RANKED -> initialState(LobbyState.Searching(QueueType.RANKED))
            QueueType.CASUAL -> initialState(LobbyState.Searching(QueueType.CASUAL, widened = true))
            QueueType.CUSTOM -> initialState(LobbyState.Forming(ids.next(), players = 0))
        }

        state<LobbyState.Searching> {
            on<LobbyEvent.Tick> {
                val waited = waited + it.elapsed
                if (!widened && waited >= MAX_NARROW_WAIT) {
                    transitionTo(copy(waited = waited, widened = true), LobbySideEffect.WidenSearch(queue))
                } else {
                    transitionTo(copy(waited = waited))
                }
            }
            on<LobbyEvent.MatchFound> {
                roster.clear()
                transitionTo(LobbyState.Forming(it.lobbyId, players = 0), LobbySideEffect.Announce("Match found"))
            }
            on<LobbyEvent.Cancel> {
                transitionTo(LobbyState.Closed, LobbySideEffect.LeaveQueue)
            }
        }

        state<LobbyState.Forming> {
            on<LobbyEvent.PlayerJoined> {
                if (roster.add(Player(it.id, it.name, it.self))) {
                    val greeting = if (it.self) "You joined" else "${it.name} joined"
                    transitionTo(copy(players = roster.size), LobbySideEffect.Announce(greeting))
                } else {
                    dontTransition(LobbySideEffect.Announce("Lobby is full"))
                }
            }
            on<LobbyEvent.PlayerReady> {
                roster.markReady(it.id)
                if (roster.allReady(MIN_PLAYERS)) {
                    transitionTo(
                        LobbyState.Countdown(lobbyId, COUNTDOWN),
                        LobbySideEffect.StartCountdown(lobbyId, COUNTDOWN.seconds),
                    )
                } else {
                    dontTransition()
                }
            }
            on<LobbyEvent.PlayerLeft> {
                val left = roster.remove(it.id) ?: return@on dontTransition()
                if (roster.size == 0 && queueType != QueueType.CUSTOM) {
                    transitionTo(LobbyState.Searching(queueType), LobbySideEffect.Announce("${left.name} left"))
                } else {
                    transitionTo(copy(players = roster.size), LobbySideEffect.Announce("${left.name} left"))
                }
            }
            on<LobbyEvent.Cancel> {
                roster.clear()
                transitionTo(LobbyState.Closed, LobbySideEffect.LeaveQueue)
            }
        }

        state<LobbyState.Countdown> {
            on<LobbyEvent.Tick> {
                val remaining = remaining - it.elapsed
                if (remaining.isNegative || remaining.isZero) {
                    transitionTo(
                        copy(remaining = Duration.ZERO),
                        LobbySideEffect.AllocateServer(lobbyId, roster.ids()),
                    )
                } else {
                    transitionTo(copy(remaining = remaining))
                }
            }
            on<LobbyEvent.PlayerLeft> {
                val left = roster.remove(it.id) ?: return@on dontTransition()
                transitionTo(LobbyState.Forming(lobbyId, roster.size), LobbySideEffect.Announce("${left.name} left, countdown stopped"))
            }
            on<LobbyEvent.ServerAllocated> {
                transitionTo(LobbyState.InMatch(lobbyId, it.matchId), LobbySideEffect.StartMatch(it.matchId, roster.ids()))
            }
        }

        state<LobbyState.InMatch> {
            on<LobbyEvent.Cancel> {
                dontTransition(LobbySideEffect.Announce("The match has started"))
            }
        }

        onTransition {
            val validTransition = it as? StateMachine.Transition.Valid ?: return@onTransition
            if (validTransition.toState is LobbyState.Searching && validTransition.fromState !is LobbyState.Searching) {
                matchmaker.enqueue(queueType)
            }
            when (val sideEffect = validTransition.sideEffect) {
                is LobbySideEffect.WidenSearch -> matchmaker.widen(sideEffect.queue)
                is LobbySideEffect.Announce -> broadcaster.announce(sideEffect.text)
                is LobbySideEffect.StartCountdown -> broadcaster.countdown(sideEffect.lobbyId, sideEffect.seconds)
                is LobbySideEffect.AllocateServer -> matchmaker.allocateServer(sideEffect.lobbyId, sideEffect.players)
                is LobbySideEffect.StartMatch -> broadcaster.startMatch(sideEffect.matchId, sideEffect.players)
                LobbySideEffect.LeaveQueue -> matchmaker.leave()
                null -> Unit
            }
        }
    }

    val state: LobbyState
        get() = stateMachine.state

    fun onEvent(event: LobbyEvent) {
        stateMachine.transition(event)
    }

    companion object {
        const val DEFAULT_CAPACITY = 4
        const val MIN_PLAYERS = 2
        val COUNTDOWN: Duration = Duration.ofSeconds(10)
        val MAX_NARROW_WAIT: Duration = Duration.ofMinutes(2)

        fun ranked(matchmaker: Matchmaker, broadcaster: LobbyBroadcaster, ids: LobbyIds): LobbyService =
            LobbyService(QueueType.RANKED, matchmaker, broadcaster, ids, Roster(capacity = 2))
    }
}
