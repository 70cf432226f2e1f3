package com.example.lobby

import java.util.UUID

data class Player(val id: UUID, val name: String, val self: Boolean = false, val ready: Boolean = false)

/** The players of one lobby, in the order they joined. */
class Roster(val capacity: Int) {
    private val players = mutableListOf<Player>()

    val size: Int
        get() = players.size

    val isFull: Boolean
        get() = players.size >= capacity

    fun add(player: Player): Boolean {
        if (isFull || players.any { it.id == player.id }) return false
        players += player
        return true
    }

    fun remove(id: UUID): Player? {
        val index = players.indexOfFirst { it.id == id }
        return if (index >= 0) players.removeAt(index) else null
    }

    fun markReady(id: UUID): Boolean {
        val index = players.indexOfFirst { it.id == id }
        if (index < 0) return false
        players[index] = players[index].copy(ready = true)
        return true
    }

    fun allReady(minimum: Int): Boolean = players.size >= minimum && players.all { it.ready }

    fun ids(): List<UUID> = players.map { it.id }

    fun clear() {
        players.clear()
    }
}
