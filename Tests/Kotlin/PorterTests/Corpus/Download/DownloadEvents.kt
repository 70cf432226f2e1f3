package com.example.download

sealed class DownloadEvent {
    data class Start(val url: String, val totalBytes: Long) : DownloadEvent()
    data class BytesReceived(val count: Long) : DownloadEvent()
    data object Pause : DownloadEvent()
    data object Resume : DownloadEvent()
    data object NetworkError : DownloadEvent()
    data object Retry : DownloadEvent()
    data object Cancel : DownloadEvent()
}

sealed class DownloadSideEffect {
    data class BeginTransfer(val url: String, val offset: Long) : DownloadSideEffect()
    data class ReportProgress(val percent: Int) : DownloadSideEffect()
    data class ScheduleRetry(val delayMillis: Long) : DownloadSideEffect()
    data object StopTransfer : DownloadSideEffect()
    data object NotifyFailed : DownloadSideEffect()
    data object NotifyComplete : DownloadSideEffect()
    data object DeletePartialFile : DownloadSideEffect()
}
