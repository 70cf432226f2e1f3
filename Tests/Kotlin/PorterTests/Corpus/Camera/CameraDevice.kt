package com.example.camera

interface CameraDevice {
    fun open(lens: String)
    fun capture(flash: Boolean)
    fun startVideo(fileName: String)
    fun stopVideo()
    fun close()
}

interface MediaStorage {
    fun save(fileName: String)
}

interface Haptics {
    fun vibrate()
}

interface CameraLogger {
    fun d(message: String)
}
