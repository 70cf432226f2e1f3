package com.example.player

import com.tinder.StateMachine

class PlayerStateMachine(
    private val engine: MediaEngine,
    private val analytics: PlaybackAnalytics,
    private val minSpeed: Float = 0.5f,
    private val maxSpeed: Float = 2.0f,
) {

    val stateMachine = StateMachine.create<PlayerState, PlayerEvent, PlayerSideEffect> {
        initialState(PlayerState.Idle)

        state<PlayerState.Idle> {
            on<PlayerEvent.Load> {
                transitionTo(PlayerState.Preparing(it.track, it.resumeAtMillis ?: 0L), PlayerSideEffect.Prepare(it.track))
            }
        }

        state<PlayerState.Preparing> {
            on(PlayerEvent.Prepared) {
                transitionTo(
                    PlayerState.Playing(track, startAtMillis),
                    PlayerSideEffect.StartPlayback(startAtMillis, 1.0f),
                )
            }
            on<PlayerEvent.Failed> {
                transitionTo(PlayerState.Error(track, it.cause.message ?: "Could not prepare"), PlayerSideEffect.ReportError(it.cause))
            }
            on(PlayerEvent.Stop) {
                transitionTo(PlayerState.Idle, PlayerSideEffect.Release)
            }
        }

        state<PlayerState.Playing> {
            onEnter { analytics.track("play", track.id, positionMillis) }
            onExit { analytics.track("stop_playing", track.id, positionMillis) }
            on<PlayerEvent.Tick> {
                val position = positionMillis + (it.elapsedMillis * speed).toLong()
                if (position >= track.durationMillis) {
                    transitionTo(PlayerState.Ended(track), PlayerSideEffect.Release)
                } else {
                    transitionTo(copy(positionMillis = position))
                }
            }
            on(PlayerEvent.Pause) {
                transitionTo(PlayerState.Paused(track, positionMillis, speed), PlayerSideEffect.PausePlayback)
            }
            on<PlayerEvent.Seek> {
                val target = it.positionMillis.coerceIn(0L, track.durationMillis)
                transitionTo(copy(positionMillis = target), PlayerSideEffect.SeekTo(target))
            }
            on<PlayerEvent.SetSpeed> {
                val clamped = it.speed.coerceIn(minSpeed, maxSpeed)
                if (clamped == speed) dontTransition() else transitionTo(copy(speed = clamped), PlayerSideEffect.ApplySpeed(clamped))
            }
            on<PlayerEvent.SetVolume> {
                dontTransition(PlayerSideEffect.ApplyVolume(it.volume.coerceIn(0.0, 1.0)))
            }
            on(PlayerEvent.BufferingStarted) {
                transitionTo(PlayerState.Buffering(track, positionMillis, speed))
            }
            on<PlayerEvent.Failed> {
                transitionTo(PlayerState.Error(track, it.cause.message ?: it.cause.javaClass.simpleName), PlayerSideEffect.ReportError(it.cause))
            }
            on(PlayerEvent.Stop) {
                transitionTo(PlayerState.Idle, PlayerSideEffect.Release)
            }
        }

        state<PlayerState.Buffering> {
            on(PlayerEvent.BufferingEnded) {
                transitionTo(PlayerState.Playing(track, positionMillis, speed))
            }
            on(PlayerEvent.Pause) {
                transitionTo(PlayerState.Paused(track, positionMillis, speed), PlayerSideEffect.PausePlayback)
            }
            on(PlayerEvent.Stop) {
                transitionTo(PlayerState.Idle, PlayerSideEffect.Release)
            }
        }

        state<PlayerState.Paused> {
            on(PlayerEvent.Play) {
                transitionTo(PlayerState.Playing(track, positionMillis, speed), PlayerSideEffect.StartPlayback(positionMillis, speed))
            }
            on<PlayerEvent.Seek> {
                val target = it.positionMillis.coerceIn(0L, track.durationMillis)
                transitionTo(copy(positionMillis = target), PlayerSideEffect.SeekTo(target))
            }
            on(PlayerEvent.Stop) {
                transitionTo(PlayerState.Idle, PlayerSideEffect.Release)
            }
        }

        state<PlayerState.Ended> {
            on(PlayerEvent.Play) {
                transitionTo(PlayerState.Playing(track, 0L), PlayerSideEffect.StartPlayback(0L, 1.0f))
            }
            on<PlayerEvent.Load> {
                transitionTo(PlayerState.Preparing(it.track), PlayerSideEffect.Prepare(it.track))
            }
        }

        state<PlayerState.Error> {
            onEnter { analytics.track("error", track?.id) }
            on<PlayerEvent.Load> {
                transitionTo(PlayerState.Preparing(it.track), PlayerSideEffect.Prepare(it.track))
            }
            on(PlayerEvent.Play) {
                track?.let { transitionTo(PlayerState.Preparing(it), PlayerSideEffect.Prepare(it)) } ?: dontTransition()
            }
        }

        onTransition {
            val validTransition = it as? StateMachine.Transition.Valid ?: return@onTransition
            when (val sideEffect = validTransition.sideEffect) {
                is PlayerSideEffect.Prepare -> engine.prepare(sideEffect.track)
                is PlayerSideEffect.StartPlayback -> engine.play(sideEffect.fromMillis, sideEffect.speed)
                PlayerSideEffect.PausePlayback -> engine.pause()
                is PlayerSideEffect.SeekTo -> engine.seekTo(sideEffect.positionMillis)
                is PlayerSideEffect.ApplySpeed -> engine.setSpeed(sideEffect.speed)
                is PlayerSideEffect.ApplyVolume -> engine.setVolume(sideEffect.volume)
                is PlayerSideEffect.ReportError -> analytics.error(sideEffect.cause)
                PlayerSideEffect.Release -> engine.release()
                null -> {}
            }
        }
    }
}
