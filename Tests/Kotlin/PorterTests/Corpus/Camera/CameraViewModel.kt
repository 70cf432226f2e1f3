package com.example.camera

import com.tinder.StateMachine
import com.tinder.StateMachine.Matcher

class CameraViewModel(
    private val camera: CameraDevice,
    private val storage: MediaStorage,
    private val haptics: Haptics,
    private val logger: CameraLogger,
    private val maxVideoMillis: Long = 60_000L,
) {

    val stateMachine = StateMachine.create<CameraState, CameraEvent, CameraSideEffect> {
        initialState(CameraState.Closed)

        state<CameraState.Closed> {
            on<CameraEvent.Open> {
                transitionTo(CameraState.Opening(it.lens), CameraSideEffect.OpenCamera(it.lens))
            }
        }

        state<CameraState.Opening> {
            on<CameraEvent.Opened> {
                transitionTo(CameraState.Preview(lens))
            }
            on<CameraEvent.CameraError> {
                transitionTo(CameraState.Failed(it.code, describe(it.code)))
            }
        }

        state<CameraState.Preview> {
            on<CameraEvent.Zoom> {
                val zoom = (zoomPercent + it.deltaPercent).coerceIn(MIN_ZOOM, maxZoomFor(lens))
                if (zoom == zoomPercent) dontTransition() else transitionTo(copy(zoomPercent = zoom))
            }
            on<CameraEvent.ToggleFlash> {
                if (lens == FRONT) dontTransition() else transitionTo(copy(flash = !flash))
            }
            on<CameraEvent.SwitchLens> {
                val other = if (lens == BACK) FRONT else BACK
                transitionTo(CameraState.Opening(other), CameraSideEffect.OpenCamera(other))
            }
            on<CameraEvent.ShutterPressed> {
                transitionTo(CameraState.TakingPhoto(lens, zoomPercent, flash), CameraSideEffect.CapturePhoto(flash))
            }
            on<CameraEvent.StartRecording> {
                transitionTo(CameraState.Recording(lens, zoomPercent, it.fileName), CameraSideEffect.StartVideo(it.fileName))
            }
            on<CameraEvent.CameraError> {
                transitionTo(CameraState.Failed(it.code, describe(it.code)), CameraSideEffect.CloseCamera)
            }
            on<CameraEvent.Close> {
                transitionTo(CameraState.Closed, CameraSideEffect.CloseCamera)
            }
        }

        state<CameraState.TakingPhoto> {
            on<CameraEvent.PhotoCaptured> {
                transitionTo(CameraState.Saving(lens, it.fileName), CameraSideEffect.SaveMedia(it.fileName))
            }
            on<CameraEvent.CameraError> {
                transitionTo(CameraState.Preview(lens, zoomPercent, flash), CameraSideEffect.Vibrate)
            }
        }

        // The recording limit: whatever arrives once it is reached stops the video.
        state(Matcher.any<CameraState, CameraState.Recording>().where { elapsedMillis >= maxVideoMillis }) {
            on(any<CameraEvent>()) {
                transitionTo(CameraState.Saving(lens, fileName), CameraSideEffect.StopVideo)
            }
        }

        state<CameraState.Recording> {
            on<CameraEvent.Tick> {
                transitionTo(copy(elapsedMillis = minOf(maxVideoMillis, elapsedMillis + it.elapsedMillis)))
            }
            on<CameraEvent.StopRecording> {
                if (elapsedMillis < MIN_VIDEO_MILLIS) {
                    transitionTo(CameraState.Preview(lens, zoomPercent), CameraSideEffect.StopVideo)
                } else {
                    transitionTo(CameraState.Saving(lens, fileName), CameraSideEffect.StopVideo)
                }
            }
        }

        state<CameraState.Saving> {
            on<CameraEvent.Saved> {
                transitionTo(CameraState.Preview(lens), CameraSideEffect.Vibrate)
            }
        }

        state<CameraState.Failed> {
            on<CameraEvent.Open> {
                transitionTo(CameraState.Opening(it.lens), CameraSideEffect.OpenCamera(it.lens))
            }
        }

        onTransition {
            logger.d("camera: ${it.fromState} + ${it.event}")
        }

        onTransition {
            val sideEffect = (it as? StateMachine.Transition.Valid)?.sideEffect ?: return@onTransition
            when (sideEffect) {
                is CameraSideEffect.OpenCamera -> camera.open(sideEffect.lens)
                is CameraSideEffect.CapturePhoto -> camera.capture(sideEffect.flash)
                is CameraSideEffect.StartVideo -> camera.startVideo(sideEffect.fileName)
                CameraSideEffect.StopVideo -> camera.stopVideo()
                is CameraSideEffect.SaveMedia -> storage.save(sideEffect.fileName)
                CameraSideEffect.Vibrate -> haptics.vibrate()
                CameraSideEffect.CloseCamera -> camera.close()
            }
        }
    }

    private fun maxZoomFor(lens: String): Int = if (lens == BACK) 1_000 else 200

    private fun describe(code: Int): String = when (code) {
        1 -> "Camera in use"
        2 -> "Camera disabled by policy"
        3 -> "Camera device error"
        else -> "Unknown camera error $code"
    }

    companion object {
        const val BACK = "back"
        const val FRONT = "front"
        const val MIN_ZOOM = 100
        const val MIN_VIDEO_MILLIS = 1_000L
    }
}
