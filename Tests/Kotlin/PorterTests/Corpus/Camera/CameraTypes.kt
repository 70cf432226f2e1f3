package com.example.camera

sealed interface CameraState {
    data object Closed : CameraState
    data class Opening(val lens: String) : CameraState
    data class Preview(val lens: String, val zoomPercent: Int = 100, val flash: Boolean = false) : CameraState
    data class TakingPhoto(val lens: String, val zoomPercent: Int, val flash: Boolean) : CameraState
    data class Recording(val lens: String, val zoomPercent: Int, val fileName: String, val elapsedMillis: Long = 0L) : CameraState
    data class Saving(val lens: String, val fileName: String) : CameraState
    data class Failed(val code: Int, val message: String) : CameraState
}

sealed interface CameraEvent {
    data class Open(val lens: String) : CameraEvent
    data object Opened : CameraEvent
    data class Zoom(val deltaPercent: Int) : CameraEvent
    data object ToggleFlash : CameraEvent
    data object SwitchLens : CameraEvent
    data object ShutterPressed : CameraEvent
    data class PhotoCaptured(val fileName: String) : CameraEvent
    data class StartRecording(val fileName: String) : CameraEvent
    data class Tick(val elapsedMillis: Long) : CameraEvent
    data object StopRecording : CameraEvent
    data object Saved : CameraEvent
    data class CameraError(val code: Int) : CameraEvent
    data object Close : CameraEvent
}

sealed interface CameraSideEffect {
    data class OpenCamera(val lens: String) : CameraSideEffect
    data class CapturePhoto(val flash: Boolean) : CameraSideEffect
    data class StartVideo(val fileName: String) : CameraSideEffect
    data object StopVideo : CameraSideEffect
    data class SaveMedia(val fileName: String) : CameraSideEffect
    data object Vibrate : CameraSideEffect
    data object CloseCamera : CameraSideEffect
}
