package com.example.tally

/** Counts the tickets a gate lets through, and remembers the last few. */
class Tally(val limit: Int, private val keep: Int = 3) {
    private val recent = mutableListOf<String>()

    var admitted = 0
        private set

    val full: Boolean
        get() = admitted >= limit

    init {
        require(limit > 0) { "a gate lets someone through" }
    }

    fun admit(ticket: String): Boolean {
        if (full || ticket in recent) return false
        admitted++
        recent += ticket
        if (recent.size > keep) recent.removeAt(0)
        return true
    }

    fun last(): String? = recent.lastOrNull()

    fun reset() {
        admitted = 0
        recent.clear()
    }

    fun report(): String = recent.joinToString(separator = "; ") { it.uppercase() }
}
