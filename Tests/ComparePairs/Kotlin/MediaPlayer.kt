package com.example.pairs.player

import com.tinder.StateMachine

/** A media player, as the Android team writes it. */
sealed class PlayerState {
    object Idle : PlayerState()
    data class Playing(val track: String, val position: Int) : PlayerState()
    data class Paused(val track: String, val position: Int) : PlayerState()
}

sealed class PlayerEvent {
    data class Play(val track: String) : PlayerEvent()
    object Pause : PlayerEvent()
    object Resume : PlayerEvent()
    data class Seek(val position: Int) : PlayerEvent()
    object Stop : PlayerEvent()
}

sealed class PlayerEffect {
    data class StartPlayback(val track: String) : PlayerEffect()
    object PausePlayback : PlayerEffect()
    object ResumePlayback : PlayerEffect()
    data class MoveTo(val position: Int) : PlayerEffect()
    object StopPlayback : PlayerEffect()
}

class MediaPlayerMachine {
    val machine = StateMachine.create<PlayerState, PlayerEvent, PlayerEffect> {
        initialState(PlayerState.Idle)
        state<PlayerState.Idle> {
            on<PlayerEvent.Play> { transitionTo(PlayerState.Playing(it.track, 0), PlayerEffect.StartPlayback(it.track)) }
        }
        state<PlayerState.Playing> {
            on<PlayerEvent.Pause> { transitionTo(PlayerState.Paused(track, position), PlayerEffect.PausePlayback) }
            on(any<PlayerEvent.Seek>().where { position >= 0 }) {
                transitionTo(PlayerState.Playing(track, it.position), PlayerEffect.MoveTo(it.position))
            }
            on<PlayerEvent.Play> { transitionTo(PlayerState.Playing(it.track, 0), PlayerEffect.StartPlayback(it.track)) }
            on<PlayerEvent.Stop> { transitionTo(PlayerState.Idle, PlayerEffect.StopPlayback) }
        }
        state<PlayerState.Paused> {
            on<PlayerEvent.Resume> { transitionTo(PlayerState.Playing(track, position), PlayerEffect.ResumePlayback) }
            on(any<PlayerEvent.Seek>().where { position >= 0 }) {
                transitionTo(PlayerState.Paused(track, it.position))
            }
            on<PlayerEvent.Stop> { transitionTo(PlayerState.Idle, PlayerEffect.StopPlayback) }
        }
    }
}
