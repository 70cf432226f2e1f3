package com.example.player

data class Track(
    val id: String,
    val title: String,
    val durationMillis: Long,
    val artworkUrl: String? = null,
)

sealed class PlayerState {
    data object Idle : PlayerState()
    data class Preparing(val track: Track, val startAtMillis: Long = 0L) : PlayerState()
    data class Playing(val track: Track, val positionMillis: Long, val speed: Float = 1.0f) : PlayerState()
    data class Paused(val track: Track, val positionMillis: Long, val speed: Float) : PlayerState()
    data class Buffering(val track: Track, val positionMillis: Long, val speed: Float) : PlayerState()
    data class Ended(val track: Track) : PlayerState()
    data class Error(val track: Track?, val message: String) : PlayerState()
}
