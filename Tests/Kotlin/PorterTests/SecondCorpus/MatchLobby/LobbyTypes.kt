package com.example.lobby

import java.time.Duration
import java.util.UUID

enum class QueueType {
    RANKED,
    CASUAL,
    CUSTOM,
}

sealed class LobbyState {
    object Closed : LobbyState()
    data class Searching(val queue: QueueType, val waited: Duration = Duration.ZERO, val widened: Boolean = false) :
        LobbyState()
    data class Forming(val lobbyId: UUID, val players: Int) : LobbyState()
    data class Countdown(val lobbyId: UUID, val remaining: Duration) : LobbyState()
    data class InMatch(val lobbyId: UUID, val matchId: UUID) : LobbyState()
}

sealed class LobbyEvent {
    data class MatchFound(val lobbyId: UUID) : LobbyEvent()
    data class PlayerJoined(val id: UUID, val name: String, val self: Boolean = false) : LobbyEvent()
    data class PlayerLeft(val id: UUID) : LobbyEvent()
    data class PlayerReady(val id: UUID) : LobbyEvent()
    data class Tick(val elapsed: Duration) : LobbyEvent()
    data class ServerAllocated(val matchId: UUID) : LobbyEvent()
    object Cancel : LobbyEvent()
}

sealed class LobbySideEffect {
    data class WidenSearch(val queue: QueueType) : LobbySideEffect()
    data class Announce(val text: String) : LobbySideEffect()
    data class StartCountdown(val lobbyId: UUID, val seconds: Long) : LobbySideEffect()
    data class AllocateServer(val lobbyId: UUID, val players: List<UUID>) : LobbySideEffect()
    data class StartMatch(val matchId: UUID, val players: List<UUID>) : LobbySideEffect()
    object LeaveQueue : LobbySideEffect()
}

interface Matchmaker {
    fun enqueue(queue: QueueType)
    fun widen(queue: QueueType)
    fun leave()
    fun allocateServer(lobbyId: UUID, players: List<UUID>)
}

interface LobbyBroadcaster {
    fun announce(text: String)
    fun countdown(lobbyId: UUID, seconds: Long)
    fun startMatch(matchId: UUID, players: List<UUID>)
}

fun interface LobbyIds {
    fun next(): UUID
}
