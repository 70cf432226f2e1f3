package com.example.player

interface MediaEngine {
    fun prepare(track: Track)
    fun play(fromMillis: Long, speed: Float)
    fun pause()
    fun seekTo(positionMillis: Long)
    fun setSpeed(speed: Float)
    fun setVolume(volume: Double)
    fun release()
}

interface PlaybackAnalytics {
    fun track(event: String, trackId: String?, positionMillis: Long = 0L)
    fun error(cause: Throwable)
}
