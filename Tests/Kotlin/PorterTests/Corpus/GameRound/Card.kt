package com.example.game

enum class Suit { HEARTS, DIAMONDS, CLUBS, SPADES }

data class Card(val rank: Int, val suit: Suit) {
    val value: Int
        get() = when (rank) {
            1 -> 11
            in 11..13 -> 10
            else -> rank
        }
}

enum class Outcome { PLAYER_WINS, DEALER_WINS, PUSH, BLACKJACK }

fun List<Card>.total(): Int {
    var sum = sumOf { it.value }
    var aces = count { it.rank == 1 }
    while (sum > 21 && aces > 0) {
        sum -= 10
        aces--
    }
    return sum
}
