package com.example.download

sealed class DownloadState {
    data object Idle : DownloadState()
    data class Downloading(
        val url: String,
        val bytesReceived: Long,
        val totalBytes: Long,
        val retries: Int = 0,
    ) : DownloadState()
    data class Paused(val url: String, val bytesReceived: Long, val totalBytes: Long) : DownloadState()
    data class Failed(val url: String, val bytesReceived: Long, val totalBytes: Long, val retries: Int) : DownloadState()
    data class Completed(val url: String, val totalBytes: Long) : DownloadState()
}
