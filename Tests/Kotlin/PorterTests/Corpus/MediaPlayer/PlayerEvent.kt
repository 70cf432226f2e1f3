package com.example.player

sealed class PlayerEvent {
    data class Load(val track: Track, val resumeAtMillis: Long? = null) : PlayerEvent()
    data object Prepared : PlayerEvent()
    data object Play : PlayerEvent()
    data object Pause : PlayerEvent()
    data class Seek(val positionMillis: Long) : PlayerEvent()
    data class SetSpeed(val speed: Float) : PlayerEvent()
    data class SetVolume(val volume: Double) : PlayerEvent()
    data class Tick(val elapsedMillis: Long) : PlayerEvent()
    data object BufferingStarted : PlayerEvent()
    data object BufferingEnded : PlayerEvent()
    data class Failed(val cause: Throwable) : PlayerEvent()
    data object Stop : PlayerEvent()
}

sealed class PlayerSideEffect {
    data class Prepare(val track: Track) : PlayerSideEffect()
    data class StartPlayback(val fromMillis: Long, val speed: Float) : PlayerSideEffect()
    data object PausePlayback : PlayerSideEffect()
    data class SeekTo(val positionMillis: Long) : PlayerSideEffect()
    data class ApplySpeed(val speed: Float) : PlayerSideEffect()
    data class ApplyVolume(val volume: Double) : PlayerSideEffect()
    data class ReportError(val cause: Throwable) : PlayerSideEffect()
    data object Release : PlayerSideEffect()
}
