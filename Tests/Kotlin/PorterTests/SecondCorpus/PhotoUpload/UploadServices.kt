package com.example.upload

import java.util.UUID

interface UploadApi {
    fun sendChunk(photoId: UUID, index: Int, chunkBytes: Int)
    fun commit(photoId: UUID)
    fun scheduleRetry(delayMillis: Long)
}

interface UploadNotifier {
    fun progress(photoId: UUID, percent: Int)
    fun failed(message: String)
    fun published(photoId: UUID, remoteUrl: String, remaining: Int)
}

interface IdSource {
    fun next(): UUID
}
