package com.example.game

interface Dealer {
    fun dealInitialCards()
    fun drawForDealer()
}

interface Leaderboard {
    fun submit(playerId: String, score: Long)
}

interface SoundPlayer {
    fun play(name: String)
}
