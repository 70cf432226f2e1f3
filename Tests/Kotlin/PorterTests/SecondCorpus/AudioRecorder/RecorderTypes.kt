package com.example.recorder

import java.io.IOException
import java.time.Duration

sealed class RecorderState {
    object NeedsPermission : RecorderState()
    object Ready : RecorderState()
    data class Recording(val file: String, val elapsed: Duration, val headset: Boolean) : RecorderState()
    data class Paused(val file: String, val elapsed: Duration, val headset: Boolean) : RecorderState()
    data class Saved(val file: String, val length: Duration) : RecorderState()
    data class Failed(val error: IOException) : RecorderState()
}

sealed class RecorderEvent {
    object PermissionGranted : RecorderEvent()
    object PermissionDenied : RecorderEvent()
    object Record : RecorderEvent()
    data class Progress(val elapsed: Duration) : RecorderEvent()
    object Pause : RecorderEvent()
    object Resume : RecorderEvent()
    object Stop : RecorderEvent()
    data class HeadsetChanged(val `inout`: Boolean) : RecorderEvent()
    data class WriteFailed(val cause: IOException) : RecorderEvent()
}

sealed class RecorderSideEffect {
    data class StartEngine(val file: String, val useHeadsetMic: Boolean) : RecorderSideEffect()
    object PauseEngine : RecorderSideEffect()
    object ResumeEngine : RecorderSideEffect()
    data class StopEngine(val file: String, val autoStopped: Boolean) : RecorderSideEffect()
    object AskPermission : RecorderSideEffect()
    data class ShowError(val cause: IOException) : RecorderSideEffect()
}

interface AudioEngine {
    fun start(file: String, headsetMic: Boolean)
    fun pause()
    fun resume()
    fun stop()
    fun switchInput(headsetMic: Boolean)
}

interface RecorderView {
    fun toast(message: String)
    fun showElapsed(seconds: Long)
}

interface PermissionRequester {
    fun requestMicrophone()
}

fun interface FileNamer {
    fun next(): String
}

interface Logger {
    fun debug(message: String)
}
